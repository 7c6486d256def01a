import Foundation

/// A measurement made in a process of its own: this executable, run with `arguments`, which prints its
/// figures as its last line, a JSON object. `memory` measures each of its windows so
/// (`MemorySettings.ChildWindow`): a fresh process lets GLib's global tables of signal handlers grow for that
/// window's scrollers alone, as they would in an application, where rounds in one process would find them
/// grown by the rounds before.
///
/// Runs in the parent's process: the child's output is read to its end, then the child is reaped.
struct ChildMeasurementProcess {
  /// What went wrong with one child.
  enum Failure: Error, CustomStringConvertible {
    /// The child could not be spawned.
    case spawnFailed(reason: String)
    /// The child exited with a status other than 0.
    case failed(arguments: [String], status: Int32, output: String)
    /// The child's last line is not the figures expected.
    case unreadable(arguments: [String], output: String)

    var description: String {
      switch self {
      case .spawnFailed(let reason): "could not run the measuring process: \(reason)"
      case .failed(let arguments, let status, let output):
        "\(Self.name(arguments)) exited with status \(status); it printed: \(output.suffix(300))"
      case .unreadable(let arguments, let output):
        "\(Self.name(arguments)) printed no figures: \(output.suffix(300))"
      }
    }

    private static func name(_ arguments: [String]) -> String {
      "toplock-bench \(arguments.joined(separator: " "))"
    }
  }

  /// This executable.
  static let executablePath = "/proc/self/exe"

  /// The child's arguments, after the program name: a mode and its options (or, for another program, what
  /// it runs this executable with).
  let arguments: [String]
  /// The program the child runs: this executable, or one that runs it (valgrind).
  var program = ChildMeasurementProcess.executablePath
  /// Variables set in the child's environment beside the parent's.
  var extraEnvironment: [String: String] = [:]

  /// Runs the child and decodes its last line as `Figures`.
  ///
  /// - Throws: `Failure`.
  func measure<Figures: Decodable>(_: Figures.Type) throws(Failure) -> Figures {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    if !extraEnvironment.isEmpty {
      let inherited = ProcessInfo.processInfo.environment
      process.environment = inherited.merging(extraEnvironment) { _, extra in extra }
    }
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
      throw .failed(arguments: arguments, status: process.terminationStatus, output: text)
    }
    let lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
    guard let figures = try? JSONDecoder().decode(Figures.self, from: Data(lastLine.utf8)) else {
      throw .unreadable(arguments: arguments, output: text)
    }
    return figures
  }
}
