import Foundation
import Testing
import TopLockCore

/// `ContentPan` and `ContentPanFling`: the pan of a horizontal drag in a scrolled window that scrolls both
/// ways (R1, R11). Positions in px, event times in ms, elapsed times in s, velocities in px/s.
struct ContentPanTests {
  /// 1,200 px of content seen through a 400 px page, scrolled to `value` px.
  private func row(at value: Double) -> ScrollMetrics {
    ScrollMetrics(value: value, lower: 0, upper: 1_200, pageSize: 400)
  }

  private func pan(horizontal: Double, vertical: Double) -> ContentPan {
    ContentPan(pressX: 200, pressY: 300, time: 0, horizontalAtPress: horizontal, verticalAtPress: vertical)
  }

  @Test func move_followsThePointerOnBothAxes() {
    var pan = pan(horizontal: 300, vertical: 200)
    let values = pan.move(x: 50, y: 340, time: 100, horizontal: row(at: 300), vertical: .list(at: 200))
    #expect(values.horizontal == 450)
    #expect(values.vertical == 160)
  }

  @Test func R1_move_downAtTheTop_keepsTheTopAndStillPansSideways() {
    var pan = pan(horizontal: 300, vertical: 0)
    let values = pan.move(x: 50, y: 340, time: 100, horizontal: row(at: 300), vertical: .list(at: 0))
    #expect(values.horizontal == 450)
    #expect(values.vertical == 0)
  }

  @Test(arguments: [(-2_000.0, 800.0), (2_000, 0)])
  func move_pastAHorizontalEdge_stopsThere(travel: Double, edge: Double) {
    var pan = pan(horizontal: 300, vertical: 200)
    let values = pan.move(
      x: 200 + travel, y: 300, time: 100, horizontal: row(at: 300), vertical: .list(at: 200))
    #expect(values.horizontal == edge)
    #expect(values.vertical == 200)
  }

  @Test func release_flingsAgainstThePointersVelocity() {
    var pan = pan(horizontal: 300, vertical: 200)
    for step in 1...10 {
      _ = pan.move(
        x: 200 - Double(step) * 10, y: 300 + Double(step) * 5, time: Double(step) * 10,
        horizontal: row(at: 300), vertical: .list(at: 200))
    }
    let fling = pan.release(x: 100, y: 350, time: 100, horizontal: row(at: 400), vertical: .list(at: 150))
    #expect(fling.horizontal.startPosition == 400)
    #expect(isClose(fling.horizontal.startVelocity, to: 1_000))
    #expect(fling.vertical.startPosition == 150)
    #expect(isClose(fling.vertical.startVelocity, to: -500))
  }

  @Test func release_afterAPause_doesNotFling() {
    var pan = pan(horizontal: 300, vertical: 200)
    _ = pan.move(x: 100, y: 300, time: 50, horizontal: row(at: 300), vertical: .list(at: 200))
    let fling = pan.release(x: 100, y: 300, time: 400, horizontal: row(at: 400), vertical: .list(at: 200))
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
}
