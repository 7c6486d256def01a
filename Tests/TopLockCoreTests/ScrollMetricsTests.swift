import Testing
@_spi(Engine) import TopLockCore

/// `ScrollMetrics`: the edges and their half-pixel tolerance, in px.
struct ScrollMetricsTests {
  @Test(arguments: [(100.0, true), (100.5, true), (100.5001, false), (400, false)])
  func isAtTop_withinHalfAPixelOfLower(value: Double, isAtTop: Bool) {
    #expect(ScrollMetrics(value: value, lower: 100, upper: 2_000, pageSize: 500).isAtTop == isAtTop)
  }

  @Test(arguments: [(1_500.0, true), (1_499.5, true), (1_499.4, false)])
  func isAtBottom_withinHalfAPixelOfMaxValue(value: Double, isAtBottom: Bool) {
    #expect(ScrollMetrics(value: value, lower: 100, upper: 2_000, pageSize: 500).isAtBottom == isAtBottom)
  }

  @Test func R14_contentShorterThanPage_isAtTopAndBottom() {
    let metrics = ScrollMetrics(value: 100, lower: 100, upper: 400, pageSize: 500)
    #expect(metrics.maxValue == 100)
    #expect(metrics.isAtTop)
    #expect(metrics.isAtBottom)
  }

  @Test(arguments: [(-50.0, 100.0), (700, 700), (5_000, 1_500)])
  func clamped_limitsToLowerAndMaxValue(position: Double, clamped: Double) {
    #expect(ScrollMetrics(value: 0, lower: 100, upper: 2_000, pageSize: 500).clamped(position) == clamped)
  }
}
