import CTopLockGtk
import TopLockGObject

/// The controllers GTK 4 installs on every GtkScrolledWindow, found through public API
/// (`gtk_widget_observe_controllers`), and the flags TopLock changes on them, remembered so that detaching
/// restores them exactly.
///
/// Main actor only. Holds no references: the scrolled window owns its controllers.
@MainActor
struct ScrolledWindowInternals {
  /// GTK's drag, pan, swipe and long-press gestures: one group that scrolls on a drag and flings on release.
  /// Gestures the application added to the scrolled window are never among them, so TopLock leaves them be.
  private(set) var dragGestures: [OpaquePointer] = []
  /// GTK's drag gesture alone (the one whose claim scrolls).
  private(set) var dragGesture: OpaquePointer?
  /// GTK's CAPTURE-phase scroll controller; its KINETIC flag starts GTK's touchpad fling at scroll end.
  private(set) var captureScrollController: OpaquePointer?
  private var originalTouchOnly: [Bool] = []
  private var originalCaptureScrollFlags = GtkEventControllerScrollFlags(0)

  /// Reads GTK's own controllers of `scrolledWindow`. GTK prepends controllers, so the ones it added when it
  /// made the widget come last: the last CAPTURE-phase scroll controller is GTK's.
  init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    if let gestures = try? ScrolledWindowGestures(scrolledWindow: scrolledWindow) {
      dragGestures = gestures.all
      dragGesture = gestures.drag
      originalTouchOnly = gestures.all.map { gtk_gesture_single_get_touch_only($0) != 0 }
    }
    let scrollType = gtk_event_controller_scroll_get_type()
    captureScrollController = WidgetControllers.all(of: scrolledWindow).last {
      GObjectType.exactType(of: UnsafeMutableRawPointer($0)) == scrollType
        && gtk_event_controller_get_propagation_phase($0) == GTK_PHASE_CAPTURE
    }
    if let captureScrollController {
      originalCaptureScrollFlags = gtk_event_controller_scroll_get_flags(captureScrollController)
    }
  }

  /// Lets a mouse drag scroll and fling (`true`), or restores GTK's touch-only setting (`false`).
  ///
  /// A gesture made touch-only during a mouse drag ignores the rest of it, its release included
  /// (`gtk_gesture_single_handle_event`), and would hold the drag's sequence for good. So a mouse drag in
  /// flight is ended first: the group is denied (no fling follows) and the gestures are reset.
  func allowMouseDrag(_ allowed: Bool) {
    let wanted: [gboolean] = originalTouchOnly.map { allowed ? 0 : ($0 ? 1 : 0) }
    let changes = zip(dragGestures, wanted).contains { gtk_gesture_single_get_touch_only($0) != $1 }
    guard changes else { return }
    if let dragGesture, Self.isMouseDragInFlight(on: dragGesture) {
      gtk_gesture_set_state(dragGesture, GTK_EVENT_SEQUENCE_DENIED)
      for gesture in dragGestures { gtk_event_controller_reset(gesture) }
    }
    for (gesture, touchOnly) in zip(dragGestures, wanted) {
      gtk_gesture_single_set_touch_only(gesture, touchOnly)
    }
  }

  /// Whether `gesture` is following a drag from a pointer other than a touchscreen.
  static func isMouseDragInFlight(on gesture: OpaquePointer) -> Bool {
    guard gtk_gesture_is_active(gesture) != 0, let device = gtk_gesture_get_device(gesture) else {
      return false
    }
    return gdk_device_get_source(device) != GDK_SOURCE_TOUCHSCREEN
  }

  /// Turns GTK's touchpad fling at scroll end on or off; `true` restores the original flags.
  func allowTouchpadKinetic(_ allowed: Bool) {
    guard let captureScrollController else { return }
    let kinetic = GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let flags = originalCaptureScrollFlags.rawValue
    let wanted = allowed ? flags : flags & ~kinetic
    if gtk_event_controller_scroll_get_flags(captureScrollController).rawValue != wanted {
      gtk_event_controller_scroll_set_flags(captureScrollController, GtkEventControllerScrollFlags(wanted))
    }
  }

  /// Restores every flag TopLock changed.
  func restore() {
    allowMouseDrag(false)
    allowTouchpadKinetic(true)
  }
}
