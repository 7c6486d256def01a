/// What `toplock-bench memory` runs.
struct MemorySettings: Equatable {
  /// The attach/detach cycles when `--cycles` is not given.
  static let defaultCycles = 10_000
  /// The scroller counts measured attached against unattached.
  static let scrollerCounts = [1, 10, 100]
  /// The scrolled windows of each window built attached, and of its unattached twin.
  static let builtAttachedScrollers = 100
  /// Rounds of each kind, built attached and unattached, after one warm-up round of each.
  static let builtAttachedRounds = 4
  /// Windows shown, then attached, of each scroller count, each in a process of its own: the figures are
  /// their medians.
  static let shownRounds = 5
  /// The option that makes `memory` measure one such window in this process (`ShownWindowProcess`).
  static let shownWindowOption = "--shown-window"

  /// How many times one scroller is attached and detached.
  var cycles = defaultCycles
  /// The scrolled windows of the one window to measure and print as a round, when this process is one of
  /// `memory`'s own children; `nil` for a whole run.
  var shownWindowScrollers: Int?
}
