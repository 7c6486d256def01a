/// The figures of a group of `frames` rounds, pooled over their frames. Times in ms unless named otherwise.
struct FrameFigures: Encodable {
  /// The frame budget at 60 Hz, in ms.
  static let frameBudgetMilliseconds = 1_000.0 / 60
  /// Two frames further apart than this, in ms, had an idle frame clock between them (nothing to draw):
  /// the gap is not a frame interval.
  static let idleGapMilliseconds = 100.0
  /// An interval longer than this, in ms, missed at least one 60 Hz refresh.
  static let lateIntervalMilliseconds = 1.5 * frameBudgetMilliseconds

  /// Rounds pooled.
  let rounds: Int
  /// Frames painted.
  let frames: Int
  /// Per-frame work: event dispatch (flush-events) plus before-paint through after-paint.
  let work: SampleSummary
  /// The main thread's CPU time over the same phases.
  let cpu: SampleSummary
  /// Before-paint through after-paint alone (ticks, layout, snapshot, render).
  let paint: SampleSummary
  /// Time between the starts of consecutive frames, idle gaps left out.
  let intervals: SampleSummary
  /// Frames whose work took longer than `frameBudgetMilliseconds`.
  let framesOverBudget: Int
  /// Intervals longer than `lateIntervalMilliseconds`.
  let lateIntervals: Int
  /// TopLock's callback CPU time per frame, in µs (0 unless the rounds were timed).
  let handlerMicroseconds: SampleSummary
  /// Outermost TopLock callbacks run (0 unless timed).
  let handlerInvocations: Int

  /// Pools the frames of `rounds`.
  init(_ rounds: [RoundResult]) {
    let frames = rounds.flatMap(\.frames)
    let workTimes = frames.map { BenchClock.milliseconds($0.workNanoseconds) }
    let intervals = rounds.flatMap { Self.intervals(of: $0.frames) }
    self.rounds = rounds.count
    self.frames = frames.count
    work = SampleSummary(workTimes)
    cpu = SampleSummary(frames.map { BenchClock.milliseconds($0.cpuNanoseconds) })
    paint = SampleSummary(frames.map { BenchClock.milliseconds($0.paintNanoseconds) })
    self.intervals = SampleSummary(intervals)
    framesOverBudget = workTimes.count { $0 > Self.frameBudgetMilliseconds }
    lateIntervals = intervals.count { $0 > Self.lateIntervalMilliseconds }
    handlerMicroseconds = SampleSummary(frames.map { Double($0.handlerNanoseconds) / 1e3 })
    handlerInvocations = rounds.reduce(0) { $0 + $1.handlerInvocations }
  }

  /// Frames per round.
  var framesPerRound: Double { Double(frames) / Double(max(rounds, 1)) }

  /// The work of all frames of a round, summed, in ms: what a gesture costs in all.
  var workSumPerRound: Double { work.mean * framesPerRound }

  /// The share of frames over budget (0 ... 1).
  var overBudgetShare: Double { frames == 0 ? 0 : Double(framesOverBudget) / Double(frames) }

  /// The share of late intervals (0 ... 1).
  var lateIntervalShare: Double { intervals.count == 0 ? 0 : Double(lateIntervals) / Double(intervals.count) }

  /// The intervals between consecutive frames of one round, in ms, idle gaps left out.
  static func intervals(of frames: [FrameSample]) -> [Double] {
    zip(frames.dropFirst(), frames).map { BenchClock.milliseconds($0.start - $1.start) }
      .filter { $0 <= idleGapMilliseconds }
  }
}
