/// The velocity a touchpad scroll has when the fingers lift, worked out as GTK 4.8's scroll controller
/// works out the one it gives `decelerate` (`scroll_history_push` and `scroll_history_finish` in
/// gtkeventcontrollerscroll.c): every delta whose event time lies within `Tuning.touchpadLiftWindow` of
/// the newest event, the stop included, summed and divided by the time between the oldest of them and the
/// newest. So a pull whose events the core takes before the scrolled window sees them ends with the
/// velocity the scrolled window's own controller would have given. Events without a time (0) stay out.
/// Fixed capacity, so it never allocates.
@_spi(Engine)
public struct TouchpadLiftVelocity: Sendable {
  private var samples = TimedSamples<1>()

  /// An empty history.
  public init() {}

  /// Forgets every event.
  public mutating func reset() {
    samples.reset()
  }

  /// Records a delta of `delta` px (0 for the stop) at event time `time` ms; a time of 0 (none) is left
  /// out, and a time older than the newest restarts the history rather than corrupt it.
  public mutating func add(time: Double, delta: Double) {
    guard time > 0 else { return }
    samples.add(time: time, values: [delta])
  }

  /// The velocity in px/s (the deltas' sign), 0 when the events in the window span no time. Mutating
  /// although it changes nothing: see `TimedSamples.forEachWithin`.
  public mutating func velocity() -> Double {
    var newestTime: Double?
    var oldestTime = 0.0
    var sum = 0.0
    samples.forEachWithin(Tuning.touchpadLiftWindowMilliseconds) { time, delta in
      newestTime = newestTime ?? time
      oldestTime = time
      sum += delta[0]
    }
    guard let newestTime, newestTime > oldestTime else { return 0 }
    return sum / (newestTime - oldestTime) * 1000
  }
}
