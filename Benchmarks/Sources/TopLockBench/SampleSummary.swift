/// Order statistics of one figure over many samples (frames, runs): count, median, p95, p99, max and mean,
/// in the samples' own unit. Percentiles interpolate linearly between the two nearest order statistics
/// (Hyndman and Fan's type 7, as numpy's default), so that small sample sets do not jump by whole samples.
struct SampleSummary: Encodable, Equatable {
  /// How many samples there were.
  let count: Int
  let median: Double
  let p95: Double
  let p99: Double
  let max: Double
  let mean: Double

  /// Summarizes `values`; every figure is 0 when there are none.
  init(_ values: [Double]) {
    let sorted = values.sorted()
    count = sorted.count
    median = Self.percentile(0.5, ofSorted: sorted)
    p95 = Self.percentile(0.95, ofSorted: sorted)
    p99 = Self.percentile(0.99, ofSorted: sorted)
    max = sorted.last ?? 0
    mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
  }

  /// The `fraction` quantile (0 ... 1) of `sorted`, which must be in ascending order; 0 when empty.
  static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
    guard let first = sorted.first else { return 0 }
    guard sorted.count > 1 else { return first }
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    let weight = position - Double(lower)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * weight
  }
}
