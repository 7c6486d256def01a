import Foundation

/// What a `toplock-bench` command line asks for: a mode with its options, or the help.
enum BenchCommand: Equatable {
  /// Print the usage.
  case help
  /// Time `eventCount` inputs through the core.
  case core(eventCount: Int)
  /// Scroll a long list, stock against TopLock.
  case frames(FramesSettings)
  /// Count the frames' instructions, stock against TopLock, the list alone or in `scene`; with `childPass`,
  /// play that measured pass in this process (which callgrind runs).
  case framesInstructions(rowCount: Int, scene: HostedScene?, childPass: RoundKind?)
  /// Measure memory per scroller and after attach/detach cycles.
  case memory(MemorySettings)
  /// Time input events in windows of many scrolled windows.
  case scale(ScaleSettings)
  /// Measure the scale budget in instructions; with a window, measure that window in this process (which
  /// callgrind runs).
  case scaleInstructions(window: ScaleInstructionWindow?)
  /// Count frames of lag, TopLock's pull against stock's drag.
  case lag
  /// Time the demo's start against a bare window's.
  case startup(StartupSettings)
  /// Be the bare window program.
  case bareWindow

  /// The number of inputs `core` times when `--events` is not given.
  static let defaultEventCount = 10_000_000

  /// Parses the arguments that follow the program name.
  ///
  /// - Throws: `BenchUsageError` naming a missing or unknown mode, an unknown option or a bad value.
  init(arguments: [String]) throws(BenchUsageError) {
    guard let first = arguments.first else {
      throw BenchUsageError("no mode given")
    }
    if Self.isHelp(first) {
      self = .help
      return
    }
    guard let mode = BenchMode(rawValue: first) else {
      throw BenchUsageError("unknown mode '\(first)'")
    }
    var options = arguments.dropFirst()
    if options.contains(where: Self.isHelp) {
      self = .help
      return
    }
    switch mode {
    case .core: self = try Self.parseCore(&options)
    case .frames: self = try Self.parseFrames(&options)
    case .framesInstructions: self = try Self.parseFramesInstructions(&options)
    case .memory: self = try Self.parseMemory(&options)
    case .scale: self = try Self.parseScale(&options)
    case .scaleInstructions: self = try Self.parseScaleInstructions(&options)
    case .startup: self = try Self.parseStartup(&options)
    case .lag, .bareWindow:
      if let option = options.first {
        throw Self.unknownOption(option, for: mode)
      }
      self = mode == .lag ? .lag : .bareWindow
    }
  }

  /// Runs the command on the main thread: prints the usage, or measures the mode and prints its report and
  /// JSON line (`bare-window` prints its ready line). Returns the exit status: 0 measured (the report gives
  /// the verdict), 1 the measurement failed or cannot be trusted.
  @MainActor
  func run() -> Int32 {
    switch self {
    case .help:
      print(Self.usage)
      return 0
    case .core(let eventCount):
      return Self.report(.core) { CoreBenchmark(eventCount: eventCount).measure() }
    case .frames(let settings):
      let benchmark = FramesBenchmark(settings: settings)
      return Self.report(.frames, measure: benchmark.measure, afterPrinting: benchmark.writeSamples)
    case .framesInstructions(let rowCount, let scene, let childPass):
      if let childPass {
        return FramesInstructionBenchmark.printChild(measuring: childPass, rowCount: rowCount, scene: scene)
      }
      return Self.report(.framesInstructions) {
        try FramesInstructionBenchmark(rowCount: rowCount, scene: scene).measure()
      }
    case .memory(let settings):
      if let window = settings.childWindow {
        return MemoryBenchmark.printChildWindow(window)
      }
      return Self.report(.memory) { try MemoryBenchmark(settings: settings).measure() }
    case .scale(let settings):
      return Self.report(.scale) { try ScaleBenchmark(settings: settings).measure() }
    case .scaleInstructions(let window):
      if let window { return ScaleInstructionBenchmark.printChildWindow(window) }
      return Self.report(.scaleInstructions) { try ScaleInstructionBenchmark().measure() }
    case .lag:
      return Self.report(.lag) { try LagBenchmark().measure() }
    case .startup(let settings):
      return Self.report(.startup) { StartupBenchmark(settings: settings).measure() }
    case .bareWindow:
      return BareWindow.run()
    }
  }

  /// Measures with `measure`, prints the report's text, then its JSON line, then runs `afterPrinting` on it.
  /// Returns the exit status: 0 when the report is trustworthy, else 1; 1 as well when `measure` or
  /// `afterPrinting` throws, the error then printed on standard error as one line, `toplock-bench MODE: error`.
  @MainActor
  private static func report<Report: BenchReport>(
    _ mode: BenchMode, measure: () throws -> Report, afterPrinting: (Report) throws -> Void = { _ in }
  ) -> Int32 {
    do {
      let report = try measure()
      print(report.text)
      print(report.json)
      try afterPrinting(report)
      return report.isTrustworthy ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("toplock-bench \(mode.rawValue): \(error)\n".utf8))
      return 1
    }
  }

  /// The text `--help` prints.
  static var usage: String {
    var lines = [
      "usage: toplock-bench <mode> [options]",
      "",
      "Measures TopLock against the budgets of docs/RULES.md, section Budgets. Modes:",
    ]
    for mode in BenchMode.allCases {
      lines.append("  \(mode.rawValue)  \(mode.summary)")
      lines += mode.optionLines.map { "      \($0)" }
    }
    lines += [
      "",
      "The GTK modes need an X display: run them under `xvfb-run -a env GDK_BACKEND=x11 GTK_A11Y=none`.",
      "Each mode but bare-window prints a report, then one JSON line. Exit status: 0 measured (the report",
      "gives the verdict), 1 the measurement failed or could not be trusted, 2 bad command line.",
    ]
    return lines.joined(separator: "\n")
  }

  private static func isHelp(_ argument: String) -> Bool {
    argument == "--help" || argument == "-h"
  }

  private static func parseCore(_ options: inout ArraySlice<String>) throws(BenchUsageError) -> BenchCommand {
    var eventCount = defaultEventCount
    while let option = options.popFirst() {
      switch option {
      case "--events": eventCount = try positiveCount(after: option, in: &options, naming: "inputs")
      default: throw unknownOption(option, for: .core)
      }
    }
    return .core(eventCount: eventCount)
  }

  private static func parseFrames(_ options: inout ArraySlice<String>) throws(BenchUsageError) -> BenchCommand
  {
    var settings = FramesSettings()
    while let option = options.popFirst() {
      switch option {
      case "--rows": settings.rowCount = try positiveCount(after: option, in: &options, naming: "rows")
      case "--cycles": settings.cycles = try positiveCount(after: option, in: &options, naming: "cycles")
      case "--timed-passes":
        settings.timedPasses = try positiveCount(after: option, in: &options, naming: "passes")
      case "--samples": settings.samplesPath = try value(after: option, in: &options, naming: "a file path")
      case "--touch": settings.touch = true
      default: throw unknownOption(option, for: .frames)
      }
    }
    return .frames(settings)
  }

  private static func parseFramesInstructions(_ options: inout ArraySlice<String>) throws(BenchUsageError)
    -> BenchCommand
  {
    var rowCount = FramesSettings.defaultRowCount
    var scene: HostedScene?
    var childPass: RoundKind?
    while let option = options.popFirst() {
      switch option {
      case "--rows": rowCount = try positiveCount(after: option, in: &options, naming: "rows")
      case FramesInstructionBenchmark.sceneOption: scene = try hostedScene(after: option, in: &options)
      case FramesInstructionBenchmark.childOption: childPass = try measuredPass(after: option, in: &options)
      default: throw unknownOption(option, for: .framesInstructions)
      }
    }
    return .framesInstructions(rowCount: rowCount, scene: scene, childPass: childPass)
  }

  private static func parseMemory(_ options: inout ArraySlice<String>) throws(BenchUsageError) -> BenchCommand
  {
    var settings = MemorySettings()
    var scene: HostedScene?
    while let option = options.popFirst() {
      switch option {
      case "--cycles": settings.cycles = try positiveCount(after: option, in: &options, naming: "cycles")
      case MemorySettings.shownWindowOption:
        settings.childWindow = .shown(
          scrollers: try positiveCount(after: option, in: &options, naming: "scrollers"))
      case MemorySettings.builtWindowOption, MemorySettings.builtAttachedWindowOption:
        settings.childWindow = .built(
          scene: nil, cells: try positiveCount(after: option, in: &options, naming: "cells"),
          attached: option == MemorySettings.builtAttachedWindowOption)
      case MemorySettings.sceneOption: scene = try hostedScene(after: option, in: &options)
      default: throw unknownOption(option, for: .memory)
      }
    }
    guard let scene else { return .memory(settings) }
    guard case .built(_, let cells, let attached) = settings.childWindow else {
      throw BenchUsageError(
        "\(MemorySettings.sceneOption) goes with \(MemorySettings.builtWindowOption) or "
          + MemorySettings.builtAttachedWindowOption)
    }
    settings.childWindow = .built(scene: scene, cells: cells, attached: attached)
    return .memory(settings)
  }

  private static func parseScale(_ options: inout ArraySlice<String>) throws(BenchUsageError) -> BenchCommand
  {
    var settings = ScaleSettings()
    while let option = options.popFirst() {
      switch option {
      case "--rounds": settings.rounds = try positiveCount(after: option, in: &options, naming: "rounds")
      default: throw unknownOption(option, for: .scale)
      }
    }
    return .scale(settings)
  }

  private static func parseScaleInstructions(_ options: inout ArraySlice<String>) throws(BenchUsageError)
    -> BenchCommand
  {
    var window: ScaleInstructionWindow?
    while let option = options.popFirst() {
      switch option {
      case ScaleInstructionBenchmark.windowOption:
        let text = try value(after: option, in: &options, naming: "SCROLLERS:POPOVERS")
        guard let parsed = ScaleInstructionWindow(argument: text) else {
          throw BenchUsageError(
            "\(option) needs SCROLLERS:POPOVERS, popovers fewer than scrollers, got '\(text)'")
        }
        window = parsed
      default: throw unknownOption(option, for: .scaleInstructions)
      }
    }
    return .scaleInstructions(window: window)
  }

  private static func parseStartup(_ options: inout ArraySlice<String>) throws(BenchUsageError)
    -> BenchCommand
  {
    var runs = StartupSettings.defaultRuns
    var demoPath: String?
    while let option = options.popFirst() {
      switch option {
      case "--runs": runs = try positiveCount(after: option, in: &options, naming: "runs")
      case "--demo": demoPath = try value(after: option, in: &options, naming: "an executable path")
      default: throw unknownOption(option, for: .startup)
      }
    }
    guard let demoPath else {
      throw BenchUsageError("mode startup needs --demo PATH, the toplock-demo executable")
    }
    return .startup(StartupSettings(runs: runs, demoPath: demoPath))
  }

  /// The error for an option `mode` does not take.
  private static func unknownOption(_ option: String, for mode: BenchMode) -> BenchUsageError {
    BenchUsageError("unknown option '\(option)' for mode \(mode.rawValue)")
  }

  /// The value that follows `option`, taken from `options`.
  private static func value(
    after option: String, in options: inout ArraySlice<String>, naming what: String
  ) throws(BenchUsageError) -> String {
    guard let text = options.popFirst(), !text.isEmpty else {
      throw BenchUsageError("\(option) needs \(what)")
    }
    return text
  }

  /// The `HostedScene` named by the value that follows `option`, taken from `options`.
  private static func hostedScene(
    after option: String, in options: inout ArraySlice<String>
  ) throws(BenchUsageError) -> HostedScene {
    let names = HostedScene.allCases.map(\.rawValue).joined(separator: " or ")
    let text = try value(after: option, in: &options, naming: names)
    guard let scene = HostedScene(rawValue: text) else {
      throw BenchUsageError("\(option) needs \(names), got '\(text)'")
    }
    return scene
  }

  /// The measured pass of `frames-instructions` that follows `option`, taken from `options`.
  private static func measuredPass(
    after option: String, in options: inout ArraySlice<String>
  ) throws(BenchUsageError) -> RoundKind {
    let names = FramesInstructionBenchmark.measuredPasses.map(\.rawValue).joined(separator: " or ")
    let text = try value(after: option, in: &options, naming: names)
    guard let pass = RoundKind(rawValue: text), FramesInstructionBenchmark.measuredPasses.contains(pass)
    else {
      throw BenchUsageError("\(option) needs \(names), got '\(text)'")
    }
    return pass
  }

  /// The whole number above 0 that follows `option`, taken from `options`.
  private static func positiveCount(
    after option: String, in options: inout ArraySlice<String>, naming what: String
  ) throws(BenchUsageError) -> Int {
    let text = try value(after: option, in: &options, naming: "a number of \(what)")
    guard let count = Int(text), count > 0 else {
      throw BenchUsageError("\(option) needs a whole number above 0, got '\(text)'")
    }
    return count
  }
}
