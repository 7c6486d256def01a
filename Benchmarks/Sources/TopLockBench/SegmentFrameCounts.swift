/// How many frames one gesture of `frames` painted per round, stock against TopLock: equal on the matched
/// gestures, fewer for TopLock at the top (no glow, no spring, a claimed pull).
struct SegmentFrameCounts: Encodable {
  /// The gesture.
  let name: String
  /// Whether stock and TopLock should paint the same frames in it.
  let isMatched: Bool
  /// Frames per stock round (A1 and A2).
  let stockFramesPerRound: Double
  /// Frames per TopLock round (untimed).
  let topLockFramesPerRound: Double

  /// The counts of gesture `name` over `rounds`.
  init(name: String, isMatched: Bool, rounds: [RoundResult]) {
    self.name = name
    self.isMatched = isMatched
    let played = rounds.filter { $0.segment == name }
    stockFramesPerRound = Self.framesPerRound(played.filter { $0.kind == .stockA1 || $0.kind == .stockA2 })
    topLockFramesPerRound = Self.framesPerRound(played.filter { $0.kind == .topLock })
  }

  private static func framesPerRound(_ rounds: [RoundResult]) -> Double {
    Double(rounds.reduce(0) { $0 + $1.frames.count }) / Double(max(rounds.count, 1))
  }
}
