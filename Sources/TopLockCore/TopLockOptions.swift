/// What TopLock does at the top edge of the content.
public enum TopEdgePolicy: Sendable, Equatable {
  /// No overshoot; a downward drag at the top is handed to the host as a pull (the default).
  case lockAndHandOff
  /// No overshoot and no hand-off: a downward drag at the top does nothing.
  case clamp
  /// GTK's own behaviour: glow, spring and `edge-overshot`.
  case stock
}

/// What TopLock does at the bottom edge of the content.
public enum BottomEdgePolicy: Sendable, Equatable {
  /// GTK's own glow and spring (the default).
  case stock
  /// No overshoot at the bottom either.
  case clamp
}

/// The options of a TopLock scroller. Every field has a documented default, and `init()` gives them all.
public struct TopLockOptions: Sendable, Equatable {
  /// Behaviour at the top edge. Default `.lockAndHandOff`.
  public var topPolicy: TopEdgePolicy = .lockAndHandOff
  /// Behaviour at the bottom edge. Default `.stock`.
  public var bottomPolicy: BottomEdgePolicy = .stock
  /// Whether a mouse drag scrolls and pulls like a touch drag (rule R12). Default `false`.
  public var mouseDragEnabled = false
  /// Whether a two-finger touchpad pull down at the top goes to the host (rule R13). Default `true`.
  public var touchpadPullEnabled = true
  /// The travel, in px, after which a drag is given an owner; `nil` (the default) follows GtkSettings'
  /// `gtk-dnd-drag-threshold`.
  public var dragThreshold: Double?

  /// The default options.
  public init() {}

  /// Checks that every field is in range.
  ///
  /// - Throws: `TopLockError.invalidOption` when `dragThreshold` is NaN, infinite or negative.
  public func validate() throws(TopLockError) {
    if let dragThreshold, !(dragThreshold.isFinite && dragThreshold >= 0) {
      throw .invalidOption(
        name: "dragThreshold", reason: "must be a finite number of px >= 0, got \(dragThreshold)")
    }
  }
}
