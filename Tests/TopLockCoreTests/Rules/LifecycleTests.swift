import Testing
@_spi(Engine) import TopLockCore

/// Rule R15 as the core sees it: drags and flings taken away or interrupted end cleanly, and inputs that
/// arrive out of turn do nothing.
struct LifecycleTests {
  @Test func R15_cancelMidPull_cancelsThePullAndTheHostReturns() {
    var scroller = SimulatedScroller(hostOffset: 30)
    scroller.perform(.press(y: 100))
    scroller.perform(.move(y: 150))
    let cancel = scroller.perform(.cancelDrag)
    #expect(cancel.pull == .cancelled)
    #expect(scroller.hostOffset == 30)
    #expect(scroller.arbiter.owner == .none)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R15_cancelBeforeThreshold_sendsNothing() {
    var scroller = SimulatedScroller()
    scroller.perform(.press(y: 100))
    scroller.perform(.move(y: 104))
    #expect(scroller.perform(.cancelDrag) == ArbiterDecision())
  }

  @Test func R15_pressDuringTouchpadPull_cancelsItAndCountsTheHostBackAtItsStart() {
    var scroller = SimulatedScroller()
    scroller.perform(.scroll(deltaY: -50, source: .touchpad))
    let press = scroller.perform(.press(y: 100))
    let dragUp = scroller.perform(.move(y: 70))
    #expect(press.pull == .cancelled)
    #expect(dragUp == ArbiterDecision())
    #expect(scroller.value == 30)
    #expect(scroller.hostOffset == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [SimulatedEvent.press(y: 100), .scroll(deltaY: 30, source: .wheel)])
  func R15_inputDuringCoreFling_stopsIt(input: SimulatedEvent) {
    var scroller = SimulatedScroller()
    scroller.perform(.press(y: 300))
    for y in [380.0, 250, 230, 210] {
      scroller.perform(.move(y: y))
    }
    scroller.perform(.release)
    scroller.perform(.tickFling)
    #expect(scroller.perform(input).fling == .stop)
    #expect(!scroller.isFlinging)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R15_flingFrameWithoutFling_stopsTicking() {
    var arbiter = DragArbiter()
    let decision = arbiter.handle(.flingFrame(elapsed: 0.1, metrics: .list(at: 200)))
    #expect(decision.fling == .stop)
    #expect(decision.newValue == nil)
  }

  @Test func R15_releaseCancelOrLiftWithoutDrag_doNothing() {
    var arbiter = DragArbiter()
    let inputs: [ArbiterInput] = [.dragEnded(x: 0, y: 100, time: 10, metrics: .list(at: 0)), .dragCancelled]
    #expect(inputs.allSatisfy { arbiter.handle($0) == ArbiterDecision() })
    // A touchpad lift moves nothing either; GTK may fling from it, so the next press on the list is awaited
    // (R1), the one thing that changes.
    #expect(arbiter.handle(.touchpadScrollEnded(velocityY: -500, metrics: .list(at: 0))) == ArbiterDecision())
    #expect(arbiter.awaitsPressLanding)
  }
}
