/// What `toplock-bench startup` runs.
struct StartupSettings: Equatable {
  /// Timed runs of each program when `--runs` is not given.
  static let defaultRuns = 15

  /// Timed runs of each program (after one warm-up run each).
  var runs = defaultRuns
  /// The demo executable (`--demo`, required: the demo is built by the root package, the bench by
  /// Benchmarks/, so neither knows where the other is).
  var demoPath: String
}
