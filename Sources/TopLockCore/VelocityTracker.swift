/// Estimates a pointer's vertical velocity over the last `Tuning.velocityWindow` of motion, the way GTK's
/// swipe gesture does: the travel between the oldest sample inside the window and the newest, over the
/// time between them. Fixed capacity, so it never allocates.
@_spi(Engine)
public struct VelocityTracker: Sendable {
  private var samples = TimedSamples<1>()

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
    samples.add(time: time, values: [position])
    velocity = samples.velocities(within: Tuning.velocityWindowMilliseconds)[0]
  }
}

/// `VelocityTracker` for both axes of one pointer, whose samples share their timestamps: the drag
/// arbiter's, which needs the horizontal velocity too when the list scrolls both ways.
struct PointerVelocityTracker: Sendable {
  private var samples = TimedSamples<2>()

  /// The velocities in px/s, positive when the position grows; 0 with fewer than two samples in the
  /// window. Measured when a sample is added.
  private(set) var velocityX = 0.0
  private(set) var velocityY = 0.0

  /// Forgets every sample.
  mutating func reset() {
    samples.reset()
    velocityX = 0
    velocityY = 0
  }

  /// Records the pointer at (`x`, `y`) px at event time `time` ms; a timestamp older than the newest
  /// restarts the history.
  mutating func add(time: Double, x: Double, y: Double) {
    samples.add(time: time, values: [x, y])
    let velocities = samples.velocities(within: Tuning.velocityWindowMilliseconds)
    velocityX = velocities[0]
    velocityY = velocities[1]
  }
}

/// The velocity of a value that moves once a frame (GTK's kinetic scrolling seen from outside), over its
/// latest frame: the travel between the two latest samples over the time between them. Two samples, where
/// `VelocityTracker` keeps a window of them, so that every attached scroller keeps one at little cost.
struct FrameVelocity: Sendable {
  private var last: (time: Double, value: Double)?

  /// The velocity in px/s, positive when the value grows; 0 before two samples of different times.
  private(set) var velocity = 0.0

  /// Forgets the samples.
  mutating func reset() {
    last = nil
    velocity = 0
  }

  /// Records `value` px at frame time `time` ms. A sample of the same frame replaces the last one; an older
  /// one restarts the history.
  mutating func add(time: Double, value: Double) {
    if let last, time > last.time {
      velocity = (value - last.value) / (time - last.time) * 1000
    } else if let last, time < last.time {
      velocity = 0
    }
    last = (time, value)
  }

  /// `velocity` for a value arriving at frame time `time` ms: 0 unless the latest sample lies within
  /// `Tuning.velocityWindow` before it, as GTK's swipe forgets motion older than that (a drag held still
  /// and released, then the value set by the app a second later, arrives with no velocity).
  func velocity(arrivingAt time: Double) -> Double {
    guard let last, time >= last.time, time - last.time <= Tuning.velocityWindowMilliseconds else { return 0 }
    return velocity
  }
}
