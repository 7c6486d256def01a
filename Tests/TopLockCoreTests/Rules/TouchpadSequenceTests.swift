import Testing
@_spi(Engine) import TopLockCore

/// Rule R13a: a touchpad pull lives exactly as long as its scroll sequence. Its events reach the core
/// from the window (`windowScrolled`) wherever the pointer is once the pull began; the stop ends it with
/// GTK's lift velocity; a press cancels it; a wheel step, another device or a quiet second settles it;
/// and the rest of an ended sequence moves nothing. Deltas in px of value (GTK's touchpad units x 2.5),
/// times in ms; the list is at its top.
struct TouchpadSequenceTests {
  static let touchpad = ScrollDevice(1)
  static let otherTouchpad = ScrollDevice(2)

  /// The arbiter, fed as the GTK layer feeds it.
  struct Session {
    var arbiter = DragArbiter()
    var value = 0.0

    var metrics: ScrollMetrics { .list(at: value) }

    /// A delta that reached the scrolled window's scroll guard (the pointer over the list).
    mutating func guarded(
      _ deltaY: Double, time: Double, source: ScrollSource = .touchpad, device: ScrollDevice = touchpad
    ) -> ArbiterDecision {
      apply(
        arbiter.handle(
          .scrolled(
            deltaY: deltaY, source: source, time: time, metrics: metrics, device: device)))
    }

    /// A scroll event the window's root saw first, wherever the pointer is.
    mutating func windowSaw(
      _ deltaY: Double, time: Double, source: ScrollSource = .touchpad, device: ScrollDevice = touchpad,
      isStop: Bool = false
    ) -> ArbiterDecision {
      let event = WindowScrollEvent(
        deltaY: deltaY, source: source, time: time, device: device, isStop: isStop, metrics: metrics,
        hosts: .top(offset: arbiter.pullTranslation))
      return apply(arbiter.handle(.windowScrolled(event)))
    }

    mutating func stop(time: Double, device: ScrollDevice = touchpad) -> ArbiterDecision {
      windowSaw(0, time: time, device: device, isStop: true)
    }

    mutating func quiet(_ elapsed: Double) -> ArbiterDecision {
      apply(arbiter.handle(.touchpadQuiet(elapsed: elapsed)))
    }

    mutating func apply(_ decision: ArbiterDecision) -> ArbiterDecision {
      value = decision.newValue ?? value
      return decision
    }

    /// Begins a pull with one guarded delta of -12.5 px at `time`, then routes `count` more, 16 ms apart.
    mutating func pull(routed count: Int, from time: Double = 1_000) -> [ArbiterDecision] {
      var decisions = [guarded(-12.5, time: time)]
      for step in 0..<count {
        decisions.append(windowSaw(-12.5, time: time + Double(step + 1) * 16))
      }
      return decisions
    }
  }

  @Test func R13a_pullWhoseListLeftThePointer_followsEveryRoutedDeltaAndEndsAtTheStop() {
    var session = Session()
    let first = session.guarded(-12.5, time: 1_000)
    let watchesFromTheFirst = session.arbiter.watchesTouchpadQuiet
    let decisions = [first] + (0..<19).map { session.windowSaw(-12.5, time: 1_000 + Double($0 + 1) * 16) }
    let stop = session.stop(time: 1_000 + 19 * 16 + 10)
    #expect(decisions.first?.pull == .began(PullSample(translation: 12.5, velocity: 0)))
    #expect(watchesFromTheFirst)
    let translations = decisions.dropFirst().map { $0.pull?.sample?.translation }
    #expect(translations == (2...20).map { Double($0) * 12.5 })
    #expect(decisions.allSatisfy { $0.scroll == .consume && $0.newValue == nil })
    // GTK's formula over the events within 150 ms of the stop: nine deltas (176 to 304 ms after the
    // first) and the stop (314 ms), which span 138 ms: -9 x 12.5 px / 0.138 s of value.
    let gtkLiftVelocity = -9 * 12.5 / 0.138
    #expect(isClose(stop.pull?.endedVelocity, to: -gtkLiftVelocity))
    #expect(stop.scroll == .propagate)
    #expect(!session.arbiter.watchesTouchpadQuiet)
    #expect(session.arbiter.owner == .none)
    #expect(session.arbiter.pullTranslation == 0)
    #expect(session.value == 0)
  }

  @Test func R13a_windowScrollEventsWithoutAPull_goOnUntouched() {
    var session = Session()
    #expect(session.windowSaw(-12.5, time: 1_000) == ArbiterDecision())
    #expect(session.windowSaw(-1, time: 1_010, source: .wheel) == ArbiterDecision())
    #expect(session.stop(time: 1_020) == ArbiterDecision())
  }

  @Test func R13a_eventsWithoutATime_stayOutOfEveryVelocity() {
    var withTimeless = Session()
    var without = Session()
    _ = withTimeless.pull(routed: 4)
    _ = without.pull(routed: 4)
    let timeless = withTimeless.windowSaw(-12.5, time: 0)
    let next = withTimeless.windowSaw(-12.5, time: 1_080)
    let reference = without.windowSaw(-12.5, time: 1_080)
    #expect(timeless.pull?.sample?.translation == 75)
    #expect(next.pull?.sample?.translation == 87.5)
    // The timeless delta counts for the translation only: from there on the velocity follows the timed
    // events, as if it had come with the next one.
    let velocityBefore = 12.5 / 0.016
    #expect(isClose(timeless.pull?.sample?.velocity, to: velocityBefore))
    #expect((next.pull?.sample?.velocity ?? 0) > (reference.pull?.sample?.velocity ?? 0))
    let lift = withTimeless.stop(time: 1_090)
    let referenceLift = without.stop(time: 1_090)
    #expect(referenceLift.pull?.endedVelocity == 6 * 12.5 / 0.09)
    #expect(isClose(lift.pull?.endedVelocity, to: 6 * 12.5 / 0.09))
  }

  @Test func R13a_stopWithoutATime_endsThePullWithTheVelocityOfTheTimedEvents() {
    var session = Session()
    _ = session.pull(routed: 4)
    let stop = session.stop(time: 0)
    #expect(isClose(stop.pull?.endedVelocity, to: 5 * 12.5 / 0.064))
  }

  @Test func R13a_quietForASecond_settlesThePullWhereItIs() {
    var session = Session()
    _ = session.pull(routed: 3)
    let nineTenths = (1...9).map { _ in session.quiet(100) }
    let second = session.quiet(100)
    #expect(nineTenths.allSatisfy { $0 == ArbiterDecision() })
    #expect(second.pull == .ended(velocity: 0))
    #expect(session.arbiter.watchesTouchpadQuiet)
    #expect(session.arbiter.owner == .none)
  }

  @Test func R13a_pauseOfHalfASecondMidPull_keepsIt() {
    var session = Session()
    _ = session.pull(routed: 3)
    let pause = (1...5).map { _ in session.quiet(100) }
    let after = session.windowSaw(-12.5, time: 1_548)
    let furtherPause = (1...9).map { _ in session.quiet(100) }
    let stop = session.stop(time: 2_460)
    #expect(pause.allSatisfy { $0 == ArbiterDecision() })
    #expect(after.pull?.sample?.translation == 62.5)
    #expect(furtherPause.allSatisfy { $0 == ArbiterDecision() })
    #expect(stop.pull?.endedVelocity != nil)
  }

  @Test func R13a_pressDuringAPull_cancelsIt_andTheRestOfTheSequenceMovesNothing() {
    var session = Session()
    _ = session.pull(routed: 3)
    let press = session.apply(session.arbiter.handle(.windowPressed))
    let rest = (1...5).map { session.windowSaw(-12.5, time: 1_100 + Double($0) * 16) }
    let stop = session.stop(time: 1_200)
    #expect(press.pull == .cancelled)
    #expect(rest.allSatisfy { $0.scroll == .consume && $0.pull == nil && $0.newValue == nil })
    #expect(stop.scroll == .propagate && stop.pull == nil && !session.arbiter.watchesTouchpadQuiet)
    #expect(session.value == 0)
    #expect(session.guarded(-12.5, time: 2_000).pull == .began(PullSample(translation: 12.5, velocity: 0)))
  }

  @Test func R13a_wheelStepDuringAPull_settlesIt_andItsOwnStepIsAWheelStep() {
    var session = Session()
    _ = session.pull(routed: 3)
    let wheelSeenByTheWindow = session.windowSaw(-1, time: 1_100, source: .wheel)
    let wheelAtTheList = session.guarded(-57, time: 1_100, source: .wheel)
    let touchpadRest = session.windowSaw(-12.5, time: 1_116)
    #expect(wheelSeenByTheWindow.pull == .ended(velocity: 0))
    #expect(wheelSeenByTheWindow.scroll == .propagate)
    #expect(wheelAtTheList.pull == nil)
    #expect(wheelAtTheList.scroll == .consume)
    #expect(touchpadRest.scroll == .consume)
    #expect(touchpadRest.pull == nil)
    #expect(session.value == 0)
  }

  @Test func R13a_deltaFromAnotherDevice_settlesThePull() {
    var session = Session()
    _ = session.pull(routed: 3)
    let other = session.windowSaw(-12.5, time: 1_100, device: Self.otherTouchpad)
    let sameAtTheGuard = session.guarded(-12.5, time: 1_116)
    #expect(other.pull == .ended(velocity: 0))
    #expect(other.scroll == .propagate)
    #expect(sameAtTheGuard.scroll == .consume)
    #expect(sameAtTheGuard.pull == nil)
  }

  @Test func R13a_anotherDeviceAtTheScrollGuardDuringAPull_settlesItAndMovesNothing() {
    var session = Session()
    _ = session.pull(routed: 1)
    let other = session.guarded(-12.5, time: 1_100, device: Self.otherTouchpad)
    #expect(other.pull == .ended(velocity: 0))
    #expect(other.scroll == .consume)
    #expect(other.newValue == nil)
  }

  @Test func R13a_restOfAnEndedSequence_neitherPullsNorScrollsPastTheTop() {
    var session = Session()
    session.value = 30
    let began = session.guarded(-50, time: 1_000)
    _ = (1...10).map { _ in session.quiet(100) }
    let downAtTheTop = (1...4).map { session.windowSaw(-12.5, time: 2_200 + Double($0) * 16) }
    let upIntoTheList = session.windowSaw(40, time: 2_300)
    let atTheGuard = session.guarded(-12.5, time: 2_316)
    #expect(began.newValue == 0)
    #expect(began.pull?.sample?.translation == 20)
    #expect(downAtTheTop.allSatisfy { $0.scroll == .consume && $0.pull == nil && $0.newValue == nil })
    #expect(upIntoTheList.scroll == .consume && upIntoTheList.newValue == nil)
    #expect(atTheGuard.scroll == .consume && atTheGuard.pull == nil && atTheGuard.newValue == nil)
    _ = session.stop(time: 2_400)
    #expect(!session.arbiter.watchesTouchpadQuiet)
    #expect(session.guarded(-12.5, time: 3_000).pull != nil)
  }

  @Test func R13a_spentSequenceThatNeverStops_isOverAfterAQuietSecond() {
    var session = Session()
    _ = session.pull(routed: 2)
    _ = session.apply(session.arbiter.handle(.windowPressed))
    let stillSpent = (1...9).map { _ in session.quiet(100) }
    let over = session.quiet(100)
    #expect(stillSpent.allSatisfy { $0 == ArbiterDecision() })
    #expect(over == ArbiterDecision() && !session.arbiter.watchesTouchpadQuiet)
    #expect(session.guarded(-12.5, time: 3_000).pull == .began(PullSample(translation: 12.5, velocity: 0)))
  }

  @Test func R13a_widgetGoneDuringASpentSequence_followsItNoMore() {
    var session = Session()
    _ = session.pull(routed: 2)
    _ = session.apply(session.arbiter.handle(.windowPressed))
    _ = session.apply(session.arbiter.handle(.dragCancelled))
    #expect(!session.arbiter.watchesTouchpadQuiet)
    #expect(session.windowSaw(-12.5, time: 1_200) == ArbiterDecision())
  }
}
