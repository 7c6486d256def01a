@_spi(Engine) import TopLockCore

extension ScrollMetrics {
  /// A 10,000 px list seen through a 500 px page, scrolled to `value` px.
  static func list(at value: Double) -> ScrollMetrics {
    ScrollMetrics(value: value, lower: 0, upper: 10_000, pageSize: 500)
  }
}
