import Testing

@testable import TopLockCore

/// `FrameVelocity`: a value's velocity over its latest frame. Times in ms, values in px.
struct FrameVelocityTests {
  @Test func latestFrame_isItsTravelOverItsTime() {
    var velocity = FrameVelocity()
    velocity.add(time: 1_000, value: 600)
    #expect(velocity.velocity == 0, "one sample")
    velocity.add(time: 1_016, value: 440)
    #expect(velocity.velocity == -10_000)
    velocity.add(time: 1_032, value: 360)
    #expect(velocity.velocity == -5_000, "the latest frame alone")
  }

  @Test func sampleOfTheSameFrame_replacesTheLast_andAnOlderOneRestarts() {
    var velocity = FrameVelocity()
    velocity.add(time: 1_000, value: 600)
    velocity.add(time: 1_000, value: 500)
    velocity.add(time: 1_020, value: 400)
    #expect(velocity.velocity == -5_000, "from 500, the same frame's last value")
    velocity.add(time: 900, value: 300)
    #expect(velocity.velocity == 0)
    velocity.add(time: 910, value: 310)
    #expect(velocity.velocity == 1_000)
    velocity.reset()
    velocity.add(time: 930, value: 0)
    #expect(velocity.velocity == 0)
  }

  @Test func arrival_withinTheVelocityWindowOfTheLatestFrame_only() {
    var velocity = FrameVelocity()
    velocity.add(time: 1_000, value: 600)
    velocity.add(time: 1_016, value: 440)
    #expect(velocity.velocity(arrivingAt: 1_032) == -10_000)
    #expect(velocity.velocity(arrivingAt: 1_166) == -10_000, "150 ms after the latest frame")
    #expect(velocity.velocity(arrivingAt: 1_167) == 0, "older than GTK's swipe window")
    #expect(velocity.velocity(arrivingAt: 0) == 0, "no frame time")
  }
}
