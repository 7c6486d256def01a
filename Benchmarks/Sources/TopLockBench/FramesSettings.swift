/// What `toplock-bench frames` runs: the list's length, the rounds, and where the per-frame samples go.
struct FramesSettings: Equatable {
  /// The rows of the list when `--rows` is not given.
  static let defaultRowCount = 1_000_000
  /// The cycles when `--cycles` is not given: two pairs of A1 B A2 B then B A2 B A1 (with one pair, the
  /// stock A/A noise of the median reached 7%, against a budget of 2%).
  static let defaultCycles = 4
  /// The timed TopLock passes when `--timed-passes` is not given.
  static let defaultTimedPasses = 1

  /// Rows in the GtkListView.
  var rowCount = defaultRowCount
  /// How many times each segment plays its four rounds (A1 B A2 B or B A2 B A1).
  var cycles = defaultCycles
  /// How many passes over the segments with TopLock's callbacks timed follow.
  var timedPasses = defaultTimedPasses
  /// Where to write every frame of every round as JSON (for the plot), or `nil` for nowhere.
  var samplesPath: String?
  /// Whether the strokes are real touch on a Broadway display of the bench's own (stock with GTK's
  /// touch-only gestures, TopLock with the default options) instead of XTest's mouse on X11 (stock's
  /// gestures not touch-only, TopLock with mouse drag on).
  var touch = false
}
