/// What an edge of the inner scroller of a chain does with a drag past it, named after CSS
/// `overscroll-behavior` (docs/RULES.md C1 to C3, "Mapping to CSS").
public enum OverscrollBehavior: Sendable, Equatable {
  /// The rest of the drag scrolls the outer scroller (CSS `auto`: the scroll chains to the ancestor).
  case auto
  /// Nothing chains, and the edge never overshoots: the rest of the drag moves nothing (CSS `none`, and CSS
  /// `contain` less its local bounce, which a locked edge never shows).
  case contain
}

/// How a `TopLockScrollChain` links an inner scroller to the outer one holding it.
///
/// A value type, `Sendable`. The chain checks nothing more: every value is valid.
public struct TopLockChainOptions: Sendable, Equatable {
  /// What the inner scroller's top does with a downward drag there; `.auto` by default.
  public var top: OverscrollBehavior
  /// What the inner scroller's bottom does with an upward drag there; `.auto` by default.
  public var bottom: OverscrollBehavior

  /// Options with the given behaviour at each edge of the inner scroller.
  public init(top: OverscrollBehavior = .auto, bottom: OverscrollBehavior = .auto) {
    self.top = top
    self.bottom = bottom
  }

  /// The behaviour at `edge`.
  public func behavior(at edge: ScrollEdge) -> OverscrollBehavior { edge == .top ? top : bottom }
}
