/// What `toplock-bench scale` runs.
struct ScaleSettings: Equatable {
  /// The rounds when `--rounds` is not given: a pass's dispatch cost per event moves by about 6% from pass
  /// to pass, and the budget's ratio divides two differences of such medians.
  static let defaultRounds = 6
  /// The numbers of scrolled windows in the window, the budget's two ends first and last.
  static let scrollerCounts = [1, 10, 100]
  /// The window whose scrolled windows are spread over several natives: the largest count, shared out
  /// between the window and four popovers.
  static let acrossNatives = (scrollers: 100, popovers: 4)

  /// Rounds of four passes (unattached, attached, attached, unattached; the next round the other way
  /// round) per window, after one warm-up pass of each.
  var rounds = defaultRounds
}
