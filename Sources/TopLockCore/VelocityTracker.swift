/// Estimates a pointer's vertical velocity over the last `Tuning.velocityWindow` of motion, the way GTK's
/// swipe gesture does: the travel between the oldest sample inside the window and the newest, over the
/// time between them. Fixed capacity, so it never allocates.
public struct VelocityTracker: Sendable {
  private static let capacity = 32
  private var times = InlineArray<32, Double>(repeating: 0)
  private var positions = InlineArray<32, Double>(repeating: 0)
  private var newest = -1
  private var count = 0

  /// The velocity in px/s, positive when the position grows; 0 with fewer than two samples in the window.
  /// Measured when a sample is added, the only time it can change.
  public private(set) var velocity = 0.0

  /// An empty tracker.
  public init() {}

  /// Forgets every sample.
  public mutating func reset() {
    newest = -1
    count = 0
    velocity = 0
  }

  /// Records the pointer at `position` px at event time `time` ms. A timestamp older than the newest
  /// (GTK sometimes sends 0 right after a press) restarts the history rather than corrupt it.
  public mutating func add(time: Double, position: Double) {
    if count > 0, time < times[newest] {
      reset()
    }
    newest = (newest + 1) % Self.capacity
    times[newest] = time
    positions[newest] = position
    count = min(count + 1, Self.capacity)
    velocity = measureVelocity()
  }

  /// Mutating although it changes nothing: Swift 6.3 copies a whole InlineArray (256 bytes) for each
  /// element read through a borrowed value, and reads it in place through an `inout` one.
  private mutating func measureVelocity() -> Double {
    guard count > 1 else { return 0 }
    // Read once: each read of a static `let` is a call to swift_once.
    let window = Tuning.velocityWindowMilliseconds
    let latestTime = times[newest]
    var oldest = newest
    var index = newest
    for _ in 1..<count {
      index = index == 0 ? Self.capacity - 1 : index - 1
      guard latestTime - times[index] <= window else { break }
      oldest = index
    }
    let elapsed = latestTime - times[oldest]
    guard elapsed > 0 else { return 0 }
    return (positions[newest] - positions[oldest]) / elapsed * 1000
  }
}
