import Foundation

/// One window of `memory`'s "attached to a window already shown" table, measured in a process of its own:
/// this executable, run as `toplock-bench memory --shown-window N`, which prints the window's
/// `ScrollerCountMeasurement.Round` as its last line. A fresh process lets GLib's global tables of signal
/// handlers grow for that window's scrollers alone, as they would in an application, where rounds in one
/// process would find them grown by the rounds before.
///
/// Runs in `memory`'s own process: the child's output is read to its end, then the child is reaped.
struct ShownWindowProcess {
  /// What went wrong with one child.
  enum Failure: Error, CustomStringConvertible {
    /// The child could not be spawned.
    case spawnFailed(reason: String)
    /// The child exited with a status other than 0.
    case failed(status: Int32, output: String)
    /// The child's last line is not a round.
    case unreadable(output: String)

    var description: String {
      switch self {
      case .spawnFailed(let reason): "could not run \(ShownWindowProcess.executablePath): \(reason)"
      case .failed(let status, let output):
        "the window measured on its own exited with status \(status); it printed: \(output.suffix(300))"
      case .unreadable(let output): "the window measured on its own printed no round: \(output.suffix(300))"
      }
    }
  }

  /// This executable.
  static let executablePath = "/proc/self/exe"

  /// Scrolled windows in the window.
  let scrollers: Int

  /// Runs the child and returns its round.
  ///
  /// - Throws: `Failure`.
  func measure() throws(Failure) -> ScrollerCountMeasurement.Round {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.executablePath)
    process.arguments = [BenchMode.memory.rawValue, MemorySettings.shownWindowOption, "\(scrollers)"]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .spawnFailed(reason: "\(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw .failed(status: process.terminationStatus, output: text)
    }
    let lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
    guard
      let round = try? JSONDecoder().decode(ScrollerCountMeasurement.Round.self, from: Data(lastLine.utf8))
    else { throw .unreadable(output: text) }
    return round
  }
}
