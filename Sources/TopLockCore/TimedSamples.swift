/// The last values of something over time, for the velocity estimators: fixed capacity, so it never
/// allocates. Times are event timestamps in ms.
struct TimedSamples: Sendable {
  private static let capacity = 32
  private var times = InlineArray<32, Double>(repeating: 0)
  private var values = InlineArray<32, Double>(repeating: 0)
  private var newest = -1
  private var count = 0

  /// Forgets every sample.
  mutating func reset() {
    newest = -1
    count = 0
  }

  /// Records `value` at `time` ms. A time older than the newest restarts the history rather than corrupt
  /// it.
  mutating func add(time: Double, value: Double) {
    if count > 0, time < times[newest] {
      reset()
    }
    newest = (newest + 1) % Self.capacity
    times[newest] = time
    values[newest] = value
    count = min(count + 1, Self.capacity)
  }

  /// Calls `body` with each sample (time, value) from the newest back, while the sample lies within
  /// `window` ms of the newest. Mutating although it changes nothing: Swift 6.3 copies a whole InlineArray
  /// (256 bytes) for each element read through a borrowed value, and reads it in place through an `inout`
  /// one.
  mutating func forEachWithin(_ window: Double, _ body: (_ time: Double, _ value: Double) -> Void) {
    guard count > 0 else { return }
    let latestTime = times[newest]
    var index = newest
    for _ in 0..<count {
      guard latestTime - times[index] <= window else { return }
      body(times[index], values[index])
      index = index == 0 ? Self.capacity - 1 : index - 1
    }
  }
}
