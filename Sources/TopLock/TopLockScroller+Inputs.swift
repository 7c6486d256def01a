import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// GTK's events turned into core inputs: points in the input hub's frame (its event boundary's, px), event
/// times (ms), the vertical adjustment as `ScrollMetrics`. Each handler measures, feeds the arbiter, and
/// applies its decision.
extension TopLockScroller {
  var metrics: ScrollMetrics {
    guard let adjustment = hooks.adjustment else {
      return ScrollMetrics(value: 0, lower: 0, upper: 0, pageSize: 0)
    }
    return ScrollMetrics(adjustment)
  }

  private func eventTime(_ controller: OpaquePointer) -> Double {
    Double(gtk_event_controller_get_current_event_time(controller))
  }

  /// Where `host` and `bottomHost` are now; an edge with no host is at rest with no end.
  private var edgeHosts: EdgeHosts {
    EdgeHosts(top: Self.place(of: host), bottom: Self.place(of: bottomHost))
  }

  private static func place(of host: (any TopLockHost)?) -> HostPlace {
    guard let host else { return HostPlace() }
    return HostPlace(offset: host.hostOffset, limit: host.hostOffsetLimit)
  }

  /// The hand-off gesture saw a press at (`x`, `y`) in the event boundary, landing on `target` of this
  /// scroller's scrolled window (the input hub routed it here).
  func dragBegan(x: Double, y: Double, target: PressTarget, gesture: OpaquePointer) {
    press = PressState(x: x, y: y, target: target, sequence: gtk_gesture_single_get_current_sequence(gesture))
    let start = DragStart(
      x: x, y: y, time: eventTime(gesture), metrics: metrics, hosts: edgeHosts, target: target,
      threshold: dragThreshold,
      horizontal: scrolledWindow.flatMap(ScrolledWindowInternals.horizontalMetricsWhenGTKDragMovesBothAxes))
    apply(arbiter.handle(.dragBegan(start)))
  }

  /// The input hub's event watch saw `event`, a motion of the press routed to this scroller, before any
  /// gesture: one input, in the hub's frame, with what GTK's drag is about to see of it when that drag follows
  /// the same touch (or the mouse). The hand-off gesture's own updates feed nothing, and a press GTK took
  /// the gesture from (GTK 4.24) moves the same way.
  func routedPressMoved(_ event: OpaquePointer) {
    guard press != nil, let point = hooks.hub?.point(of: event) else { return }
    apply(
      arbiter.handle(
        .dragMoved(
          x: point.x, y: point.y, time: Double(gdk_event_get_time(event)), metrics: metrics,
          gtkDrag: gtkDragMotion(of: event))))
  }

  /// The pointer was released (offsets in px since the press). The hand-off gesture is a capture gesture
  /// on the event boundary, so this runs before GTK's own gestures see the release.
  func dragEnded(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    guard let press else { return }
    self.press = nil
    apply(
      arbiter.handle(
        .dragEnded(x: press.x + offsetX, y: press.y + offsetY, time: eventTime(gesture), metrics: metrics)))
  }

  func dragCancelled() {
    press = nil
    hooks.hub?.stopWatchingPress(of: self)
    apply(arbiter.handle(.dragCancelled))
  }

  /// Whether GTK's own drag of the scrolled window has claimed `sequence` (`nil`: the mouse's).
  func isGTKDragClaimed(sequence: OpaquePointer?) -> Bool {
    let dragGesture = internals.gestures.drag
    return gtk_gesture_is_active(dragGesture) != 0
      && gtk_gesture_get_sequence_state(dragGesture, sequence) == GTK_EVENT_SEQUENCE_CLAIMED
  }

  /// GTK cancelled the hand-off gesture for this scroller's press, which GTK's own drag claimed (GTK 4.24).
  /// Returns whether the core goes on following the press, from the motions and the release the input
  /// hub's event watch feeds (`watchedPressMoved`, `watchedPressReleased`).
  func handOffGestureTakenByGTK() -> Bool {
    apply(arbiter.handle(.handOffGestureTakenByGTK))
    guard arbiter.followsUnclaimedPress, press != nil else {
      press = nil
      return false
    }
    return true
  }

  /// The input hub's event watch saw `event`, the release of the press GTK took the hand-off gesture from.
  func watchedPressReleased(_ event: OpaquePointer) {
    guard press != nil else { return }
    press = nil
    guard let point = hooks.hub?.point(of: event) else {
      apply(arbiter.handle(.dragCancelled))
      return
    }
    apply(
      arbiter.handle(
        .dragEnded(x: point.x, y: point.y, time: Double(gdk_event_get_time(event)), metrics: metrics)))
  }

  /// Cancels a drag in progress (the widget was unmapped): the hand-off gesture is reset when it follows
  /// this scroller's press, which cancels it, and GTK's own drag ends without a fling while the scrolled
  /// window is still whole (`ScrolledWindowInternals.endGTKDragWithoutFling`).
  func cancelDrag() {
    internals.endGTKDragWithoutFling()
    if let handOffGesture = hooks.hub?.gesture(followingPressOf: self) {
      gtk_event_controller_reset(handOffGesture)
    }
    dragCancelled()
  }

  /// GTK's own drag began at (`x`, `y`) in the scrolled window. GTK sends a press to the widget the pointer
  /// last moved over (`gtk_window_lookup_effective_pointer_focus_widget`) without a new pick: when a host
  /// has moved the scrolled window away from under a still pointer since, the press lands on it from
  /// outside; and GTK 4.8 checks only the scrollbar widget itself, not the slider inside it. The hand-off
  /// gesture follows one touch (the one that emulates the pointer) or the mouse: GTK's drag may have begun
  /// on another finger. A drag of the press the hand-off gesture routed here lands where that press did
  /// (`press.target`); any other is hit-tested in the scrolled window. The input hub tells the scroller of
  /// the motions that drive GTK's drag from now on, whichever finger it follows.
  ///
  /// A press that belongs to a list nested in this one (`InputHub.pressBelongsInside`) is that list's: GTK's
  /// drag here is denied, so that it neither scrolls this list nor takes the press from the inner one.
  func gtkDragBegan(x: Double, y: Double) {
    guard let widget = scrolledWindow else { return }
    let gtkSequence = gtk_gesture_single_get_current_sequence(internals.gestures.drag)
    if hooks.hub?.pressBelongsInside(self, sequence: gtkSequence, x: x, y: y) == true {
      internals.denyGTKDrag()
      return
    }
    hooks.hub?.gtkDragBegan(by: self)
    gtkDragThreshold = Double(toplock_drag_threshold(widget))
    let isTrackedTouch =
      hooks.hub?.gesture.map {
        gtk_gesture_is_active($0) != 0 && gtk_gesture_single_get_current_sequence($0) == gtkSequence
      } == true
    let routedPress = press.flatMap { isTrackedTouch && $0.sequence == gtkSequence ? $0 : nil }
    let target =
      routedPress?.target
      ?? ScrolledWindowInternals.target(of: gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT), in: widget)
    apply(arbiter.handle(.gtkDragBegan(target: target, isTrackedTouch: isTrackedTouch, metrics: metrics)))
  }

  /// Whether GTK's drag of the scrolled window follows a sequence.
  var isGTKDragActive: Bool { gtk_gesture_is_active(internals.gestures.drag) != 0 }

  /// The input hub saw `event`, a motion, before GTK's gestures on the scrolled window: a motion of the touch
  /// (or the mouse) GTK's drag follows, on a finger this scroller's press is not, is told to the core with the
  /// offset GTK is about to see.
  func gtkDragWillMove(_ event: OpaquePointer) {
    guard let motion = gtkDragMotion(of: event) else { return }
    apply(arbiter.handle(.gtkDragMotion(motion)))
  }

  /// What GTK's drag of the scrolled window is about to see of `event`, a motion, when it follows the
  /// event's touch (or the mouse): its offset from its start point, in the scrolled window's coordinates,
  /// which move with the host. `nil` when GTK's drag follows no sequence, or another.
  private func gtkDragMotion(of event: OpaquePointer) -> GTKDragMotion? {
    guard let widget = scrolledWindow, let hub = hooks.hub else { return nil }
    let dragGesture = internals.gestures.drag
    let sequence = gtk_gesture_single_get_current_sequence(dragGesture)
    guard gtk_gesture_is_active(dragGesture) != 0, gdk_event_get_event_sequence(event) == sequence,
      let point = hub.point(of: event, in: widget)
    else { return nil }
    var startX = 0.0
    var startY = 0.0
    guard gtk_gesture_drag_get_start_point(dragGesture, &startX, &startY) != 0 else { return nil }
    return GTKDragMotion(
      travelX: point.x - startX, travelY: point.y - startY,
      isClaimedByGTK: gtk_gesture_get_sequence_state(dragGesture, sequence) == GTK_EVENT_SEQUENCE_CLAIMED,
      gtkThreshold: gtkDragThreshold, metrics: metrics)
  }

  /// The input hub saw `event`, a release, before GTK's gestures on the scrolled window: the release
  /// of the touch (or the mouse) GTK's drag follows, whichever finger it is, is told to the core, with
  /// whether GTK's drag claimed its sequence.
  func gtkDragWillEnd(_ event: OpaquePointer) {
    guard scrolledWindow != nil else { return }
    let dragGesture = internals.gestures.drag
    let sequence = gtk_gesture_single_get_current_sequence(dragGesture)
    guard gtk_gesture_is_active(dragGesture) != 0, gdk_event_get_event_sequence(event) == sequence else {
      return
    }
    let isClaimedByGTK = gtk_gesture_get_sequence_state(dragGesture, sequence) == GTK_EVENT_SEQUENCE_CLAIMED
    apply(arbiter.handle(.gtkDragWillEnd(isClaimedByGTK: isClaimedByGTK)))
  }

  private var dragThreshold: Double {
    if let threshold = options.dragThreshold { return threshold }
    guard let scrolledWindow else { return Tuning.defaultDragThreshold }
    return Double(toplock_drag_threshold(scrolledWindow))
  }

  func scrolled(deltaY: Double, controller: OpaquePointer) -> Bool {
    scrollGuardReceived(
      deltaY: deltaY, unit: gtk_event_controller_scroll_get_unit(controller), time: eventTime(controller),
      device: ScrollDevice(gtk_event_controller_get_current_event_device(controller)))
  }

  func touchpadLifted(velocityY: Double, controller: OpaquePointer) {
    scrollGuardReceivedLift(velocityY: velocityY, unit: gtk_event_controller_scroll_get_unit(controller))
  }

  /// The scroll guard's `scroll` handling of one vertical delta in GTK's `unit`, at event time `time` ms,
  /// from `device`; returns whether the event is consumed. Internal so that the memcheck session can feed
  /// smooth touchpad deltas, which XTest cannot produce.
  func scrollGuardReceived(
    deltaY: Double, unit: GdkScrollUnit, time: Double, device: ScrollDevice = ScrollDevice(0)
  ) -> Bool {
    lastScrollInputMilliseconds = MonotonicClock.milliseconds
    let (pixels, source) = GTKScrollUnits.pixels(deltaY, unit: unit, pageSize: metrics.pageSize)
    let decision = arbiter.handle(
      .scrolled(
        deltaY: pixels, source: source, time: time, metrics: metrics, device: device, hosts: edgeHosts))
    apply(decision)
    return decision.scroll == .consume
  }

  /// The event boundary saw `event` before any widget in it (its capture phase): every scroll event and every
  /// press goes to the core, which takes the events of the touchpad sequence whose pull it follows wherever
  /// the pointer is (docs/RULES.md, R13a). GTK 4.8 has no scroll grab: it sends a scroll event to the
  /// widget last picked under the pointer, which is no longer the scrolled window once the host has moved
  /// it from under a still pointer. Returns whether the event stops here, so that the scroll guard never
  /// sees an event twice.
  ///
  /// A routed delta becomes exactly what the scroll guard would have made of it: the guard's `scroll`
  /// signal carries the event's own deltas in the event's unit (no DISCRETE flag, and no first delta left
  /// out: that is GtkScrolledWindow's own controllers, whose capture one scrolls only once the bubble
  /// one's `scroll-begin` has run), turned into px the same way (`GTKScrollUnits`); and the core works out
  /// the lift velocity from the same events as the guard's `decelerate` would.
  func windowSawScrollOrPress(_ event: OpaquePointer) -> Bool {
    switch gdk_event_get_event_type(event) {
    case GDK_SCROLL:
      lastScrollInputMilliseconds = MonotonicClock.milliseconds
      var scroll = windowScrollEvent(event)
      guard scroll.isStop && scroll.deltaY != 0 else { return windowScrolled(scroll) }
      // GDK merges the scroll events queued for a frame into one, which is a stop when the last of them
      // was (`gdk_event_queue_handle_scroll_compression` in gdkevents.c): the last deltas ride on the
      // stop. GTK's scroll controller takes such an event as its delta, then the stop; so does the core.
      var delta = scroll
      delta.isStop = false
      scroll.deltaY = 0
      let takesTheDelta = windowScrolled(delta)
      return windowScrolled(scroll) || takesTheDelta
    case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
      applyUnlessEmpty(arbiter.handle(.windowPressed))
      return false
    default:
      return false
    }
  }

  /// Feeds one scroll event of the boundary; returns whether it stops at the boundary.
  private func windowScrolled(_ event: WindowScrollEvent) -> Bool {
    let decision = arbiter.handle(.windowScrolled(event))
    applyUnlessEmpty(decision)
    return decision.scroll == .consume
  }

  private func windowScrollEvent(_ event: OpaquePointer) -> WindowScrollEvent {
    var deltaX = 0.0
    var deltaY = 0.0
    switch gdk_scroll_event_get_direction(event) {
    case GDK_SCROLL_SMOOTH: gdk_scroll_event_get_deltas(event, &deltaX, &deltaY)
    case GDK_SCROLL_UP: deltaY = -1
    case GDK_SCROLL_DOWN: deltaY = 1
    default: break
    }
    let (pixels, source) = GTKScrollUnits.pixels(
      deltaY, unit: gdk_scroll_event_get_unit(event), pageSize: metrics.pageSize)
    return WindowScrollEvent(
      deltaY: pixels, source: source, time: Double(gdk_event_get_time(event)),
      device: ScrollDevice(gdk_event_get_device(event)), isStop: gdk_scroll_event_is_stop(event) != 0,
      metrics: metrics, hosts: edgeHosts)
  }

  /// One tick of the timer that runs while the core follows a touchpad sequence: the time since the last
  /// scroll input or tick. Returns whether to keep ticking.
  func touchpadQuietTick() -> Bool {
    let now = MonotonicClock.milliseconds
    let elapsed = now - lastScrollInputMilliseconds
    lastScrollInputMilliseconds = now
    applyUnlessEmpty(arbiter.handle(.touchpadQuiet(elapsed: elapsed)))
    return touchpadQuietTimer != nil
  }

  /// A press landed on the scrolled window or inside it, before its gestures see it: a button press
  /// (`isMouse`) or a touch.
  func pressLanding(isMouse: Bool) {
    guard scrolledWindow != nil else { return }
    applyUnlessEmpty(arbiter.handle(.pressLanding(isMouse: isMouse)))
  }

  /// Applies `decision` unless it changes nothing. The window's events and the quiet ticks are mostly not
  /// the scroller's business: the core leaves them alone, and `onStateChange` is for inputs that may have
  /// changed the state. What GTK mirrors of the core's state is brought in step either way: a quiet tick
  /// that decides nothing may end the touchpad sequence the core follows.
  private func applyUnlessEmpty(_ decision: ArbiterDecision) {
    guard decision != ArbiterDecision() else {
      mirrorCoreState()
      return
    }
    apply(decision)
  }

  /// The scroll guard's `decelerate` handling: the fingers left the touchpad at `velocityY` units/s.
  func scrollGuardReceivedLift(velocityY: Double, unit: GdkScrollUnit) {
    let (velocity, _) = GTKScrollUnits.pixels(velocityY, unit: unit, pageSize: metrics.pageSize)
    apply(arbiter.handle(.touchpadScrollEnded(velocityY: velocity, metrics: metrics)))
  }

  /// The value moved: GTK's drag or fling, keys, or the application. The scroller's own writes are not
  /// reported: the core already knows them.
  func valueChanged() {
    guard !isApplying else { return }
    apply(arbiter.handle(.valueChanged(metrics, time: frameTime)))
  }

  /// The list's frame clock's time, in ms (0 before the list is realized): the time of the frame a change of
  /// value shows in, which GTK's kinetic scrolling steps by.
  private var frameTime: Double {
    guard let widget = scrolledWindow, let clock = gtk_widget_get_frame_clock(widget) else { return 0 }
    return Double(gdk_frame_clock_get_frame_time(clock)) / 1000
  }

  func contentSizeChanged() {
    guard !isApplying else { return }
    apply(arbiter.handle(.contentSizeChanged(metrics)))
  }

  /// One frame of the core's fling, `elapsed` s after its first; returns whether to keep ticking.
  func flingTick(elapsed: Double) -> Bool {
    let decision = arbiter.handle(.flingFrame(elapsed: elapsed, metrics: metrics))
    apply(decision)
    return decision.fling != .stop
  }
}

extension ScrollDevice {
  /// The device `device` (a `GdkDevice *`), known by its address.
  init(_ device: OpaquePointer?) {
    self.init(UInt(bitPattern: device.map { Int(bitPattern: $0) } ?? 0))
  }
}

/// GLib's monotonic clock (`g_get_monotonic_time`), in ms.
enum MonotonicClock {
  static var milliseconds: Double { Double(g_get_monotonic_time()) / 1000 }
}
