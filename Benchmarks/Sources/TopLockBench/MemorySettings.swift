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

  /// How many times one scroller is attached and detached.
  var cycles = defaultCycles
}
