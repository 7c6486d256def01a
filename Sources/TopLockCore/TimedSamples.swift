/// The last values of one or more quantities over time, for the velocity estimators: fixed capacity, so it
/// never allocates. Times are event timestamps in ms; each sample holds `laneCount` values taken at the same
/// time (a pointer's x and y share one timestamp).
///
/// Kept small, since every attached scroller holds a few: values are stored in single precision as offsets
/// from the first sample's values since the history (re)started, which are kept in double precision, as
/// are the times. An offset is exact for whole pixels up to 2^24 and otherwise within 2^-24 of itself (a
/// few ten-thousandths of a pixel for a pointer a few thousand pixels from where it started, finer than
/// GTK's own single-precision event coordinates).
struct TimedSamples<let laneCount: Int>: Sendable {
  /// Samples kept: the whole 150 ms window of the estimators up to 160 events a second (GTK delivers
  /// pointer motion at most once a frame); faster input keeps its newest 24.
  private static var capacity: Int { 24 }

  private var originValues = InlineArray<laneCount, Double>(repeating: 0)
  private var times = InlineArray<24, Double>(repeating: 0)
  private var lanes = InlineArray<laneCount, InlineArray<24, Float>>(repeating: .init(repeating: 0))
  private var newest = -1
  private var count = 0

  /// Forgets every sample.
  mutating func reset() {
    newest = -1
    count = 0
  }

  /// Records `values` (one per lane) at `time` ms. A time older than the newest restarts the history
  /// rather than corrupt it.
  mutating func add(time: Double, values: InlineArray<laneCount, Double>) {
    if count > 0, time < times[newest] {
      reset()
    }
    if count == 0 {
      originValues = values
    }
    newest = (newest + 1) % Self.capacity
    times[newest] = time
    for lane in 0..<laneCount {
      lanes[lane][newest] = Float(values[lane] - originValues[lane])
    }
    count = min(count + 1, Self.capacity)
  }

  /// Calls `body` with each sample's time (ms) and values, from the newest back, while the sample lies
  /// within `window` ms of the newest. Mutating although it changes nothing: Swift 6.3 copies a whole
  /// InlineArray for each element read through a borrowed value, and reads it in place through an `inout`
  /// one.
  mutating func forEachWithin(
    _ window: Double, _ body: (_ time: Double, _ values: InlineArray<laneCount, Double>) -> Void
  ) {
    guard count > 0 else { return }
    let latestTime = times[newest]
    var index = newest
    var values = originValues
    for _ in 0..<count {
      guard latestTime - times[index] <= window else { return }
      for lane in 0..<laneCount {
        values[lane] = originValues[lane] + Double(lanes[lane][index])
      }
      body(times[index], values)
      index = index == 0 ? Self.capacity - 1 : index - 1
    }
  }
}

extension TimedSamples {
  /// The velocity of each lane the way GTK's swipe gesture measures one, in units per second: the travel
  /// between the oldest sample within `window` ms of the newest and the newest, over the time between
  /// them; 0 with fewer than two samples in the window or none apart in time.
  mutating func velocities(within window: Double) -> InlineArray<laneCount, Double> {
    var newest: (time: Double, values: InlineArray<laneCount, Double>)?
    var oldest = (time: 0.0, values: InlineArray<laneCount, Double>(repeating: 0))
    forEachWithin(window) { time, values in
      if newest == nil { newest = (time, values) }
      oldest = (time, values)
    }
    var velocities = InlineArray<laneCount, Double>(repeating: 0)
    guard let newest, newest.time > oldest.time else { return velocities }
    for lane in 0..<laneCount {
      velocities[lane] = (newest.values[lane] - oldest.values[lane]) / (newest.time - oldest.time) * 1000
    }
    return velocities
  }
}
