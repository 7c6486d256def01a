/// What `toplock-bench startup` runs.
struct StartupSettings: Equatable {
  /// Timed runs of each program when `--runs` is not given.
  static let defaultRuns = 15

  /// Timed runs of each program (after one warm-up run each).
  var runs = defaultRuns
  /// The demo executable (`--demo`, required: the bench times whichever build of the demo it is given,
  /// the release one under `make bench`).
  var demoPath: String
}
