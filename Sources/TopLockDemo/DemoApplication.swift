import CTopLockGtk
import Foundation
import TopLockGObject

/// The GtkApplication behind `toplock-demo`: non-unique (a TopLock and a `--stock` window can run side by
/// side), started with no arguments (the demo parses its own command line), one window on `activate`.
///
/// Main actor only.
@MainActor
final class DemoApplication {
  private let options: DemoOptions
  private let application: UnsafeMutablePointer<GtkApplication>
  private var window: DemoWindow?
  private var colorScheme: ColorSchemeFollower?
  private var connections: [SignalConnection] = []
  private var exitStatus: Int32 = 0

  /// An application that will open one window as `options` ask.
  init(options: DemoOptions) {
    self.options = options
    application = gtk_application_new(AppIdentity.applicationID, toplock_application_non_unique)
    connections = [
      SignalConnection.connect(application, .plain("startup")) { [weak self] in self?.startedUp() },
      SignalConnection.connect(application, .plain("activate")) { [weak self] in self?.activated() },
    ]
  }

  /// Runs the main loop until the window closes or `--quit-after` ends it; returns the exit status
  /// (`g_application_run` with no arguments).
  func run() -> Int32 {
    let status = g_application_run(gApplication, 0, nil)
    return exitStatus != 0 ? exitStatus : status
  }

  private var gApplication: UnsafeMutablePointer<GApplication> {
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
  }

  private func startedUp() {
    DemoStyle.install()
    if let connection = g_application_get_dbus_connection(gApplication) {
      colorScheme = ColorSchemeFollower(connection: connection)
    }
  }

  private func activated() {
    if let window {
      window.present()
      return
    }
    do {
      let newWindow = try DemoWindow(application: application, options: options) { [weak self] status in
        self?.quit(status: status)
      }
      window = newWindow
      newWindow.present()
    } catch {
      FileHandle.standardError.write(Data("toplock-demo: cannot build the window: \(error)\n".utf8))
      quit(status: 1)
    }
  }

  /// Ends the main loop; `run()` then returns `status`.
  private func quit(status: Int32) {
    exitStatus = status
    g_application_quit(gApplication)
  }
}
