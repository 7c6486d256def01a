import CTopLockGtk
import Foundation
import TopLockGObject

/// `toplock-bench bare-window`: the baseline `startup` times the demo against. The least a GTK program
/// does to show something: initialize GTK, open a GtkWindow the demo's size (440 x 800 px) with its default
/// decorations, and, once its frame clock has painted the first frame, print `{"event":"ready"}` on stdout
/// and exit.
///
/// Main actor only; needs a display.
@MainActor
enum BareWindow {
  /// The window's default size, in px: the demo's.
  static let size = (width: Int32(440), height: Int32(800))
  /// The line printed after the first frame (the first field of the demo's ready line).
  static let readyLine = "{\"event\":\"ready\"}"

  /// Runs the program; returns the exit status: 0 once ready, 1 when GTK cannot start.
  static func run() -> Int32 {
    guard gtk_init_check() != 0 else {
      FileHandle.standardError.write(Data("toplock-bench bare-window: no display\n".utf8))
      return 1
    }
    let window = gtk_window_new()!
    gtk_window_set_default_size(window.cast(to: GtkWindow.self), size.width, size.height)
    var isReady = false
    var paintConnection: SignalConnection?
    let mapConnection = SignalConnection.connect(window, .map) {
      guard paintConnection == nil, let clock = gtk_widget_get_frame_clock(window) else { return }
      paintConnection = SignalConnection.connect(UnsafeMutableRawPointer(clock), .afterPaint) {
        isReady = true
      }
    }
    gtk_window_present(window.cast(to: GtkWindow.self))
    while !isReady {
      g_main_context_iteration(nil, 1)
    }
    FileHandle.standardOutput.write(Data((readyLine + "\n").utf8))
    paintConnection?.disconnect()
    mapConnection.disconnect()
    return 0
  }
}
