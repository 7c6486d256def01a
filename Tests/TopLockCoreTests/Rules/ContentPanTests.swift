import Foundation
import Testing
@_spi(Engine) import TopLockCore

/// `ContentPan` and `ContentPanFling`: the pan of a horizontal drag in a scrolled window that scrolls both
/// ways (R1, R11). Positions in px, event times in ms, elapsed times in s, velocities in px/s.
struct ContentPanTests {
  /// 1,200 px of content seen through a 400 px page, scrolled to `value` px.
  private func row(at value: Double) -> ScrollMetrics {
    ScrollMetrics(value: value, lower: 0, upper: 1_200, pageSize: 400)
  }

  private func pan(horizontal: Double, vertical: Double) -> ContentPan {
    ContentPan(pressX: 200, pressY: 300, horizontalAtPress: horizontal, verticalAtPress: vertical)
  }

  @Test func move_followsThePointerOnBothAxes() {
    let pan = pan(horizontal: 300, vertical: 200)
    let values = pan.values(x: 50, y: 340, horizontal: row(at: 300), vertical: .list(at: 200))
    #expect(values.horizontal == 450)
    #expect(values.vertical == 160)
  }

  @Test func R1_move_downAtTheTop_keepsTheTopAndStillPansSideways() {
    let pan = pan(horizontal: 300, vertical: 0)
    let values = pan.values(x: 50, y: 340, horizontal: row(at: 300), vertical: .list(at: 0))
    #expect(values.horizontal == 450)
    #expect(values.vertical == 0)
  }

  @Test(arguments: [(-2_000.0, 800.0), (2_000, 0)])
  func move_pastAHorizontalEdge_stopsThere(travel: Double, edge: Double) {
    let pan = pan(horizontal: 300, vertical: 200)
    let values = pan.values(x: 200 + travel, y: 300, horizontal: row(at: 300), vertical: .list(at: 200))
    #expect(values.horizontal == edge)
    #expect(values.vertical == 200)
  }

  @Test func fling_movesAgainstThePointersVelocityFromWhereTheContentIs() {
    let fling = ContentPan.fling(
      velocityX: -1_000, velocityY: 500, horizontal: row(at: 400), vertical: .list(at: 150))
    #expect(fling.horizontal == KineticDecay(startPosition: 400, startVelocity: 1_000))
    #expect(fling.vertical == KineticDecay(startPosition: 150, startVelocity: -500))
    #expect(fling.isRunning)
  }

  @Test func fling_withAStillPointer_doesNotRun() {
    let fling = ContentPan.fling(
      velocityX: 0, velocityY: 0, horizontal: row(at: 400), vertical: .list(at: 200))
    #expect(!fling.isRunning)
  }

  @Test func fling_followsTheDecayOfEachAxis() {
    let horizontal = KineticDecay(startPosition: 300, startVelocity: 400)
    let vertical = KineticDecay(startPosition: 5_000, startVelocity: -800)
    var fling = ContentPanFling(horizontal: horizontal, vertical: vertical)
    let values = fling.frame(elapsed: 0.1, horizontal: row(at: 300), vertical: .list(at: 5_000))
    #expect(isClose(values.horizontal, to: 300 + 400.0 / 4 * (1 - exp(-0.4))))
    #expect(isClose(values.vertical, to: 5_000 - 800.0 / 4 * (1 - exp(-0.4))))
    #expect(fling.isRunning)
  }

  @Test func R1_fling_intoTheTop_stopsThatAxisAtTheTopAndLetsTheOtherRun() {
    var fling = ContentPanFling(
      horizontal: KineticDecay(startPosition: 300, startVelocity: 400),
      vertical: KineticDecay(startPosition: 10, startVelocity: -800))
    let first = fling.frame(elapsed: 0.5, horizontal: row(at: 300), vertical: .list(at: 10))
    let second = fling.frame(elapsed: 0.6, horizontal: row(at: first.horizontal!), vertical: .list(at: 0))
    #expect(first.vertical == 0)
    #expect(second.vertical == nil)
    #expect(isClose(second.horizontal, to: 300 + 400.0 / 4 * (1 - exp(-2.4))))
    #expect(fling.isRunning)
  }

  @Test func fling_endsWhenBothAxesHaveStopped() {
    var fling = ContentPanFling(
      horizontal: KineticDecay(startPosition: 300, startVelocity: 400),
      vertical: KineticDecay(startPosition: 200, startVelocity: 0))
    let stopTime = log(400 / Tuning.stopVelocity) / Tuning.decelerationFriction
    let last = fling.frame(elapsed: stopTime + 0.01, horizontal: row(at: 399), vertical: .list(at: 200))
    #expect(last.vertical == nil)
    #expect(isClose(last.horizontal, to: 300 + 100 * (1 - exp(-4 * (stopTime + 0.01)))))
    #expect(!fling.isRunning)
  }

  // MARK: - The pan as a phase of the arbiter

  /// An arbiter pressed at (200, 300) on a list at `vertical` px that scrolls both ways, at `horizontal` px.
  private func pressedBothWays(horizontal: Double, vertical: Double) -> DragArbiter {
    var arbiter = DragArbiter()
    _ = arbiter.handle(
      .dragBegan(
        DragStart(x: 200, y: 300, time: 0, metrics: .list(at: vertical), horizontal: row(at: horizontal))))
    return arbiter
  }

  @Test func R1_R11_sidewaysDragDriftingDownAtTheTop_isPannedSidewaysOnly() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 0)
    let decision = arbiter.handle(.dragMoved(x: 50, y: 340, time: 100, metrics: .list(at: 0)))
    #expect(decision.gesture == .claim)
    #expect(decision.newHorizontalValue == 450)
    #expect(decision.newValue == nil)
    #expect(decision.pull == nil)
    #expect(arbiter.owner == .content)
  }

  @Test func R11_sidewaysDragInTheMiddle_isPannedOnBothAxes() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 200)
    let decision = arbiter.handle(.dragMoved(x: 50, y: 340, time: 100, metrics: .list(at: 200)))
    #expect(decision.newHorizontalValue == 450)
    #expect(decision.newValue == 160)
  }

  /// GTK's swipe, cancelled by the pan's claim, may still fling from a stale velocity: on GTK 4.24 it did at
  /// 500 px/s, and GTK's deceleration then drove the horizontal value against the pan on every frame. The
  /// claim stops GTK's kinetic scrolling, as every claim of the core's does; the pan's later motions do not.
  @Test func R11_sidewaysDragClaim_stopsGTKsFling() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 200)
    let claim = arbiter.handle(.dragMoved(x: 189, y: 303, time: 100, metrics: .list(at: 200)))
    #expect(claim.gesture == .claim)
    #expect(claim.stopsKinetic)
    #expect(claim.newHorizontalValue == 311 && claim.newValue == 197)
    let next = arbiter.handle(.dragMoved(x: 185, y: 304, time: 116, metrics: .list(at: 197)))
    #expect(!next.stopsKinetic)
    #expect(next.newHorizontalValue == 315)
  }

  @Test func R11_verticalDragInAListThatScrollsBothWays_isStillDecidedAsUsual() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 0)
    let decision = arbiter.handle(.dragMoved(x: 205, y: 340, time: 100, metrics: .list(at: 0)))
    #expect(decision.gesture == .claim)
    #expect(decision.newHorizontalValue == nil)
    #expect(decision.pull?.sample?.translation == 40)
  }

  @Test func R1_R11_panRelease_flingsBothAxes_andTheVerticalOneStopsAtTheTop() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 20)
    var horizontal = 300.0
    var vertical = 20.0
    for step in 1...10 {
      let decision = arbiter.handle(
        .dragMoved(
          x: 200 - Double(step) * 20, y: 300 + Double(step) * 10, time: Double(step) * 10,
          metrics: .list(at: vertical)))
      horizontal = decision.newHorizontalValue ?? horizontal
      vertical = decision.newValue ?? vertical
    }
    #expect(horizontal == 500 && vertical == 0)
    let release = arbiter.handle(.dragEnded(x: 0, y: 400, time: 100, metrics: .list(at: vertical)))
    guard case .startPan(let fling) = release.fling else {
      Issue.record("no pan fling: \(release)")
      return
    }
    #expect(fling.horizontal.startVelocity > 0 && fling.vertical.startVelocity < 0)
    let frame = arbiter.handle(.flingFrame(elapsed: 0.016, metrics: .list(at: 0)))
    #expect((frame.newHorizontalValue ?? 0) > 500)
    #expect(frame.newValue == nil, "the vertical axis stays at the top")
    #expect(frame.fling == nil, "the horizontal axis flings on")
  }

  @Test func R11_aPressDuringAPanFling_stopsIt() {
    var arbiter = pressedBothWays(horizontal: 300, vertical: 200)
    for step in 1...10 {
      _ = arbiter.handle(
        .dragMoved(x: 200 - Double(step) * 20, y: 300, time: Double(step) * 10, metrics: .list(at: 200)))
    }
    _ = arbiter.handle(.dragEnded(x: 0, y: 300, time: 100, metrics: .list(at: 200)))
    let press = arbiter.handle(.dragBegan(DragStart(x: 10, y: 10, time: 200, metrics: .list(at: 200))))
    #expect(press.fling == .stop)
  }
}
