import Foundation
import Glibc

/// A Wayland compositor of the test's own: headless sway (wlroots' headless backend, pixman renderer, no input
/// devices) with one output, in a private folder under `/tmp`. Apps shown on it and a `WaylandVirtualPointer`
/// connect to `socketPath`.
///
/// sway refuses to run as root, so a root test process (CI) runs it as `swayUserID` through
/// `setpriv`; otherwise it runs as the current user. Its folder, `/tmp/toplock-sway-N` for a free N, is made
/// reachable by that user: the config and a home folder, its runtime folder (mode 0700, its own) and a runtime
/// folder for the app (mode 0700, the test's). sway tiles every window over the whole output, without border.
///
/// `stop()` (or `deinit`, so a failing test stops it too) ends sway's process group and removes the folder.
/// Not thread-safe: one test thread starts and stops it.
public final class HeadlessSway {
  /// The user and group sway runs as when the test runs as root (`nobody`).
  public static let swayUserID: uid_t = 65534
  /// The folder numbers tried.
  public static let folderNumbers = 1...99_999
  /// How long sway may take to open its socket, ms.
  public static let startTimeoutMilliseconds = 10_000.0

  /// The output's size, px; the output layout spans exactly this output, from (0, 0).
  public let outputWidth: Int
  public let outputHeight: Int
  /// The absolute path of sway's Wayland socket (for `WAYLAND_DISPLAY`).
  public let socketPath: String
  private let server: PrivateServer

  /// The environment an app needs to show on this compositor: `GDK_BACKEND=wayland`, `WAYLAND_DISPLAY` (the
  /// socket's absolute path), an `XDG_RUNTIME_DIR` of its own, and `GSK_RENDERER=cairo` (the pixman
  /// compositor shares no GPU buffers, so GTK's GL renderer has nothing to draw into).
  public var applicationEnvironment: [String: String] {
    [
      "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socketPath,
      "XDG_RUNTIME_DIR": Self.folder(server.number) + "/app-runtime", "GSK_RENDERER": "cairo",
    ]
  }

  /// Starts sway with one `outputWidth` x `outputHeight` px output (the touch fixture's window size by
  /// default, so that the tiled window keeps its size).
  ///
  /// - Throws: `ProcessError.notFound` when sway (or setpriv, for root) is not installed
  ///   (`scripts/install-deps test`); `TestSupportError.timedOut` when sway opens no socket in time; a
  ///   `CocoaError` when its folder cannot be made.
  public init(
    outputWidth: Int = ScrolledListFixture.Defaults.windowWidth,
    outputHeight: Int = ScrolledListFixture.Defaults.windowHeight
  ) throws {
    self.outputWidth = outputWidth
    self.outputHeight = outputHeight
    for tool in ["sway"] + (Self.runsAsRoot ? ["setpriv"] : []) where !ManagedProcess.isInstalled(tool) {
      throw ProcessError.notFound(tool)
    }
    let config = """
      output HEADLESS-1 resolution \(outputWidth)x\(outputHeight) position 0 0
      default_border none
      xwayland disable
      focus_follows_mouse yes

      """
    server = try PrivateServer(
      numbers: Self.folderNumbers, timeoutMilliseconds: Self.startTimeoutMilliseconds,
      isFree: { access(Self.folder($0), F_OK) != 0 },
      launch: { number in try Self.launch(in: Self.folder(number), config: config) },
      isListening: { Self.socket(in: Self.folder($0)) != nil },
      release: { try? FileManager.default.removeItem(atPath: Self.folder($0)) })
    guard let socket = Self.socket(in: Self.folder(server.number)) else {
      preconditionFailure("PrivateServer returns only once sway listens")
    }
    socketPath = socket
  }

  deinit {
    stop()
  }

  /// Stops sway (its process group) and removes its folder. Safe to call twice.
  public func stop() {
    server.stop()
  }

  /// Waits until sway shows an app's window tiled over the whole output, as sway's IPC tree says (`swaymsg -t
  /// get_tree`): from then on a pointer placed over it enters it at once. An app's first frame comes before
  /// sway maps its window and tiles it; pointer input sent in between goes to no window and is lost.
  ///
  /// - Throws: `ProcessError.notFound` without swaymsg (it comes with sway); `TestSupportError.timedOut` when
  ///   no window shows within `timeoutMilliseconds` ms.
  public func waitForATiledWindow(timeoutMilliseconds: Double = startTimeoutMilliseconds) throws {
    guard ManagedProcess.isInstalled("swaymsg") else { throw ProcessError.notFound("swaymsg") }
    let deadline = ManagedProcess.nowMilliseconds + timeoutMilliseconds
    while ManagedProcess.nowMilliseconds < deadline {
      if let tree = ipcTree(), Self.hasWindow(in: tree, width: outputWidth, height: outputHeight) { return }
      usleep(20_000)
    }
    throw TestSupportError.timedOut(waitingFor: "sway to tile a window over its output")
  }

  /// sway's layout tree as JSON, or `nil` while its IPC socket does not answer.
  private func ipcTree() -> Any? {
    let runtime = Self.folder(server.number) + "/runtime"
    guard
      let socket = try? FileManager.default.contentsOfDirectory(atPath: runtime)
        .first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") })
    else { return nil }
    let swaymsg = Process()
    swaymsg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    swaymsg.arguments = ["swaymsg", "-s", "\(runtime)/\(socket)", "-t", "get_tree", "-r"]
    let output = Pipe()
    swaymsg.standardOutput = output
    swaymsg.standardError = FileHandle.nullDevice
    guard (try? swaymsg.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    swaymsg.waitUntilExit()
    guard swaymsg.terminationStatus == 0 else { return nil }
    return try? JSONSerialization.jsonObject(with: data)
  }

  /// Whether `node` or a node under it is an app's window (it has a `pid`), visible, `width` x `height` px.
  private static func hasWindow(in node: Any, width: Int, height: Int) -> Bool {
    guard let node = node as? [String: Any] else { return false }
    if node["pid"] != nil, node["visible"] as? Bool == true,
      let rect = node["rect"] as? [String: Any], rect["width"] as? Int == width,
      rect["height"] as? Int == height
    {
      return true
    }
    let children = (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
    return children.contains { hasWindow(in: $0, width: width, height: height) }
  }

  private static var runsAsRoot: Bool { geteuid() == 0 }

  private static func folder(_ number: Int) -> String {
    "/tmp/toplock-sway-\(number)"
  }

  /// Makes `folder` and its contents, and starts sway on them.
  private static func launch(in folder: String, config: String) throws -> ManagedProcess {
    let files = FileManager.default
    let swayUser = runsAsRoot ? swayUserID : getuid()
    let swayGroup = runsAsRoot ? swayUserID : getgid()
    try files.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try config.write(toFile: folder + "/config", atomically: false, encoding: .utf8)
    for (name, mode, owner) in [
      ("home", 0o755, swayUser), ("runtime", 0o700, swayUser), ("app-runtime", 0o700, getuid()),
    ] {
      let path = "\(folder)/\(name)"
      try files.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: nil)
      guard chmod(path, mode_t(mode)) == 0, chown(path, owner, owner == swayUser ? swayGroup : getgid()) == 0
      else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    }
    // `env -i`: sway sees only what it needs, none of the test's display variables.
    let swayCommand = [
      "env", "-i", "HOME=\(folder)/home", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(folder)/runtime",
      "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
      "sway", "-c", "\(folder)/config",
    ]
    let asSwayUser =
      runsAsRoot
      ? ["setpriv", "--reuid=\(swayUserID)", "--regid=\(swayUserID)", "--clear-groups"] + swayCommand
      : swayCommand
    return try ManagedProcess(executable: asSwayUser[0], arguments: Array(asSwayUser.dropFirst()))
  }

  /// The absolute path of the Wayland socket sway opened in `folder`'s runtime folder, if any.
  private static func socket(in folder: String) -> String? {
    let runtime = folder + "/runtime"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: runtime) else { return nil }
    return names.sorted().lazy.filter { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
      .map { "\(runtime)/\($0)" }
      .first { path in
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
      }
  }
}
