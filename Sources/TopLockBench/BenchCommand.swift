/// What a `toplock-bench` command line asks for: a mode with its options, or the help.
enum BenchCommand: Equatable {
  /// Print the usage.
  case help
  /// Time `eventCount` inputs through the core.
  case core(eventCount: Int)

  /// The number of inputs `core` times when `--events` is not given.
  static let defaultEventCount = 10_000_000

  /// Parses the arguments that follow the program name.
  ///
  /// - Throws: `UsageError` naming a missing or unknown mode, an unknown option or a bad value.
  init(arguments: [String]) throws(UsageError) {
    guard let first = arguments.first else {
      throw UsageError("no mode given")
    }
    if Self.isHelp(first) {
      self = .help
      return
    }
    guard let mode = BenchMode(rawValue: first) else {
      throw UsageError("unknown mode '\(first)'")
    }
    let options = arguments.dropFirst()
    if options.contains(where: Self.isHelp) {
      self = .help
      return
    }
    switch mode {
    case .core:
      self = try Self.parseCore(options)
    }
  }

  /// The text `--help` prints.
  static var usage: String {
    var lines = [
      "usage: toplock-bench <mode> [options]",
      "",
      "Measures TopLock against the budgets in DESIGN.md. Modes:",
    ]
    for mode in BenchMode.allCases {
      lines.append("  \(mode.rawValue)  \(mode.summary)")
      lines += mode.optionLines.map { "      \($0)" }
    }
    lines += [
      "",
      "Each mode prints a report, then one JSON line. Exit status: 0 measured (the report gives the",
      "verdict), 1 the measurement could not be trusted, 2 bad command line.",
    ]
    return lines.joined(separator: "\n")
  }

  private static func isHelp(_ argument: String) -> Bool {
    argument == "--help" || argument == "-h"
  }

  private static func parseCore(_ options: ArraySlice<String>) throws(UsageError) -> BenchCommand {
    var remaining = options
    var eventCount = defaultEventCount
    while let option = remaining.popFirst() {
      switch option {
      case "--events":
        guard let text = remaining.popFirst() else {
          throw UsageError("--events needs a number of inputs")
        }
        guard let count = Int(text), count > 0 else {
          throw UsageError("--events needs a whole number above 0, got '\(text)'")
        }
        eventCount = count
      default:
        throw UsageError("unknown option '\(option)' for mode core")
      }
    }
    return .core(eventCount: eventCount)
  }
}
