import Foundation

/// The outcome of `toplock-bench lag`, as text and as one JSON line, with the verdict on the budget: the
/// host's move painted no later, counted in frames from the motion event, than stock's own drag paints its
/// move (medians over the motions; the largest lag reported beside). Main actor only (it reads the script).
@MainActor
struct LagReport: BenchReport {
  /// Frames per motion, stock and TopLock.
  let stockLags: [Int64]
  let topLockLags: [Int64]
  /// Frames per motion for the positive control, a host that moves a frame late on purpose.
  let controlLags: [Int64]

  private var stock: SampleSummary { SampleSummary(stockLags.map(Double.init)) }
  private var topLock: SampleSummary { SampleSummary(topLockLags.map(Double.init)) }
  private var control: SampleSummary { SampleSummary(controlLags.map(Double.init)) }

  /// Whether the probe told the frame-late host from stock by exactly its one frame: else it cannot be
  /// trusted to see an extra frame.
  var controlResolves: Bool { control.median - stock.median == 1 }

  /// Whether the figures can be trusted: the control resolved.
  var isTrustworthy: Bool { controlResolves }

  /// TopLock's median lag less stock's, frames.
  var extraFrames: Double { topLock.median - stock.median }
  var isWithinBudget: Bool { extraFrames <= 0 }

  /// The report for a reader.
  var text: String {
    """
    toplock-bench lag: frames from a motion event's dispatch to the paint of its move
    (frame clock counter at dispatch, read by an emission hook on GdkSurface::event; at each after-paint the
    moved widget's layout position; \(LagBenchmark.motionsPerDrag) single \(Int(LagBenchmark.motionStep)) px \
    motions per drag, \(LagBenchmark.drags) drags each)
    stock content under GTK's drag: median \(format(stock.median)), max \(format(stock.max)) frames \
    (\(histogram(stockLags)))
    TopLock's host (sheet) under a pull: median \(format(topLock.median)), max \(format(topLock.max)) frames \
    (\(histogram(topLockLags)))
    positive control, a host that moves a frame late: median \(format(control.median)), max \
    \(format(control.max)) frames (\(histogram(controlLags)))\(controlResolves ? "" : ": NOT RESOLVED")
    budget: no extra frame: \(format(extraFrames)) \(isWithinBudget ? "met" : "MISSED")
    """
  }

  /// The report as one JSON line.
  var json: String {
    let document = Document(
      mode: "lag", stockLagFrames: stockLags, topLockLagFrames: topLockLags, stockMedian: stock.median,
      stockMax: stock.max, topLockMedian: topLock.median, topLockMax: topLock.max,
      controlLagFrames: controlLags,
      controlMedian: control.median, controlResolves: controlResolves, extraFrames: extraFrames,
      withinBudget: isWithinBudget)
    return JSONLine.encode(document, mode: "lag")
  }

  /// "lag x count" pairs, smallest lag first.
  private func histogram(_ lags: [Int64]) -> String {
    Dictionary(grouping: lags, by: { $0 }).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count)x" }
      .joined(separator: ", ")
  }

  private func format(_ value: Double) -> String {
    FigureComparison.format(value, 1)
  }

  private struct Document: Encodable {
    let mode: String
    let stockLagFrames: [Int64]
    let topLockLagFrames: [Int64]
    let stockMedian: Double
    let stockMax: Double
    let topLockMedian: Double
    let topLockMax: Double
    let controlLagFrames: [Int64]
    let controlMedian: Double
    let controlResolves: Bool
    let extraFrames: Double
    let withinBudget: Bool
  }
}
