/// The velocity a touchpad scroll has when the fingers lift, worked out as GTK 4.8's scroll controller
/// works out the one it gives `decelerate` (`scroll_history_push` and `scroll_history_finish` in
/// gtkeventcontrollerscroll.c): every delta whose event time lies within `Tuning.touchpadLiftWindow` of
/// the newest event, the stop included, summed and divided by the time between the oldest of them and the
/// newest. So a pull whose events the core takes before the scrolled window sees them ends with the
/// velocity the scrolled window's own controller would have given. Events without a time (0) stay out.
/// Fixed capacity, so it never allocates.
public struct TouchpadLiftVelocity: Sendable {
  private static let capacity = 32
  private var times = InlineArray<32, Double>(repeating: 0)
  private var deltas = InlineArray<32, Double>(repeating: 0)
  private var newest = -1
  private var count = 0

  /// An empty history.
  public init() {}

  /// Forgets every event.
  public mutating func reset() {
    newest = -1
    count = 0
  }

  /// Records a delta of `delta` px (0 for the stop) at event time `time` ms; a time of 0 (none) is left
  /// out, and a time older than the newest restarts the history rather than corrupt it.
  public mutating func add(time: Double, delta: Double) {
    guard time > 0 else { return }
    if count > 0, time < times[newest] {
      reset()
    }
    newest = (newest + 1) % Self.capacity
    times[newest] = time
    deltas[newest] = delta
    count = min(count + 1, Self.capacity)
  }

  /// The velocity in px/s (the deltas' sign), 0 when the events in the window span no time. Mutating
  /// although it changes nothing: see `VelocityTracker`.
  public mutating func velocity() -> Double {
    guard count > 0 else { return 0 }
    let window = Tuning.touchpadLiftWindowMilliseconds
    let latestTime = times[newest]
    var oldestTime = latestTime
    var sum = deltas[newest]
    var index = newest
    for _ in 1..<count {
      index = index == 0 ? Self.capacity - 1 : index - 1
      guard latestTime - times[index] <= window else { break }
      oldestTime = times[index]
      sum += deltas[index]
    }
    let elapsed = latestTime - oldestTime
    guard elapsed > 0 else { return 0 }
    return sum / elapsed * 1000
  }
}
