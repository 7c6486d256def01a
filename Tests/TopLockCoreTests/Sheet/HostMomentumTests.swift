import Foundation
import Testing
@_spi(Engine) import TopLockCore

/// Rule S4's momentum as the core carries it: a host's momentum flung into the list (`momentumFromHost`),
/// and a fling of the list that reaches the top handed to the host (`momentumToHost`). Expected positions
/// and velocities are worked out here from GTK 4.8's friction, 4 per s, and from the samples' travel over
/// their time. The list is 10,000 px long with a 500 px page.
struct HostMomentumTests {
  private static let friction = 4.0

  @Test func S4_momentumFromHost_flingsTheListWithTheKineticFriction() {
    var arbiter = DragArbiter()
    let start = arbiter.handle(.momentumFromHost(velocity: 1_500, metrics: .list(at: 0)))
    #expect(start.fling == .start(KineticDecay(startPosition: 0, startVelocity: 1_500)))
    let frame = arbiter.handle(.flingFrame(elapsed: 0.1, metrics: .list(at: 0)))
    let expected = 1_500 / Self.friction * (1 - exp(-Self.friction * 0.1))
    #expect(abs((frame.newValue ?? .nan) - expected) < 1e-9)
    #expect(frame.fling == nil, "still running")
    #expect(arbiter.owner == .none)
  }

  @Test(arguments: [0.5, -0.5, Double.nan, .infinity])
  func S4_momentumFromHost_tooSlowOrNotFinite_startsNothing(velocity: Double) {
    var arbiter = DragArbiter()
    #expect(arbiter.handle(.momentumFromHost(velocity: velocity, metrics: .list(at: 200))).fling == nil)
    #expect(arbiter.handle(.flingFrame(elapsed: 0.1, metrics: .list(at: 200))).newValue == nil)
  }

  @Test func S4_momentumFromHost_duringADrag_isIgnored() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.dragBegan(DragStart(x: 0, y: 300, time: 0, metrics: .list(at: 200))))
    _ = arbiter.handle(.dragMoved(x: 0, y: 340, time: 40, metrics: .list(at: 200)))
    let owner = arbiter.owner
    #expect(arbiter.handle(.momentumFromHost(velocity: 1_500, metrics: .list(at: 160))) == ArbiterDecision())
    #expect(arbiter.owner == owner)
  }

  @Test func S4_listFling_stopsWhenAnythingElseMovesTheValue() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.momentumFromHost(velocity: 1_500, metrics: .list(at: 0)))
    let frame = arbiter.handle(.flingFrame(elapsed: 0.05, metrics: .list(at: 0)))
    let value = frame.newValue ?? .nan
    #expect(arbiter.handle(.valueChanged(.list(at: value))).fling == nil, "the fling's own value")
    #expect(arbiter.handle(.valueChanged(.list(at: 4_000))).fling == .stop)
    #expect(arbiter.handle(.flingFrame(elapsed: 0.1, metrics: .list(at: 4_000))).newValue == nil)
  }

  @Test func S4_hostPressed_stopsTheListsFling() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.momentumFromHost(velocity: 1_500, metrics: .list(at: 0)))
    #expect(arbiter.handle(.hostPressed).fling == .stop)
    #expect(arbiter.handle(.flingFrame(elapsed: 0.1, metrics: .list(at: 0))).newValue == nil)
  }

  @Test func S4_gtkFlingReachingTheTop_givesTheHostItsVelocity() {
    var arbiter = DragArbiter()
    let frames = [(600.0, 1_000.0), (400, 1_016), (200, 1_032), (0, 1_040)]
    let momentum = frames.map { arbiter.handle(.valueChanged(.list(at: $0.0), time: $0.1)).momentumToHost }
    // 200 px toward the top in the 16 ms frame before the one that reaches it.
    #expect(momentum == [nil, nil, nil, -12_500])
  }

  /// GTK's fling after a drag of its own may reach the top in its first frame: the drag's last frame gives
  /// the velocity then (GTK 4.18 and 4.24 released the list 27 px from the top at about 900 px/s, and its
  /// fling reached the top one frame later).
  @Test func S4_gtkFlingReachingTheTopInItsFirstFrame_givesTheHostTheDragsLastFrameVelocity() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.dragBegan(DragStart(x: 0, y: 100, time: 1_000, metrics: .list(at: 600))))
    let drag = [(300.0, 400.0, 1_016.0), (500, 200, 1_032)].map { pointer, value, time in
      _ = arbiter.handle(.dragMoved(x: 0, y: pointer, time: time, metrics: .list(at: value)))
      #expect(arbiter.owner == .content, "GTK scrolls the drag")
      return arbiter.handle(.valueChanged(.list(at: value), time: time)).momentumToHost
    }
    _ = arbiter.handle(.dragEnded(x: 0, y: 500, time: 1_040, metrics: .list(at: 200)))
    let arrival = arbiter.handle(.valueChanged(.list(at: 0), time: 1_048)).momentumToHost
    #expect(drag == [nil, nil])
    // 200 px toward the top in the drag's last 16 ms frame.
    #expect(arrival == -12_500)
  }

  @Test func S4_aDragHeldStillThenTheTopReachedLater_givesTheHostNothing() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.dragBegan(DragStart(x: 0, y: 100, time: 1_000, metrics: .list(at: 600))))
    for (pointer, value, time) in [(300.0, 400.0, 1_016.0), (500, 200, 1_032)] {
      _ = arbiter.handle(.dragMoved(x: 0, y: pointer, time: time, metrics: .list(at: value)))
      _ = arbiter.handle(.valueChanged(.list(at: value), time: time))
    }
    _ = arbiter.handle(.dragEnded(x: 0, y: 500, time: 2_000, metrics: .list(at: 200)))
    // The app scrolls to the top a second after the last motion: GTK's velocity window is 150 ms.
    #expect(arbiter.handle(.valueChanged(.list(at: 0), time: 3_000)).momentumToHost == nil)
  }

  @Test func S4_valuesWithoutAFrameTime_orAfterAHostPress_measureNoVelocity() {
    var untimed = DragArbiter()
    let momentum = [600.0, 300, 0].map { untimed.handle(.valueChanged(.list(at: $0))).momentumToHost }
    #expect(momentum == [nil, nil, nil])
    var pressed = DragArbiter()
    _ = pressed.handle(.valueChanged(.list(at: 600), time: 1_000))
    _ = pressed.handle(.valueChanged(.list(at: 300), time: 1_016))
    _ = pressed.handle(.hostPressed)
    #expect(pressed.handle(.valueChanged(.list(at: 0), time: 1_032)).momentumToHost == nil)
  }

  @Test func S4_valuesOfADrag_giveTheHostNothing() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.dragBegan(DragStart(x: 0, y: 100, time: 1_000, metrics: .list(at: 600))))
    let during = [(400.0, 1_016.0), (200, 1_032), (0, 1_048)].map {
      arbiter.handle(.valueChanged(.list(at: $0.0), time: $0.1)).momentumToHost
    }
    _ = arbiter.handle(.dragCancelled)
    let after = arbiter.handle(.valueChanged(.list(at: 0), time: 1_064)).momentumToHost
    #expect(during == [nil, nil, nil])
    #expect(after == nil)
  }

  @Test func S4_listFlingReachingTheTop_givesTheHostItsArrivalVelocity() throws {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.momentumFromHost(velocity: -3_000, metrics: .list(at: 300)))
    var value = 300.0
    var elapsed = 0.0
    var last = ArbiterDecision()
    while last.fling != .stop {
      elapsed += 0.016
      last = arbiter.handle(.flingFrame(elapsed: elapsed, metrics: .list(at: value)))
      value = last.newValue ?? value
    }
    #expect(value == 0)
    let arrival = try #require(last.momentumToHost)
    #expect(abs(arrival - -3_000 * exp(-Self.friction * elapsed)) < 1e-9)
    #expect(arrival < -1_000, "300 px at 3,000 px/s less friction leaves 1,800 px/s")
  }
}
