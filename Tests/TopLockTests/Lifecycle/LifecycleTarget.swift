/// What a lifecycle test destroys.
enum LifecycleTarget: CaseIterable, Sendable {
  /// The scrolled window: removed from the sheet's panel, it is finalized.
  case scrolledWindow
  /// The host: the sheet's widget leaves the window and the `TopLockSheet` is released, taking the
  /// scrolled window with it.
  case host
  /// The whole window (`gtk_window_destroy`); the sheet keeps its widgets.
  case window
}
