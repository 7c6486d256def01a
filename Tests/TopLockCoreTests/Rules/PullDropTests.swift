import Testing
@_spi(Engine) import TopLockCore

/// A host that gives a pull up (`pullDroppedByHost`): it hears `cancelled` once, and the rest of that drag,
/// or of that touchpad scroll up to its end, moves neither the host nor the content.
struct PullDropTests {
  private func press(_ arbiter: inout DragArbiter, y: Double) {
    _ = arbiter.handle(
      .dragBegan(
        DragStart(x: 200, y: y, time: 0, metrics: .list(at: 0), target: .content, threshold: 8)
      ))
  }

  @Test func droppedDragPull_restOfTheDragMovesNothing_thenTheNextDragPullsAgain() {
    var arbiter = DragArbiter()
    press(&arbiter, y: 100)
    #expect(arbiter.handle(.dragMoved(x: 200, y: 160, time: 10, metrics: .list(at: 0))).pull != nil)
    let dropped = arbiter.handle(.pullDroppedByHost)
    #expect(dropped.pull == .cancelled)
    #expect(arbiter.owner == .none)
    var rest: [ArbiterDecision] = []
    for (step, y) in [220.0, 100, -300, -900].enumerated() {
      rest.append(
        arbiter.handle(.dragMoved(x: 200, y: y, time: Double(20 + 10 * step), metrics: .list(at: 0))))
    }
    rest.append(arbiter.handle(.dragEnded(x: 200, y: -900, time: 80, metrics: .list(at: 0))))
    #expect(rest.allSatisfy { $0.pull == nil && $0.newValue == nil && $0.fling == nil })
    #expect(arbiter.handle(.pullDroppedByHost) == ArbiterDecision(), "nothing to drop")

    press(&arbiter, y: 100)
    #expect(arbiter.handle(.dragMoved(x: 200, y: 130, time: 100, metrics: .list(at: 0))).pull != nil)
  }

  @Test func droppedTouchpadPull_restOfTheScrollIsConsumed_untilTheFingersLift() {
    var arbiter = DragArbiter()
    let metrics = ScrollMetrics.list(at: 0)
    let began = arbiter.handle(
      .scrolled(deltaY: -30, source: .touchpad, time: 0, metrics: metrics))
    #expect(began.pull != nil)
    #expect(arbiter.handle(.pullDroppedByHost).pull == .cancelled)
    let rest = [-40.0, 200, 300].enumerated().map { step, delta in
      arbiter.handle(
        .scrolled(deltaY: delta, source: .touchpad, time: Double(10 * step), metrics: metrics))
    }
    #expect(rest.allSatisfy { $0.scroll == .consume && $0.pull == nil && $0.newValue == nil })
    #expect(arbiter.handle(.touchpadScrollEnded(velocityY: -800, metrics: metrics)).pull == nil)
    let next = arbiter.handle(
      .scrolled(deltaY: -30, source: .touchpad, time: 90, metrics: metrics))
    #expect(next.pull != nil, "after the lift, a new touchpad pull begins")
  }

  @Test func droppedTouchpadPull_aWheelDeltaEndsTheDropAndScrolls() {
    var arbiter = DragArbiter()
    let metrics = ScrollMetrics.list(at: 300)
    _ = arbiter.handle(
      .scrolled(deltaY: -30, source: .touchpad, time: 0, metrics: .list(at: 0)))
    _ = arbiter.handle(.pullDroppedByHost)
    let wheel = arbiter.handle(
      .scrolled(deltaY: 50, source: .wheel, time: 10, metrics: metrics))
    #expect(wheel.scroll != .consume, "the wheel goes to GTK")
  }
}
