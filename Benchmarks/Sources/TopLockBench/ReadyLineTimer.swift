import Foundation

/// Times one start of a program: from spawning it (`Foundation.Process`) to reading a line on its stdout
/// that contains `"event":"ready"`, on the monotonic clock. Then waits for the program to exit on its own,
/// and ends it (SIGTERM) if it does not.
///
/// Runs in `startup`'s own process, which starts no GTK: the pipe is read with `poll` and `read`.
struct ReadyLineTimer {
  /// The longest wait for the ready line, in ms.
  static let readyTimeoutMilliseconds: Int32 = 10_000
  /// The longest wait for the program to exit after it was ready, in ms.
  static let exitTimeoutMilliseconds = 10_000.0
  /// What marks the ready line.
  static let readyMarker = "\"event\":\"ready\""

  /// What went wrong with one start.
  enum Failure: Error, CustomStringConvertible {
    /// The program could not be spawned.
    case spawnFailed(path: String, reason: String)
    /// The program closed its stdout (exited) before a ready line.
    case noReadyLine(path: String, output: String)
    /// No ready line within `readyTimeoutMilliseconds`.
    case timedOut(path: String)

    var description: String {
      switch self {
      case .spawnFailed(let path, let reason): "could not run \(path): \(reason)"
      case .noReadyLine(let path, let output):
        "\(path) printed no ready line before closing its output; it printed: \(output.prefix(300))"
      case .timedOut(let path):
        "\(path) printed no ready line within \(ReadyLineTimer.readyTimeoutMilliseconds) ms"
      }
    }
  }

  /// The program.
  let executablePath: String
  /// Its arguments.
  let arguments: [String]

  /// Spawns the program and returns the time to its ready line, in ms.
  ///
  /// - Throws: `Failure`.
  func measure() throws(Failure) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executablePath)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let start = BenchClock.monotonicNanoseconds()
    do {
      try process.run()
    } catch {
      throw .spawnFailed(path: executablePath, reason: "\(error)")
    }
    let descriptor = output.fileHandleForReading.fileDescriptor
    defer { finish(process, draining: descriptor) }
    var received = ""
    while !received.contains(Self.readyMarker) {
      let elapsed = BenchClock.milliseconds(BenchClock.monotonicNanoseconds() - start)
      let remaining = Self.readyTimeoutMilliseconds - Int32(elapsed)
      guard remaining > 0 else { throw .timedOut(path: executablePath) }
      guard let chunk = Self.read(descriptor, timeoutMilliseconds: remaining) else {
        throw .noReadyLine(path: executablePath, output: received)
      }
      received += chunk
    }
    return BenchClock.milliseconds(BenchClock.monotonicNanoseconds() - start)
  }

  /// Waits for `process` to exit (`exitTimeoutMilliseconds` at most), reading and dropping what it prints
  /// meanwhile so that a full pipe cannot stall it; else terminates it. Then reaps it.
  private func finish(_ process: Process, draining descriptor: Int32) {
    let deadline = BenchClock.monotonicNanoseconds() + Int64(Self.exitTimeoutMilliseconds * 1e6)
    var isOutputOpen = true
    while isOutputOpen, BenchClock.monotonicNanoseconds() < deadline {
      isOutputOpen = Self.read(descriptor, timeoutMilliseconds: 10) != nil
    }
    while process.isRunning, BenchClock.monotonicNanoseconds() < deadline {
      usleep(1_000)
    }
    if process.isRunning {
      process.terminate()
    }
    process.waitUntilExit()
  }

  /// The next bytes from `descriptor` as text, waiting at most `timeoutMilliseconds` ms; "" on a timeout,
  /// `nil` at the end of the output.
  private static func read(_ descriptor: Int32, timeoutMilliseconds: Int32) -> String? {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, timeoutMilliseconds) > 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = Glibc.read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
