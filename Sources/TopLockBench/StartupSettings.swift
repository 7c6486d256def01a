/// What `toplock-bench startup` runs.
struct StartupSettings: Equatable {
  /// Timed runs of each program when `--runs` is not given.
  static let defaultRuns = 7

  /// Timed runs of each program (after one warm-up run each).
  var runs = defaultRuns
  /// The demo executable, or `nil` for `toplock-demo` in this executable's directory.
  var demoPath: String?
}
