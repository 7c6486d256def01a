import Foundation
@_spi(Engine) import TopLockCore

/// The reference model: the world around a `DragArbiter`, simulated on its own so that no expectation is
/// ever computed by the core. It keeps a clamped vertical adjustment (`value` in
/// `lower ... max(lower, upper - pageSize)`), plays GTK's own gestures and controllers (below), and moves
/// a host by the pull events it receives. Every input goes to the arbiter, each decision is applied as the
/// GTK layer applies it, and each broken invariant is appended to `violations`. GTK, as the model plays it:
///
/// - its drag gesture scrolls in the scrolled window's frame, which a host moves: from its threshold on,
///   `value = value at press - (pointer travel - the host's move since the press)`, until the core claims
///   the drag (GTK's drag is cancelled) or denies GTK's drag (it stops for the rest of the press); a denial
///   of the hand-off gesture leaves GTK's drag scrolling;
/// - its swipe flings on from a drag its drag scrolled; a drag whose group was taken away (claimed, or
///   GTK's drag denied) leaves the swipe that drag's last velocity, and a later tap whose release does not
///   deny GTK's drag flings with it;
/// - its scroll controller starts a touchpad fling at the lift exactly when its KINETIC flag is on: on
///   (GTK's default) until the core's `allowsTouchpadFling` says otherwise.
///
/// The invariants:
///
/// - no value the core sets is outside `lower ... maxValue`, and GTK never goes past a locked edge (a drag
///   it scrolls, a scroll delta it gets, a fling it runs into a locked edge, or starts on one, without being
///   stopped on that frame) (R1-R4);
/// - the content does not move between two events while the host owns the drag (R5);
/// - under `lockAndHandOff`, content travel plus host translation is the pointer (or finger) travel, within
///   0.5 px, until the content is pushed into its bottom edge; nothing moves before the drag threshold
///   (R6, R8, R9);
/// - pulls begin only under `lockAndHandOff` (touchpad ones only when enabled, never from the wheel), and
///   go began, changed..., then ended or cancelled, with nothing after the end of their drag or scroll
///   (R6, R13); releases hand the host the pointer velocity, or fling the content (R9);
/// - wheel and touchpad deltas that pull nothing move the content as a clamped adjustment would (R3);
/// - the core's own fling follows GTK's closed form and stops exactly when clamped or slow enough (R2).
///
/// Points and offsets in px (y grows downward), times in ms, velocities in px/s.
struct SimulatedScroller {
  /// The GTK whose gestures the model plays, where their behaviour differs between the versions the suite
  /// runs on (docs/ARCHITECTURE.md, "GTK versions").
  enum GTKVersion: CaseIterable, Sendable {
    /// GTK 4.8 to 4.18: an ancestor's gesture that has not claimed a press goes on following it after the
    /// scrolled window's drag claimed it, so the hand-off gesture can still claim mid-drag.
    case gtk4_8
    /// GTK 4.24: the scrolled window's drag claiming a press cancels the hand-off gesture, which then claims
    /// nothing more (`ArbiterInput.handOffGestureTakenByGTK`); the GTK layer goes on feeding the press from
    /// the window's event watch, and only a denial stops GTK's drag.
    case gtk4_24

    /// Whether GTK's drag claiming a press cancels the hand-off gesture.
    var cancelsHandOffGestureOnGTKClaim: Bool { self == .gtk4_24 }
  }

  /// Who scrolls the content during a drag, as GTK would see it.
  enum DragHandler: Equatable {
    /// Not past GTK's drag threshold yet: nothing moves.
    case undecided
    /// GTK scrolls, the arbiter watching for the edges.
    case gtk
    /// GTK scrolls; TopLock denied the drag and takes no part.
    case gtkAlone
    /// The arbiter claimed the drag: it moves the content and the host.
    case core
    /// Nothing scrolls: the press landed on a scrollbar or outside.
    case nothing
    /// The arbiter had the hand-off gesture reset (an option change): the gesture follows nothing more of
    /// this drag, so nothing moves and the arbiter hears none of it.
    case cancelled
  }

  /// GTK's own drag gesture during one press.
  enum GTKDragState: Equatable {
    /// Active, not past GTK's threshold in the scrolled window's frame: it moves nothing yet.
    case waiting
    /// Past its threshold: GTK sets the value from its travel on every motion.
    case scrolling
    /// Denied, or cancelled by a claim: it follows nothing more of this press.
    case stopped
  }

  /// A drag in progress.
  struct Drag {
    let pressX: Double
    let pressY: Double
    let valueAtPress: Double
    let hostOffsetAtPress: Double
    let threshold: Double
    var x: Double
    var y: Double
    /// Pointer samples since the press, in the stable frame: the core's pointer velocity.
    var samples: [(time: Double, y: Double)]
    /// Pointer samples in the scrolled window's frame while GTK's group follows the press: GTK's swipe.
    var gtkSamples: [(time: Double, y: Double)]
    var handler = DragHandler.undecided
    var gtkDrag = GTKDragState.waiting
    /// The value GTK's drag last asked for, unclamped, in px.
    var gtkWantedValue: Double?
    /// Whether GTK cancelled the hand-off gesture when its drag claimed the press (GTK 4.24): a claim of the
    /// hand-off gesture then stops nothing of GTK's drag.
    var isHandOffGestureLost = false
    /// How far host settling (not pulls) moved the host during the press, in px: GTK's frame moved with it.
    var hostSettleTravel = 0.0

    /// Whether the host settled during the press. The core hears the host's offset at the press only
    /// (`DragStart.hosts`), so where the host is in a pull that follows, and what the release owes it,
    /// is not the core's to answer for.
    var hostSettled: Bool { hostSettleTravel != 0 }
    var isPastThreshold = false
    /// Whether content travel plus host translation must equal pointer travel: a vertical drag under
    /// `lockAndHandOff` that has not pushed the content into its bottom edge.
    var conservesTravel: Bool
    /// Whether an edge policy changed during the drag: GTK may then hold the content on an edge that has
    /// just become locked, and its fling is not the arbiter's to answer for.
    var edgePolicyChanged = false
  }

  /// What started the pull the host follows.
  enum PullSource: Equatable {
    case drag
    case touchpad
  }

  /// A pull the host follows.
  struct Pull {
    let source: PullSource
    let hostOffsetAtStart: Double
  }

  /// A touchpad pull's travel: finger travel must equal content travel plus host translation.
  struct TouchpadTravel {
    let valueAtStart: Double
    let hostOffsetAtStart: Double
    var fingerTravel = 0.0
    var conserves = true
  }

  /// GTK's kinetic scrolling in progress.
  struct GTKFling {
    /// In px/s of value.
    var velocity: Double
    /// Whether the arbiter answers for it: not after a drag it denied, which it takes no part in, nor once
    /// an edge policy changed or a resize brought the bottom to the value (GTK keeps the bounds it started
    /// with, so where it goes from there is not modelled).
    var isWatched: Bool
  }

  /// The core's own fling, computed here from GTK's closed form.
  struct Decay {
    let startPosition: Double
    let startVelocity: Double
    /// Seconds since the start.
    var elapsed = 0.0
  }

  /// GTK's kinetic deceleration, per s (`DECELERATION_FRICTION` in gtkkineticscrolling.c).
  static let friction = 4.0
  /// GTK's kinetic stop speed, in px/s.
  static let stopVelocity = 0.1
  /// The slowest release that still flings, in px/s.
  static let minimumFlingVelocity = 1.0
  /// How far back GTK's swipe gesture looks for its velocity, in ms (`CAPTURE_THRESHOLD_MS`).
  static let swipeWindow = 150.0
  /// GTK's scroll controller works out the lift velocity over this window before the stop, in ms
  /// (`SCROLL_CAPTURE_THRESHOLD_MS` in gtkeventcontrollerscroll.c).
  static let scrollHistoryWindow = 150.0
  /// The core keeps the positions and deltas its velocities come from as single-precision offsets from the
  /// first one of their history: each within this fraction of its magnitude.
  static let storedRelativePrecision = 0x1p-24
  /// A touchpad sequence with no scroll input for this long is over, in ms (R13a).
  static let touchpadQuietLimit = 1_000.0
  /// "At the top" and "at the bottom" within this, in px.
  static let edgeTolerance = 0.5
  /// The travel invariant's tolerance, in px.
  static let travelTolerance = 0.5
  /// Rounding allowed where the model and the core sum the same numbers in another order, in px or px/s.
  static let rounding = 1e-9

  /// The GTK whose gestures are played.
  let gtkVersion: GTKVersion
  private(set) var options: TopLockOptions
  private(set) var arbiter: DragArbiter
  private(set) var lower: Double
  private(set) var upper: Double
  private(set) var pageSize: Double
  private(set) var value: Double
  private(set) var hostOffset: Double
  private(set) var time = 0.0
  private(set) var drag: Drag?
  private(set) var gtkFling: GTKFling?
  /// Whether GTK's private copy of the value, which its drag starts from, was left behind: GTK copies the
  /// value after each change except while it decelerates, so a jump during its fling leaves the copy where
  /// the fling was, until the core stops GTK's kinetic scrolling (which re-emits the value).
  private(set) var gtkCopyIsStale = false
  /// Whether the core said a press landing is awaited (`awaitsPressLanding`) after its last decision.
  private var awaitsPressLanding = false
  private(set) var violations: [String] = []
  /// Every input fed to the arbiter with its decision, in order, while not `nil` (`nil`, the default: none
  /// kept).
  var journal: [(input: ArbiterInput, decision: ArbiterDecision)]?
  /// Whether a motion GTK's drag follows too is fed as two inputs, `gtkDragMotion` then `dragMoved`, rather
  /// than one `dragMoved` carrying GTK's part, as the GTK layer feeds it.
  var feedsGTKDragMotionAlone = false
  /// GTK's touchpad fling flag (its scroll controller's KINETIC flag), as the core last set it.
  private(set) var allowsTouchpadFling = true
  /// The pointer velocity, in px/s (positive downward), that GTK's swipe kept from a drag whose group was
  /// taken away: `gtk_gesture_swipe_end` returns before clearing the history of a denied sequence.
  private(set) var staleSwipeVelocity: Double?
  /// Whether value changes during a drag reach the arbiter: the GTK layer forwards every `value-changed`,
  /// while `ArbiterInput.valueChanged` only promises those outside drags.
  let reportsValueChangesDuringDrags: Bool
  private var pull: Pull?
  private var touchpadTravel: TouchpadTravel?
  /// Whether a touchpad pull ended before its lift (a press, a wheel step, an option change): the rest of
  /// its sequence, up to the lift, moves nothing (R13a).
  private(set) var isTouchpadSequenceSpent = false
  /// Whether the core said to run the GTK layer's quiet timer (`watchesTouchpadQuiet`) after its last
  /// decision.
  private var watchesTouchpadQuiet = false
  /// When the GTK layer last fed a scroll input or a quiet tick, in ms: a tick tells the time since.
  private var lastQuietClock = 0.0
  /// Since when no scroll input has come, in ms, or since a pull settled for quiet: R13a counts the quiet
  /// second from there.
  private var quietSince = 0.0
  /// The touchpad deltas (time in ms, delta in px) since the last lift or stop: GTK's scroll controller
  /// works out the lift velocity from them (`scroll_history_finish`).
  private var touchpadHistory: [(time: Double, delta: Double)] = []
  private var decay: Decay?

  /// A scroller showing `value` in `lower ... upper` through a page of `pageSize` px, its host
  /// `hostOffset` px from rest.
  init(
    value: Double = 0, lower: Double = 0, upper: Double = 10_000, pageSize: Double = 500,
    hostOffset: Double = 0, options: TopLockOptions = TopLockOptions(),
    reportsValueChangesDuringDrags: Bool = true, gtkVersion: GTKVersion = .gtk4_8
  ) {
    self.gtkVersion = gtkVersion
    self.options = options
    arbiter = DragArbiter(options: options)
    self.lower = lower
    self.upper = upper
    self.pageSize = pageSize
    self.value = value
    self.hostOffset = hostOffset
    self.reportsValueChangesDuringDrags = reportsValueChangesDuringDrags
    // Attaching, the GTK layer reports the adjustment it follows.
    feed(.contentSizeChanged(metrics))
  }

  var maxValue: Double { max(lower, upper - pageSize) }
  var metrics: ScrollMetrics { ScrollMetrics(value: value, lower: lower, upper: upper, pageSize: pageSize) }
  var isFlinging: Bool { decay != nil }
  private var locksTop: Bool { options.topPolicy != .stock }
  private var locksBottom: Bool { options.bottomPolicy != .stock }

  /// Runs frames of whichever fling is going, `frameMilliseconds` apart, until none is, and returns their
  /// decisions; a fling still going after `limit` frames is a violation.
  @discardableResult
  mutating func finishFlings(frameMilliseconds: Double = 16, limit: Int = 1_000) -> [ArbiterDecision] {
    var decisions: [ArbiterDecision] = []
    while isFlinging || gtkFling != nil {
      guard decisions.count < limit else {
        note("a fling was still going after \(limit) frames")
        break
      }
      decisions.append(perform(isFlinging ? .tickFling : .tickGTKFling, after: frameMilliseconds))
    }
    return decisions
  }

  /// Lets `milliseconds` pass, applies `event`, and returns the arbiter's decision on the input it became:
  /// for a GTK fling frame or a value set by the app, the `valueChanged` it caused (empty when the value
  /// did not change); for option changes and host settling, an empty decision.
  @discardableResult
  mutating func perform(_ event: SimulatedEvent, after milliseconds: Double = 10) -> ArbiterDecision {
    let ownerBefore = arbiter.owner
    let valueBefore = value
    time += milliseconds
    let decision = apply(event, seconds: milliseconds / 1000)
    if ownerBefore == .host && arbiter.owner == .host && value != valueBefore {
      note("the content moved from \(valueBefore) to \(value) while the host owned the drag")
    }
    if watchesTouchpadQuiet != (pull?.source == .touchpad || isTouchpadSequenceSpent) {
      note("the quiet timer runs: \(watchesTouchpadQuiet), with no touchpad sequence followed or the reverse")
    }
    return decision
  }

  private mutating func apply(_ event: SimulatedEvent, seconds: Double) -> ArbiterDecision {
    switch event {
    case .press(let x, let y, let target, let threshold):
      return press(x: x, y: y, target: target, threshold: threshold)
    case .move(let x, let y):
      return move(x: x, y: y)
    case .release:
      return release()
    case .cancelDrag:
      return cancelDrag()
    case .scroll(let deltaY, let source):
      return scroll(deltaY: deltaY, source: source)
    case .scrollElsewhere(let deltaY, let source):
      return scrollElsewhere(deltaY: deltaY, source: source)
    case .stopElsewhere:
      return stopElsewhere()
    case .touchpadQuietTick:
      return tickTouchpadQuiet()
    case .liftTouchpad(let velocityY):
      return liftTouchpad(velocityY: velocityY)
    case .setValue(let newValue):
      if gtkFling != nil && clamped(newValue) != value { gtkCopyIsStale = true }
      gtkFling = nil  // The model ends GTK's fling at a jump rather than guess how GTK would go on.
      return changeValue(to: clamped(newValue)) ?? ArbiterDecision()
    case .resizeContent(let upper, let pageSize):
      return resize(upper: upper, pageSize: pageSize)
    case .tickFling:
      return tickFling(seconds: seconds)
    case .tickGTKFling:
      return tickGTKFling(seconds: seconds)
    case .setOptions(let newOptions):
      if newOptions.topPolicy != options.topPolicy {
        drag?.conservesTravel = false
        touchpadTravel?.conserves = false
      }
      if newOptions.topPolicy != options.topPolicy || newOptions.bottomPolicy != options.bottomPolicy {
        gtkFling?.isWatched = false
        drag?.edgePolicyChanged = true
      }
      options = newOptions
      return feed(.optionsChanged(newOptions, isMouseDragInFlight: false, metrics: metrics))
    case .settleHost(let offset):
      if pull != nil { note("the host settled during a pull") }
      drag?.hostSettleTravel += offset - hostOffset
      drag?.conservesTravel = false
      hostOffset = offset
    }
    return ArbiterDecision()
  }

  // MARK: - Drags

  private mutating func press(x: Double, y: Double, target: PressTarget, threshold: Double)
    -> ArbiterDecision
  {
    // The press lands on the list before GTK's drag sees it (the window's event watch): a copy left behind
    // must be brought in step then, or GTK's drag jumps to it.
    // Fed only while the core says a press landing is awaited, as the window's event watch does; a
    // copy of the core shows what a landing would have done meanwhile.
    var unwatched = arbiter
    if !awaitsPressLanding && unwatched.handle(.pressLanding(isMouse: false)) != ArbiterDecision() {
      note("a press landing would have changed something while the core said none was awaited")
    }
    let landing = awaitsPressLanding ? feed(.pressLanding(isMouse: false)) : ArbiterDecision()
    if gtkCopyIsStale && !landing.resyncsGTKValue && !landing.stopsKinetic {
      note("a press landed while GTK's copy of the value was left behind by a jump during its fling")
    }
    gtkFling = nil  // GTK stops its deceleration on a press.
    touchpadTravel = nil
    let wasFlinging = decay != nil
    let start = DragStart(
      x: x, y: y, time: time, metrics: metrics, hosts: .top(offset: hostOffset), target: target,
      threshold: threshold)
    let decision = feed(.dragBegan(start))
    if pull != nil { note("a press left the previous pull open") }
    if wasFlinging && decay != nil { note("a press left the core's fling running") }
    // After the press's own decision: a pull it cancelled has sent the host back.
    drag = Drag(
      pressX: x, pressY: y, valueAtPress: value, hostOffsetAtPress: hostOffset, threshold: threshold, x: x,
      y: y, samples: [(time, y)], gtkSamples: [(time, y)],
      conservesTravel: target == .content && options.topPolicy == .lockAndHandOff)
    // GTK's drag sees the press after the hand-off gesture, a capture gesture on the root.
    let gtkPress = feed(.gtkDragBegan(target: target, metrics: metrics))
    if target != .content && !gtkPress.deniesGTKDrag {
      note("GTK's drag kept a press on the \(target): it would scroll the content from there")
    }
    switch (target, decision.gesture) {
    case (.content, .unchanged):
      break
    case (.content, .deny):
      drag?.handler = .gtkAlone
      drag?.conservesTravel = false
    case (_, .deny):
      drag?.handler = .nothing
    default:
      note("a press on \(target) got \(decision.gesture)")
      drag?.handler = .nothing
    }
    return decision
  }

  private mutating func move(x newX: Double?, y: Double) -> ArbiterDecision {
    guard var moved = drag else {
      note("a move without a drag")
      return ArbiterDecision()
    }
    guard moved.handler != .cancelled else { return ArbiterDecision() }
    let previousY = moved.y
    moved.x = newX ?? moved.x
    moved.y = y
    moved.samples.append((time, y))
    if abs(moved.x - moved.pressX) > moved.threshold || abs(y - moved.pressY) > moved.threshold {
      moved.isPastThreshold = true
    }
    drag = moved
    let gtkDrag = moved.gtkDrag != .stopped ? gtkMotion(of: moved) : nil
    if let gtkDrag, feedsGTKDragMotionAlone {
      let decision = feed(.gtkDragMotion(gtkDrag))
      if decision.newValue != nil || decision.pull != nil || decision.gesture != .unchanged {
        note("GTK's drag motion did \(decision)")
      }
    }
    let decision = feed(
      .dragMoved(
        x: moved.x, y: y, time: time, metrics: metrics, gtkDrag: feedsGTKDragMotionAlone ? nil : gtkDrag))
    guard var drag else { return decision }
    updateHandler(of: &drag, after: decision)
    followGTKDrag(&drag, coreSetValue: decision.newValue != nil)
    checkTravel(of: &drag, previousY: previousY)
    self.drag = drag
    return decision
  }

  /// The pointer's y as GTK's gestures see it, in px: in the scrolled window's frame, which moved with the
  /// host since the press (placed so that it matches the stable frame at the press).
  private func gtkPointerY(of drag: Drag) -> Double {
    drag.y - (hostOffset - drag.hostOffsetAtPress)
  }

  /// What GTK's drag is about to see of the drag's latest motion: the pointer travel less the host's move
  /// since the press (the scrolled window moves with the host).
  private func gtkMotion(of drag: Drag) -> GTKDragMotion {
    GTKDragMotion(
      travelX: drag.x - drag.pressX, travelY: gtkPointerY(of: drag) - drag.pressY,
      isClaimedByGTK: drag.gtkDrag == .scrolling, gtkThreshold: drag.threshold, metrics: metrics)
  }

  /// GTK's drag, if still active, takes the motion in its own frame: past its threshold it sets the value
  /// to its start value less its travel (`scrolled_window_drag_update_cb`); past a locked edge that is
  /// overshoot, whatever the adjustment clamps.
  private mutating func followGTKDrag(_ drag: inout Drag, coreSetValue: Bool) {
    guard drag.gtkDrag != .stopped else { return }
    let gtkY = gtkPointerY(of: drag)
    drag.gtkSamples.append((time, gtkY))
    let claims =
      drag.gtkDrag == .waiting
      && (abs(drag.x - drag.pressX) > drag.threshold || abs(gtkY - drag.pressY) > drag.threshold)
    if claims {
      drag.gtkDrag = .scrolling
    }
    guard drag.gtkDrag == .scrolling else { return }
    if coreSetValue { note("the core set a value in a drag GTK scrolls") }
    let wanted = drag.valueAtPress - (gtkY - drag.pressY)
    drag.gtkWantedValue = wanted
    checkNoOvershoot(wanted, cause: "a drag GTK scrolls")
    self.drag = drag
    changeValue(to: clamped(wanted))
    if claims { loseHandOffGestureIfGTKTakesIt(&drag) }
  }

  /// GTK 4.24: GTK's drag has just claimed the press, and cancels the hand-off gesture when that still
  /// follows the press (not claimed, not denied). The GTK layer tells the core, and goes on feeding it the
  /// press only while the core says it follows it.
  private mutating func loseHandOffGestureIfGTKTakesIt(_ drag: inout Drag) {
    guard gtkVersion.cancelsHandOffGestureOnGTKClaim, !drag.isHandOffGestureLost,
      drag.handler == .undecided || drag.handler == .gtk
    else { return }
    drag.isHandOffGestureLost = true
    self.drag = drag
    let decision = feed(.handOffGestureTakenByGTK)
    if decision != ArbiterDecision() { note("the hand-off gesture's loss did \(decision)") }
    if !arbiter.followsUnclaimedPress { note("the core stopped following a press GTK scrolls") }
  }

  private mutating func updateHandler(of drag: inout Drag, after decision: ArbiterDecision) {
    switch decision.gesture {
    case .claim:
      if !drag.isPastThreshold { note("a drag was claimed before GTK's drag threshold") }
      if drag.handler != .undecided && drag.handler != .gtk {
        note("claimed a drag handled by \(drag.handler)")
      }
      drag.handler = .core
    case .deny:
      if drag.handler != .undecided { note("denied a drag handled by \(drag.handler)") }
      drag.handler = .gtkAlone
      drag.conservesTravel = false
    case .unchanged:
      if drag.handler == .undecided && drag.isPastThreshold {
        drag.handler = .gtk
      }
    }
    if case .began = decision.pull, decision.gesture != .claim {
      note("a drag's pull began without claiming the drag")
    }
  }

  /// Before the drag threshold (the core's, and GTK's in its own frame) nothing moves but a settling host;
  /// after it, under `lockAndHandOff`, content travel plus host translation is the pointer travel until the
  /// content is pushed into its bottom edge (the host settling during the press makes GTK's travel another).
  private mutating func checkTravel(of drag: inout Drag, previousY: Double) {
    let contentTravel = drag.valueAtPress - value
    let hostTravel = hostOffset - drag.hostOffsetAtPress - drag.hostSettleTravel
    guard drag.handler != .cancelled else { return }
    guard (drag.isPastThreshold || drag.gtkDrag == .scrolling) && drag.handler != .nothing else {
      if contentTravel != 0 || hostTravel != 0 {
        note("content (\(contentTravel) px) or host (\(hostTravel) px) moved before the drag threshold")
      }
      return
    }
    guard drag.conservesTravel else { return }
    let pushedIntoBottom =
      drag.y < previousY && value >= maxValue - Self.edgeTolerance
      && (hostOffset <= Self.rounding || drag.handler != .core)
    if pushedIntoBottom {
      drag.conservesTravel = false
      return
    }
    let pointerTravel = drag.y - drag.pressY
    if abs(contentTravel + hostTravel - pointerTravel) > Self.travelTolerance {
      note(
        "content travel \(contentTravel) + host translation \(hostTravel) != pointer travel \(pointerTravel)")
    }
  }

  private mutating func release() -> ArbiterDecision {
    guard var drag else {
      note("a release without a drag")
      return ArbiterDecision()
    }
    guard drag.handler != .cancelled else {
      self.drag = nil
      return ArbiterDecision()
    }
    drag.samples.append((time, drag.y))
    if drag.gtkDrag != .stopped { drag.gtkSamples.append((time, gtkPointerY(of: drag))) }
    self.drag = drag
    let pointerVelocity = Self.swipeEstimate(drag.samples)
    let hadPull = pull?.source == .drag
    let hostWasAway = hadPull && hostOffset > 0
    let decision = feed(.dragEnded(x: drag.x, y: drag.y, time: time, metrics: metrics))
    let gtkDragAtRelease = self.drag?.gtkDrag ?? .stopped
    self.drag = nil
    if pull?.source == .drag { note("a release left the drag's pull open") }
    if drag.handler != .core && (decision.pull != nil || decision.fling != nil) {
      note("the release of a drag the core did not own did \(decision)")
    }
    switch drag.handler {
    case .core where !drag.hostSettled:
      checkRelease(
        decision, hadPull: hadPull, hostWasAway: hostWasAway, contentVelocity: -pointerVelocity.velocity,
        rounding: pointerVelocity.rounding)
    case .core:
      break
    case .gtk, .gtkAlone:
      if decision.stopsKinetic { note("a release stopped the fling of a drag GTK scrolled") }
    case .undecided, .nothing, .cancelled:
      break
    }
    switch gtkDragAtRelease {
    case .scrolling: flingAfterGTKDrag(drag, contentVelocity: -Self.swipeVelocity(drag.gtkSamples))
    case .waiting: flingAfterTap(drag)
    case .stopped: break
    }
    return decision
  }

  /// GTK flings on from a drag it scrolled past its threshold, and its swipe clears its history. Where
  /// its last value was clamped (it overshot a stock edge, or the content changed under it) it springs
  /// back instead: the model leaves that spring out.
  private mutating func flingAfterGTKDrag(_ drag: Drag, contentVelocity: Double) {
    staleSwipeVelocity = nil
    guard contentVelocity != 0, drag.gtkWantedValue == value else { return }
    gtkFling = GTKFling(velocity: contentVelocity, isWatched: drag.handler == .gtk && !drag.edgePolicyChanged)
    gtkCopyIsStale = false  // Each frame of GTK's fling writes its copy.
  }

  /// A press GTK's drag never scrolled, released with GTK's group intact: GTK's swipe ends and its
  /// scrolled window flings (`scrolled_window_swipe_cb` does not ask whether its drag moved) with the
  /// velocity of the history a denied drag left, then clears it. The velocity of the tap's own few px is
  /// left out.
  private mutating func flingAfterTap(_ drag: Drag) {
    guard let stale = staleSwipeVelocity else { return }
    staleSwipeVelocity = nil
    guard stale != 0 else { return }
    gtkFling = GTKFling(velocity: -stale, isWatched: !drag.edgePolicyChanged)
    gtkCopyIsStale = false  // Each frame of GTK's fling writes its copy.
  }

  /// The core claimed the drag (GTK's group is cancelled) or denied GTK's drag: GTK's drag follows nothing
  /// more of this press, and its swipe keeps the press's history (`gtk_gesture_swipe_end` returns early on
  /// a denied sequence), so its velocity so far.
  private mutating func takeGroupFromGTK() {
    guard var drag, drag.gtkDrag != .stopped else { return }
    drag.gtkDrag = .stopped
    staleSwipeVelocity = Self.swipeVelocity(drag.gtkSamples)
    self.drag = drag
  }

  /// R6 and R9: the release of a pull hands the host the pointer velocity while it is away from rest;
  /// otherwise the content flings on at `contentVelocity` px/s, if that reaches the fling minimum.
  private mutating func checkRelease(
    _ decision: ArbiterDecision, hadPull: Bool, hostWasAway: Bool, contentVelocity: Double,
    rounding: Double = 0
  ) {
    if hadPull {
      let expected = hostWasAway ? -contentVelocity : 0
      if !isClose(decision.pull?.endedVelocity, to: expected, within: rounding) {
        note("a release sent \(String(describing: decision.pull)), expected ended(velocity: \(expected))")
      }
    }
    let flings = !hostWasAway && abs(contentVelocity) >= Self.minimumFlingVelocity
    switch decision.fling {
    case .start(let fling) where flings:
      if !isClose(fling.startVelocity, to: contentVelocity, within: rounding) {
        note("the core's fling starts at \(fling.startVelocity) px/s, expected \(contentVelocity)")
      }
    case .start, .startPan, .stop:
      note("a release sent \(String(describing: decision.fling)), expected no fling")
    case nil:
      if flings { note("a release at \(contentVelocity) px/s of content started no fling") }
    }
  }

  private mutating func cancelDrag() -> ArbiterDecision {
    let decision = feed(.dragCancelled)
    isTouchpadSequenceSpent = false
    if pull?.source == .drag { note("a cancel left the drag's pull open") }
    drag = nil
    return decision
  }

  /// GTK's swipe velocity (gtkgestureswipe.c): pointer travel over the samples of the last 150 ms.
  private static func swipeVelocity(_ samples: [(time: Double, y: Double)]) -> Double {
    swipeEstimate(samples).velocity
  }

  /// GTK's swipe velocity (px/s), and how far from it the core's may lie since it keeps the positions as
  /// single-precision offsets from the first sample (`storedRelativePrecision`): the rounding of the two
  /// positions it subtracts, over the time between them.
  private static func swipeEstimate(_ samples: [(time: Double, y: Double)]) -> (
    velocity: Double, rounding: Double
  ) {
    guard let origin = samples.first, let last = samples.last,
      let first = samples.first(where: { last.time - $0.time <= swipeWindow })
    else { return (0, 0) }
    let elapsed = last.time - first.time
    guard elapsed > 0 else { return (0, 0) }
    let rounding =
      (abs(last.y - origin.y) + abs(first.y - origin.y)) * storedRelativePrecision / elapsed * 1000
    return ((last.y - first.y) / elapsed * 1000, rounding)
  }

  // MARK: - Wheel and touchpad

  private mutating func scroll(deltaY: Double, source: ScrollSource) -> ArbiterDecision {
    if deltaY != 0 { gtkFling = nil }  // GTK cancels its deceleration on a scroll.
    let wasFlinging = decay != nil
    let valueBefore = value
    let hostBefore = hostOffset
    let touchpadPullWasOpen = pull?.source == .touchpad
    let isSpentDelta = isTouchpadSequenceSpent && source == .touchpad && deltaY != 0
    noteScrollInput(deltaY: deltaY, source: source)
    let decision = feed(
      .scrolled(deltaY: deltaY, source: source, time: time, metrics: metrics, hosts: .top(offset: hostOffset))
    )
    if deltaY == 0 && (decision.scroll == .consume || decision.pull != nil) {
      note("a stop delta (0) was consumed")
    }
    if deltaY != 0 && wasFlinging && decay != nil { note("a scroll left the core's fling running") }
    if source == .wheel, let event = decision.pull, !(touchpadPullWasOpen && event == .ended(velocity: 0)) {
      note("the wheel moved the host")
    }
    if isSpentDelta && (decision.scroll != .consume || decision.pull != nil || decision.newValue != nil) {
      note("a delta of a touchpad sequence whose pull had ended did \(decision)")
    }
    if case .began = decision.pull {
      touchpadTravel = TouchpadTravel(valueAtStart: valueBefore, hostOffsetAtStart: hostBefore)
    }
    if decision.scroll == .propagate && deltaY != 0 {
      if decision.newValue != nil { note("a scroll both set the value and went on to GTK") }
      if source == .touchpad && pull?.source == .touchpad { note("GTK scrolled during a touchpad pull") }
      let wanted = value + deltaY
      checkNoOvershoot(wanted, cause: "a \(source) delta of \(deltaY)")
      changeValue(to: clamped(wanted))
    }
    if source == .touchpad && deltaY != 0 {
      checkTouchpadTravel(deltaY: deltaY)
    }
    let pulls = decision.pull != nil || pull != nil
    if !pulls && value != (isSpentDelta ? valueBefore : clamped(valueBefore + deltaY)) {
      note("a \(source) delta of \(deltaY) took the content from \(valueBefore) to \(value)")
    }
    return decision
  }

  /// A scroll event with the pointer off the list (the host moved it away): the window's root sees it
  /// first; what the core does not take goes to another widget, and the list does not move (R13a).
  private mutating func scrollElsewhere(deltaY: Double, source: ScrollSource) -> ArbiterDecision {
    let valueBefore = value
    let touchpadPullWasOpen = pull?.source == .touchpad
    let wasSpent = isTouchpadSequenceSpent
    // Only the core sees it: it joins the lift velocity's history when the core takes it for the pull.
    noteScrollInput(deltaY: touchpadPullWasOpen ? deltaY : 0, source: source)
    let event = WindowScrollEvent(
      deltaY: deltaY, source: source, time: time, device: ScrollDevice(0), metrics: metrics,
      hosts: .top(offset: hostOffset))
    let decision = feed(.windowScrolled(event))
    switch (source, touchpadPullWasOpen) {
    case (.touchpad, true):
      if decision.scroll != .consume {
        note("a delta of the touchpad pull's sequence went on past the window")
      }
      if deltaY != 0 { checkTouchpadTravel(deltaY: deltaY) }
    case (.wheel, true):
      if decision.pull != .ended(velocity: 0) || decision.scroll != .propagate {
        note("a wheel step during a touchpad pull did \(decision), expected it to settle the pull")
      }
    case (.touchpad, false) where wasSpent:
      if decision.scroll != .consume || decision.pull != nil || decision.newValue != nil {
        note("a delta of a touchpad sequence whose pull had ended did \(decision)")
      }
    default:
      if decision != ArbiterDecision() {
        note("the window took a \(source) event no pull follows: \(decision)")
      }
    }
    if pull == nil && value != valueBefore {
      note("a \(source) event off the list took the content from \(valueBefore) to \(value)")
    }
    return decision
  }

  /// The touchpad's scroll stop with the pointer off the list: the window's root sees it, and it ends the
  /// pull with the velocity GTK's scroll controller would give (R13a). It goes on, never consumed (R3).
  private mutating func stopElsewhere() -> ArbiterDecision {
    let hadPull = pull?.source == .touchpad
    let hostWasAway = hadPull && hostOffset > 0
    let window = touchpadHistory.filter { time - $0.time <= Self.scrollHistoryWindow }
    let span = time - (window.first?.time ?? time)
    let contentVelocity = span > 0 ? window.reduce(0) { $0 + $1.delta } / span * 1000 : 0
    // The core keeps each delta, and the stop's 0, as an offset from the first delta of its history, one of
    // the model's.
    let largestDelta = touchpadHistory.map { abs($0.delta) }.max() ?? 0
    let rounding =
      span > 0
      ? window.reduce(largestDelta) { $0 + abs($1.delta) + largestDelta } * Self.storedRelativePrecision
        / span * 1000
      : 0
    noteScrollInput(deltaY: 0, source: .touchpad)
    touchpadHistory = []
    let event = WindowScrollEvent(
      deltaY: 0, source: .touchpad, time: time, device: ScrollDevice(0), isStop: true, metrics: metrics,
      hosts: .top(offset: hostOffset))
    let decision = feed(.windowScrolled(event))
    touchpadTravel = nil
    isTouchpadSequenceSpent = false
    if decision.scroll == .consume { note("the scroll stop was consumed") }
    if pull?.source == .touchpad { note("the stop left the touchpad pull open") }
    if hadPull {
      checkRelease(
        decision, hadPull: true, hostWasAway: hostWasAway, contentVelocity: contentVelocity,
        rounding: rounding)
    } else if decision.pull != nil || decision.fling != nil {
      note("a stop without a pull did \(decision)")
    }
    return decision
  }

  /// What the GTK layer notes of every scroll input: its quiet clock starts again, and a touchpad delta
  /// joins GTK's scroll history.
  private mutating func noteScrollInput(deltaY: Double, source: ScrollSource) {
    lastQuietClock = time
    quietSince = time
    if source == .touchpad && deltaY != 0 {
      touchpadHistory.append((time, deltaY))
    }
  }

  /// A tick of the GTK layer's quiet timer, which runs only while the core says so: a touchpad pull
  /// with no scroll input for a second settles where it is; a spent sequence is then over a second later
  /// (R13a).
  private mutating func tickTouchpadQuiet() -> ArbiterDecision {
    guard watchesTouchpadQuiet else { return ArbiterDecision() }
    let hadPull = pull?.source == .touchpad
    let wasSpent = isTouchpadSequenceSpent
    let isQuietForASecond = time - quietSince >= Self.touchpadQuietLimit
    let elapsed = time - lastQuietClock
    lastQuietClock = time
    let decision = feed(.touchpadQuiet(elapsed: elapsed))
    if hadPull {
      if (decision.pull == .ended(velocity: 0)) != isQuietForASecond {
        note("a touchpad pull quiet for \(time - quietSince) ms got \(String(describing: decision.pull))")
      }
      if isQuietForASecond { quietSince = time }
    } else if decision.pull != nil {
      note("a quiet tick without a touchpad pull did \(decision)")
    } else if wasSpent && isQuietForASecond {
      isTouchpadSequenceSpent = false
      touchpadHistory = []
    }
    return decision
  }

  private mutating func checkTouchpadTravel(deltaY: Double) {
    guard var travel = touchpadTravel, travel.conserves else { return }
    travel.fingerTravel -= deltaY
    let pushedIntoBottom =
      deltaY > 0 && value >= maxValue - Self.edgeTolerance && hostOffset <= Self.rounding
    if pushedIntoBottom {
      travel.conserves = false
    } else {
      let moved = travel.valueAtStart - value + hostOffset - travel.hostOffsetAtStart
      if abs(moved - travel.fingerTravel) > Self.travelTolerance {
        note(
          "touchpad pull: content travel + host translation \(moved) != finger travel \(travel.fingerTravel)")
      }
    }
    touchpadTravel = travel
  }

  private mutating func liftTouchpad(velocityY: Double) -> ArbiterDecision {
    let hadPull = pull?.source == .touchpad
    let hostWasAway = hadPull && hostOffset > 0
    let decision = feed(.touchpadScrollEnded(velocityY: velocityY, metrics: metrics))
    touchpadTravel = nil
    isTouchpadSequenceSpent = false
    touchpadHistory = []
    if pull?.source == .touchpad { note("a lift left the touchpad pull open") }
    guard !hadPull else {
      checkRelease(decision, hadPull: true, hostWasAway: hostWasAway, contentVelocity: velocityY)
      return decision
    }
    if decision.pull != nil || decision.fling != nil { note("a lift without a pull did \(decision)") }
    // GTK's scroll controller emits `decelerate`, and so starts its fling, exactly when its KINETIC flag is
    // on: at a locked edge that fling starts with no `value-changed` to stop it on.
    if allowsTouchpadFling && !decision.stopsKinetic && velocityY != 0 {
      gtkFling = GTKFling(velocity: velocityY, isWatched: true)
      gtkCopyIsStale = false  // Each frame of GTK's fling writes its copy.
    }
    return decision
  }

  /// A value GTK would set past a locked edge: the adjustment clamps it, but GTK draws the overshoot.
  private mutating func checkNoOvershoot(_ wanted: Double, cause: String) {
    if locksTop && wanted < lower {
      note("\(cause) takes GTK to \(wanted), past the top \(lower): overshoot")
    }
    if locksBottom && wanted > maxValue {
      note("\(cause) takes GTK to \(wanted), past the clamped bottom \(maxValue): overshoot")
    }
  }

  // MARK: - Flings and value changes

  /// One frame of GTK's kinetic scrolling; reaching a locked edge, it must be stopped on that frame.
  private mutating func tickGTKFling(seconds: Double) -> ArbiterDecision {
    guard let fling = gtkFling else { return ArbiterDecision() }
    let slowing = exp(-Self.friction * seconds)
    let position = value + fling.velocity / Self.friction * (1 - slowing)
    let reachesTop = fling.velocity < 0 && position <= lower
    let reachesBottom = fling.velocity > 0 && position >= maxValue
    gtkFling?.velocity *= slowing
    let decision = changeValue(to: clamped(position)) ?? ArbiterDecision()
    if reachesTop || reachesBottom {
      let edge = reachesTop ? "top" : "bottom"
      let locked = reachesTop ? locksTop : locksBottom
      if fling.isWatched && locked && !decision.stopsKinetic {
        note("GTK's fling ran into the locked \(edge): overshoot")
      }
      if !locked && decision.stopsKinetic { note("GTK's fling was stopped at the stock \(edge)") }
      gtkFling = nil
    } else if decision.stopsKinetic {
      note("GTK's fling was stopped inside the content, at \(value)")
    } else if abs(fling.velocity * slowing) < Self.minimumFlingVelocity {
      gtkFling = nil
    }
    return decision
  }

  /// One frame of the core's fling: the value must follow GTK's closed form, clamped, and the fling must
  /// stop exactly when it is clamped or slower than GTK's stop speed.
  private mutating func tickFling(seconds: Double) -> ArbiterDecision {
    guard var fling = decay else { return feed(.flingFrame(elapsed: 0, metrics: metrics)) }
    fling.elapsed += seconds
    decay = fling
    let position =
      fling.startPosition + fling.startVelocity / Self.friction * (1 - exp(-Self.friction * fling.elapsed))
    let expected = clamped(position)
    let finished = abs(fling.startVelocity * exp(-Self.friction * fling.elapsed)) < Self.stopVelocity
    let decision = feed(.flingFrame(elapsed: fling.elapsed, metrics: metrics))
    if abs(value - expected) > Self.rounding {
      note("the core's fling is at \(value) after \(fling.elapsed) s, expected \(expected)")
    }
    if (decision.fling == .stop) != (expected != position || finished) {
      note("the core's fling sent \(String(describing: decision.fling)) at \(value) after \(fling.elapsed) s")
    }
    return decision
  }

  private mutating func resize(upper: Double, pageSize: Double) -> ArbiterDecision {
    self.upper = upper
    self.pageSize = pageSize
    if value >= maxValue {
      gtkFling?.isWatched = false
    }
    changeValue(to: clamped(value))
    return feed(.contentSizeChanged(metrics))
  }

  /// Sets the adjustment's value and, like `value-changed`, tells the arbiter only on a change, and during a
  /// drag only when the GTK layer forwards those. Returns the arbiter's decision, if it was told.
  @discardableResult
  private mutating func changeValue(to newValue: Double) -> ArbiterDecision? {
    guard newValue != value else { return nil }
    value = newValue
    guard drag == nil || reportsValueChangesDuringDrags else { return nil }
    return feed(.valueChanged(metrics))
  }

  private func clamped(_ position: Double) -> Double {
    min(max(position, lower), maxValue)
  }

  // MARK: - Decisions

  /// Hands `input` to the arbiter and applies its decision in the GTK layer's order: value, kinetic stop,
  /// what GTK mirrors of the core's state (read from the core after every decision: the touchpad fling flag,
  /// the press-landing watch, the quiet timer), GTK's group, pull event, fling. The GTK layer does not report
  /// its own value writes back to the arbiter.
  @discardableResult
  private mutating func feed(_ input: ArbiterInput) -> ArbiterDecision {
    let decision = arbiter.handle(input)
    journal?.append((input, decision))
    if let newValue = decision.newValue {
      if !newValue.isFinite || newValue < lower || newValue > maxValue {
        note("the core set the value to \(newValue), outside \(lower) ... \(maxValue)")
      }
      value = clamped(newValue)
    }
    if decision.stopsKinetic {
      gtkFling = nil
      gtkCopyIsStale = false
    }
    if decision.resyncsGTKValue && gtkFling == nil {
      gtkCopyIsStale = false
    }
    awaitsPressLanding = arbiter.awaitsPressLanding
    allowsTouchpadFling = arbiter.allowsTouchpadFling
    watchesTouchpadQuiet = arbiter.watchesTouchpadQuiet
    if decision.deniesGTKDrag || (decision.gesture == .claim && drag?.isHandOffGestureLost != true) {
      takeGroupFromGTK()
    }
    if decision.resetsHandOffGesture {
      drag?.handler = .cancelled
    }
    if let event = decision.pull {
      deliver(event, source: Self.pullSource(of: input))
    }
    switch decision.fling {
    case .start(let fling):
      if decay != nil { note("a fling started over another") }
      if fling.startPosition != value { note("a fling starts at \(fling.startPosition), not at \(value)") }
      decay = Decay(startPosition: fling.startPosition, startVelocity: fling.startVelocity)
    case .startPan:
      note("a pan fling in a list that scrolls up and down only")
    case .stop:
      decay = nil
    case nil:
      break
    }
    return decision
  }

  private static func pullSource(of input: ArbiterInput) -> PullSource? {
    switch input {
    case .dragMoved: .drag
    case .scrolled(_, .touchpad, _, _, _, _): .touchpad
    default: nil
    }
  }

  /// Moves the host by a pull event, checking that pulls begin only where the contract lets them and that
  /// nothing follows an end or a cancel.
  private mutating func deliver(_ event: PullEvent, source: PullSource?) {
    switch event {
    case .began(let sample):
      if pull != nil { note("a pull began while another was open") }
      if options.topPolicy != .lockAndHandOff { note("a pull began under the \(options.topPolicy) policy") }
      guard let source else {
        note("a pull began on an input that cannot pull")
        return
      }
      if source == .touchpad && !options.touchpadPullEnabled { note("a touchpad pull began while disabled") }
      pull = Pull(source: source, hostOffsetAtStart: hostOffset)
      follow(sample)
    case .changed(let sample):
      guard pull != nil else {
        note("a pull changed after its end")
        return
      }
      follow(sample)
    case .ended(let velocity):
      guard pull != nil else {
        note("a pull ended after its end")
        return
      }
      if !velocity.isFinite { note("a pull ended at \(velocity) px/s") }
      spendTouchpadSequence(endingA: pull)
      pull = nil
    case .cancelled:
      guard let cancelled = pull else {
        note("a pull was cancelled after its end")
        return
      }
      hostOffset = cancelled.hostOffsetAtStart
      spendTouchpadSequence(endingA: cancelled)
      pull = nil
    }
  }

  /// A touchpad pull that ends leaves the rest of its sequence spent; the lift and a cancel that takes the
  /// widget away clear that again once they are fed.
  private mutating func spendTouchpadSequence(endingA pull: Pull?) {
    guard pull?.source == .touchpad else { return }
    isTouchpadSequenceSpent = true
    touchpadTravel = nil
  }

  private mutating func follow(_ sample: PullSample) {
    guard let pull else { return }
    if !sample.translation.isFinite || !sample.velocity.isFinite { note("a pull sample \(sample)") }
    hostOffset = pull.hostOffsetAtStart + sample.translation
    if pull.source == .drag && drag?.hostSettled == true {
      // Told where the host was at the press, the core may push it past rest: the host stops there.
      hostOffset = max(0, hostOffset)
    } else if hostOffset < -Self.rounding {
      note("the host was pushed \(-hostOffset) px past its rest position")
    }
    if pull.source == .drag, let drag {
      let expected = Self.swipeEstimate(drag.samples)
      if !isClose(sample.velocity, to: expected.velocity, within: expected.rounding) {
        note("a pull sample moves at \(sample.velocity) px/s, the pointer at \(expected.velocity)")
      }
    }
  }

  private mutating func note(_ violation: String) {
    violations.append("t=\(time) ms: \(violation)")
  }
}
