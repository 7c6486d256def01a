/// Which window the demo builds (`DemoOptions.mode`); the last of `--stock` and `--no-attach` given wins.
enum DemoMode: Equatable, Sendable {
  /// The list in a `TopLockSheet` (the default).
  case topLock
  /// A plain GtkScrolledWindow in a panel that never moves, mouse drag on (`--stock`).
  case stock
  /// The TopLock window's widgets, the sheet's panel and handle included, with TopLock not attached to the
  /// list (`--no-attach`): what the demo costs without TopLock, for `toplock-bench startup`.
  case unattached
}
