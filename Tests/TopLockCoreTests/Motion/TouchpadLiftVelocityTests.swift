import Testing
@_spi(Engine) import TopLockCore

/// The lift velocity of a touchpad scroll, as GTK 4.8's scroll controller gives it to `decelerate`: the
/// deltas within 150 ms of the newest event (the stop), summed over the time they span. Deltas in px, times
/// in ms.
struct TouchpadLiftVelocityTests {
  @Test func velocity_isGTKsScrollHistoryOverTheLast150Milliseconds() {
    var lift = TouchpadLiftVelocity()
    for (time, delta) in [(1_000.0, -100.0), (1_100, -10), (1_150, -20), (1_200, -30), (1_250, -40)] {
      lift.add(time: time, delta: delta)
    }
    lift.add(time: 1_260, delta: 0)
    // The stop at 1,260 keeps what lies within 150 ms of it (1,110 on): -20 - 30 - 40 over 110 ms; the
    // deltas at 1,000 and 1,100 are older.
    #expect(isClose(lift.velocity(), to: -90 / 0.110))
  }

  @Test func eventsWithoutATime_areLeftOut() {
    var lift = TouchpadLiftVelocity()
    lift.add(time: 1_000, delta: -10)
    lift.add(time: 0, delta: -500)
    lift.add(time: 1_020, delta: -10)
    #expect(isClose(lift.velocity(), to: -20 / 0.020))
  }

  @Test func eventsThatSpanNoTime_giveNoVelocity() {
    var lift = TouchpadLiftVelocity()
    #expect(lift.velocity() == 0)
    lift.add(time: 1_000, delta: -10)
    lift.add(time: 1_000, delta: -10)
    #expect(lift.velocity() == 0)
    lift.reset()
    #expect(lift.velocity() == 0)
  }
}
