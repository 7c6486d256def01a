import Foundation
import Glibc

/// A virtual X server of the test's own (`Xvfb -displayfd`), so that the demo's window neither covers nor
/// takes the input of the GTK tests that run meanwhile on the shared server of `xvfb-run`: with no window
/// manager every window opens at (0,0), on top.
///
/// Stop it with `stop()`. Started with `-terminate`, it also ends by itself once its last client (the demo,
/// which always runs with `--quit-after`) disconnects, so a test process killed midway leaves no server behind.
final class PrivateXServer {
  /// The screen's size, in px, and depth.
  static let screen = (width: 1280, height: 1024, depth: 24)

  /// The display name to give X clients (`:N`).
  let display: String
  private let process = Process()

  /// Starts the server and waits for it to accept clients.
  ///
  /// - Throws: when `Xvfb` cannot be started or reports no display within `DemoRun.timeoutSeconds`.
  init() throws {
    let announcement = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    // -displayfd 1: Xvfb picks a free display number and writes it on its standard output once it listens.
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "\(Self.screen.width)x\(Self.screen.height)x\(Self.screen.depth)",
      "-nolisten", "tcp", "-terminate",
    ]
    process.standardOutput = announcement
    process.standardError = FileHandle.nullDevice
    try process.run()
    var number = ""
    let deadline = Date().addingTimeInterval(DemoRun.timeoutSeconds)
    while !number.hasSuffix("\n"), Date() < deadline {
      let data = announcement.fileHandleForReading.availableData
      if data.isEmpty { break }
      number += String(decoding: data, as: UTF8.self)
    }
    let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.allSatisfy(\.isNumber) else {
      kill(process.processIdentifier, SIGKILL)
      throw PrivateXServerError.noDisplay(announced: number)
    }
    display = ":" + trimmed
  }

  /// Stops the server and waits for it to go.
  ///
  /// With SIGKILL: a child started by Foundation's `Process` inherits the signal mask of the test's thread,
  /// where libdispatch blocks SIGTERM, so `terminate()` would never end it. Xvfb removes the stale lock file
  /// of a dead server by itself.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// Why a private X server did not start.
enum PrivateXServerError: Error {
  /// Xvfb ended or wrote no display number; `announced` is what it wrote.
  case noDisplay(announced: String)
}
