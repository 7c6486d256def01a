/// Decides, input by input, who owns a vertical drag on a scrolled window: GTK's own scrolling, the core
/// (which then shares the pointer travel between an edge's host and the content), or nobody; and guards
/// the locked edges against overshoot from flings, wheels and touchpads.
///
/// A value type with no reference to GTK: the GTK layer feeds it `ArbiterInput`s and applies the
/// `ArbiterDecision`s it returns. Deciding never allocates.
@_spi(Engine)
public struct DragArbiter: Sendable {
  /// A press, remembered until the drag has an owner and while GTK scrolls it.
  public struct Press: Sendable, Equatable {
    /// The pressed point, in px, in the stable frame.
    public var x: Double
    /// The pressed point, in px, growing downward.
    public var y: Double
    /// The adjustment value at the press, in px.
    public var valueAtPress: Double
    /// Where the two edges' hosts were at the press, each limit at least its offset.
    public var hosts = EdgeHosts()
    /// The drag threshold, in px.
    public var threshold: Double
    /// The horizontal adjustment at the press when GTK's drag would move both axes; `nil` otherwise.
    public var horizontal: ScrollMetrics?
    /// Whether GTK cancelled the hand-off gesture when its own drag claimed the press
    /// (`handOffGestureTakenByGTK`): the core can then take the drag over only by denying GTK's drag.
    public var isHandOffGestureLost = false
    /// Whether GTK's drag of the press was denied: it scrolls nothing more, so the core must not leave the
    /// drag to it.
    public var isGTKDragDenied = false
  }

  /// A touchpad scroll sequence the core follows (rule R13a): one that pulls, or the rest of one whose pull
  /// ended before its stop.
  public struct TouchpadSequence: Sendable, Equatable {
    /// The device whose sequence it is.
    public var device: ScrollDevice
    /// How long no scroll input has come, in ms, as `touchpadQuiet` counts it.
    public var quietTime = 0.0
  }

  /// The state machine's states.
  public enum Phase: Sendable, Equatable {
    /// No drag, no fling of ours, no touchpad pull.
    case idle
    /// Pressed, not yet past the drag threshold.
    case pending(Press)
    /// GTK scrolls the content; the core watches for the top.
    case scrollingByGTK(Press)
    /// The core owns the drag and shares it between host and content.
    case claimed(HandOffChain)
    /// Not ours (horizontal, on a scrollbar, outside): ignored until released.
    case rejected
    /// A two-finger touchpad pull the host follows, from `sequence`.
    case touchpadPulling(HandOffChain, sequence: TouchpadSequence)
    /// The core's own fling after a hand-back.
    case flinging(KineticDecay)
    /// A horizontal drag in a scrolled window that scrolls both ways, panned by the core on both axes;
    /// `horizontal` is the horizontal adjustment as the core last set it.
    case panning(ContentPan, horizontal: ScrollMetrics)
    /// The fling after such a pan, on both axes.
    case panFlinging(ContentPanFling, horizontal: ScrollMetrics)
  }

  /// The options in force; `optionsChanged` changes them, at any time, from the next input on.
  public private(set) var options: TopLockOptions
  /// The current state: internal, so that the GTK layer acts on decisions, and reads what it mirrors of the
  /// state through `allowsTouchpadFling`, `watchesTouchpadQuiet` and `awaitsPressLanding`.
  private(set) var phase: Phase = .idle
  /// The velocity of the pointer or finger that drives the drag or the touchpad pull in progress, both axes:
  /// the horizontal one for the fling after a pan. Reset wherever a drag or a pull begins, so no phase reads
  /// what an earlier one left; beside the phases rather than in their payloads, which are compared, and a
  /// fixed-capacity history copied on every move would make them large.
  private var pointerVelocity = PointerVelocityTracker()
  /// The value last seen or set, in px, `nil` before the first: the content's, whatever the phase.
  private var lastObservedValue: Double?
  /// The value GTK's own drag scrolls from (its `drag-begin`), in px. GTK's drag runs beside the phases
  /// (on a finger the core does not follow, under a touchpad pull, or with no press of the core's).
  private var gtkDragStartValue = 0.0
  /// Whether GTK may have run a deceleration since its private copy of the value was last made to match:
  /// GTK copies the value into it after each change, except while it decelerates, and its next drag starts
  /// from that copy (`drag_start_y` in gtkscrolledwindow.c). A value set during the deceleration (by the
  /// app, or by the core) would make that drag jump there, past the top when the copy is above it. GTK
  /// decelerates beside the phases (while the core is idle, flings, or follows a touchpad pull). A drag on a
  /// scrollbar may leave the copy behind too (GTK 4.24, `beginGTKDrag`).
  private var mayHaveStaleGTKValue = false
  /// Whether GTK may start its touchpad fling at scroll end (its scroll controller's KINETIC flag): decided
  /// again after every value, bounds or options change and every value the core sets, from the value and the
  /// options, which span phases; on (GTK's default) until the first says otherwise. The GTK layer sets the
  /// flag to it after every decision.
  public private(set) var allowsTouchpadFling = true
  /// The touchpad sequence whose pull ended before the sequence's stop: the rest of it, up to its stop,
  /// moves nothing (rule R13a). Beside the phase rather than in it: a press during that rest begins a drag,
  /// and the rest of the sequence still moves nothing while the drag goes on.
  private var spentTouchpadSequence: TouchpadSequence?
  /// The touchpad deltas before a stop, for the lift velocity as GTK's scroll controller works it out: GTK
  /// keeps them over the whole sequence, pulled or not, so they belong to no phase.
  private var touchpadLift = TouchpadLiftVelocity()
  /// The content's value velocity while GTK moves it (its drag, then its kinetic scrolling, keys, the app),
  /// for the momentum a fling reaching the top carries into the host: GTK's fling may reach the top in its
  /// first frame after the release, and the drag's last frame is then the only velocity there is. Beside the
  /// phase, which is compared: reset after every input that leaves the core in neither `idle` nor
  /// `scrollingByGTK`, so that each drag measures afresh.
  private var gtkContentVelocity = FrameVelocity()

  /// An idle arbiter with `options`.
  public init(options: TopLockOptions = TopLockOptions()) {
    self.options = options
  }

  /// Who the drag in progress belongs to.
  public var owner: DragOwner {
    switch phase {
    case .idle, .pending, .rejected, .flinging, .panFlinging: .none
    case .scrollingByGTK, .panning: .content
    case .claimed(let chain), .touchpadPulling(let chain, _): chain.isHostAway ? .host : .content
    }
  }

  /// The host translation of the pull in progress, in px (0 when nothing pulls).
  public var pullTranslation: Double {
    switch phase {
    case .claimed(let chain) where chain.hasHost: chain.translation
    case .touchpadPulling(let chain, _): chain.translation
    default: 0
    }
  }

  /// Takes one input and returns what the GTK layer must do.
  public mutating func handle(_ input: ArbiterInput) -> ArbiterDecision {
    let decision = decide(input)
    if !isContentMovedByGTK {
      gtkContentVelocity.reset()
    }
    if let newValue = decision.newValue {
      // The GTK layer does not report its own writes back as `valueChanged`.
      lastObservedValue = newValue
    }
    // GTK's touchpad fling flag follows the value and the options: decided again whenever either may have
    // changed.
    if var metrics = input.metrics, input.changesValueOrOptions || decision.newValue != nil {
      metrics.value = decision.newValue ?? metrics.value
      allowsTouchpadFling = options.allowsTouchpadFling(at: metrics)
    }
    if decision.stopsKinetic || decision.resyncsGTKValue {
      // Both re-emit the value, which GTK then copies (stopping GTK's deceleration first, for the former).
      mayHaveStaleGTKValue = false
    }
    return decision
  }

  /// Whether the GTK layer must run the timer that feeds `touchpadQuiet` inputs every
  /// `Tuning.touchpadQuietPoll`: the core follows a touchpad sequence. The GTK layer starts or stops the
  /// timer to match after every decision.
  public var watchesTouchpadQuiet: Bool { followedTouchpadDevice != nil }

  /// Whether a `pressLanding` input can change anything now: GTK may have decelerated since its copy of
  /// the value last matched, so the next press on the list must bring the copy in step. The GTK layer
  /// feeds the presses that land on the list while this holds, and looks for no list under a press
  /// otherwise; it reads this after every decision, and when it starts watching presses afresh (the list
  /// moved to another window).
  public var awaitsPressLanding: Bool { mayHaveStaleGTKValue }

  private mutating func decide(_ input: ArbiterInput) -> ArbiterDecision {
    switch input {
    case .dragBegan(let start):
      return begin(start)
    case .dragMoved(let x, let y, let time, let metrics, let gtkDrag):
      let deniesGTKDrag = gtkDrag.map { watchGTKDrag($0) } == true
      pointerVelocity.add(time: time, x: x, y: y)
      var decision = move(x: x, y: y, metrics: metrics)
      decision.deniesGTKDrag = decision.deniesGTKDrag || deniesGTKDrag
      return decision
    case .dragEnded(let x, let y, let time, let metrics):
      pointerVelocity.add(time: time, x: x, y: y)
      return end(x: x, y: y, metrics: metrics)
    case .dragCancelled:
      return cancel()
    case .handOffGestureTakenByGTK:
      return loseHandOffGesture()
    case .pullDroppedByHost:
      return dropPull()
    case .gtkDragBegan(let target, let isTrackedTouch, let metrics):
      return beginGTKDrag(target: target, isTrackedTouch: isTrackedTouch, metrics: metrics)
    case .gtkDragMotion(let motion):
      var decision = ArbiterDecision()
      decision.deniesGTKDrag = watchGTKDrag(motion)
      return decision
    case .gtkDragWillEnd(let isClaimedByGTK):
      return endGTKDrag(isClaimedByGTK: isClaimedByGTK)
    case .optionsChanged(let newOptions, let isMouseDragInFlight, _):
      return changeOptions(to: newOptions, isMouseDragInFlight: isMouseDragInFlight)
    case .scrolled(let deltaY, let source, let time, let metrics, let device, let hosts):
      restartTouchpadQuiet()
      return scroll(
        deltaY: deltaY, source: source, time: time, device: device, metrics: metrics, hosts: hosts)
    case .windowScrolled(let event):
      restartTouchpadQuiet()
      return watchWindowScroll(event)
    case .windowPressed:
      return pressInWindow()
    case .pressLanding(let isMouse):
      return landPress(isMouse: isMouse)
    case .touchpadQuiet(let elapsed):
      return passTouchpadQuiet(elapsed: elapsed)
    case .touchpadScrollEnded(let velocityY, let metrics):
      return endTouchpadScroll(velocityY: velocityY, metrics: metrics)
    case .valueChanged(let metrics, let time):
      return observe(metrics, time: time)
    case .contentSizeChanged(let metrics):
      return observe(metrics, time: 0)
    case .flingFrame(let elapsed, let metrics):
      return flingFrame(elapsed: elapsed, metrics: metrics)
    case .momentumFromHost(let velocity, let metrics):
      return takeMomentum(velocity: velocity, metrics: metrics)
    case .hostPressed:
      gtkContentVelocity.reset()
      return isFlinging ? abandonCurrentPhase() : ArbiterDecision()
    }
  }

  // MARK: - Options

  /// A pull loses its host when the new policy of its edge has none; a mouse drag in flight is cancelled
  /// when mouse drag is turned off or on (a gesture made touch-only mid-drag never sees its release).
  private mutating func changeOptions(to newOptions: TopLockOptions, isMouseDragInFlight: Bool)
    -> ArbiterDecision
  {
    let dropsTheHost = pullingEdge.map { !newOptions.handsOff(at: $0) } ?? false
    let stopsTheMouseDrag = newOptions.mouseDragEnabled != options.mouseDragEnabled && isMouseDragInFlight
    options = newOptions
    guard dropsTheHost || stopsTheMouseDrag else { return ArbiterDecision() }
    var decision = abandonCurrentPhase()
    decision.resetsHandOffGesture = true
    return decision
  }

  /// The edge whose host follows a pull (a drag or a touchpad scroll) that has not ended; `nil` for none.
  private var pullingEdge: ScrollEdge? {
    switch phase {
    case .claimed(let chain) where chain.hasHost: chain.edge
    case .touchpadPulling(let chain, _): chain.edge
    default: nil
    }
  }

  /// Whether a host follows a pull that has not ended.
  private var isPulling: Bool { pullingEdge != nil }

  // MARK: - Drags

  private var locksTop: Bool { options.locksTop }
  private var locksBottom: Bool { options.locksBottom }

  private mutating func begin(_ start: DragStart) -> ArbiterDecision {
    var hosts = start.hosts
    if let pullStart = hostOffsetAtPullStart {
      hosts[pullStart.edge].offset = pullStart.offset
    }
    var decision = abandonCurrentPhase()
    lastObservedValue = start.metrics.value
    guard start.target == .content, locksTop || locksBottom else {
      phase = .rejected
      decision.gesture = .deny
      return decision
    }
    pointerVelocity.reset()
    pointerVelocity.add(time: start.time, x: start.x, y: start.y)
    phase = .pending(
      Press(
        x: start.x, y: start.y, valueAtPress: start.metrics.value,
        hosts: EdgeHosts(top: hosts.top.limitCoveringOffset, bottom: hosts.bottom.limitCoveringOffset),
        threshold: start.threshold, horizontal: start.horizontal))
    return decision
  }

  /// The edge of the pull in progress and where its host began: cancelling it sends the host back there.
  private var hostOffsetAtPullStart: (edge: ScrollEdge, offset: Double)? {
    switch phase {
    case .claimed(let chain) where chain.hasHost: (chain.edge, chain.hostOffsetAtPress)
    case .touchpadPulling(let chain, _): (chain.edge, chain.hostOffsetAtPress)
    default: nil
    }
  }

  private mutating func move(x: Double, y: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    switch phase {
    case .pending(let press):
      return decideOwner(press: press, x: x, y: y, metrics: metrics)
    case .scrollingByGTK(let press):
      return watchScrolling(press: press, y: y, metrics: metrics)
    case .claimed(var chain):
      let decision = follow(&chain, to: y, metrics: metrics)
      phase = .claimed(chain)
      return decision
    case .panning(let pan, var horizontal):
      var decision = ArbiterDecision()
      let values = pan.values(x: x, y: y, horizontal: horizontal, vertical: metrics)
      decision.newHorizontalValue = values.horizontal != horizontal.value ? values.horizontal : nil
      decision.newValue = values.vertical != metrics.value ? values.vertical : nil
      horizontal.value = values.horizontal
      phase = .panning(pan, horizontal: horizontal)
      return decision
    case .idle, .rejected, .touchpadPulling, .flinging, .panFlinging:
      return ArbiterDecision()
    }
  }

  /// At the threshold: horizontal drags are denied, or panned on both axes where GTK's drag would move
  /// both (it would carry the vertical axis past the top); a drag outward at a locked edge (down at the
  /// top, up at the bottom), or inward on a displaced host, is claimed; everything else is left to GTK.
  private mutating func decideOwner(press: Press, x: Double, y: Double, metrics: ScrollMetrics)
    -> ArbiterDecision
  {
    let travelX = x - press.x
    let travelY = y - press.y
    guard abs(travelX) > press.threshold || abs(travelY) > press.threshold else {
      return ArbiterDecision()
    }
    if abs(travelX) > abs(travelY) * Tuning.verticalDominance {
      guard let horizontal = press.horizontal else {
        phase = .rejected
        var decision = ArbiterDecision()
        decision.gesture = .deny
        return decision
      }
      let pan = ContentPan(
        pressX: press.x, pressY: press.y, horizontalAtPress: horizontal.value,
        verticalAtPress: press.valueAtPress)
      phase = .panning(pan, horizontal: horizontal)
      var decision = move(x: x, y: y, metrics: metrics)
      decision.gesture = .claim
      decision.deniesGTKDrag = press.isHandOffGestureLost
      // As for any claim: GTK's swipe, cancelled by it, may still fling from a stale velocity, which would
      // drive the content against the pan on every frame (GTK 4.24: 500 px/s, 120 px off by the release).
      decision.stopsKinetic = true
      return decision
    }
    let claimsTop = claims(at: .top, travelY: travelY, press: press, metrics: metrics)
    let claimsBottom = claims(at: .bottom, travelY: travelY, press: press, metrics: metrics)
    guard claimsTop || claimsBottom else {
      phase = .scrollingByGTK(press)
      return watchScrolling(press: press, y: y, metrics: metrics)
    }
    // Content shorter than the page is at both edges: a displaced host is returned first.
    let claimedEdge: ScrollEdge =
      claimsBottom && (!claimsTop || press.hosts.bottom.offset > 0) ? .bottom : .top
    var chain = handOffChain(
      at: handOffEdge(claimedAt: claimedEdge), press: press, translation: 0, lastPointerY: press.y)
    var decision = follow(&chain, to: y, metrics: metrics)
    decision.gesture = .claim
    decision.deniesGTKDrag = press.isHandOffGestureLost
    decision.stopsKinetic = true
    phase = .claimed(chain)
    return decision
  }

  /// Whether a drag that has travelled `travelY` px is the core's at `edge` from its threshold on: outward
  /// at the edge, when the edge is locked, or inward while the edge's host is away from rest.
  private func claims(at edge: ScrollEdge, travelY: Double, press: Press, metrics: ScrollMetrics) -> Bool {
    let outwardTravel = edge.outwardSign * travelY
    return (outwardTravel > 0 && metrics.isAt(edge) && options.locks(edge))
      || (outwardTravel < 0 && press.hosts[edge].offset > 0 && options.handsOff(at: edge))
  }

  /// The edge whose host a drag claimed at `edge` hands off to. A drag hands off at one edge; a locked
  /// edge with no host leaves the drag to the other edge's host, if that has one (the drag may turn and
  /// reach it).
  private func handOffEdge(claimedAt edge: ScrollEdge) -> ScrollEdge {
    options.handsOff(at: edge) || !options.handsOff(at: edge.opposite) ? edge : edge.opposite
  }

  /// The chain of a drag the core owns, handing off at `chainEdge`.
  private func handOffChain(at chainEdge: ScrollEdge, press: Press, translation: Double, lastPointerY: Double)
    -> HandOffChain
  {
    HandOffChain(
      hostOffsetAtPress: press.hosts[chainEdge].offset, translation: translation,
      hasHost: options.handsOff(at: chainEdge), lastPointerY: lastPointerY,
      hostOffsetLimit: press.hosts[chainEdge].limit, edge: chainEdge)
  }

  /// While GTK scrolls (value = value at press - pointer travel, as GTK computes it), takes the drag over
  /// on the motion that would carry the content to or past a locked edge: released on the edge, GTK's
  /// fling would run straight into it with no value change to stop it on.
  private mutating func watchScrolling(press: Press, y: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    let pointerTravel = y - press.y
    let valueGTKWouldSet = press.valueAtPress - pointerTravel
    let reachedEdge = ScrollEdge.allCases.first { edge in
      options.locks(edge) && edge.outwardSign * pointerTravel >= 0
        && edge.outwardSign * (valueGTKWouldSet - metrics.value(at: edge)) <= 0
    }
    guard let reachedEdge else {
      return press.isGTKDragDenied
        ? takeOverFromDeniedGTKDrag(press: press, y: y, metrics: metrics) : ArbiterDecision()
    }
    let edgeValue = metrics.value(at: reachedEdge)
    // The pointer's travel past the edge, outward for the chain's edge.
    let travelPastEdge = pointerTravel - (press.valueAtPress - edgeValue)
    let chainEdge = handOffEdge(claimedAt: reachedEdge)
    let chain = handOffChain(
      at: chainEdge, press: press, translation: chainEdge.outwardSign * travelPastEdge, lastPointerY: y)
    phase = .claimed(chain)
    var decision = ArbiterDecision()
    decision.gesture = .claim
    decision.deniesGTKDrag = press.isHandOffGestureLost
    decision.stopsKinetic = true
    if edgeValue != metrics.value {
      decision.newValue = edgeValue
    }
    if chain.hasHost {
      decision.pull = .began(pullSample(of: chain))
      decision.hostEdge = chain.edge
    }
    return decision
  }

  /// The host's sample of `chain`: its translation, and the pointer's velocity outward.
  private func pullSample(of chain: HandOffChain) -> PullSample {
    PullSample(translation: chain.translation, velocity: chain.edge.outwardSign * pointerVelocity.velocityY)
  }

  /// GTK's drag was denied during this press (it would have passed a locked edge in its own frame) and
  /// scrolls nothing more: the core drives the content from here, 1:1 from where GTK left it.
  private mutating func takeOverFromDeniedGTKDrag(press: Press, y: Double, metrics: ScrollMetrics)
    -> ArbiterDecision
  {
    // GTK's drag was denied before it passed the edge the pointer heads for.
    let headedEdge: ScrollEdge = y > press.y || (y == press.y && metrics.isAtTop) ? .top : .bottom
    var chain = handOffChain(
      at: handOffEdge(claimedAt: headedEdge), press: press, translation: 0,
      lastPointerY: press.y + (press.valueAtPress - metrics.value))
    var decision = follow(&chain, to: y, metrics: metrics)
    decision.gesture = .claim
    decision.stopsKinetic = true
    phase = .claimed(chain)
    return decision
  }

  /// Applies the pointer's move to `y` to a chain the core owns.
  private mutating func follow(_ chain: inout HandOffChain, to y: Double, metrics: ScrollMetrics)
    -> ArbiterDecision
  {
    let wasPulling = chain.hasHost && phaseHasBegunPull
    let previousTranslation = chain.translation
    let value = chain.move(by: y - chain.lastPointerY, metrics: metrics)
    chain.lastPointerY = y
    var decision = ArbiterDecision()
    if value != metrics.value {
      decision.newValue = value
    }
    guard chain.hasHost else { return decision }
    let sample = pullSample(of: chain)
    decision.hostEdge = chain.edge
    if !wasPulling {
      decision.pull = .began(sample)
    } else if chain.translation != previousTranslation {
      decision.pull = .changed(sample)
    }
    return decision
  }

  /// Whether the current phase already told the host that a pull began.
  private var phaseHasBegunPull: Bool {
    switch phase {
    case .claimed, .touchpadPulling: true
    default: false
    }
  }

  private mutating func end(x: Double, y: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    // GTK may fling on from here, and value changes during the drag need not have been reported.
    lastObservedValue = metrics.value
    switch phase {
    case .claimed(let chain):
      return release(chain, contentVelocity: -pointerVelocity.velocityY, metrics: metrics)
    case .panning(_, var horizontal):
      var decision = move(x: x, y: y, metrics: metrics)
      var vertical = metrics
      vertical.value = decision.newValue ?? metrics.value
      horizontal.value = decision.newHorizontalValue ?? horizontal.value
      let fling = ContentPan.fling(
        velocityX: pointerVelocity.velocityX, velocityY: pointerVelocity.velocityY,
        horizontal: horizontal, vertical: vertical)
      phase = .idle
      if fling.isRunning {
        phase = .panFlinging(fling, horizontal: horizontal)
        decision.fling = .startPan(fling)
      }
      return decision
    case .pending:
      // A press released before it had an owner is a tap, and GTK must not fling it: GTK 4.8's swipe keeps
      // the history of a drag whose group was denied (`gtk_gesture_swipe_end` returns before clearing it,
      // and `_gtk_gesture_swipe_clear_backlog` keeps one event older than its window), so a tap after a
      // pull or a hand-off would fling from that drag's last motion, past the top when at the top.
      phase = .idle
      var decision = ArbiterDecision()
      decision.deniesGTKDrag = true
      return decision
    case .scrollingByGTK, .rejected:
      // GTK's drag, if it scrolled, flings on from its release.
      phase = .idle
      mayHaveStaleGTKValue = true
      return ArbiterDecision()
    default:
      phase = .idle
      return ArbiterDecision()
    }
  }

  /// Ends a pull the core owns: the host gets the pointer velocity if it is away from rest; otherwise the
  /// content had the drag and flings with `contentVelocity` px/s of value.
  private mutating func release(_ chain: HandOffChain, contentVelocity: Double, metrics: ScrollMetrics)
    -> ArbiterDecision
  {
    var decision = ArbiterDecision()
    phase = .idle
    if chain.hasHost {
      // The pointer moves against the content's value: outward, its velocity is the content's, negated.
      decision.pull = .ended(velocity: chain.isHostAway ? chain.edge.outwardSign * -contentVelocity : 0)
      decision.hostEdge = chain.edge
    }
    if !chain.isHostAway && abs(contentVelocity) >= Tuning.minimumFlingVelocity {
      let decay = KineticDecay(startPosition: metrics.value, startVelocity: contentVelocity)
      phase = .flinging(decay)
      decision.fling = .start(decay)
    }
    return decision
  }

  /// GTK's drag claimed the press and GTK cancelled the hand-off gesture (GTK 4.24): a press the core
  /// watches while GTK scrolls it, or that has no owner yet, goes on without the gesture; any other drag is
  /// cancelled.
  private mutating func loseHandOffGesture() -> ArbiterDecision {
    updatePress { $0.isHandOffGestureLost = true } ? ArbiterDecision() : cancel()
  }

  /// Applies `update` to the press that has no owner yet or that GTK scrolls; returns whether there is one.
  @discardableResult
  private mutating func updatePress(_ update: (inout Press) -> Void) -> Bool {
    switch phase {
    case .pending(var press):
      update(&press)
      phase = .pending(press)
      return true
    case .scrollingByGTK(var press):
      update(&press)
      phase = .scrollingByGTK(press)
      return true
    default:
      return false
    }
  }

  /// Whether a press is followed that has no owner yet or that GTK scrolls: after
  /// `handOffGestureTakenByGTK`, whether the GTK layer must go on feeding the press's motions and release.
  public var followsUnclaimedPress: Bool {
    switch phase {
    case .pending, .scrollingByGTK: true
    default: false
    }
  }

  /// The drag was taken away or the widget went (unmapped, re-parented, destroyed, detached): whatever runs
  /// is abandoned, a touchpad pull and the core's own fling included, since no later input would end them;
  /// no touchpad sequence is followed any more.
  private mutating func cancel() -> ArbiterDecision {
    let decision = abandonCurrentPhase()
    spentTouchpadSequence = nil
    return decision
  }

  /// The host gave the pull up: it hears `cancelled`, and what is left of the drag, or of the touchpad
  /// sequence up to its stop (a spent sequence, rule R13a), moves nothing.
  private mutating func dropPull() -> ArbiterDecision {
    guard isPulling else { return ArbiterDecision() }
    let wasTouchpad = if case .touchpadPulling = phase { true } else { false }
    let decision = abandonCurrentPhase()
    if !wasTouchpad { phase = .rejected }
    return decision
  }

  /// Leaves whatever runs, telling the host and the fling, and returns to idle. A touchpad pull's sequence
  /// is then spent, its quiet counted on: the rest of it moves nothing (rule R13a).
  private mutating func abandonCurrentPhase() -> ArbiterDecision {
    var decision = ArbiterDecision()
    switch phase {
    case .claimed(let chain) where chain.hasHost:
      decision.pull = .cancelled
      decision.hostEdge = chain.edge
    case .touchpadPulling(let chain, let sequence):
      decision.pull = .cancelled
      decision.hostEdge = chain.edge
      spentTouchpadSequence = sequence
    case .flinging, .panFlinging:
      decision.fling = .stop
    default:
      break
    }
    phase = .idle
    return decision
  }

  // MARK: - GTK's own drag

  /// GTK's drag began. It is denied on a scrollbar or off the list, and on another finger while the core owns
  /// the drag (a pull, a hand-off, a hand-back, its own pan): the first finger owns such a drag, and other
  /// fingers neither end, restart nor move it.
  private mutating func beginGTKDrag(target: PressTarget, isTrackedTouch: Bool, metrics: ScrollMetrics)
    -> ArbiterDecision
  {
    var decision = ArbiterDecision()
    // On the content, GTK cancels its deceleration as its drag begins, and the drag's updates keep the copy
    // in step. On a scrollbar GTK's drag is denied and the scrollbar moves the value: GTK 4.24 left its copy
    // at the value from before such a drag (a glow at the next drag's first update, found by the fuzz test),
    // so the next press on the list brings the copy in step.
    mayHaveStaleGTKValue = target != .content
    if !isTrackedTouch && ownsTheDrag {
      decision.deniesGTKDrag = true
      return decision
    }
    gtkDragStartValue = metrics.value
    decision.deniesGTKDrag = target != .content
    if isTrackedTouch {
      updatePress { $0.isGTKDragDenied = decision.deniesGTKDrag }
    }
    return decision
  }

  /// Whether the core drives the drag in progress (GTK's drag takes no part in it).
  private var ownsTheDrag: Bool {
    switch phase {
    case .claimed, .panning, .touchpadPulling: true
    default: false
    }
  }

  /// GTK's own drag measures in the scrolled window's coordinates, which move with the host: under a still
  /// pointer, a host that moves during a press makes GTK see a drag of the host's travel that the core (in
  /// the stable frame) has not seen. GTK then sets the content to its drag's start value minus its offset
  /// (`scrolled_window_drag_update_cb`), past the top into its private overshoot value: the glow,
  /// `edge-overshot`, and no `value-changed` to stop it on. GTK's group is denied before it acts when that
  /// would carry the content past a locked edge, and a hair before GTK's own threshold
  /// (`Tuning.gtkCoordinateSlack`).
  ///
  /// Denied, GTK's drag scrolls nothing more of this press: the core then takes the drag over on the next
  /// motion it would have left to GTK (`takeOverFromDeniedGTKDrag`). Returns whether to deny GTK's group.
  private mutating func watchGTKDrag(_ motion: GTKDragMotion) -> Bool {
    switch phase {
    case .claimed, .panning: return false
    default: break
    }
    let threshold = motion.gtkThreshold - Tuning.gtkCoordinateSlack
    let gtkScrolls =
      motion.isClaimedByGTK || abs(motion.travelX) > threshold || abs(motion.travelY) > threshold
    guard gtkScrolls && options.isPastLockedEdge(gtkDragStartValue - motion.travelY, of: motion.metrics)
    else { return false }
    updatePress { $0.isGTKDragDenied = true }
    return true
  }

  /// GTK's drag is released on whichever finger it follows. Released before GTK claimed it, it scrolled
  /// nothing and GTK must not fling it: GTK 4.8's swipe keeps the history of an earlier drag whose group
  /// was denied (a pull, a hand-off), so such a release would fling from that drag's last motion, into the
  /// top when at the top, with no value change to stop it on. The tracked touch's tap is denied the same
  /// way at its release (`end`); this covers a finger the hand-off gesture does not follow.
  private mutating func endGTKDrag(isClaimedByGTK: Bool) -> ArbiterDecision {
    var decision = ArbiterDecision()
    decision.deniesGTKDrag = !isClaimedByGTK
    // A drag GTK claimed flings on from its release.
    mayHaveStaleGTKValue = mayHaveStaleGTKValue || isClaimedByGTK
    return decision
  }

  /// A press landed on the list: when GTK's drag will take it and GTK may have decelerated since its copy
  /// of the value last matched, the value is re-emitted first, so that the drag starts where the content is.
  /// (A deceleration still running when the press lands is GTK's drag's to cancel; its copy then follows
  /// the fling's last frame.)
  private mutating func landPress(isMouse: Bool) -> ArbiterDecision {
    var decision = ArbiterDecision()
    guard mayHaveStaleGTKValue, !isMouse || options.mouseDragEnabled else { return decision }
    decision.resyncsGTKValue = true
    return decision
  }

  // MARK: - Wheel and touchpad

  private mutating func scroll(
    deltaY: Double, source: ScrollSource, time: Double, device: ScrollDevice, metrics: ScrollMetrics,
    hosts: EdgeHosts
  ) -> ArbiterDecision {
    guard deltaY != 0 else { return ArbiterDecision() }
    if source == .touchpad {
      touchpadLift.add(time: time, delta: deltaY)
    }
    if case .touchpadPulling(var chain, let sequence) = phase {
      guard source == .touchpad && device == sequence.device else {
        // Another device, or the wheel: the pull's sequence is over for the user. The event itself moves
        // nothing, so that one decision never both ends a pull and begins one.
        var decision = settleTouchpadPull()
        decision.scroll = .consume
        return decision
      }
      let decision = followTouchpad(&chain, deltaY: deltaY, time: time, metrics: metrics)
      phase = .touchpadPulling(chain, sequence: sequence)
      return decision
    }
    var decision = ArbiterDecision()
    switch phase {
    case .flinging, .panning, .panFlinging: decision = abandonCurrentPhase()
    default: break
    }
    if source == .touchpad && device == spentTouchpadSequence?.device {
      decision.scroll = .consume
      return decision
    }
    let wouldPassTop = deltaY < 0 && metrics.value + deltaY < metrics.lower
    let wouldPassBottom = deltaY > 0 && metrics.value + deltaY > metrics.maxValue
    // A touchpad delta moves the content as a finger moving by `-deltaY` would: outward at the edge it
    // would pass, or inward while that edge's host is away.
    let pulledEdge = ScrollEdge.allCases.first { edge in
      let outwardTravel = edge.outwardSign * -deltaY
      let wouldPass = edge == .top ? wouldPassTop : wouldPassBottom
      return options.handsOff(at: edge) && (wouldPass || (outwardTravel < 0 && hosts[edge].offset > 0))
    }
    if source == .touchpad && isIdle && options.touchpadPullEnabled, let pulledEdge {
      let hostOffset = hosts[pulledEdge].offset
      var chain = HandOffChain(
        hostOffsetAtPress: hostOffset, translation: 0, hasHost: true, lastPointerY: 0,
        hostOffsetLimit: hosts[pulledEdge].limit, edge: pulledEdge)
      pointerVelocity.reset()
      spentTouchpadSequence = nil
      let sequence = TouchpadSequence(device: device)
      phase = .touchpadPulling(chain, sequence: sequence)
      let pull = followTouchpad(&chain, deltaY: deltaY, time: time, metrics: metrics)
      phase = .touchpadPulling(chain, sequence: sequence)
      decision.newValue = pull.newValue
      decision.pull = .began(pullSample(of: chain))
      decision.hostEdge = pulledEdge
      decision.scroll = .consume
      return decision
    }
    if (wouldPassTop && locksTop) || (wouldPassBottom && locksBottom) {
      let edgeValue = wouldPassTop ? metrics.lower : metrics.maxValue
      decision.scroll = .consume
      decision.newValue = edgeValue != metrics.value ? edgeValue : nil
    }
    return decision
  }

  /// A touchpad delta of `deltaY` px of value moves the chain as a pointer moving by `-deltaY` would.
  private mutating func followTouchpad(
    _ chain: inout HandOffChain, deltaY: Double, time: Double, metrics: ScrollMetrics
  ) -> ArbiterDecision {
    let fingerY = chain.lastPointerY - deltaY
    if time > 0 {
      pointerVelocity.add(time: time, x: 0, y: fingerY)
    }
    var decision = follow(&chain, to: fingerY, metrics: metrics)
    decision.scroll = .consume
    return decision
  }

  /// GTK's scroll controller on the scrolled window saw the stop, with its own lift velocity.
  private mutating func endTouchpadScroll(velocityY: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    touchpadLift.reset()
    spentTouchpadSequence = nil
    // GTK's scroll controller may decelerate from the lift.
    mayHaveStaleGTKValue = true
    guard case .touchpadPulling(let chain, _) = phase else { return ArbiterDecision() }
    return release(chain, contentVelocity: velocityY, metrics: metrics)
  }

  // MARK: - The touchpad sequence of a pull (rule R13a)

  /// The device whose touchpad sequence the core follows: the one pulling, or one whose pull ended before
  /// its stop.
  private var followedTouchpadDevice: ScrollDevice? {
    if case .touchpadPulling(_, let sequence) = phase {
      sequence.device
    } else {
      spentTouchpadSequence?.device
    }
  }

  /// A scroll input came: the followed sequence's quiet starts again.
  private mutating func restartTouchpadQuiet() {
    if case .touchpadPulling(let chain, var sequence) = phase {
      sequence.quietTime = 0
      phase = .touchpadPulling(chain, sequence: sequence)
    }
    spentTouchpadSequence?.quietTime = 0
  }

  /// A scroll event of the window, before any widget sees it. GTK 4.8 has no scroll grab: each event goes
  /// to the widget last picked under the pointer, and once the host has moved the list from under a still
  /// pointer, that is no longer the scrolled window. So the followed sequence's events are taken here,
  /// wherever the pointer is: its deltas pull (or, spent, move nothing) and are consumed; its stop ends it
  /// and goes on, so that GTK's own controllers end their state. A wheel step or another device's event
  /// settles the pull and goes on to its widget.
  private mutating func watchWindowScroll(_ event: WindowScrollEvent) -> ArbiterDecision {
    guard let followed = followedTouchpadDevice else { return ArbiterDecision() }
    guard event.source == .touchpad && event.device == followed else {
      return settleTouchpadPull()
    }
    if event.isStop {
      return stopTouchpadSequence(time: event.time, metrics: event.metrics)
    }
    var decision = ArbiterDecision()
    if case .touchpadPulling = phase {
      decision = scroll(
        deltaY: event.deltaY, source: .touchpad, time: event.time, device: event.device,
        metrics: event.metrics, hosts: event.hosts)
    }
    decision.scroll = .consume
    return decision
  }

  /// The followed sequence's stop: its pull ends with the lift velocity GTK's scroll controller would give.
  private mutating func stopTouchpadSequence(time: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    touchpadLift.add(time: time, delta: 0)
    let velocity = touchpadLift.velocity()
    touchpadLift.reset()
    spentTouchpadSequence = nil
    guard case .touchpadPulling(let chain, _) = phase else { return ArbiterDecision() }
    return release(chain, contentVelocity: velocity, metrics: metrics)
  }

  /// A press anywhere in the window cancels a touchpad pull: the hand that pulled has done something else.
  private mutating func pressInWindow() -> ArbiterDecision {
    guard case .touchpadPulling = phase else { return ArbiterDecision() }
    return abandonCurrentPhase()
  }

  /// No scroll input for `elapsed` ms more: once quiet for `Tuning.touchpadQuietLimit`, a pull settles
  /// where it is (its spent sequence then has a quiet second of its own), and a spent sequence is over (a
  /// compositor may never send the stop).
  private mutating func passTouchpadQuiet(elapsed: Double) -> ArbiterDecision {
    let limit = Tuning.touchpadQuietLimitMilliseconds
    if case .touchpadPulling(let chain, var sequence) = phase {
      sequence.quietTime += elapsed
      guard sequence.quietTime >= limit else {
        phase = .touchpadPulling(chain, sequence: sequence)
        return ArbiterDecision()
      }
      return settleTouchpadPull()
    }
    guard var spent = spentTouchpadSequence else { return ArbiterDecision() }
    spent.quietTime += elapsed
    guard spent.quietTime >= limit else {
      spentTouchpadSequence = spent
      return ArbiterDecision()
    }
    spentTouchpadSequence = nil
    touchpadLift.reset()
    return ArbiterDecision()
  }

  /// Ends a touchpad pull where it is, with no velocity: the host settles from there. Its sequence is
  /// spent, its quiet counted from here.
  private mutating func settleTouchpadPull() -> ArbiterDecision {
    guard case .touchpadPulling(let chain, let sequence) = phase else { return ArbiterDecision() }
    phase = .idle
    spentTouchpadSequence = TouchpadSequence(device: sequence.device)
    var decision = ArbiterDecision()
    decision.pull = .ended(velocity: 0)
    decision.hostEdge = chain.edge
    return decision
  }

  // MARK: - Values that change on their own

  /// Stops GTK's fling on the frame it reaches a locked edge from inside.
  /// A value or bounds change from outside at frame time `time` ms (0: none): a change ends the core's own
  /// fling; while idle, the content's velocity is measured over its frames between the edges, reaching a
  /// locked edge stops GTK's kinetic scrolling there, and reaching an edge gives that edge's host the
  /// velocity of the last frames before it (the frame that reaches the edge is cut short there).
  private mutating func observe(_ metrics: ScrollMetrics, time: Double) -> ArbiterDecision {
    let previous = lastObservedValue ?? metrics.value
    lastObservedValue = metrics.value
    if isFlinging && metrics.value != previous {
      return abandonCurrentPhase()
    }
    var decision = ArbiterDecision()
    guard isContentMovedByGTK else { return decision }
    if time > 0 && metrics.value > metrics.lower && metrics.value < metrics.maxValue {
      gtkContentVelocity.add(time: time, value: metrics.value)
    }
    guard isIdle else { return decision }
    var before = metrics
    before.value = previous
    let reachedEdge = ScrollEdge.allCases.first { edge in
      metrics.room(toward: edge) == 0 && before.room(toward: edge) > 0
    }
    guard let reachedEdge else { return decision }
    decision.stopsKinetic = options.locks(reachedEdge)
    let momentum = reachedEdge.outwardSign * gtkContentVelocity.velocity(arrivingAt: time)
    if momentum < 0 {
      decision.momentumToHost = momentum
      decision.hostEdge = reachedEdge
      gtkContentVelocity.reset()
    }
    return decision
  }

  private var isIdle: Bool {
    if case .idle = phase { true } else { false }
  }

  /// Whether anything but the core moves the content: idle, or GTK's drag (`gtkContentVelocity` follows
  /// these phases alone).
  private var isContentMovedByGTK: Bool {
    switch phase {
    case .idle, .scrollingByGTK: true
    default: false
    }
  }

  /// Whether the core's own fling runs, on one axis or both.
  private var isFlinging: Bool {
    switch phase {
    case .flinging, .panFlinging: true
    default: false
    }
  }

  /// The host's momentum becomes the core's own fling at `velocity` px/s of value, unless a drag, a pan or
  /// a touchpad pull runs; a fling in progress gives way to it.
  private mutating func takeMomentum(velocity: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    guard isIdle || isFlinging else { return ArbiterDecision() }
    var decision = abandonCurrentPhase()
    lastObservedValue = metrics.value
    guard velocity.isFinite, abs(velocity) >= Tuning.minimumFlingVelocity else { return decision }
    let decay = KineticDecay(startPosition: metrics.value, startVelocity: velocity)
    phase = .flinging(decay)
    decision.fling = .start(decay)
    return decision
  }

  private mutating func flingFrame(elapsed: Double, metrics: ScrollMetrics) -> ArbiterDecision {
    var decision = ArbiterDecision()
    if case .panFlinging(var fling, var horizontal) = phase {
      let values = fling.frame(elapsed: elapsed, horizontal: horizontal, vertical: metrics)
      if let value = values.horizontal, value != horizontal.value {
        decision.newHorizontalValue = value
        horizontal.value = value
      }
      if let value = values.vertical, value != metrics.value {
        decision.newValue = value
      }
      phase = fling.isRunning ? .panFlinging(fling, horizontal: horizontal) : .idle
      decision.fling = fling.isRunning ? nil : .stop
      return decision
    }
    guard case .flinging(let decay) = phase else {
      decision.fling = .stop
      return decision
    }
    let position = decay.position(after: elapsed)
    let value = metrics.clamped(position)
    if value != metrics.value {
      decision.newValue = value
    }
    if value != position || decay.isFinished(after: elapsed) {
      phase = .idle
      decision.fling = .stop
      let reachedEdge = ScrollEdge.allCases.first { edge in
        value == metrics.value(at: edge) && metrics.room(toward: edge) > 0
      }
      if let reachedEdge {
        decision.momentumToHost = reachedEdge.outwardSign * decay.velocity(after: elapsed)
        decision.hostEdge = reachedEdge
      }
    }
    lastObservedValue = value
    return decision
  }
}
