import CTopLock
import CTopLockGtk
import TopLockGObject

/// GTK's events turned into core inputs: points in the root's frame (px), event times (ms), the vertical
/// adjustment as `ScrollMetrics`. Each handler measures, feeds the arbiter, and applies its decision.
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

  /// The hand-off gesture saw a press at (`x`, `y`) in the root.
  func dragBegan(x: Double, y: Double, gesture: OpaquePointer) {
    press = PressState(x: x, y: y, scrolledWindowOrigin: scrolledWindowOrigin)
    let start = DragStart(
      x: x, y: y, time: eventTime(gesture), metrics: metrics, hostOffset: host?.hostOffset ?? 0,
      target: pressTarget(x: x, y: y), threshold: dragThreshold,
      horizontal: scrolledWindow.flatMap(ScrolledWindowInternals.horizontalMetricsWhenGTKDragMovesBothAxes))
    apply(arbiter.handle(.dragBegan(start)))
  }

  /// The pointer moved by (`offsetX`, `offsetY`) px since the press. GTK's own drag, which sees the same
  /// motion after this capture-phase gesture, is told about first.
  func dragMoved(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    guard let press else { return }
    if let motion = gtkDragMotion(pointerTravelX: offsetX, pointerTravelY: offsetY, press: press) {
      apply(arbiter.handle(.gtkDragMotion(motion)))
    }
    apply(
      arbiter.handle(
        .dragMoved(x: press.x + offsetX, y: press.y + offsetY, time: eventTime(gesture), metrics: metrics)))
  }

  /// The pointer was released (offsets in px since the press). The hand-off gesture is a capture gesture
  /// on the root, so this runs before GTK's own gestures see the release.
  func dragEnded(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    guard let press else { return }
    self.press = nil
    apply(
      arbiter.handle(
        .dragEnded(x: press.x + offsetX, y: press.y + offsetY, time: eventTime(gesture), metrics: metrics)))
  }

  func dragCancelled() {
    press = nil
    apply(arbiter.handle(.dragCancelled))
  }

  /// Cancels a drag in progress (the widget was unmapped): the hand-off gesture is reset, which cancels it.
  func cancelDrag() {
    if let handOffGesture = hooks.handOffGesture {
      gtk_event_controller_reset(handOffGesture)
    }
    dragCancelled()
  }

  /// GTK's own drag began at (`x`, `y`) in the scrolled window. GTK sends a press to the widget the pointer
  /// last moved over (`gtk_window_lookup_effective_pointer_focus_widget`) without a new pick: when a host
  /// has moved the scrolled window away from under a still pointer since, the press lands on it from
  /// outside; and GTK 4.8 checks only the scrollbar widget itself, not the slider inside it.
  func gtkDragBegan(x: Double, y: Double) {
    guard let widget = scrolledWindow else { return }
    let target = ScrolledWindowInternals.target(
      of: gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT), in: widget)
    apply(arbiter.handle(.gtkDragBegan(target: target, metrics: metrics)))
  }

  /// What GTK's own drag is about to see, while its gesture is active: the pointer's travel less the
  /// scrolled window's own move since the press (the host may move it under a still pointer).
  private func gtkDragMotion(pointerTravelX: Double, pointerTravelY: Double, press: PressState)
    -> GTKDragMotion?
  {
    let dragGesture = internals.gestures.drag
    guard let widget = scrolledWindow, gtk_gesture_is_active(dragGesture) != 0,
      let atPress = press.scrolledWindowOrigin, let now = scrolledWindowOrigin
    else { return nil }
    let sequence = gtk_gesture_single_get_current_sequence(dragGesture)
    return GTKDragMotion(
      pointerTravelX: pointerTravelX, pointerTravelY: pointerTravelY, frameShiftX: now.x - atPress.x,
      frameShiftY: now.y - atPress.y,
      isClaimedByGTK: gtk_gesture_get_sequence_state(dragGesture, sequence) == GTK_EVENT_SEQUENCE_CLAIMED,
      gtkThreshold: Double(toplock_drag_threshold(widget)), metrics: metrics)
  }

  private var dragThreshold: Double {
    if let threshold = options.dragThreshold { return threshold }
    guard let scrolledWindow else { return Tuning.defaultDragThreshold }
    return Double(toplock_drag_threshold(scrolledWindow))
  }

  /// Where a press at (`x`, `y`), in the root's coordinates, landed.
  private func pressTarget(x: Double, y: Double) -> PressTarget {
    guard let widget = scrolledWindow, let root = hooks.gestureRoot?.object else { return .outside }
    let picked = gtk_widget_pick(root.assumingMemoryBound(to: GtkWidget.self), x, y, GTK_PICK_DEFAULT)
    return ScrolledWindowInternals.target(of: picked, in: widget)
  }

  /// The scrolled window's top-left corner in the root's coordinates, in px; `nil` without a root.
  private var scrolledWindowOrigin: (x: Double, y: Double)? {
    guard let widget = scrolledWindow, let root = hooks.gestureRoot?.object else { return nil }
    var corner = graphene_point_t(x: 0, y: 0)
    var inRoot = graphene_point_t()
    let rootWidget = root.assumingMemoryBound(to: GtkWidget.self)
    guard gtk_widget_compute_point(widget, rootWidget, &corner, &inRoot) != 0 else { return nil }
    return (Double(inRoot.x), Double(inRoot.y))
  }

  func scrolled(deltaY: Double, controller: OpaquePointer) -> Bool {
    scrollGuardReceived(
      deltaY: deltaY, unit: gtk_event_controller_scroll_get_unit(controller), time: eventTime(controller))
  }

  func touchpadLifted(velocityY: Double, controller: OpaquePointer) {
    scrollGuardReceivedLift(velocityY: velocityY, unit: gtk_event_controller_scroll_get_unit(controller))
  }

  /// The scroll guard's `scroll` handling of one vertical delta in GTK's `unit`, at event time `time` ms;
  /// returns whether the event is consumed. Internal so that the memcheck session can feed smooth touchpad
  /// deltas, which XTest cannot produce.
  func scrollGuardReceived(deltaY: Double, unit: GdkScrollUnit, time: Double) -> Bool {
    let (pixels, source) = GTKScrollUnits.pixels(deltaY, unit: unit, pageSize: metrics.pageSize)
    let decision = arbiter.handle(
      .scrolled(
        deltaY: pixels, source: source, time: time, metrics: metrics, hostOffset: host?.hostOffset ?? 0))
    apply(decision)
    return decision.scroll == .consume
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
    apply(arbiter.handle(.valueChanged(metrics)))
  }

  func contentSizeChanged() {
    guard !isApplying else { return }
    apply(arbiter.handle(.contentSizeChanged(metrics)))
  }

  /// One frame of the core's fling, `elapsed` s after its first; returns whether to keep ticking.
  func decayTick(elapsed: Double) -> Bool {
    let decision = arbiter.handle(.decayFrame(elapsed: elapsed, metrics: metrics))
    apply(decision)
    return decision.decay != .stop
  }
}
