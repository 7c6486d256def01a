import Testing
@_spi(Engine) import TopLockCore
import TopLockRandom

@testable import TopLockCore

/// Rule B1, the bottom edge handed off: the top's rules mirrored. Worked by hand on a 10,000 px list seen
/// through a 500 px page (the bottom at 9,500), threshold 8 px, motions 10 ms apart; then, for every rule at
/// once, random sessions the reference model checks at the top, played upside down at the bottom.
struct BottomEdgeRuleTests {
  private static let bottom = 9_500.0

  /// The default options with the bottom handed off.
  private static var bottomHandOff: TopLockOptions {
    var options = TopLockOptions()
    options.bottomPolicy = .lockAndHandOff
    return options
  }

  private static func start(y: Double, at value: Double, bottomHostOffset: Double = 0) -> DragStart {
    DragStart(x: 200, y: y, time: 0, metrics: .list(at: value), hosts: .bottom(offset: bottomHostOffset))
  }

  @Test func B1_pushUpAtTheBottom_neverMovesTheContent_andTheBottomHostFollowsOneToOne() {
    var arbiter = DragArbiter(options: Self.bottomHandOff)
    _ = arbiter.handle(.dragBegan(Self.start(y: 300, at: Self.bottom)))
    let claim = arbiter.handle(.dragMoved(x: 200, y: 288, time: 10, metrics: .list(at: Self.bottom)))
    let further = arbiter.handle(.dragMoved(x: 200, y: 188, time: 20, metrics: .list(at: Self.bottom)))

    #expect(claim.gesture == .claim)
    #expect(claim.newValue == nil)
    #expect(claim.pull?.sample?.translation == 12)
    #expect(claim.hostEdge == .bottom)
    #expect(further.newValue == nil)
    #expect(further.pull?.sample?.translation == 112)
    #expect(further.hostEdge == .bottom)
    #expect(arbiter.owner == .host)
  }

  @Test func B1_theStockBottom_leavesThePushToGTK_andTheClampedBottomHandsNothingOff() {
    var stock = DragArbiter()
    _ = stock.handle(.dragBegan(Self.start(y: 300, at: Self.bottom)))
    let stockMove = stock.handle(.dragMoved(x: 200, y: 200, time: 10, metrics: .list(at: Self.bottom)))
    var clampOptions = TopLockOptions()
    clampOptions.bottomPolicy = .clamp
    var clamp = DragArbiter(options: clampOptions)
    _ = clamp.handle(.dragBegan(Self.start(y: 300, at: Self.bottom)))
    let clampMove = clamp.handle(.dragMoved(x: 200, y: 200, time: 10, metrics: .list(at: Self.bottom)))

    #expect(stockMove.gesture == .unchanged)
    #expect(stockMove.pull == nil)
    #expect(clampMove.gesture == .claim)
    #expect(clampMove.pull?.sample?.translation == 0, "the top's host hears a pull that moves nothing")
    #expect(clampMove.hostEdge == .top)
  }

  @Test func B1_scrollDownToTheBottomThenKeepPushing_losesNoPixel() {
    var arbiter = DragArbiter(options: Self.bottomHandOff)
    _ = arbiter.handle(.dragBegan(Self.start(y: 300, at: 9_400)))
    let gtkScrolls = arbiter.handle(.dragMoved(x: 200, y: 250, time: 10, metrics: .list(at: 9_400)))
    _ = arbiter.handle(.valueChanged(.list(at: 9_450)))
    // GTK would set 9,550: the 50 px past the bottom go to the bottom host.
    let handOff = arbiter.handle(.dragMoved(x: 200, y: 150, time: 20, metrics: .list(at: 9_450)))

    #expect(gtkScrolls == ArbiterDecision())
    #expect(handOff.gesture == .claim)
    #expect(handOff.newValue == Self.bottom)
    #expect(
      handOff.pull == .began(PullSample(translation: 50, velocity: handOff.pull?.sample?.velocity ?? 0)))
    #expect(handOff.hostEdge == .bottom)
  }

  @Test func B1_aDisplacedBottomHost_isReturnedFirst_thenTheContentScrollsUp() {
    var arbiter = DragArbiter(options: Self.bottomHandOff)
    _ = arbiter.handle(.dragBegan(Self.start(y: 300, at: Self.bottom, bottomHostOffset: 80)))
    let decision = arbiter.handle(.dragMoved(x: 200, y: 400, time: 10, metrics: .list(at: Self.bottom)))

    #expect(decision.gesture == .claim)
    #expect(decision.pull?.sample?.translation == -80)
    #expect(decision.newValue == 9_480)
    #expect(decision.hostEdge == .bottom)
  }

  @Test func B1_releaseWithTheBottomHostAway_handsItThePointersVelocityOutward() {
    var arbiter = DragArbiter(options: Self.bottomHandOff)
    _ = arbiter.handle(.dragBegan(Self.start(y: 300, at: Self.bottom)))
    for step in 1...5 {
      let y = 300 - 20 * Double(step)
      _ = arbiter.handle(.dragMoved(x: 200, y: y, time: 10 * Double(step), metrics: .list(at: Self.bottom)))
    }
    let release = arbiter.handle(.dragEnded(x: 200, y: 200, time: 50, metrics: .list(at: Self.bottom)))

    // 20 px up every 10 ms: 2,000 px/s upward, outward at the bottom.
    #expect(isClose(release.pull?.endedVelocity, to: 2_000, tolerance: 1e-6))
    #expect(release.hostEdge == .bottom)
    #expect(release.fling == nil)
  }

  @Test func B1_gtksFlingReachingTheBottom_stopsThere_andGivesTheBottomHostItsMomentum() {
    var arbiter = DragArbiter(options: Self.bottomHandOff)
    _ = arbiter.handle(.contentSizeChanged(.list(at: 9_000)))
    _ = arbiter.handle(.valueChanged(.list(at: 9_200), time: 1_000))
    _ = arbiter.handle(.valueChanged(.list(at: 9_400), time: 1_100))
    let arrival = arbiter.handle(.valueChanged(.list(at: Self.bottom), time: 1_150))

    #expect(arrival.stopsKinetic)
    // 200 px down every 100 ms toward the bottom: 2,000 px/s, negative toward the edge, as at the top.
    #expect(isClose(arrival.momentumToHost, to: -2_000, tolerance: 1e-6))
    #expect(arrival.hostEdge == .bottom)
  }

  @Test func B1_touchpadPushAtTheBottom_pullsTheBottomHost_andTheWheelNever() {
    var touchpad = DragArbiter(options: Self.bottomHandOff)
    let push = touchpad.handle(
      .scrolled(deltaY: 30, source: .touchpad, time: 10, metrics: .list(at: Self.bottom)))
    var wheel = DragArbiter(options: Self.bottomHandOff)
    let step = wheel.handle(
      .scrolled(deltaY: 30, source: .wheel, time: 10, metrics: .list(at: Self.bottom)))

    #expect(push.pull?.sample?.translation == 30)
    #expect(push.hostEdge == .bottom)
    #expect(push.scroll == .consume)
    #expect(push.newValue == nil)
    #expect(step.pull == nil)
    #expect(step.scroll == .consume, "the bottom is locked: GTK must not scroll past it")
  }

  // MARK: - Every rule, mirrored

  /// Random sessions (presses, moves, releases, cancels, wheel and touchpad scrolling, values set by the app,
  /// both flings, option changes, host settling; no resize, which grows the content at its end either way
  /// up) are
  /// checked against the reference model at the top; then every input the arbiter got is turned upside
  /// down and played to a second arbiter whose edge policies are swapped, and each of its decisions must
  /// be the first's upside down: the bottom host hears what the top host heard.
  @Test(arguments: SimulatedScroller.GTKVersion.allCases, Array(UInt64(1)...24))
  func B1_randomDragSessions_atTheBottom_areTheTopsUpsideDown(
    gtkVersion: SimulatedScroller.GTKVersion, seed: UInt64
  ) {
    var session = RandomSession(
      seed: seed, gtkVersion: gtkVersion, drawsMirrorableEventsOnly: true, keepsJournal: true)
    var mirrored = DragArbiter(options: UpsideDown.options(session.scroller.options))
    let failure = session.run(events: 2_500)
    #expect(failure == nil, "\(failure ?? "")")
    var handOffs = 0
    let journal = session.scroller.journal ?? []
    for (step, entry) in journal.enumerated() {
      let decision = mirrored.handle(UpsideDown.input(entry.input))
      if case .began = entry.decision.pull, entry.decision.hostEdge == .top { handOffs += 1 }
      guard UpsideDown.matches(decision, entry.decision, in: entry.input.metrics) else {
        let before = journal[max(0, step - 8)..<step].map { "\($0.input) -> \($0.decision)" }
        Issue.record(
          """
          seed \(seed), input \(step), \(entry.input): upside down \(decision), at the top \(entry.decision); \
          the inputs before it: \(before.joined(separator: "\n"))
          """)
        return
      }
    }
    #expect(handOffs > 0 || !session.scroller.options.handsOff(at: .top), "seed \(seed) handed nothing off")
  }
}

/// The world upside down: the content's value measured from the other edge, the pointer's y negated, the
/// two edges' policies and hosts swapped. Exact for the edges themselves, which the rules compare with `==`.
private enum UpsideDown {
  static func value(_ value: Double, in metrics: ScrollMetrics) -> Double {
    if value == metrics.lower { return metrics.maxValue }
    if value == metrics.maxValue { return metrics.lower }
    return metrics.lower + metrics.maxValue - value
  }

  static func metrics(_ metrics: ScrollMetrics) -> ScrollMetrics {
    var flipped = metrics
    flipped.value = value(metrics.value, in: metrics)
    return flipped
  }

  static func options(_ options: TopLockOptions) -> TopLockOptions {
    var flipped = options
    flipped.topPolicy =
      switch options.bottomPolicy {
      case .stock: .stock
      case .clamp: .clamp
      case .lockAndHandOff: .lockAndHandOff
      }
    flipped.bottomPolicy =
      switch options.topPolicy {
      case .stock: .stock
      case .clamp: .clamp
      case .lockAndHandOff: .lockAndHandOff
      }
    return flipped
  }

  static func input(_ input: ArbiterInput) -> ArbiterInput {
    switch input {
    case .dragBegan(var start):
      start.y = -start.y
      start.metrics = metrics(start.metrics)
      start.hosts = start.hosts.swapped
      return .dragBegan(start)
    case .dragMoved(let x, let y, let time, let scroll, let gtkDrag):
      return .dragMoved(x: x, y: -y, time: time, metrics: metrics(scroll), gtkDrag: gtkDrag.map(motion))
    case .dragEnded(let x, let y, let time, let scroll):
      return .dragEnded(x: x, y: -y, time: time, metrics: metrics(scroll))
    case .gtkDragBegan(let target, let isTrackedTouch, let scroll):
      return .gtkDragBegan(target: target, isTrackedTouch: isTrackedTouch, metrics: metrics(scroll))
    case .gtkDragMotion(let gtkDrag):
      return .gtkDragMotion(motion(gtkDrag))
    case .optionsChanged(let newOptions, let isMouseDragInFlight, let scroll):
      return .optionsChanged(
        options(newOptions), isMouseDragInFlight: isMouseDragInFlight, metrics: metrics(scroll))
    case .valueChanged(let scroll, let time):
      return .valueChanged(metrics(scroll), time: time)
    case .contentSizeChanged(let scroll):
      return .contentSizeChanged(metrics(scroll))
    case .flingFrame(let elapsed, let scroll):
      return .flingFrame(elapsed: elapsed, metrics: metrics(scroll))
    case .momentumFromHost(let velocity, let scroll):
      return .momentumFromHost(velocity: -velocity, metrics: metrics(scroll))
    case .scrolled(let deltaY, let source, let time, let scroll, let device, let hosts):
      return .scrolled(
        deltaY: -deltaY, source: source, time: time, metrics: metrics(scroll), device: device,
        hosts: hosts.swapped)
    case .windowScrolled(var event):
      event.deltaY = -event.deltaY
      event.metrics = metrics(event.metrics)
      event.hosts = event.hosts.swapped
      return .windowScrolled(event)
    case .touchpadScrollEnded(let velocityY, let scroll):
      return .touchpadScrollEnded(velocityY: -velocityY, metrics: metrics(scroll))
    case .dragCancelled, .handOffGestureTakenByGTK, .pullDroppedByHost, .gtkDragWillEnd, .windowPressed,
      .pressLanding, .hostPressed, .touchpadQuiet:
      return input
    }
  }

  /// Gives the top's host what the bottom's had, and the reverse.
  private static func motion(_ motion: GTKDragMotion) -> GTKDragMotion {
    var flipped = motion
    flipped.travelY = -motion.travelY
    flipped.metrics = metrics(motion.metrics)
    return flipped
  }

  /// Whether `actual`, a decision of the arbiter upside down, is `top` upside down, `top` being the
  /// decision on an input whose list was `metrics`: the same verdicts, pull and momentum (the host's
  /// numbers are outward at either edge) for the other edge's host, the new value and a fling's start
  /// turned over in that list, the fling's velocity the opposite. Numbers the two arbiters reach by
  /// different sums are compared up to rounding.
  static func matches(_ actual: ArbiterDecision, _ top: ArbiterDecision, in metrics: ScrollMetrics?) -> Bool {
    let hearsHost = top.pull != nil || top.momentumToHost != nil
    // A value set where it already is sets nothing: the two may differ there by rounding alone.
    let expectedValue = metrics.map { value(top.newValue ?? $0.value, in: $0) }
    let actualValue = metrics.map { actual.newValue ?? value($0.value, in: $0) }
    return verdicts(of: actual) == verdicts(of: top)
      && (!hearsHost || actual.hostEdge == top.hostEdge.opposite)
      && sameNumber(actualValue, expectedValue) && sameNumber(actual.momentumToHost, top.momentumToHost)
      && samePull(actual.pull, top.pull) && sameFling(actual.fling, top.fling, in: metrics)
  }

  /// `decision` without its numbers and its host's edge: what must be equal exactly.
  private static func verdicts(of decision: ArbiterDecision) -> ArbiterDecision {
    var verdicts = decision
    verdicts.newValue = nil
    verdicts.fling = nil
    verdicts.pull = nil
    verdicts.momentumToHost = nil
    verdicts.hostEdge = .top
    return verdicts
  }

  private static func sameNumber(_ lhs: Double?, _ rhs: Double?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): isClose(lhs, to: rhs)
    default: false
    }
  }

  private static func samePull(_ actual: PullEvent?, _ top: PullEvent?) -> Bool {
    switch (actual, top) {
    case (.began(let lhs), .began(let rhs)), (.changed(let lhs), .changed(let rhs)):
      sameNumber(lhs.translation, rhs.translation) && sameNumber(lhs.velocity, rhs.velocity)
    case (.ended(let lhs), .ended(let rhs)): sameNumber(lhs, rhs)
    default: actual == top
    }
  }

  private static func sameFling(_ actual: FlingCommand?, _ top: FlingCommand?, in metrics: ScrollMetrics?)
    -> Bool
  {
    guard case .start(let decay) = actual, case .start(let topDecay) = top, let metrics else {
      return actual == top
    }
    return sameNumber(decay.startPosition, value(topDecay.startPosition, in: metrics))
      && sameNumber(decay.startVelocity, -topDecay.startVelocity)
  }
}
