/// What a caller of TopLock can get wrong. Each case is thrown by exactly the calls its documentation names.
public enum TopLockError: Error, Equatable, Sendable {
  /// The widget pointer was null.
  case nullWidget
  /// The widget is not a `GtkScrolledWindow`; `typeName` is its GType name.
  case notAScrolledWindow(typeName: String)
  /// The scrolled window already has a TopLock scroller attached.
  case alreadyAttached
  /// A widget that must be free already has a parent (the scrolled window or the background given to a
  /// `TopLockSheet`); `parentTypeName` is the parent's GType name.
  case alreadyHasParent(parentTypeName: String)
  /// The scrolled window lacks a controller that GTK 4.8 to 4.24 (the versions `make test` proves: 4.8,
  /// 4.18 and 4.24) install on every scrolled window and TopLock works with: its drag, pan, swipe and
  /// long-press gestures (one gesture group), or its capture-phase scroll controller. `typeName` names the
  /// missing one (a GTK version that lacks them would half work).
  case missingGTKController(typeName: String)
  /// An option is out of its range; `name` is the option, `reason` says what range it needs.
  case invalidOption(name: String, reason: String)
}
