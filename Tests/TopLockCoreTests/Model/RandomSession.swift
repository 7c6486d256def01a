@_spi(Engine) import TopLockCore
import TopLockRandom

@testable import TopLockCore

/// A seeded random run of the reference model. Its events mix presses at, near and away from the top
/// (on content, scrollbars and outside), moves of every size and direction (reversals, pauses and moves to
/// the boundaries where the rules switch included), releases, cancels, wheel and touchpad deltas and
/// lifts, values set by the app, content resizes (shorter than the page included), frames of both flings,
/// option changes and host settling (during a press not yet decided too), and taps. It stops at the first
/// broken invariant.
struct RandomSession {
  /// The situations worth reaching, counted to show that the random runs do reach them.
  enum Situation: CaseIterable {
    case pullFromDrag
    case pullFromTouchpad
    case handOffAfterGTKScrolled
    case handBackToContent
    case coreFling
    case coreFlingStoppedAtTop
    case gtkFlingStoppedAtTop
    case pressOnShortContent
    /// A tap at the top after a drag whose group GTK lost left its swipe a velocity toward the top.
    case tapAtTopAfterGTKLostADrag
    /// The host moved the scrolled window under a press not yet decided.
    case hostMovedDuringPendingPress
    /// GTK's drag was denied after the host had moved the scrolled window under the press.
    case gtkDragDeniedAfterHostMoved
    /// The fingers left the touchpad, with no pull, on a locked top.
    case touchpadLiftAtLockedTop
    /// A touchpad pull followed a delta with the pointer off the list (R13a).
    case touchpadPullFollowedOffTheList
    /// A touchpad pull ended at a stop with the pointer off the list (R13a).
    case touchpadPullStoppedOffTheList
    /// A touchpad pull settled after a quiet second (R13a).
    case touchpadPullSettledWhenQuiet
    /// A delta of a touchpad sequence whose pull had ended moved nothing (R13a).
    case spentTouchpadDeltaSwallowed
  }

  let seed: UInt64
  private var random: SplitMix64
  private(set) var scroller: SimulatedScroller
  private(set) var coverage: [Situation: Int] = [:]
  private var isTouchpadScrolling = false
  /// The last nonzero delta of the touchpad scroll in progress: GTK's lift velocity follows it, and is 0
  /// when the fingers never moved.
  private var lastTouchpadDelta = 0.0
  /// Events of a scripted gesture, played before any random one.
  private var script: [(SimulatedEvent, Double)] = []
  /// Set by a value set at the top: a press often follows, as the top is where the rules switch.
  private var pressesSoon = false
  private var recentEvents: [(event: SimulatedEvent, milliseconds: Double)] = []
  /// Whether the session draws only events that have a counterpart upside down: no resize (content grows
  /// at its end either way up), a press instead; and only sizes, points, deltas and values on a grid of
  /// `mirrorGrid` px, whose sums and differences are exact, so that a move drawn to land on an edge lands on
  /// it either way up.
  private let drawsMirrorableEventsOnly: Bool
  /// The grid of a mirrorable session, px.
  private static let mirrorGrid = 1.0 / 256

  /// How many of the last events a failure report lists.
  private static let reportedEventCount = 12

  /// A run fixed by `seed`: content size, `lower`, options and whether value changes are reported during
  /// drags are drawn from it too.
  /// `feedsGTKDragMotionAlone`: `SimulatedScroller.feedsGTKDragMotionAlone`.
  /// `drawsMirrorableEventsOnly`: see the property. `keepsJournal`: whether the model keeps its `journal`.
  init(
    seed: UInt64, gtkVersion: SimulatedScroller.GTKVersion = .gtk4_8, feedsGTKDragMotionAlone: Bool = false,
    drawsMirrorableEventsOnly: Bool = false, keepsJournal: Bool = false
  ) {
    self.seed = seed
    self.drawsMirrorableEventsOnly = drawsMirrorableEventsOnly
    var random = SplitMix64(seed: seed)
    let grid = drawsMirrorableEventsOnly ? Self.mirrorGrid : 0
    let pageSize = Self.onGrid(Double.random(in: 200...900, using: &random), grid)
    let lower = Self.onGrid(random.chance(0.25) ? Double.random(in: -300...300, using: &random) : 0, grid)
    let contentLength = Self.onGrid(Self.contentLength(pageSize: pageSize, using: &random), grid)
    scroller = SimulatedScroller(
      value: lower, lower: lower, upper: lower + contentLength, pageSize: pageSize,
      options: Self.options(using: &random), reportsValueChangesDuringDrags: random.chance(0.5),
      gtkVersion: gtkVersion)
    scroller.feedsGTKDragMotionAlone = feedsGTKDragMotionAlone
    scroller.journal = keepsJournal ? [] : nil
    self.random = random
  }

  /// Runs `count` events beside `other`, a session of the same seed, and returns the first step after which
  /// the two models' values, host offsets or owners differ, `nil` when they never do.
  mutating func firstDivergence(from other: inout RandomSession, events count: Int) -> String? {
    for step in 0..<count {
      let (event, milliseconds) = nextEvent()
      let (otherEvent, otherMilliseconds) = other.nextEvent()
      guard "\(event)" == "\(otherEvent)", milliseconds == otherMilliseconds else {
        return "seed \(seed), step \(step): the sessions drew \(event) and \(otherEvent)"
      }
      scroller.perform(event, after: milliseconds)
      other.scroller.perform(event, after: milliseconds)
      let mine = (scroller.value, scroller.hostOffset, scroller.arbiter.owner)
      let theirs = (other.scroller.value, other.scroller.hostOffset, other.scroller.arbiter.owner)
      guard mine == theirs else {
        return "seed \(seed), step \(step), after \(event): \(mine) against \(theirs)"
      }
    }
    return nil
  }

  /// Runs `count` events and returns the first broken invariant, with the seed, the step, the state and the
  /// events before it; `nil` when every invariant held.
  mutating func run(events count: Int) -> String? {
    for step in 0..<count {
      let (event, milliseconds) = nextEvent()
      let before = scroller
      let decision = scroller.perform(event, after: milliseconds)
      record(event, milliseconds: milliseconds, decision: decision, before: before)
      if let violation = scroller.violations.first {
        return report(violation, step: step)
      }
    }
    return nil
  }

  private func report(_ violation: String, step: Int) -> String {
    let events = recentEvents.map { "  +\($0.milliseconds) ms \($0.event)" }.joined(separator: "\n")
    return """
      seed \(seed), GTK \(scroller.gtkVersion), step \(step): \(violation)
      state: value \(scroller.value) in \(scroller.lower) ... \(scroller.maxValue), host \(scroller.hostOffset), \
      phase \(scroller.arbiter.phase), options \(scroller.options)
      last events:
      \(events)
      """
  }

  private mutating func record(
    _ event: SimulatedEvent, milliseconds: Double, decision: ArbiterDecision, before: SimulatedScroller
  ) {
    recentEvents.append((event, milliseconds))
    if recentEvents.count > Self.reportedEventCount {
      recentEvents.removeFirst()
    }
    let situations = situations(event, decision, spentBefore: before.isTouchpadSequenceSpent)
    for situation in situations + gtkSituations(event, decision, before: before) {
      coverage[situation, default: 0] += 1
    }
  }

  /// The situations of GTK's own gestures and controllers, told from the model before and after `event`.
  private func gtkSituations(_ event: SimulatedEvent, _ decision: ArbiterDecision, before: SimulatedScroller)
    -> [Situation]
  {
    let atTop = scroller.value == scroller.lower
    let pendingDrag = before.drag.flatMap { $0.handler == .undecided && $0.gtkDrag == .waiting ? $0 : nil }
    switch event {
    case .release:
      let staleTowardTop = (before.staleSwipeVelocity ?? 0) > 0
      return pendingDrag != nil && staleTowardTop && atTop ? [.tapAtTopAfterGTKLostADrag] : []
    case .settleHost(let offset):
      return pendingDrag != nil && offset != before.hostOffset ? [.hostMovedDuringPendingPress] : []
    case .move:
      let hostMoved = before.drag.map { $0.gtkDrag != .stopped && $0.hostSettleTravel != 0 } ?? false
      let denied = scroller.drag?.gtkDrag == .stopped && decision.gesture != .claim
      return hostMoved && denied ? [.gtkDragDeniedAfterHostMoved] : []
    case .liftTouchpad(let velocityY):
      let locked = scroller.options.locksTop && velocityY != 0 && decision.pull == nil
      return locked && atTop ? [.touchpadLiftAtLockedTop] : []
    default:
      return []
    }
  }

  private func situations(_ event: SimulatedEvent, _ decision: ArbiterDecision, spentBefore: Bool)
    -> [Situation]
  {
    let pullBegan = if case .began = decision.pull { true } else { false }
    let contentMovedInPull = if case .changed = decision.pull { decision.newValue != nil } else { false }
    var situations: [Situation] = []
    switch event {
    case .move:
      if pullBegan { situations.append(.pullFromDrag) }
      if decision.gesture == .claim && decision.newValue == scroller.lower {
        situations.append(.handOffAfterGTKScrolled)
      }
      if contentMovedInPull { situations.append(.handBackToContent) }
    case .scroll:
      if pullBegan { situations.append(.pullFromTouchpad) }
      if spentBefore && decision.scroll == .consume { situations.append(.spentTouchpadDeltaSwallowed) }
    case .scrollElsewhere(_, .touchpad):
      if case .changed = decision.pull { situations.append(.touchpadPullFollowedOffTheList) }
      if spentBefore && decision.scroll == .consume { situations.append(.spentTouchpadDeltaSwallowed) }
    case .stopElsewhere:
      if case .ended = decision.pull { situations.append(.touchpadPullStoppedOffTheList) }
    case .touchpadQuietTick:
      if decision.pull == .ended(velocity: 0) { situations.append(.touchpadPullSettledWhenQuiet) }
    case .tickFling:
      if decision.fling == .stop && scroller.value == scroller.lower {
        situations.append(.coreFlingStoppedAtTop)
      }
    case .tickGTKFling:
      if decision.stopsKinetic { situations.append(.gtkFlingStoppedAtTop) }
    case .press:
      if scroller.maxValue == scroller.lower { situations.append(.pressOnShortContent) }
    default:
      break
    }
    if case .start = decision.fling { situations.append(.coreFling) }
    return situations
  }

  // MARK: - Events

  private mutating func nextEvent() -> (SimulatedEvent, Double) {
    let (event, milliseconds) = drawEvent()
    guard drawsMirrorableEventsOnly else { return (event, milliseconds) }
    let grid = Self.mirrorGrid
    return switch event {
    case .press(let x, let y, let target, let threshold):
      (
        .press(x: Self.onGrid(x, grid), y: Self.onGrid(y, grid), target: target, threshold: threshold),
        milliseconds
      )
    case .move(let x, let y):
      (.move(x: x.map { Self.onGrid($0, grid) }, y: Self.onGrid(y, grid)), milliseconds)
    case .setValue(let value): (.setValue(Self.onGrid(value, grid)), milliseconds)
    case .settleHost(let offset): (.settleHost(offset: Self.onGrid(offset, grid)), milliseconds)
    case .scroll(let deltaY, let source):
      (.scroll(deltaY: Self.onGrid(deltaY, grid), source: source), milliseconds)
    case .scrollElsewhere(let deltaY, let source):
      (.scrollElsewhere(deltaY: Self.onGrid(deltaY, grid), source: source), milliseconds)
    default: (event, milliseconds)
    }
  }

  /// `number` rounded to a multiple of `grid` px; `number` itself for a grid of 0.
  private static func onGrid(_ number: Double, _ grid: Double) -> Double {
    grid == 0 ? number : (number / grid).rounded() * grid
  }

  private mutating func drawEvent() -> (SimulatedEvent, Double) {
    if !script.isEmpty { return script.removeFirst() }
    if let drag = scroller.drag { return dragEvent(drag) }
    if isTouchpadScrolling { return touchpadEvent() }
    if pressesSoon {
      pressesSoon = false
      if random.chance(0.5) { return (press(), moveInterval()) }
    }
    if scroller.isFlinging && random.chance(0.6) { return (.tickFling, frameInterval()) }
    if scroller.gtkFling != nil && random.chance(0.6) { return (.tickGTKFling, frameInterval()) }
    let pause = Double.random(in: 10...200, using: &random)
    let pick = random.pick([24, 14, 6, 10, 5, 4, 5, 1, 1, 2])
    if drawsMirrorableEventsOnly && pick == 4 { return (press(), pause) }
    switch pick {
    case 0: return (press(), pause)
    case 1: return (.setValue(valueToSet()), pause)
    case 2: return (.scroll(deltaY: wheelDelta(), source: .wheel), pause)
    case 3:
      isTouchpadScrolling = true
      lastTouchpadDelta = 0
      return (.scroll(deltaY: touchpadDelta(), source: .touchpad), pause)
    case 4:
      let pageSize = Double.random(in: 200...900, using: &random)
      let upper = scroller.lower + Self.contentLength(pageSize: pageSize, using: &random)
      return (.resizeContent(upper: upper, pageSize: pageSize), pause)
    case 5: return (.setOptions(Self.options(using: &random)), pause)
    case 6: return (.settleHost(offset: hostRestOffset()), pause)
    case 7: return (.liftTouchpad(velocityY: 0), pause)
    case 8: return (.cancelDrag, pause)
    default: return (.touchpadQuietTick, Double.random(in: 100...1_200, using: &random))
    }
  }

  private mutating func dragEvent(_ drag: SimulatedScroller.Drag) -> (SimulatedEvent, Double) {
    let isPending = !drag.isPastThreshold && drag.handler == .undecided && drag.gtkDrag == .waiting
    if isPending && random.chance(0.03) {
      return (.settleHost(offset: hostOffsetDuringPress()), moveInterval())
    }
    switch random.pick([80, 9, 2, 1.5, 1.5]) {
    case 0: return dragMove(drag)
    case 1: return (.release, moveInterval())
    case 2: return (.cancelDrag, moveInterval())
    case 3: return (.setOptions(Self.options(using: &random)), moveInterval())
    default:
      if drawsMirrorableEventsOnly { return dragMove(drag) }
      let growth = Double.random(in: 0...2_000, using: &random)
      return (.resizeContent(upper: scroller.upper + growth, pageSize: scroller.pageSize), moveInterval())
    }
  }

  private mutating func touchpadEvent() -> (SimulatedEvent, Double) {
    let interval = moveInterval()
    switch random.pick([66, 14, 8, 4, 3, 3, 2]) {
    case 0:
      return (.scroll(deltaY: touchpadDelta(), source: .touchpad), interval)
    case 1:
      // Off the list: the host moved it from under the pointer (R13a).
      return (.scrollElsewhere(deltaY: touchpadDelta(), source: .touchpad), interval)
    case 2:
      isTouchpadScrolling = false
      let speed =
        lastTouchpadDelta == 0 || random.chance(0.15) ? 0 : Double.random(in: 1...3_000, using: &random)
      return (.liftTouchpad(velocityY: lastTouchpadDelta.sign == .minus ? -speed : speed), interval)
    case 3:
      isTouchpadScrolling = false
      return (.stopElsewhere, interval)
    case 4:
      // Fingers resting: the quiet timer ticks, now and then for long enough to end the pull.
      return (.touchpadQuietTick, Double.random(in: 100...1_200, using: &random))
    case 5:
      isTouchpadScrolling = false
      return (press(), interval)
    default:
      if random.chance(0.5) { return (.setOptions(Self.options(using: &random)), interval) }
      let wheel = wheelDelta()
      return (
        random.chance(0.5)
          ? .scroll(deltaY: wheel, source: .wheel) : .scrollElsewhere(deltaY: wheel, source: .wheel), interval
      )
    }
  }

  private mutating func press() -> SimulatedEvent {
    let target: PressTarget = [.content, .scrollbar, .outside][random.pick([18, 1, 1])]
    let x = Double.random(in: 0...400, using: &random)
    let y = Double.random(in: 0...1_000, using: &random)
    if target == .content && random.chance(0.15) {
      script = flickTowardTop(pressedAt: y)
    } else if target == .content && random.chance(0.1) {
      script = tap(pressedAt: y)
    }
    return .press(
      x: x, y: y, target: target, threshold: scroller.options.dragThreshold ?? Tuning.defaultDragThreshold)
  }

  /// A drag that scrolls the content up, holds, then flicks it back down to the top or a few px short of it
  /// and lets go at speed: the fling GTK starts there must stop exactly at the top.
  private mutating func flickTowardTop(pressedAt y: Double) -> [(SimulatedEvent, Double)] {
    let rise = Double.random(in: 20...400, using: &random)
    let topY = y + scroller.value - scroller.lower - Double.random(in: 0...5, using: &random)
    return [
      (.move(y: y - rise / 2), 10), (.move(y: y - rise), 10), (.move(y: y - rise), 200),
      (.move(y: (y - rise + topY) / 2), 8), (.move(y: topY), 8), (.release, 8),
    ]
  }

  /// A release before the drag threshold, after a motion within it or none.
  private mutating func tap(pressedAt y: Double) -> [(SimulatedEvent, Double)] {
    let wobble = random.signed(0...(scroller.options.dragThreshold ?? Tuning.defaultDragThreshold) / 2)
    let release = (SimulatedEvent.release, Double.random(in: 20...120, using: &random))
    return random.chance(0.5) ? [release] : [(.move(y: y + wobble), moveInterval()), release]
  }

  /// A move of any size and direction, or one to where a rule switches: the press point, the travel at
  /// which GTK would reach the top (exactly, or a few px short of it), the drag threshold.
  private mutating func dragMove(_ drag: SimulatedScroller.Drag) -> (SimulatedEvent, Double) {
    let interval = moveInterval()
    let previousY = drag.samples.dropLast().last?.y ?? drag.pressY
    switch random.pick([45, 10, 10, 8, 8, 8, 6, 5]) {
    case 0:
      return (.move(x: drag.x + random.signed(0...4), y: drag.y + random.signed(0.2...40)), interval)
    case 1:
      return (.move(y: drag.y + random.signed(100...1_500)), interval)
    case 2:
      let lastStep = drag.y != previousY ? drag.y - previousY : random.signed(1...30)
      return (.move(y: drag.y - lastStep * Double.random(in: 0.3...2, using: &random)), interval)
    case 3:
      return (.move(x: drag.x + random.signed(5...80), y: drag.y + random.signed(0...20)), interval)
    case 4:
      return (.move(x: drag.pressX, y: drag.pressY), interval)
    case 5:
      let shortOfTop = random.chance(0.5) ? 0 : Double.random(in: 0...5, using: &random)
      return (.move(y: drag.pressY + drag.valueAtPress - scroller.lower - shortOfTop), interval)
    case 6:
      let overshoot = random.chance(0.5) ? 0 : 0.01
      return (.move(y: drag.pressY + thresholdSide() * (drag.threshold + overshoot)), interval)
    default:
      return (.move(x: drag.pressX + thresholdSide() * drag.threshold, y: drag.pressY), interval)
    }
  }

  private mutating func thresholdSide() -> Double {
    Bool.random(using: &random) ? 1 : -1
  }

  /// Values the app sets: at the top, within its half-pixel tolerance, near it, anywhere, at the bottom.
  private mutating func valueToSet() -> Double {
    let lower = scroller.lower
    switch random.pick([30, 15, 20, 25, 10]) {
    case 0:
      pressesSoon = true
      return lower
    case 1: return lower + Double.random(in: 0...0.5, using: &random)
    case 2: return lower + Double.random(in: 0.5...40, using: &random)
    case 3: return Double.random(in: lower...max(lower, scroller.maxValue), using: &random)
    default: return scroller.maxValue
    }
  }

  private mutating func wheelDelta() -> Double {
    random.chance(0.05) ? 0 : random.signed(20...150) * Double(Int.random(in: 1...3, using: &random))
  }

  private mutating func touchpadDelta() -> Double {
    let delta =
      switch random.pick([5, 70, 20, 5]) {
      case 0: 0.0
      case 1: random.signed(0.1...25)
      case 2: random.signed(25...150)
      default: random.signed(150...600)
      }
    if delta != 0 {
      lastTouchpadDelta = delta
    }
    return delta
  }

  /// Where a settling host comes to rest: at rest, collapsed somewhere below, or where it is.
  private mutating func hostRestOffset() -> Double {
    switch random.pick([50, 30, 20]) {
    case 0: return 0
    case 1: return Double.random(in: 50...600, using: &random)
    default: return scroller.hostOffset
    }
  }

  /// Where the host moves the scrolled window during a press: back to rest (a sheet expanding, the list
  /// rising under the pointer), or some px either way.
  private mutating func hostOffsetDuringPress() -> Double {
    random.chance(0.4) ? 0 : max(0, scroller.hostOffset + random.signed(1...150))
  }

  /// The time between two motion events: mostly a few ms, sometimes the same timestamp, sometimes a pause.
  private mutating func moveInterval() -> Double {
    switch random.pick([2, 4, 94]) {
    case 0: return 0
    case 1: return Double.random(in: 150...400, using: &random)
    default: return Double.random(in: 6...25, using: &random)
    }
  }

  private mutating func frameInterval() -> Double {
    random.chance(0.05) ? 0 : Double.random(in: 8...34, using: &random)
  }

  private static func contentLength(pageSize: Double, using random: inout SplitMix64) -> Double {
    let pages =
      random.chance(0.15)
      ? Double.random(in: 0...1, using: &random) : Double.random(in: 1...30, using: &random)
    return pageSize * pages
  }

  private static func options(using random: inout SplitMix64) -> TopLockOptions {
    var options = TopLockOptions()
    options.topPolicy = [.lockAndHandOff, .clamp, .stock][random.pick([70, 15, 15])]
    options.bottomPolicy = random.chance(0.3) ? .clamp : .stock
    options.touchpadPullEnabled = random.chance(0.8)
    options.mouseDragEnabled = Bool.random(using: &random)
    options.dragThreshold = [nil, 0, 4, 8, 12.5][random.pick([50, 10, 10, 20, 10])]
    return options
  }
}
