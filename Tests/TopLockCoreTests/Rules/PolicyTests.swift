import Testing
@_spi(Engine) import TopLockCore

/// The top edge policies other than the default: `clamp` (no overshoot, no hand-off) and `stock` (GTK's
/// own behaviour); and options changed in the middle of a drag.
struct PolicyTests {
  @Test func clampPolicy_pullDownAtTop_claimsWithoutPullEventsAndKeepsTheValue() {
    var scroller = SimulatedScroller(options: .with(top: .clamp))
    scroller.perform(.press(y: 100))
    var decisions = [120.0, 200, 400].map { scroller.perform(.move(y: $0)) }
    decisions.append(scroller.perform(.release))
    decisions += scroller.finishFlings()
    #expect(decisions.first?.gesture == .claim)
    #expect(decisions.allSatisfy { $0.pull == nil })
    #expect(decisions.allSatisfy { $0.newValue == nil })
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test func clampPolicy_gtkDragCrossingTop_stopsAtLowerWithoutPull() {
    var scroller = SimulatedScroller(value: 30, options: .with(top: .clamp))
    scroller.perform(.press(y: 100))
    scroller.perform(.move(y: 110))
    let crossing = scroller.perform(.move(y: 140))
    let beyond = scroller.perform(.move(y: 300))
    #expect(crossing.gesture == .claim)
    #expect(crossing.newValue == 0)
    #expect(crossing.pull == nil)
    #expect(beyond == ArbiterDecision())
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [0.0, 10])
  func clampPolicy_touchpadUpAtOrNearTop_isConsumedWithoutPull(value: Double) {
    var scroller = SimulatedScroller(value: value, options: .with(top: .clamp))
    let decision = scroller.perform(.scroll(deltaY: -40, source: .touchpad))
    #expect(decision.scroll == .consume)
    #expect(decision.pull == nil)
    #expect(scroller.value == 0)
    #expect(scroller.violations.isEmpty)
  }

  @Test func stockPolicy_bothEdgesStock_deniesEveryPress() {
    var scroller = SimulatedScroller(options: .with(top: .stock))
    let press = scroller.perform(.press(y: 100))
    let pull = scroller.perform(.move(y: 300))
    #expect(press.gesture == .deny)
    #expect(pull == ArbiterDecision())
    #expect(scroller.violations.isEmpty)
  }

  @Test func stockPolicy_clampedBottom_pullDownAtTopIsLeftToGTK() {
    var scroller = SimulatedScroller(options: .with(top: .stock, bottom: .clamp))
    let press = scroller.perform(.press(y: 100))
    let pull = scroller.perform(.move(y: 300))
    #expect(press == ArbiterDecision())
    #expect(pull == ArbiterDecision())
    #expect(scroller.violations.isEmpty)
  }

  @Test(arguments: [ScrollSource.wheel, .touchpad])
  func stockPolicy_scrollUpAtTop_goesToGTK(source: ScrollSource) {
    var scroller = SimulatedScroller(options: .with(top: .stock))
    #expect(scroller.perform(.scroll(deltaY: -40, source: source)) == ArbiterDecision())
  }

  @Test func stockPolicy_gtkFlingReachingTop_isNotStopped() {
    var arbiter = DragArbiter(options: .with(top: .stock))
    let stops = [40.0, 0].map { arbiter.handle(.valueChanged(.list(at: $0))).stopsKinetic }
    #expect(stops == [false, false])
  }

  @Test func options_changedMidDrag_applyFromTheNextMotion() {
    var scroller = SimulatedScroller(value: 30, options: .with(top: .stock, bottom: .clamp))
    scroller.perform(.press(y: 100))
    let underStock = scroller.perform(.move(y: 120))
    scroller.perform(.setOptions(TopLockOptions()))
    let underLock = scroller.perform(.move(y: 200))
    #expect(underStock == ArbiterDecision())
    #expect(underLock.gesture == .claim)
    #expect(underLock.newValue == 0)
    #expect(underLock.pull?.sample?.translation == 70)
    #expect(scroller.violations.isEmpty)
  }
}
