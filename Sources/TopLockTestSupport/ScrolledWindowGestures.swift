import CTopLockGtk
import TopLockGObject

/// The four gestures a `GtkScrolledWindow` installs for touch scrolling (drag, pan, swipe, long press), found
/// among its controllers by exact type.
///
/// The types are matched exactly: `GtkGesturePan` is a subclass of `GtkGestureDrag`, so an is-a test would
/// take the pan gesture for the drag. The pointers are not retained; the scrolled window owns the gestures.
/// Main actor only.
@MainActor
public struct ScrolledWindowGestures {
  /// The `GtkGestureDrag` that scrolls the content 1:1 (a `GtkGesture *`).
  public let drag: OpaquePointer
  /// The `GtkGesturePan` that denies drags across the scrolling axis (a `GtkGesture *`).
  public let pan: OpaquePointer
  /// The `GtkGestureSwipe` whose release velocity starts kinetic scrolling (a `GtkGesture *`).
  public let swipe: OpaquePointer
  /// The `GtkGestureLongPress` that denies the group on a still press (a `GtkGesture *`).
  public let longPress: OpaquePointer

  /// Finds the gestures of `scrolledWindow` through `gtk_widget_observe_controllers`.
  ///
  /// - Throws: `TestSupportError.gestureNotFound` naming the first gesture type that is missing.
  public init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) throws(TestSupportError) {
    let controllers = WidgetControllers.all(of: scrolledWindow)
    func find(_ type: GType) throws(TestSupportError) -> OpaquePointer {
      guard
        let controller = controllers.first(where: {
          GObjectType.exactType(of: UnsafeMutableRawPointer($0)) == type
        })
      else {
        throw .gestureNotFound(typeName: String(cString: g_type_name(type)))
      }
      return controller
    }
    drag = try find(gtk_gesture_drag_get_type())
    pan = try find(gtk_gesture_pan_get_type())
    swipe = try find(gtk_gesture_swipe_get_type())
    longPress = try find(gtk_gesture_long_press_get_type())
  }

  /// Sets touch-only on all four gestures. `false` lets a mouse drag scroll, fling on release and spring back
  /// like a touch drag; GTK's default is `true`. The swipe must follow the drag, or no fling follows a mouse
  /// drag. Calls `gtk_gesture_single_set_touch_only`.
  public func setTouchOnly(_ touchOnly: Bool) {
    for gesture in [drag, pan, swipe, longPress] {
      gtk_gesture_single_set_touch_only(gesture, touchOnly ? 1 : 0)
    }
  }

}
