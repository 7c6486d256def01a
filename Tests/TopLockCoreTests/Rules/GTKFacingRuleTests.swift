import Testing
@_spi(Engine) import TopLockCore

/// The rules that keep GTK's own gestures and controllers from breaking the edges, decided by the core from
/// what the GTK layer measures (no display needed). Points in px in the stable frame, times in ms.
struct GTKFacingRuleTests {
  private var handOff: TopLockOptions { TopLockOptions() }

  /// An arbiter whose press at (200, 100) has been seen, with GTK's drag starting from `value`.
  private func pressed(at value: Double, options: TopLockOptions = TopLockOptions()) -> DragArbiter {
    var arbiter = DragArbiter(options: options)
    _ = arbiter.handle(.dragBegan(DragStart(x: 200, y: 100, time: 0, metrics: .list(at: value))))
    _ = arbiter.handle(.gtkDragBegan(target: .content, metrics: .list(at: value)))
    return arbiter
  }

  // MARK: - GTK's drag is denied before it would overshoot a locked edge

  @Test func R1_hostMovedTheListUnderAStillPointer_gtksDragIsDeniedBeforeItPassesTheTop() {
    var arbiter = pressed(at: 0)
    // The pointer has not moved; the host moved the scrolled window 30 px up, so GTK sees a 30 px drag down.
    let motion = GTKDragMotion(travelX: 0, travelY: 30, isClaimedByGTK: false, metrics: .list(at: 0))
    #expect(arbiter.handle(.gtkDragMotion(motion)).deniesGTKDrag)
  }

  @Test func R1_gtksDragWithinTheContent_isLeftAlone() {
    var arbiter = pressed(at: 500)
    let motion = GTKDragMotion(
      travelX: 0, travelY: 40, isClaimedByGTK: true, metrics: .list(at: 500))
    #expect(!arbiter.handle(.gtkDragMotion(motion)).deniesGTKDrag)
  }

  @Test func R1_gtksDragAHairBeforeItsThreshold_isDeniedAtTheTop() {
    var arbiter = pressed(at: 0)
    // GTK maps the root's whole pixels into float coordinates: 8 px can come out as 8.0000019 there.
    let atThreshold = GTKDragMotion(
      travelX: 0, travelY: 8 - Tuning.gtkCoordinateSlack / 2, isClaimedByGTK: false,
      gtkThreshold: 8, metrics: .list(at: 0))
    let wellBefore = GTKDragMotion(
      travelX: 0, travelY: 7, isClaimedByGTK: false, gtkThreshold: 8, metrics: .list(at: 0))
    #expect(!arbiter.handle(.gtkDragMotion(wellBefore)).deniesGTKDrag)
    #expect(arbiter.handle(.gtkDragMotion(atThreshold)).deniesGTKDrag)
  }

  @Test func R1_gtksDragUnderTheStockTopPolicy_isLeftToGlow() {
    var options = TopLockOptions()
    options.topPolicy = .stock
    var arbiter = pressed(at: 0, options: options)
    let motion = GTKDragMotion(
      travelX: 0, travelY: 40, isClaimedByGTK: true, metrics: .list(at: 0))
    #expect(!arbiter.handle(.gtkDragMotion(motion)).deniesGTKDrag)
  }

  @Test func R4_gtksDragPastAClampedBottom_isDenied() {
    var options = TopLockOptions()
    options.bottomPolicy = .clamp
    let bottom = ScrollMetrics.list(at: 0).maxValue
    var arbiter = pressed(at: bottom, options: options)
    let motion = GTKDragMotion(
      travelX: 0, travelY: -40, isClaimedByGTK: true, metrics: .list(at: bottom))
    #expect(arbiter.handle(.gtkDragMotion(motion)).deniesGTKDrag)
  }

  @Test func R1_gtksDragWhileTheCoreOwnsTheDrag_isNotTouched() {
    var arbiter = pressed(at: 0)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 0)))
    let motion = GTKDragMotion(
      travelX: 0, travelY: 50, isClaimedByGTK: false, metrics: .list(at: 0))
    #expect(!arbiter.handle(.gtkDragMotion(motion)).deniesGTKDrag)
  }

  // MARK: - Other fingers

  @Test func touch_secondFingersGTKDragWhileTheCoreOwnsThePull_isDenied() {
    var arbiter = pressed(at: 0)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 0)))
    let second = arbiter.handle(.gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 0)))
    #expect(second.deniesGTKDrag)
    #expect(arbiter.owner == .host, "the first finger's pull goes on")
    let firstMoves = arbiter.handle(.dragMoved(x: 200, y: 170, time: 20, metrics: .list(at: 0)))
    #expect(firstMoves.pull?.sample?.translation == 70)
  }

  @Test func touch_secondFingersGTKDragWhileGTKScrolls_isLeftToGTKAndWatched() {
    var arbiter = pressed(at: 500)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 500)))
    let second = arbiter.handle(
      .gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 450)))
    #expect(!second.deniesGTKDrag)
    let pastTheTop = GTKDragMotion(travelX: 0, travelY: 460, isClaimedByGTK: true, metrics: .list(at: 450))
    #expect(
      arbiter.handle(.gtkDragMotion(pastTheTop)).deniesGTKDrag, "its drag is watched from its own start")
  }

  @Test func touch_gtksDragOnAnUntrackedFingerReleasedBeforeItClaimed_isDeniedSoAStaleSwipeCannotFling() {
    var arbiter = DragArbiter()
    let began = arbiter.handle(.gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 0)))
    #expect(!began.deniesGTKDrag)
    #expect(arbiter.handle(.gtkDragWillEnd(isClaimedByGTK: false)).deniesGTKDrag)
    #expect(arbiter.owner == .none)
  }

  @Test func touch_gtksDragReleasedAfterItClaimed_isLeftToFling() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 500)))
    let scrolls = GTKDragMotion(travelX: 0, travelY: -100, isClaimedByGTK: true, metrics: .list(at: 500))
    #expect(!arbiter.handle(.gtkDragMotion(scrolls)).deniesGTKDrag)
    #expect(!arbiter.handle(.gtkDragWillEnd(isClaimedByGTK: true)).deniesGTKDrag)
  }

  // MARK: - Presses GTK's drag should not have

  @Test(arguments: [PressTarget.scrollbar, .outside])
  func R11_gtksDragPressedOffTheContent_isDenied(target: PressTarget) {
    var arbiter = DragArbiter()
    #expect(arbiter.handle(.gtkDragBegan(target: target, metrics: .list(at: 0))).deniesGTKDrag)
  }

  @Test func R11_gtksDragPressedOnTheContent_isLeftAlone() {
    var arbiter = DragArbiter()
    #expect(!arbiter.handle(.gtkDragBegan(target: .content, metrics: .list(at: 0))).deniesGTKDrag)
  }

  @Test func R1_tap_deniesGTKsGesturesSoAStaleSwipeCannotFling() {
    var arbiter = pressed(at: 0)
    let release = arbiter.handle(.dragEnded(x: 200, y: 102, time: 60, metrics: .list(at: 0)))
    #expect(release.deniesGTKDrag)
    #expect(release.fling == nil && release.pull == nil)
  }

  @Test func R7_releaseOfADragGTKScrolled_leavesGTKsFling() {
    var arbiter = pressed(at: 500)
    _ = arbiter.handle(.dragMoved(x: 200, y: 140, time: 20, metrics: .list(at: 500)))
    let release = arbiter.handle(.dragEnded(x: 200, y: 160, time: 40, metrics: .list(at: 440)))
    #expect(!release.deniesGTKDrag)
  }

  // MARK: - GTK's copy of the value after its deceleration

  /// An arbiter after a drag GTK scrolled from 500 and released in motion: GTK may fling on.
  private func afterAGTKFling(options: TopLockOptions = TopLockOptions()) -> DragArbiter {
    var arbiter = pressed(at: 500, options: options)
    _ = arbiter.handle(.dragMoved(x: 200, y: 140, time: 20, metrics: .list(at: 500)))
    _ = arbiter.handle(.dragEnded(x: 200, y: 160, time: 40, metrics: .list(at: 440)))
    return arbiter
  }

  @Test func R1_touchLandingAfterGTKsFling_resyncsGTKsCopyOfTheValue() {
    var arbiter = afterAGTKFling()
    _ = arbiter.handle(.valueChanged(.list(at: 1_600)))
    let landing = arbiter.handle(.pressLanding(isMouse: false))
    #expect(landing.resyncsGTKValue && !landing.stopsKinetic)
    // Once in step, the next press leaves GTK alone.
    #expect(!arbiter.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
  }

  @Test func R1_mousePressLandingAfterGTKsFling_resyncsOnlyWhenGTKsDragTakesTheMouse() {
    var mouseDrag = TopLockOptions()
    mouseDrag.mouseDragEnabled = true
    var withMouseDrag = afterAGTKFling(options: mouseDrag)
    var touchOnly = afterAGTKFling()
    #expect(withMouseDrag.handle(.pressLanding(isMouse: true)).resyncsGTKValue)
    #expect(!touchOnly.handle(.pressLanding(isMouse: true)).resyncsGTKValue)
  }

  @Test func R1_pressLanding_leavesGTKAloneWithoutAFlingSinceItsDragBegan() {
    var fresh = DragArbiter(options: TopLockOptions())
    #expect(!fresh.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
    var flungThenDragged = afterAGTKFling()
    // GTK's next drag began (on a finger the hand-off gesture does not follow): GTK stopped its fling there.
    _ = flungThenDragged.handle(
      .gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 300)))
    #expect(!flungThenDragged.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
  }

  @Test func R1_pressLandingAfterAScrollbarDrag_resyncsGTKsCopyOfTheValue() {
    // GTK's drag on the scrollbar is denied and the scrollbar moves the value; GTK 4.24 kept its copy at the
    // value from before, so its next drag on the content would start there.
    var arbiter = DragArbiter(options: TopLockOptions())
    let onScrollbar = arbiter.handle(
      .gtkDragBegan(target: .scrollbar, isTrackedTouch: false, metrics: .list(at: 0)))
    #expect(onScrollbar.deniesGTKDrag)
    #expect(arbiter.awaitsPressLanding)
    _ = arbiter.handle(.valueChanged(.list(at: 2_900)))
    #expect(arbiter.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
    #expect(!arbiter.awaitsPressLanding)
  }

  @Test func R1_pressLandingIsAwaited_fromAReleaseGTKMayFlingFrom_toTheLandingThatResyncs() {
    var arbiter = pressed(at: 500)
    #expect(arbiter.awaitsPressLanding == false)
    _ = arbiter.handle(.dragMoved(x: 200, y: 140, time: 20, metrics: .list(at: 500)))
    _ = arbiter.handle(.dragEnded(x: 200, y: 160, time: 40, metrics: .list(at: 440)))
    #expect(arbiter.awaitsPressLanding)
    // GTK's fling moving the value changes nothing about it.
    _ = arbiter.handle(.valueChanged(.list(at: 300)))
    #expect(arbiter.awaitsPressLanding)
    // A mouse press GTK's drag does not take (mouse drag off) leaves it awaited.
    _ = arbiter.handle(.pressLanding(isMouse: true))
    #expect(arbiter.awaitsPressLanding)
    let landing = arbiter.handle(.pressLanding(isMouse: false))
    #expect(landing.resyncsGTKValue && !arbiter.awaitsPressLanding)
  }

  @Test func R1_pressLandingAfterATouchpadLiftOrAnUntrackedFingersFling_resyncs() {
    var afterLift = DragArbiter(options: TopLockOptions())
    _ = afterLift.handle(.touchpadScrollEnded(velocityY: 800, metrics: .list(at: 500)))
    #expect(afterLift.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
    var afterUntracked = DragArbiter(options: TopLockOptions())
    _ = afterUntracked.handle(.gtkDragBegan(target: .content, isTrackedTouch: false, metrics: .list(at: 500)))
    _ = afterUntracked.handle(.gtkDragWillEnd(isClaimedByGTK: true))
    #expect(afterUntracked.handle(.pressLanding(isMouse: false)).resyncsGTKValue)
  }

  // MARK: - GTK's touchpad fling at a locked edge

  @Test func R3_touchpadFling_isNotAllowedAtTheLockedTop() {
    var arbiter = DragArbiter()
    _ = arbiter.handle(.valueChanged(.list(at: 0)))
    #expect(arbiter.allowsTouchpadFling == false)
    _ = arbiter.handle(.valueChanged(.list(at: 300)))
    #expect(arbiter.allowsTouchpadFling == true)
    _ = arbiter.handle(.contentSizeChanged(.list(at: 0)))
    #expect(arbiter.allowsTouchpadFling == false)
  }

  @Test func R3_touchpadFling_followsEveryValue() {
    var arbiter = DragArbiter()
    #expect(arbiter.allowsTouchpadFling == true, "GTK's default, before any value")
    let allowed = [
      ArbiterInput.valueChanged(.list(at: 300)), .valueChanged(.list(at: 400)),
      .contentSizeChanged(.list(at: 500)),
      .valueChanged(.list(at: 0)), .valueChanged(.list(at: 0)), .valueChanged(.list(at: 10)),
    ].map { input in
      _ = arbiter.handle(input)
      return arbiter.allowsTouchpadFling
    }
    #expect(allowed == [true, true, true, false, false, true])
    // Inputs that carry no value leave it as decided.
    _ = arbiter.handle(.valueChanged(.list(at: 0)))
    _ = arbiter.handle(.touchpadQuiet(elapsed: 100))
    #expect(arbiter.allowsTouchpadFling == false)
  }

  @Test func R3_touchpadFling_followsTheCoresOwnValues() {
    var arbiter = DragArbiter()
    // A wheel step up near the top is clamped by the core to the top: GTK must not fling from there.
    let step = arbiter.handle(
      .scrolled(deltaY: -50, source: .wheel, time: 0, metrics: .list(at: 20)))
    #expect(step.newValue == 0)
    #expect(arbiter.allowsTouchpadFling == false)
  }

  @Test func R3_R4_touchpadFling_followsThePolicies() {
    var stock = TopLockOptions()
    stock.topPolicy = .stock
    var arbiter = DragArbiter(options: stock)
    _ = arbiter.handle(.valueChanged(.list(at: 0)))
    #expect(arbiter.allowsTouchpadFling == true)
    var clampBottom = TopLockOptions()
    clampBottom.bottomPolicy = .clamp
    let bottom = ScrollMetrics.list(at: 0).maxValue
    _ = arbiter.handle(.optionsChanged(clampBottom, isMouseDragInFlight: false, metrics: .list(at: bottom)))
    #expect(arbiter.allowsTouchpadFling == false)
  }

  // MARK: - Options changed mid-drag

  @Test func R6_topPolicyWithoutAHost_cancelsThePullAndTheDrag() {
    var arbiter = pressed(at: 0)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 0)))
    var clamp = TopLockOptions()
    clamp.topPolicy = .clamp
    let change = arbiter.handle(.optionsChanged(clamp, isMouseDragInFlight: false, metrics: .list(at: 0)))
    #expect(change.pull == .cancelled)
    #expect(change.resetsHandOffGesture)
    #expect(arbiter.owner == .none)
  }

  @Test func R12_mouseDragToggledDuringAMouseDrag_cancelsIt() {
    var mouse = TopLockOptions()
    mouse.mouseDragEnabled = true
    var arbiter = pressed(at: 0, options: mouse)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 0)))
    let change = arbiter.handle(
      .optionsChanged(TopLockOptions(), isMouseDragInFlight: true, metrics: .list(at: 0)))
    #expect(change.resetsHandOffGesture)
    #expect(change.pull == .cancelled)
  }

  @Test func R12_mouseDragToggledDuringATouchDrag_keepsIt() {
    var arbiter = pressed(at: 0)
    _ = arbiter.handle(.dragMoved(x: 200, y: 150, time: 10, metrics: .list(at: 0)))
    var mouse = TopLockOptions()
    mouse.mouseDragEnabled = true
    let change = arbiter.handle(.optionsChanged(mouse, isMouseDragInFlight: false, metrics: .list(at: 0)))
    #expect(!change.resetsHandOffGesture)
    #expect(change.pull == nil)
    #expect(arbiter.owner == .host)
  }

  // MARK: - One policy predicate each, on the options

  @Test func policyPredicates_matchThePolicies() {
    var options = TopLockOptions()
    #expect(options.locksTop && options.handsOff(at: .top) && !options.locksBottom)
    options.topPolicy = .clamp
    options.bottomPolicy = .clamp
    #expect(options.locksTop && !options.handsOff(at: .top) && options.locksBottom)
    options.topPolicy = .stock
    #expect(!options.locksTop && !options.handsOff(at: .top))
    #expect(options.isPastLockedEdge(10_000, of: .list(at: 0)))
    #expect(!options.isPastLockedEdge(-1, of: .list(at: 0)))
  }
}
