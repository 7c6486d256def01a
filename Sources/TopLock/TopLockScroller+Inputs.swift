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

  /// The hand-off gesture saw a press at (`x`, `y`) in the root, on `picked` (what `gtk_widget_pick` found
  /// there), inside this scroller's scrolled window.
  func dragBegan(x: Double, y: Double, picked: UnsafeMutablePointer<GtkWidget>?, gesture: OpaquePointer) {
    press = PressState(x: x, y: y)
    let target = scrolledWindow.map { ScrolledWindowInternals.target(of: picked, in: $0) } ?? .outside
    let start = DragStart(
      x: x, y: y, time: eventTime(gesture), metrics: metrics, hostOffset: host?.hostOffset ?? 0,
      target: target, threshold: dragThreshold,
      horizontal: scrolledWindow.flatMap(ScrolledWindowInternals.horizontalMetricsWhenGTKDragMovesBothAxes))
    apply(arbiter.handle(.dragBegan(start)))
  }

  /// The pointer moved by (`offsetX`, `offsetY`) px since the press.
  func dragMoved(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    guard let press else { return }
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

  /// Cancels a drag in progress (the widget was unmapped): the hand-off gesture is reset when it follows
  /// this scroller's press, which cancels it.
  func cancelDrag() {
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
  /// on another finger. The root's input hub tells the scroller of the motions that drive GTK's drag from
  /// now on, whichever finger it follows.
  func gtkDragBegan(x: Double, y: Double) {
    guard let widget = scrolledWindow else { return }
    hooks.hub?.gtkDragBegan(by: self)
    let target = ScrolledWindowInternals.target(
      of: gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT), in: widget)
    let gtkSequence = gtk_gesture_single_get_current_sequence(internals.gestures.drag)
    let isTrackedTouch = hooks.hub?.gesture.map {
      gtk_gesture_is_active($0) != 0 && gtk_gesture_single_get_current_sequence($0) == gtkSequence
    }
    apply(
      arbiter.handle(.gtkDragBegan(target: target, isTrackedTouch: isTrackedTouch == true, metrics: metrics)))
  }

  /// The root's input hub saw `event`, a motion, before GTK's gestures on the scrolled window: a motion of
  /// the touch (or the mouse) GTK's drag follows, whichever finger it is, is told to the core with the
  /// offset GTK is about to see. GTK measures from its drag's start point in the scrolled window's
  /// coordinates, which move with the host.
  func gtkDragWillMove(_ event: OpaquePointer) {
    guard let widget = scrolledWindow, let root = hooks.hub?.root else { return }
    let dragGesture = internals.gestures.drag
    let sequence = gtk_gesture_single_get_current_sequence(dragGesture)
    guard gtk_gesture_is_active(dragGesture) != 0, gdk_event_get_event_sequence(event) == sequence,
      let point = ScrolledWindowInternals.point(of: event, inRoot: root, in: widget)
    else { return }
    var startX = 0.0
    var startY = 0.0
    guard gtk_gesture_drag_get_start_point(dragGesture, &startX, &startY) != 0 else { return }
    let motion = GTKDragMotion(
      travelX: point.x - startX, travelY: point.y - startY,
      isClaimedByGTK: gtk_gesture_get_sequence_state(dragGesture, sequence) == GTK_EVENT_SEQUENCE_CLAIMED,
      gtkThreshold: Double(toplock_drag_threshold(widget)), metrics: metrics)
    apply(arbiter.handle(.gtkDragMotion(motion)))
  }

  private var dragThreshold: Double {
    if let threshold = options.dragThreshold { return threshold }
    guard let scrolledWindow else { return Tuning.defaultDragThreshold }
    return Double(toplock_drag_threshold(scrolledWindow))
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
