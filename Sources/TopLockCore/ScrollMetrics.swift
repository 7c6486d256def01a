/// The state of a vertical `GtkAdjustment` as the core sees it, in px.
@_spi(Engine)
public struct ScrollMetrics: Sendable, Equatable {
  /// The current scroll position, in px.
  public var value: Double
  /// The smallest value, in px.
  public var lower: Double
  /// The content's end, in px: the largest value is `upper - pageSize`.
  public var upper: Double
  /// The height of the visible part, in px.
  public var pageSize: Double

  /// Creates metrics from an adjustment's four numbers, all in px.
  public init(value: Double, lower: Double, upper: Double, pageSize: Double) {
    self.value = value
    self.lower = lower
    self.upper = upper
    self.pageSize = pageSize
  }

  /// The largest value the adjustment allows, in px; `lower` when the content is shorter than the page.
  public var maxValue: Double { max(lower, upper - pageSize) }

  /// Whether the content shows its top (`value <= lower + 0.5`). Content shorter than the page is always
  /// at the top (rule R14).
  public var isAtTop: Bool { value <= lower + Tuning.topTolerance }

  /// Whether the content shows its bottom.
  public var isAtBottom: Bool { value >= maxValue - Tuning.bottomTolerance }

  /// Whether the content shows `edge`.
  public func isAt(_ edge: ScrollEdge) -> Bool { edge == .top ? isAtTop : isAtBottom }

  /// The value at `edge`, in px: `lower` or `maxValue`.
  public func value(at edge: ScrollEdge) -> Double { edge == .top ? lower : maxValue }

  /// How far the content can still scroll toward `edge`, in px (0 on it or past it).
  public func room(toward edge: ScrollEdge) -> Double { max(0, edge.outwardSign * (value - value(at: edge))) }

  /// The value moved `distance` px (at least 0) toward `edge` and not past it; a value on it or past it
  /// stays. A move of the whole room sets the edge itself: arithmetic could round to either side of it.
  public func value(movedToward edge: ScrollEdge, by distance: Double) -> Double {
    let room = room(toward: edge)
    guard room > 0 else { return value }
    return distance >= room ? value(at: edge) : value - edge.outwardSign * distance
  }

  /// `position` limited to `lower ... maxValue`.
  public func clamped(_ position: Double) -> Double {
    min(max(position, lower), maxValue)
  }
}
