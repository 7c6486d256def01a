import Foundation

/// Every frame of every round of `frames`, as one JSON document for `scripts/plot-frames.py`: per round its
/// kind and, per frame, its start (ms since the round's first frame), work, paint, CPU and TopLock callback
/// time.
struct FrameSamplesFile: Encodable {
  /// One round's frames, as columns.
  struct Round: Encodable {
    let kind: RoundKind
    /// The gesture played.
    let segment: String
    /// Whether stock and TopLock paint the same frames in it.
    let isMatched: Bool
    /// Frame starts, in ms since the round's first frame.
    let startMilliseconds: [Double]
    /// Per-frame work, in ms.
    let workMilliseconds: [Double]
    /// Per-frame before-paint through after-paint, in ms.
    let paintMilliseconds: [Double]
    /// Per-frame main-thread CPU time over the work's phases, in ms.
    let cpuMilliseconds: [Double]
    /// Per-frame TopLock callback CPU time, in µs.
    let handlerMicroseconds: [Double]
  }

  /// The frame budget the plot marks, in ms.
  let frameBudgetMilliseconds = FrameFigures.frameBudgetMilliseconds
  /// Gaps longer than this, in ms, are idle, not frame intervals.
  let idleGapMilliseconds = FrameFigures.idleGapMilliseconds
  let rounds: [Round]

  /// The frames of `results`.
  init(_ results: [RoundResult]) {
    rounds = results.map { result in
      let origin = result.frames.first?.start ?? 0
      return Round(
        kind: result.kind, segment: result.segment, isMatched: result.isMatched,
        startMilliseconds: result.frames.map { BenchClock.milliseconds($0.start - origin) },
        workMilliseconds: result.frames.map { BenchClock.milliseconds($0.workNanoseconds) },
        paintMilliseconds: result.frames.map { BenchClock.milliseconds($0.paintNanoseconds) },
        cpuMilliseconds: result.frames.map { BenchClock.milliseconds($0.cpuNanoseconds) },
        handlerMicroseconds: result.frames.map { Double($0.handlerNanoseconds) / 1e3 })
    }
  }

  /// Writes the document to `path`.
  ///
  /// - Throws: what `JSONEncoder` and `Data.write(to:)` throw.
  func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }
}
