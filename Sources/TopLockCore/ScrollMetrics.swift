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

  /// `position` limited to `lower ... maxValue`.
  public func clamped(_ position: Double) -> Double {
    min(max(position, lower), maxValue)
  }
}
