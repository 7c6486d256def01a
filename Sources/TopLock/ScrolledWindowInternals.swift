import CTopLock
import CTopLockGtk
import Foundation
@_spi(Engine) import TopLockCore
import TopLockGObject

/// GTK 4.8's own controllers on a GtkScrolledWindow and the quirks TopLock works around, in one place: the
/// controllers are found through public API (`gtk_widget_observe_controllers`), and the flags TopLock
/// changes on them are remembered so that detaching restores them exactly.
///
/// Main actor only. Holds no references: the scrolled window owns its controllers.
@MainActor
struct ScrolledWindowInternals {
  /// GTK's drag, pan, swipe and long-press gestures: one group that scrolls on a drag and flings on
  /// release. Gestures the application added to the scrolled window are never among them.
  let gestures: ScrolledWindowGestures
  /// GTK's CAPTURE-phase scroll controller; its KINETIC flag starts GTK's touchpad fling at scroll end.
  let captureScrollController: OpaquePointer
  private let originalTouchOnly: [Bool]
  private let originalCaptureScrollFlags: GtkEventControllerScrollFlags

  /// Reads GTK's own controllers of `scrolledWindow`. GTK prepends controllers, so the ones it added when it
  /// made the widget come last: the last CAPTURE-phase scroll controller is GTK's.
  ///
  /// - Throws: `TopLockError.missingGTKController` naming the first controller GTK's set lacks.
  init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) throws(TopLockError) {
    do {
      gestures = try ScrolledWindowGestures(scrolledWindow: scrolledWindow)
    } catch {
      throw .missingGTKController(typeName: error.typeName)
    }
    let scrollType = gtk_event_controller_scroll_get_type()
    let captureScroll = WidgetControllers.all(of: scrolledWindow).last {
      GObjectType.exactType(of: UnsafeMutableRawPointer($0)) == scrollType
        && gtk_event_controller_get_propagation_phase($0) == GTK_PHASE_CAPTURE
    }
    guard let captureScroll else {
      throw .missingGTKController(typeName: String(cString: g_type_name(scrollType)))
    }
    captureScrollController = captureScroll
    originalTouchOnly = gestures.all.map { gtk_gesture_single_get_touch_only($0) != 0 }
    originalCaptureScrollFlags = gtk_event_controller_scroll_get_flags(captureScroll)
  }

  /// Lets a mouse drag scroll and fling (`true`), or restores GTK's touch-only setting (`false`).
  ///
  /// A gesture made touch-only during a mouse drag ignores the rest of it, its release included
  /// (`gtk_gesture_single_handle_event`), and would hold the drag's sequence for good. So a mouse drag in
  /// flight is ended first: the group is denied (no fling follows) and the gestures are reset.
  func allowMouseDrag(_ allowed: Bool) {
    let wanted: [gboolean] = originalTouchOnly.map { allowed ? 0 : ($0 ? 1 : 0) }
    let changes = zip(gestures.all, wanted).contains { gtk_gesture_single_get_touch_only($0) != $1 }
    guard changes else { return }
    if Self.isMouseDragInFlight(on: gestures.drag) {
      endGTKDragWithoutFling()
    }
    for (gesture, touchOnly) in zip(gestures.all, wanted) {
      gtk_gesture_single_set_touch_only(gesture, touchOnly)
    }
  }

  /// Whether `gesture` is following a drag from a pointer other than a touchscreen, decided by the event:
  /// a touch has an event sequence, a pointer drag has none. (The device's source is no guide: GTK's
  /// Broadway backend, for one, delivers real touch events from a device whose source is a mouse.)
  static func isMouseDragInFlight(on gesture: OpaquePointer) -> Bool {
    gtk_gesture_is_active(gesture) != 0 && gtk_gesture_single_get_current_sequence(gesture) == nil
  }

  /// Denies GTK's drag, pan, swipe and long-press group for the sequence in progress: GTK's drag ends, and
  /// no later update nor a fling follows. Clicks on children are untouched.
  func denyGTKDrag() {
    gtk_gesture_set_state(gestures.drag, GTK_EVENT_SEQUENCE_DENIED)
  }

  /// Ends GTK's drag group while any of its gestures follows a press: the group is denied (no fling
  /// follows), then the gestures are reset, so that they hold no sequence.
  ///
  /// Called when the list is unmapped (its window destroyed, or the list taken out of it) as well: GTK
  /// resets the gestures anyway when the scrolled window is finalized, after its dispose has dropped its
  /// scrollbars, and on GTK 4.18 (not on 4.8 nor 4.24) a swipe still holding a press then flings from there
  /// (`gtk_scrolled_window_decelerate`) and raises two GTK criticals (`gtk_scrollbar_get_adjustment`, then
  /// `gtk_adjustment_get_lower`). Ended while the widget is whole, nothing is left for the finalization.
  func endGTKDragWithoutFling() {
    guard gestures.all.contains(where: { gtk_gesture_is_active($0) != 0 }) else { return }
    denyGTKDrag()
    for gesture in gestures.all { gtk_event_controller_reset(gesture) }
  }

  /// Turns GTK's touchpad fling at scroll end on or off; `true` restores the original flags.
  func allowTouchpadKinetic(_ allowed: Bool) {
    let kinetic = GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let flags = originalCaptureScrollFlags.rawValue
    let wanted = allowed ? flags : flags & ~kinetic
    if gtk_event_controller_scroll_get_flags(captureScrollController).rawValue != wanted {
      gtk_event_controller_scroll_set_flags(captureScrollController, GtkEventControllerScrollFlags(wanted))
    }
  }

  /// Stops whatever moves the content on its own, through public API: toggling `kinetic-scrolling` cancels
  /// GTK's deceleration (`gtk_scrolled_window_cancel_deceleration`) and resets the gestures' touch-only
  /// flags (set again for `mouseDragEnabled`); setting the value ends an adjustment animation (keyboard
  /// scrolling, or the viewport bringing a child that took focus on the press into view, would go on moving
  /// the content under a claimed drag); re-emitting `value-changed` makes the scrolled window copy the
  /// clamped value into its private overshoot value, without which the glow would stay on. GTK copies no
  /// value while it decelerates, so `horizontalSet`, the horizontal adjustment when the same decision set its
  /// value (a pan's claim), is re-emitted too.
  func stopGTKKineticScrolling(
    of scrolledWindow: UnsafeMutablePointer<GtkWidget>, adjustment: UnsafeMutablePointer<GtkAdjustment>,
    horizontalSet: UnsafeMutablePointer<GtkAdjustment>?, mouseDragEnabled: Bool
  ) {
    let scrolled = OpaquePointer(scrolledWindow)
    let kinetic = gtk_scrolled_window_get_kinetic_scrolling(scrolled)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, kinetic == 0 ? 1 : 0)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, kinetic)
    allowMouseDrag(mouseDragEnabled)
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment))
    Self.resyncValue(of: adjustment, in: scrolledWindow)
    if let horizontalSet { Self.resyncValue(of: horizontalSet, in: scrolledWindow) }
  }

  /// Re-emits `adjustment`'s `value-changed` for the scrolled window, which then copies the value into the
  /// private one its next drag starts from and clamps its overshoot to it, with the handlers of its child (the
  /// list) blocked meanwhile: the value did not change, and GTK 4.8's list view takes the emission as a scroll
  /// and lays out one frame a page or more away from the value before it comes back.
  static func resyncValue(
    of adjustment: UnsafeMutablePointer<GtkAdjustment>, in scrolledWindow: UnsafeMutablePointer<GtkWidget>
  ) {
    let child = gtk_scrolled_window_get_child(OpaquePointer(scrolledWindow)).map(UnsafeMutableRawPointer.init)
    let matchData = toplock_signal_match_data
    let blocked =
      child.map { g_signal_handlers_block_matched(adjustment, matchData, 0, 0, nil, nil, $0) } ?? 0
    toplock_adjustment_emit_value_changed(adjustment)
    if let child, blocked > 0 {
      g_signal_handlers_unblock_matched(adjustment, matchData, 0, 0, nil, nil, child)
    }
  }

  /// Restores every flag TopLock changed.
  func restore() {
    allowMouseDrag(false)
    allowTouchpadKinetic(true)
  }

  /// Where `picked` (a widget `gtk_widget_pick` found, or `nil`) lies relative to `scrolledWindow`: on its
  /// content, on one of its scrollbars (GTK 4.8's drag checks only the scrollbar widget itself, not the
  /// slider inside it), or outside it.
  static func target(
    of picked: UnsafeMutablePointer<GtkWidget>?, in scrolledWindow: UnsafeMutablePointer<GtkWidget>
  )
    -> PressTarget
  {
    guard var widget = picked else { return .outside }
    while widget != scrolledWindow {
      if isScrollbar(widget, of: scrolledWindow) { return .scrollbar }
      guard let parent = gtk_widget_get_parent(widget) else { return .outside }
      widget = parent
    }
    return .content
  }

  /// Whether `widget` is one of `scrolledWindow`'s scrollbars.
  static func isScrollbar(
    _ widget: UnsafeMutablePointer<GtkWidget>, of scrolledWindow: UnsafeMutablePointer<GtkWidget>
  ) -> Bool {
    widget == gtk_scrolled_window_get_vscrollbar(OpaquePointer(scrolledWindow))
      || widget == gtk_scrolled_window_get_hscrollbar(OpaquePointer(scrolledWindow))
  }

  /// Where `event` happened, in the widget coordinates of `boundary` (px): the event's position is in the
  /// surface of `boundary`'s native, whose widget coordinates are offset by the surface transform (a window's
  /// shadow), and a boundary that is not itself the native lies somewhere inside it.
  static func point(of event: OpaquePointer, inBoundary boundary: UnsafeMutableRawPointer)
    -> (x: Double, y: Double)?
  {
    var surfaceX = 0.0
    var surfaceY = 0.0
    guard gdk_event_get_position(event, &surfaceX, &surfaceY) != 0 else { return nil }
    let boundaryWidget = boundary.assumingMemoryBound(to: GtkWidget.self)
    guard let native = gtk_widget_get_native(boundaryWidget) else { return nil }
    var transformX = 0.0
    var transformY = 0.0
    gtk_native_get_surface_transform(native, &transformX, &transformY)
    let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
    let inNative = (x: surfaceX - transformX, y: surfaceY - transformY)
    guard nativeWidget != boundaryWidget else { return inNative }
    return point(x: inNative.x, y: inNative.y, inBoundary: nativeWidget, in: boundaryWidget)
  }

  /// Where `event` happened, in `scrolledWindow`'s coordinates (px).
  static func point(
    of event: OpaquePointer, inBoundary boundary: UnsafeMutableRawPointer,
    in scrolledWindow: UnsafeMutablePointer<GtkWidget>
  ) -> (x: Double, y: Double)? {
    guard let boundaryPoint = point(of: event, inBoundary: boundary) else { return nil }
    return point(
      x: boundaryPoint.x, y: boundaryPoint.y, inBoundary: boundary.assumingMemoryBound(to: GtkWidget.self),
      in: scrolledWindow)
  }

  /// (`x`, `y`), a point in `boundary`'s coordinates (px), in `widget`'s; `nil` when the two are not in one
  /// widget tree.
  static func point(
    x: Double, y: Double, inBoundary boundary: UnsafeMutablePointer<GtkWidget>,
    in widget: UnsafeMutablePointer<GtkWidget>
  ) -> (x: Double, y: Double)? {
    var inBoundary = graphene_point_t(x: Float(x), y: Float(y))
    var inWidget = graphene_point_t()
    guard gtk_widget_compute_point(boundary, widget, &inBoundary, &inWidget) != 0 else { return nil }
    return (Double(inWidget.x), Double(inWidget.y))
  }

  /// The horizontal adjustment of `scrolledWindow` when GTK's drag there moves the content sideways as well
  /// as up and down, `nil` otherwise. GTK 4.8 moves the horizontal axis whenever its scrollbar is visible or
  /// the policy is EXTERNAL (`may_hscroll` in gtkscrolledwindow.c): under ALWAYS and EXTERNAL even for
  /// content no wider than the page, and under AUTOMATIC when the content is wider than the page.
  static func horizontalMetricsWhenGTKDragMovesBothAxes(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>)
    -> ScrollMetrics?
  {
    var horizontalPolicy = GTK_POLICY_NEVER
    gtk_scrolled_window_get_policy(OpaquePointer(scrolledWindow), &horizontalPolicy, nil)
    guard horizontalPolicy != GTK_POLICY_NEVER,
      let horizontal = gtk_scrolled_window_get_hadjustment(OpaquePointer(scrolledWindow))
    else { return nil }
    let metrics = ScrollMetrics(horizontal)
    let scrollbarShows = horizontalPolicy != GTK_POLICY_AUTOMATIC || metrics.maxValue > metrics.lower
    return scrollbarShows ? metrics : nil
  }
}

/// GTK 4.8's conversion of scroll deltas into px (gtkscrolledwindow.c).
enum GTKScrollUnits {
  /// A wheel click scrolls `page size ^ wheelDetentExponent` px (`get_wheel_detent_scroll_step`).
  static let wheelDetentExponent = 2.0 / 3.0
  /// A touchpad delta unit is this many px (`MAGIC_SCROLL_FACTOR`).
  static let surfaceFactor = 2.5

  /// `delta` in GTK's `unit` as px of value for a page of `pageSize` px, and the device it comes from.
  static func pixels(_ delta: Double, unit: GdkScrollUnit, pageSize: Double) -> (Double, ScrollSource) {
    if unit == GDK_SCROLL_UNIT_WHEEL {
      return (delta * pow(pageSize, wheelDetentExponent), .wheel)
    }
    return (delta * surfaceFactor, .touchpad)
  }
}
