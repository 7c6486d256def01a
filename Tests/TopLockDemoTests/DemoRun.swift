import Foundation
import Glibc

/// One run of `toplock-demo` as a subprocess: its standard output read line by line as it comes, its
/// standard error collected, its exit status awaited, each with a deadline so that a hung demo fails the test
/// instead of hanging it.
///
/// Not thread-safe: one test drives one run.
final class DemoRun {
  /// How long any wait lasts before the run counts as hung, in s.
  static let timeoutSeconds = 30.0

  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private var pendingOutput: [UInt8] = []
  private var outputClosed = false

  /// Starts the demo with `arguments`, on `display` (an X display name such as `:3`) when given; GTK runs
  /// with the test settings (`GDK_BACKEND=x11`, `GTK_A11Y=none`, `G_DEBUG=fatal-criticals`).
  init(_ arguments: [String], display: String? = nil) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["GDK_BACKEND"] = "x11"
    environment["GTK_A11Y"] = "none"
    environment["G_DEBUG"] = "fatal-criticals"
    environment["WAYLAND_DISPLAY"] = nil
    if let display {
      environment["DISPLAY"] = display
    }
    process.executableURL = DemoExecutable.url
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// The next line of standard output without its newline, or `nil` at its end or after `timeoutSeconds`.
  func nextLine() -> String? {
    nextLine(withinSeconds: Self.timeoutSeconds)
  }

  /// The next line of standard output without its newline, or `nil` at its end or after `seconds`.
  func nextLine(withinSeconds seconds: Double) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let newline = pendingOutput.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pendingOutput[..<newline], as: UTF8.self)
        pendingOutput.removeSubrange(...newline)
        return line
      }
      guard !outputClosed, Date() < deadline else { return nil }
      readOutput(until: deadline)
    }
  }

  /// Waits for the exit and returns the status, the rest of standard output as lines, and standard error.
  /// A run still going after `timeoutSeconds` is killed and reports status -1.
  func finish() -> (status: Int32, lines: [String], errors: String) {
    var lines: [String] = []
    while let line = nextLine() { lines.append(line) }
    let deadline = Date().addingTimeInterval(Self.timeoutSeconds)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      stop()
      return (-1, lines, "")
    }
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, lines, errorText)
  }

  /// What Mesa prints on standard error when GTK's GL renderer starts on a virtual X server without DRI3
  /// (Xvfb), with the Mesa of Debian sid: lines about the machine, not the demo. Matched whole, by their text.
  static let rendererLines: Set<Substring> = [
    "MESA-EGL: warning: DRI3 error: Could not get DRI3 device",
    "MESA-EGL: warning: Ensure your X server supports DRI3 to get accelerated rendering",
  ]

  /// What GDK 4.24 prints when a popover opens on X11 (the demo's Recent popover, stock or with TopLock:
  /// its frame clock's timings), after GLib's log prefix, which carries the process id and the time.
  static var popoverFrameClockLine: Regex<Substring> {
    #/\(toplock-demo:\d+\): Gdk-WARNING \*\*: \d\d:\d\d:\d\d\.\d{3}: gdk_frame_timings_submitted\(\) called on submitted frame\./#
  }

  /// The lines of a run's standard error that are neither one of `rendererLines` nor GDK's
  /// `popoverFrameClockLine`, each matched whole: what the demo itself said.
  static func unexplainedLines(in errors: String) -> [Substring] {
    errors.split(separator: "\n").filter {
      !rendererLines.contains($0) && (try? popoverFrameClockLine.wholeMatch(in: $0)) == nil
    }
  }

  /// Closes the read end of standard output, as a reader that goes away does: the demo's next write fails.
  func closeOutput() {
    try? output.fileHandleForReading.close()
    outputClosed = true
  }

  /// How the demo ended, waiting at most `seconds` s for it: `nil` while it still runs.
  func exit(withinSeconds seconds: Double) -> (reason: Process.TerminationReason, status: Int32)? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(1000) }
    return process.isRunning ? nil : (process.terminationReason, process.terminationStatus)
  }

  /// Whether the demo is still running.
  var isRunning: Bool { process.isRunning }

  /// Kills the demo and waits for it to go. With SIGKILL: SIGTERM is blocked in the child (see
  /// `PrivateXServer.stop()`).
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Reads what standard output has, waiting for it at most until `deadline` (`poll`).
  private func readOutput(until deadline: Date) {
    let descriptor = output.fileHandleForReading.fileDescriptor
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
    guard poll(&request, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(descriptor, &buffer, buffer.count)
    if count <= 0 {
      outputClosed = true
    } else {
      pendingOutput += buffer[..<count]
    }
  }
}
