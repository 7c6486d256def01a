import CTopLock
import CTopLockGtk
import TopLockGObject

/// What a scroller has installed on GTK's objects, to be removed on detach.
@MainActor
struct InstalledHooks {
  /// The hand-off gesture, while it lives: the root owns it and may be finalized first.
  var handOffGestureReference: WeakObjectReference?
  /// The root's capture-phase event watch, for GTK's drag on any finger; the root owns it.
  var rootWatchReference: WeakObjectReference?
  /// The root the hand-off gesture was added to.
  var gestureRoot: WeakObjectReference?
  /// The scroll guard on the scrolled window.
  var scrollGuard: OpaquePointer?
  /// The vertical adjustment followed, with a reference held.
  var adjustment: UnsafeMutablePointer<GtkAdjustment>?
  /// Whether TopLock added the cosmetic CSS class.
  var addedCSSClass = false

  /// The hand-off gesture while it lives.
  var handOffGesture: OpaquePointer? { handOffGestureReference?.object.map(OpaquePointer.init) }

  /// The root's event watch while it lives.
  var rootWatch: OpaquePointer? { rootWatchReference?.object.map(OpaquePointer.init) }
}

/// The controllers and handlers a scroller installs, and their removal:
///
/// - a capture-phase GtkGestureDrag on the root (a frame that does not move with the host): it sees every
///   motion before GTK's own gestures, and claiming it cancels GTK's drag for the rest of the sequence; it
///   is exclusive, so it follows the mouse or the one touch that emulates the pointer, and another finger
///   neither ends nor moves the drag it follows;
/// - a capture-phase GtkEventControllerLegacy on the root that tells the core what GTK's drag is about to
///   see, whichever finger it follows, and hands it every scroll event and press of the window (the
///   touchpad sequence of a pull is taken there, wherever the pointer is);
/// - a capture-phase scroll controller on the scrolled window, added last so it runs before GTK's own;
/// - `destroy`, `map`, `unmap` and `notify::vadjustment` of the scrolled window, `drag-begin` of GTK's drag;
/// - `value-changed` and `changed` of the vertical adjustment.
extension TopLockScroller {
  func installHooks(on widget: UnsafeMutablePointer<GtkWidget>) {
    installScrollGuard(on: widget)
    watchWidget(widget)
    followAdjustment()
    moveHandOffGestureToRoot()
  }

  func removeHooks(from widget: UnsafeMutablePointer<GtkWidget>) {
    removeHandOffGesture()
    if let scrollGuard = hooks.scrollGuard {
      BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(scrollGuard), of: self)
      gtk_widget_remove_controller(widget, scrollGuard)
      hooks.scrollGuard = nil
    }
    BorrowedSignalHandlers.disconnectAll(from: widget, of: self)
    BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(internals.gestures.drag), of: self)
    releaseAdjustment()
  }

  private func watchWidget(_ widget: UnsafeMutablePointer<GtkWidget>) {
    connect(widget, "destroy") { _, data in MainActor.assumeIsolated { scroller(data).detach() } }
    connect(widget, "unmap") { _, data in MainActor.assumeIsolated { scroller(data).cancelDrag() } }
    connect(widget, "map") { _, data in
      MainActor.assumeIsolated { scroller(data).moveHandOffGestureToRoot() }
    }
    connect(widget, "notify::vadjustment") { _, _, data in
      MainActor.assumeIsolated { scroller(data).followAdjustment() }
    }
    connect(UnsafeMutableRawPointer(internals.gestures.drag), "drag-begin") { _, x, y, data in
      MainActor.assumeIsolated { scroller(data).gtkDragBegan(x: x, y: y) }
    }
  }

  private func installScrollGuard(on widget: UnsafeMutablePointer<GtkWidget>) {
    let flags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let controller = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    connect(UnsafeMutableRawPointer(controller), "scroll") { controller, _, deltaY, data in
      MainActor.assumeIsolated {
        scroller(data).scrolled(deltaY: deltaY, controller: OpaquePointer(controller!)) ? 1 : 0
      }
    }
    connect(UnsafeMutableRawPointer(controller), "decelerate") { controller, _, velocityY, data in
      MainActor.assumeIsolated {
        scroller(data).touchpadLifted(velocityY: velocityY, controller: OpaquePointer(controller!))
      }
    }
    // Added last, so it runs before GTK's own capture-phase scroll controller (controllers are prepended).
    gtk_widget_add_controller(widget, controller)
    hooks.scrollGuard = controller
  }

  /// Puts the hand-off gesture on the scrolled window's current root, moving it when the widget has been
  /// re-parented into another window.
  func moveHandOffGestureToRoot() {
    guard let widget = scrolledWindow, let root = gtk_widget_get_root(widget) else { return }
    let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    guard UnsafeMutableRawPointer(rootWidget) != hooks.gestureRoot?.object else { return }
    removeHandOffGesture()
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_touch_only(drag, options.mouseDragEnabled ? 0 : 1)
    gtk_gesture_single_set_exclusive(drag, 1)
    gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
    let instance = UnsafeMutableRawPointer(drag)
    connect(instance, "drag-begin") { gesture, x, y, data in
      MainActor.assumeIsolated { scroller(data).dragBegan(x: x, y: y, gesture: OpaquePointer(gesture!)) }
    }
    connect(instance, "drag-update") { gesture, dx, dy, data in
      MainActor.assumeIsolated {
        scroller(data).dragMoved(offsetX: dx, offsetY: dy, gesture: OpaquePointer(gesture!))
      }
    }
    connect(instance, "drag-end") { gesture, dx, dy, data in
      MainActor.assumeIsolated {
        scroller(data).dragEnded(offsetX: dx, offsetY: dy, gesture: OpaquePointer(gesture!))
      }
    }
    connect(instance, "cancel") { _, _, data in MainActor.assumeIsolated { scroller(data).dragCancelled() } }
    gtk_widget_add_controller(rootWidget, drag)
    let watch = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(watch, GTK_PHASE_CAPTURE)
    connect(UnsafeMutableRawPointer(watch), "event") { _, event, data in
      MainActor.assumeIsolated {
        let event = OpaquePointer(event!)
        let scroller = scroller(data)
        return scroller.windowSawScrollOrPress(event) || scroller.rootSawEvent(event) ? 1 : 0
      }
    }
    gtk_widget_add_controller(rootWidget, watch)
    hooks.handOffGestureReference = WeakObjectReference(UnsafeMutableRawPointer(drag))
    hooks.rootWatchReference = WeakObjectReference(UnsafeMutableRawPointer(watch))
    hooks.gestureRoot = WeakObjectReference(rootWidget)
  }

  func removeHandOffGesture() {
    for controller in [hooks.handOffGesture, hooks.rootWatch].compactMap({ $0 }) {
      BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(controller), of: self)
      if let root = hooks.gestureRoot?.object {
        gtk_widget_remove_controller(root.assumingMemoryBound(to: GtkWidget.self), controller)
      }
    }
    hooks.handOffGestureReference = nil
    hooks.rootWatchReference = nil
    hooks.gestureRoot = nil
  }

  /// Connects to the scrolled window's current vertical adjustment (it may be replaced at any time).
  func followAdjustment() {
    guard let widget = scrolledWindow,
      let current = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)), current != hooks.adjustment
    else { return }
    releaseAdjustment()
    g_object_ref(current)
    hooks.adjustment = current
    connect(current, "value-changed") { _, data in
      MainActor.assumeIsolated { scroller(data).valueChanged() }
    }
    connect(current, "changed") { _, data in
      MainActor.assumeIsolated { scroller(data).contentSizeChanged() }
    }
    contentSizeChanged()
  }

  func releaseAdjustment() {
    if let adjustment = hooks.adjustment {
      BorrowedSignalHandlers.disconnectAll(from: adjustment, of: self)
      g_object_unref(adjustment)
    }
    hooks.adjustment = nil
  }
}

// MARK: - Signal handlers

/// The C signatures of the signals TopLock handles; the last argument is the scroller.
extension TopLockScroller {
  /// `destroy`, `map`, `unmap`, `value-changed`, `changed`.
  fileprivate typealias InstanceHandler = @convention(c) (gpointer?, gpointer?) -> Void
  /// `notify::…`, `cancel`: one pointer argument, ignored.
  fileprivate typealias PointerArgumentHandler = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
  /// `drag-begin`, `drag-update`, `drag-end`, `decelerate`: two doubles (px or px/s).
  fileprivate typealias PairHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
  /// `scroll`: two deltas, returns whether the event was handled.
  fileprivate typealias ScrollHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean
  /// `event` of a legacy controller: the event, returns whether it was handled.
  fileprivate typealias EventHandler = @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: InstanceHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: PointerArgumentHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: PairHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: ScrollHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: EventHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }
}

/// The scroller a handler's user data stands for: handlers hold it unretained, and the scroller
/// disconnects them all before it goes (`detach()`, `deinit`).
@MainActor
private func scroller(_ data: gpointer?) -> TopLockScroller {
  BorrowedSignalHandlers.owner(data, as: TopLockScroller.self)
}
