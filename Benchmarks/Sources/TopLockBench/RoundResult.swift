/// The frames one round of `frames` painted, and TopLock's callback time in it.
struct RoundResult {
  /// What the round scrolled.
  let kind: RoundKind
  /// The segment of the script it played.
  let segment: String
  /// Whether the segment paints the same frames in stock and TopLock (see `ScriptSegment`).
  let isMatched: Bool
  /// The frames painted while the segment played, in order.
  let frames: [FrameSample]
  /// Outermost TopLock callbacks run in the round (0 unless timed).
  let handlerInvocations: Int
  /// The round's wall time, from its first step to the end of its last, in ms.
  let durationMilliseconds: Double
}
