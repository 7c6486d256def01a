/// What a caller of TopLock can get wrong. Each case is thrown by exactly the calls its documentation names.
public enum TopLockError: Error, Equatable, Sendable {
  /// The widget pointer was null.
  case nullWidget
  /// The widget is not a `GtkScrolledWindow`; `typeName` is its GType name.
  case notAScrolledWindow(typeName: String)
  /// The scrolled window already has a TopLock scroller attached.
  case alreadyAttached
  /// An option is out of its range; `name` is the option, `reason` says what range it needs.
  case invalidOption(name: String, reason: String)
}
