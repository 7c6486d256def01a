/// Which scene the window shows (`--scene`, docs/RULES.md "Command line").
enum DemoSceneKind: String, CaseIterable, Equatable, Sendable {
  /// A bottom sheet over a background, holding the list (the default).
  case sheet
  /// The list alone in the window, with pull to refresh (`TopLockRefresh`): a refresh takes
  /// `DemoRefresh.duration` and puts `DemoRefresh.rowCount` new rows at the top.
  case refresh
  /// The list alone in the window, with load more at its bottom (`TopLockRefresh` at the bottom edge): a
  /// load takes `DemoRefresh.duration` and puts `DemoRefresh.rowCount` new rows at the bottom.
  case more
  /// A long page that scrolls, holding a 300 px tall list of 50 rows chained to it (`TopLockScrollChain`).
  case nested
}
