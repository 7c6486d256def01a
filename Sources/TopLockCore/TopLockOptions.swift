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
  /// No overshoot; an upward drag (or two-finger touchpad push) at the bottom is handed to the scroller's
  /// bottom host as a pull, and a fling reaching the bottom gives it its momentum: the top's rules mirrored
  /// (docs/RULES.md B1).
  case lockAndHandOff
}

/// An edge of the content on the vertical axis.
public enum ScrollEdge: Sendable, Equatable, CaseIterable {
  /// The start of the content (the adjustment's `lower`).
  case top
  /// The end of the content (`upper - page-size`).
  case bottom
}

extension ScrollEdge {
  /// The other edge.
  public var opposite: ScrollEdge { self == .top ? .bottom : .top }

  /// 1 at the top, -1 at the bottom: the sign that turns a pointer movement (px, positive downward) into
  /// one away from the content at this edge, into its host: downward at the top, upward at the bottom.
  @_spi(Engine) public var outwardSign: Double { self == .top ? 1 : -1 }
}

/// The options of a TopLock scroller. Every field has a documented default, and `init()` gives them all.
public struct TopLockOptions: Sendable, Equatable {
  /// Behaviour at the top edge. Default `.lockAndHandOff`.
  public var topPolicy: TopEdgePolicy = .lockAndHandOff
  /// Behaviour at the bottom edge. Default `.stock`.
  public var bottomPolicy: BottomEdgePolicy = .stock
  /// Whether a mouse drag scrolls and pulls like a touch drag (rule R12). Default `false`.
  public var mouseDragEnabled = false
  /// Whether a two-finger touchpad pull down at the top goes to the host (rule R13), and a push up at a
  /// bottom handed off to the bottom host (B1). Default `true`.
  public var touchpadPullEnabled = true
  /// The travel, in px, after which a drag is given an owner; `nil` (the default) follows GtkSettings'
  /// `gtk-dnd-drag-threshold`.
  public var dragThreshold: Double?
  /// Whether TopLock puts its cosmetic CSS class `toplock` on the scrolled window while the top is locked,
  /// with a stylesheet that hides a top glow should GTK ever draw one. Default `false`: the mechanism never
  /// relies on it (the glow tests pass without it), and adding a class to a scrolled window already on
  /// screen makes GTK restyle its whole content (about 7 KB per scroller).
  public var cosmeticNetEnabled = false

  /// The default options.
  public init() {}

  /// Whether the top edge never overshoots (every top policy but `.stock`).
  public var locksTop: Bool { topPolicy != .stock }

  /// Whether the bottom edge never overshoots (every bottom policy but `.stock`).
  public var locksBottom: Bool { bottomPolicy != .stock }

  /// Whether `edge` never overshoots.
  public func locks(_ edge: ScrollEdge) -> Bool { edge == .top ? locksTop : locksBottom }

  /// Whether a drag into `edge` goes to that edge's host: the edge's policy is `.lockAndHandOff`.
  public func handsOff(at edge: ScrollEdge) -> Bool {
    edge == .top ? topPolicy == .lockAndHandOff : bottomPolicy == .lockAndHandOff
  }

  /// Whether `value` px lies past an edge these options lock, for content measured by `metrics`.
  @_spi(Engine) public func isPastLockedEdge(_ value: Double, of metrics: ScrollMetrics) -> Bool {
    (locksTop && value < metrics.lower) || (locksBottom && value > metrics.maxValue)
  }

  /// Whether GTK may start its own touchpad fling at scroll end with the content at `metrics`: not at a
  /// locked edge, where GTK would start it without a `value-changed` first and spring past the edge.
  @_spi(Engine) public func allowsTouchpadFling(at metrics: ScrollMetrics) -> Bool {
    !(locksTop && metrics.isAtTop) && !(locksBottom && metrics.isAtBottom)
  }

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
