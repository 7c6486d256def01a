import Testing
@_spi(Engine) import TopLockCore

/// Rules R2-R4 and R13: flings, wheels and touchpads at the edges. The list is 10,000 px long with a
/// 500 px page, so its bottom is at 9,500.
struct EdgeRuleTests {
  // MARK: - R2: a fling stops exactly at the top

  @Test func R2_gtkFlingReachingTopFromAbove_stopsKineticOnThatFrame() {
    var arbiter = DragArbiter()
    let stops = [300.0, 120, 40, 0].map { arbiter.handle(.valueChanged(.list(at: $0))).stopsKinetic }
    #expect(stops == [false, false, false, true])
  }

  @Test func R2_gtkFlingAfterDragDownMidContent_stopsExactlyAtLower() {
    var scroller = SimulatedScroller(value: 150)
    scroller.perform(.press(y: 100))
    for y in stride(from: 120.0, through: 200, by: 20) {
      scroller.perform(.move(y: y))
    }
    scroller.perform(.release)
    let flingVelocity = scroller.gtkFling?.velocity ?? 0
    let frames = scroller.finishFlings()
    #expect(flingVelocity < 0)
    #expect(frames.last?.stopsKinetic == true)
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [true, false])
  func R2_flingAfterGTKDragThatStartedAtTop_stopsAtLower(reportsValueChangesDuringDrags: Bool) {
    var scroller = SimulatedScroller(reportsValueChangesDuringDrags: reportsValueChangesDuringDrags)
    scroller.perform(.press(y: 100))
    scroller.perform(.move(y: 60))
    scroller.perform(.move(y: 20))
    scroller.perform(.move(y: 70), after: 200)
    scroller.perform(.move(y: 95))
    scroller.perform(.release)
    let frames = scroller.finishFlings()
    #expect(frames.last?.stopsKinetic == true)
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R2_dragGTKScrollsExactlyToTheTop_isClaimedSoNoFlingStartsThere() {
    var scroller = SimulatedScroller(value: 50)
    scroller.perform(.press(y: 100))
    scroller.perform(.move(y: 130))
    let reachingTop = scroller.perform(.move(y: 150))
    scroller.perform(.release)
    scroller.finishFlings()
    #expect(reachingTop.gesture == .claim)
    #expect(reachingTop.newValue == 0)
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R2_coreFlingTowardTop_stopsExactlyAtLower() {
    var scroller = SimulatedScroller()
    scroller.perform(.press(y: 300))
    scroller.perform(.move(y: 350))
    scroller.perform(.move(y: 200), after: 200)
    scroller.perform(.move(y: 230), after: 200)
    scroller.perform(.move(y: 260))
    let release = scroller.perform(.release)
    let frames = scroller.finishFlings()
    #expect(release.fling == .start(KineticDecay(startPosition: 40, startVelocity: -1_500)))
    #expect(frames.last?.newValue == 0)
    #expect(frames.last?.fling == .stop)
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  // MARK: - R3: wheel and touchpad at the top

  @Test func R3_wheelUpAtTop_isConsumedAndLeavesTheValue() {
    var scroller = SimulatedScroller()
    let decision = scroller.perform(.scroll(deltaY: -120, source: .wheel))
    #expect(decision.scroll == .consume)
    #expect(decision.newValue == nil)
    #expect(decision.pull == nil)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R3_touchpadUpAtTop_isConsumed() {
    var scroller = SimulatedScroller()
    let decision = scroller.perform(.scroll(deltaY: -40, source: .touchpad))
    #expect(decision.scroll == .consume)
    #expect(decision.newValue == nil)
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [ScrollSource.wheel, .touchpad])
  func R3_scrollUpNearTop_stopsExactlyAtLower(source: ScrollSource) {
    var scroller = SimulatedScroller(value: 130, lower: 100, options: .with(touchpadPull: false))
    let decision = scroller.perform(.scroll(deltaY: -50, source: source))
    #expect(decision.scroll == .consume)
    #expect(decision.newValue == 100)
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [ScrollSource.wheel, .touchpad])
  func R3_stopDelta_isNeverConsumed(source: ScrollSource) {
    var scroller = SimulatedScroller()
    let atTop = scroller.perform(.scroll(deltaY: 0, source: source))
    scroller.perform(.scroll(deltaY: -20, source: .touchpad))
    let duringPull = scroller.perform(.scroll(deltaY: 0, source: source))
    #expect(atTop == ArbiterDecision())
    #expect(duringPull == ArbiterDecision())
    #expect(scroller.violations.isEmpty)
  }

  @Test func R3_scrollWithinContentOrAwayFromTop_goesToGTK() {
    var scroller = SimulatedScroller(value: 300)
    let upInside = scroller.perform(.scroll(deltaY: -50, source: .wheel))
    scroller.perform(.setValue(0))
    let downAtTop = scroller.perform(.scroll(deltaY: 50, source: .touchpad))
    #expect(upInside == ArbiterDecision())
    #expect(downAtTop == ArbiterDecision())
    #expect(scroller.value == 50)
    #expect(scroller.violations.isEmpty)
  }

  // MARK: - R4: the bottom edge, stock or clamped

  @Test func R4_stockBottom_wheelPastBottomGoesToGTK() {
    var scroller = SimulatedScroller(value: 9_500)
    #expect(scroller.perform(.scroll(deltaY: 100, source: .wheel)) == ArbiterDecision())
  }

  @Test func R4_stockBottom_dragUpAtBottomIsLeftToGTK() {
    var scroller = SimulatedScroller(value: 9_500)
    scroller.perform(.press(y: 500))
    #expect(scroller.perform(.move(y: 480)) == ArbiterDecision())
    #expect(scroller.violations.isEmpty)
  }

  @Test func R4_stockBottom_gtkFlingReachingBottomKeepsItsSpring() {
    var arbiter = DragArbiter()
    let stops = [9_400.0, 9_500].map { arbiter.handle(.valueChanged(.list(at: $0))).stopsKinetic }
    #expect(stops == [false, false])
  }

  @Test func bottomClamp_dragUpAtBottom_isClaimedAndTheValueStaysAtMax() {
    var scroller = SimulatedScroller(value: 9_500, options: .with(bottom: .clamp))
    scroller.perform(.press(y: 500))
    let first = scroller.perform(.move(y: 480))
    let further = scroller.perform(.move(y: 300))
    #expect(first.gesture == .claim)
    #expect(first.newValue == nil)
    #expect(further.newValue == nil)
    #expect(scroller.value == 9_500)
    #expect(scroller.violations.isEmpty)
  }

  @Test func bottomClamp_gtkDragReachingBottom_isClaimedAtMax() {
    var scroller = SimulatedScroller(value: 9_470, options: .with(bottom: .clamp))
    scroller.perform(.press(y: 500))
    let scrolled = scroller.perform(.move(y: 480))
    let crossing = scroller.perform(.move(y: 400))
    #expect(scrolled == ArbiterDecision())
    #expect(crossing.gesture == .claim)
    #expect(crossing.newValue == 9_500)
    #expect(scroller.violations.isEmpty)
  }

  @Test func bottomClamp_wheelPastBottom_stopsAtMax() {
    var scroller = SimulatedScroller(value: 9_450, options: .with(bottom: .clamp))
    let decision = scroller.perform(.scroll(deltaY: 100, source: .wheel))
    #expect(decision.scroll == .consume)
    #expect(decision.newValue == 9_500)
  }

  @Test func bottomClamp_gtkFlingReachingBottom_stopsKinetic() {
    var arbiter = DragArbiter(options: .with(bottom: .clamp))
    let stops = [9_400.0, 9_500].map { arbiter.handle(.valueChanged(.list(at: $0))).stopsKinetic }
    #expect(stops == [false, true])
  }

  // MARK: - R13: touchpad pulls; the wheel never pulls

  @Test func R13_touchpadPullAtTop_beginsChangesAndEndsWithTheLiftVelocity() {
    var scroller = SimulatedScroller()
    let began = scroller.perform(.scroll(deltaY: -10, source: .touchpad))
    let changed = scroller.perform(.scroll(deltaY: -15, source: .touchpad))
    let hostOffsetBeforeLift = scroller.hostOffset
    let lift = scroller.perform(.liftTouchpad(velocityY: -800))
    #expect(began.scroll == .consume)
    #expect(began.newValue == nil)
    #expect(began.pull == .began(PullSample(translation: 10, velocity: 0)))
    #expect(changed.scroll == .consume)
    #expect(changed.pull?.sample?.translation == 25)
    #expect(hostOffsetBeforeLift == 25)
    #expect(lift.pull == .ended(velocity: 800))
    #expect(lift.fling == nil)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R13_touchpadPullNearTop_contentTakesItsShareFirst() {
    var scroller = SimulatedScroller(value: 10)
    let decision = scroller.perform(.scroll(deltaY: -30, source: .touchpad))
    #expect(decision.newValue == 0)
    #expect(decision.pull?.sample?.translation == 20)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R13_touchpadPullPushedBack_flingsTheContentOnLift() {
    var scroller = SimulatedScroller()
    scroller.perform(.scroll(deltaY: -40, source: .touchpad))
    let pushBack = scroller.perform(.scroll(deltaY: 100, source: .touchpad))
    let lift = scroller.perform(.liftTouchpad(velocityY: 900))
    #expect(pushBack.pull?.sample?.translation == 0)
    #expect(pushBack.newValue == 60)
    #expect(lift.pull == .ended(velocity: 0))
    #expect(lift.fling == .start(KineticDecay(startPosition: 60, startVelocity: 900)))
    scroller.finishFlings()
    #expect(scroller.violations.isEmpty)
  }

  @Test func R13_touchpadDownOnDisplacedHost_returnsTheHostFirst() {
    var scroller = SimulatedScroller(hostOffset: 100)
    let decision = scroller.perform(.scroll(deltaY: 30, source: .touchpad))
    #expect(decision.scroll == .consume)
    #expect(decision.newValue == nil)
    #expect(decision.pull?.sample?.translation == -30)
    #expect(scroller.hostOffset == 70)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R13_wheelNeverPullsTheHost() {
    var scroller = SimulatedScroller()
    let upAtTop = scroller.perform(.scroll(deltaY: -100, source: .wheel))
    scroller.perform(.settleHost(offset: 50))
    let downOnDisplacedHost = scroller.perform(.scroll(deltaY: 100, source: .wheel))
    #expect(upAtTop.pull == nil)
    #expect(downOnDisplacedHost == ArbiterDecision())
    #expect(scroller.hostOffset == 50)
    #expect(scroller.violations.isEmpty)
  }

  @Test func R13_touchpadPullDisabled_isJustConsumed() {
    var scroller = SimulatedScroller(options: .with(touchpadPull: false))
    let atTop = scroller.perform(.scroll(deltaY: -40, source: .touchpad))
    #expect(atTop.scroll == .consume)
    #expect(atTop.pull == nil)
    #expect(atTop.newValue == nil)
    #expect(scroller.violations.isEmpty)
  }
}
