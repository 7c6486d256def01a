import CTopLockGtk
import TopLockGObject

/// The controllers GTK 4 installs on every GtkScrolledWindow, found through public API
/// (`gtk_widget_observe_controllers`), and the flags TopLock changes on them, remembered so that detaching
/// restores them exactly.
///
/// Main actor only. Holds no references: the scrolled window owns its controllers.
@MainActor
struct ScrolledWindowInternals {
  /// The drag, pan, swipe and long-press gestures: one group that scrolls on a drag and flings on release.
  private(set) var dragGestures: [OpaquePointer] = []
  /// The drag gesture alone (the one whose claim scrolls).
  private(set) var dragGesture: OpaquePointer?
  /// The CAPTURE-phase scroll controller; its KINETIC flag starts GTK's touchpad fling at scroll end.
  private(set) var captureScrollController: OpaquePointer?
  private var originalTouchOnly: [Bool] = []
  private var originalCaptureScrollFlags = GtkEventControllerScrollFlags(0)

  /// Reads the controllers of `scrolledWindow`. Types are matched exactly: GtkGesturePan is a subclass of
  /// GtkGestureDrag.
  init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    let gestureTypes = [
      gtk_gesture_drag_get_type(), gtk_gesture_pan_get_type(), gtk_gesture_swipe_get_type(),
      gtk_gesture_long_press_get_type(),
    ]
    let controllers = gtk_widget_observe_controllers(scrolledWindow)
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
      guard let item = g_list_model_get_item(controllers, index) else { continue }
      defer { g_object_unref(item) }
      let type = GObjectType.exactType(of: item)
      let controller = OpaquePointer(item)
      if gestureTypes.contains(type) {
        dragGestures.append(controller)
        originalTouchOnly.append(gtk_gesture_single_get_touch_only(controller) != 0)
        if type == gtk_gesture_drag_get_type() {
          dragGesture = controller
        }
      } else if type == gtk_event_controller_scroll_get_type(),
        gtk_event_controller_get_propagation_phase(controller) == GTK_PHASE_CAPTURE
      {
        captureScrollController = controller
        originalCaptureScrollFlags = gtk_event_controller_scroll_get_flags(controller)
      }
    }
  }

  /// Lets a mouse drag scroll and fling (`true`), or restores GTK's touch-only setting (`false`).
  func allowMouseDrag(_ allowed: Bool) {
    for (gesture, touchOnly) in zip(dragGestures, originalTouchOnly) {
      gtk_gesture_single_set_touch_only(gesture, allowed ? 0 : (touchOnly ? 1 : 0))
    }
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
