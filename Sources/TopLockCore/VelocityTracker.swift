/// Estimates a pointer's vertical velocity over the last `Tuning.velocityWindow` of motion, the way GTK's
/// swipe gesture does: the travel between the oldest sample inside the window and the newest, over the
/// time between them. Fixed capacity, so it never allocates.
public struct VelocityTracker: Sendable {
  private var samples = TimedSamples()

  /// The velocity in px/s, positive when the position grows; 0 with fewer than two samples in the window.
  /// Measured when a sample is added, the only time it can change.
  public private(set) var velocity = 0.0

  /// An empty tracker.
  public init() {}

  /// Forgets every sample.
  public mutating func reset() {
    samples.reset()
    velocity = 0
  }

  /// Records the pointer at `position` px at event time `time` ms. A timestamp older than the newest
  /// (GTK sometimes sends 0 right after a press) restarts the history rather than corrupt it.
  public mutating func add(time: Double, position: Double) {
    samples.add(time: time, value: position)
    velocity = measureVelocity()
  }

  private mutating func measureVelocity() -> Double {
    // Read once: each read of a static `let` is a call to swift_once.
    let window = Tuning.velocityWindowMilliseconds
    var newest: (time: Double, position: Double)?
    var oldest = (time: 0.0, position: 0.0)
    samples.forEachWithin(window) { time, position in
      if newest == nil { newest = (time, position) }
      oldest = (time, position)
    }
    guard let newest, newest.time > oldest.time else { return 0 }
    return (newest.position - oldest.position) / (newest.time - oldest.time) * 1000
  }
}
