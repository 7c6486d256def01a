import CTopLockGtk

/// The four gestures GTK 4.8 installs on every `GtkScrolledWindow` for touch scrolling (a drag, a pan, a
/// swipe and a long press), told apart from any gesture the application added to the same widget.
///
/// `gtk_scrolled_window_init` puts the four in one gesture group (`gtk_gesture_group`), so GTK's drag is the
/// `GtkGestureDrag` grouped with a pan, a swipe and a long press; an application's gesture sits in a group of
/// its own unless the application joined it to GTK's. Types are matched exactly: `GtkGesturePan` is a
/// subclass of `GtkGestureDrag`. The pointers are not retained; the scrolled window owns the gestures.
/// Main actor only.
@MainActor
public struct ScrolledWindowGestures {
  /// GTK's group was not found: carries the type name of the first of its gestures that is missing.
  public struct NotFound: Error, Equatable, CustomStringConvertible {
    /// The exact type GTK's group lacks (`GtkGestureDrag` when no candidate drag exists at all).
    public let typeName: String

    /// One line naming what is missing.
    public var description: String { "the scrolled window has no \(typeName) in GTK's scrolling gestures" }
  }

  /// The `GtkGestureDrag` that scrolls the content 1:1 (a `GtkGesture *`).
  public let drag: OpaquePointer
  /// The `GtkGesturePan` that denies drags across the scrolling axis (a `GtkGesture *`).
  public let pan: OpaquePointer
  /// The `GtkGestureSwipe` whose release velocity starts kinetic scrolling (a `GtkGesture *`).
  public let swipe: OpaquePointer
  /// The `GtkGestureLongPress` that denies the group on a still press (a `GtkGesture *`).
  public let longPress: OpaquePointer

  /// The four, drag first.
  public var all: [OpaquePointer] { [drag, pan, swipe, longPress] }

  /// Finds GTK's gestures among the controllers of `scrolledWindow` (`gtk_widget_observe_controllers`,
  /// `gtk_gesture_get_group`). GTK prepends controllers, so its own, added when the widget was made, come
  /// last: among several matching groups the last is taken.
  ///
  /// - Throws: `NotFound` naming the first gesture type GTK's group lacks.
  public init(scrolledWindow: UnsafeMutablePointer<GtkWidget>) throws(NotFound) {
    let dragType = gtk_gesture_drag_get_type()
    let drags = WidgetControllers.all(of: scrolledWindow).filter { Self.exactType(of: $0) == dragType }
    var missing = dragType
    for candidate in drags.reversed() {
      let group = Self.group(of: candidate)
      func member(_ type: GType) -> OpaquePointer? { group.first { Self.exactType(of: $0) == type } }
      guard let pan = member(gtk_gesture_pan_get_type()) else {
        missing = gtk_gesture_pan_get_type()
        continue
      }
      guard let swipe = member(gtk_gesture_swipe_get_type()) else {
        missing = gtk_gesture_swipe_get_type()
        continue
      }
      guard let longPress = member(gtk_gesture_long_press_get_type()) else {
        missing = gtk_gesture_long_press_get_type()
        continue
      }
      (drag, self.pan, self.swipe, self.longPress) = (candidate, pan, swipe, longPress)
      return
    }
    throw NotFound(typeName: String(cString: g_type_name(missing)))
  }

  /// Sets touch-only on all four gestures. `false` lets a mouse drag scroll, fling on release and spring back
  /// like a touch drag; GTK's default is `true`. The swipe must follow the drag, or no fling follows a mouse
  /// drag. Calls `gtk_gesture_single_set_touch_only`.
  public func setTouchOnly(_ touchOnly: Bool) {
    for gesture in all {
      gtk_gesture_single_set_touch_only(gesture, touchOnly ? 1 : 0)
    }
  }

  private static func exactType(of controller: OpaquePointer) -> GType {
    GObjectType.exactType(of: UnsafeMutableRawPointer(controller))
  }

  /// The gestures in `gesture`'s group, itself included (`gtk_gesture_get_group`, a list GTK gives away).
  private static func group(of gesture: OpaquePointer) -> [OpaquePointer] {
    let list = gtk_gesture_get_group(gesture)
    defer { g_list_free(list) }
    var members: [OpaquePointer] = []
    var node = list
    while let current = node {
      if let data = current.pointee.data { members.append(OpaquePointer(data)) }
      node = current.pointee.next
    }
    return members
  }
}
