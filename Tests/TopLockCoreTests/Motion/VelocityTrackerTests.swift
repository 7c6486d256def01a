import Testing
@_spi(Engine) import TopLockCore

/// `VelocityTracker`: GTK's swipe velocity over the last 150 ms. Times in ms, positions in px.
struct VelocityTrackerTests {
  @Test func window_is150Milliseconds() {
    #expect(Tuning.velocityWindow == .milliseconds(150))
  }

  @Test func fewerThanTwoSamples_isZero() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity == 0)
    tracker.add(time: 100, position: 50)
    #expect(tracker.velocity == 0)
  }

  @Test(arguments: [5.0, -5])
  func constantSpeed_isThatSpeedInPxPerSecond(step: Double) {
    var tracker = VelocityTracker()
    for index in 0..<20 {
      tracker.add(time: Double(index) * 10, position: Double(index) * step)
    }
    #expect(isClose(tracker.velocity, to: step * 100))
  }

  @Test func samplesOlderThanTheWindow_areIgnored() {
    var tracker = VelocityTracker()
    tracker.add(time: 0, position: 0)
    tracker.add(time: 100, position: 500)
    tracker.add(time: 200, position: 600)
    #expect(tracker.velocity == 1_000)
  }

  @Test func sampleExactly150MillisecondsOld_counts() {
    var tracker = VelocityTracker()
    tracker.add(time: 0, position: 0)
    tracker.add(time: 140, position: 1_400)
    tracker.add(time: 290, position: 1_550)
    #expect(tracker.velocity == 1_000)
  }

  @Test func timeGoingBackwards_restartsTheHistory() {
    var tracker = VelocityTracker()
    tracker.add(time: 100, position: 0)
    tracker.add(time: 200, position: 100)
    #expect(tracker.velocity == 1_000)
    tracker.add(time: 50, position: 500)
    #expect(tracker.velocity == 0)
    tracker.add(time: 60, position: 510)
    #expect(tracker.velocity == 1_000)
  }

  @Test func sameTimestamp_isZero() {
    var tracker = VelocityTracker()
    tracker.add(time: 100, position: 0)
    tracker.add(time: 100, position: 50)
    #expect(tracker.velocity == 0)
  }

  @Test func reset_forgetsEverySample() {
    var tracker = VelocityTracker()
    tracker.add(time: 0, position: 0)
    tracker.add(time: 10, position: 10)
    tracker.reset()
    #expect(tracker.velocity == 0)
  }

  @Test func moreSamplesThanItHolds_usesRecentOnesWithinTheWindow() {
    // position = t² (t in ms): the estimate is (t_newest + t_oldest) px/ms, 999 + 849 over the full window,
    // 999 + 998 over the last two samples alone.
    var tracker = VelocityTracker()
    for index in 0..<1_000 {
      tracker.add(time: Double(index), position: Double(index * index))
    }
    #expect((1_848_000...1_997_000).contains(tracker.velocity))
  }
}
