import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// What a scroller has installed on GTK's objects, to be removed on detach.
@MainActor
struct InstalledHooks {
  /// The input hub of the event boundary the scroller is under: its hand-off gesture and event watch.
  var hub: InputHub?
  /// The scroll guard on the scrolled window.
  var scrollGuard: OpaquePointer?
  /// The vertical adjustment followed, with a reference held.
  var adjustment: UnsafeMutablePointer<GtkAdjustment>?
  /// Whether TopLock added the cosmetic CSS class.
  var addedCSSClass = false
}

/// The controllers and handlers a scroller installs, and their removal:
///
/// - a share of the `InputHub` of its event boundary (its window, or the popover or the widget that limits
///   events it is in): one capture-phase GtkGestureDrag on the boundary (a frame that does not move with the
///   host) that sees every motion before GTK's own gestures, and whose claim cancels GTK's
///   drag for the rest of the sequence; it is exclusive, so it follows the mouse or the one touch that
///   emulates the pointer, and another finger neither ends nor moves the drag it follows; and one
///   capture-phase GtkEventControllerLegacy on the boundary that tells each scroller what its GTK drag is about
///   to see, whichever finger it follows, and hands a scroller that follows a touchpad sequence every scroll
///   event and press inside the boundary (the sequence of a pull is taken there, wherever the pointer is);
/// - a capture-phase scroll controller on the scrolled window, added last so it runs before GTK's own;
/// - `destroy`, `map`, `unmap` and `notify::vadjustment` of the scrolled window, `drag-begin` of GTK's drag;
/// - `value-changed` and `changed` of the vertical adjustment.
///
/// The handlers are `signalHandlers`, connected through the scroller's one closure (`signalClosure`): a
/// scroller is attached to every list of an app, and a closure of its own would be most of what each
/// handler costs.
extension TopLockScroller {
  func installHooks(on widget: UnsafeMutablePointer<GtkWidget>) {
    installScrollGuard(on: widget)
    watchWidget(widget)
    followAdjustment()
    joinInputHubOfBoundary()
  }

  func removeHooks(from widget: UnsafeMutablePointer<GtkWidget>) {
    leaveInputHub()
    if let scrollGuard = hooks.scrollGuard {
      signalClosure.disconnect(from: UnsafeMutableRawPointer(scrollGuard))
      gtk_widget_remove_controller(widget, scrollGuard)
      hooks.scrollGuard = nil
    }
    signalClosure.disconnect(from: widget)
    signalClosure.disconnect(from: UnsafeMutableRawPointer(internals.gestures.drag))
    releaseAdjustment()
  }

  /// The scroller's handlers: `destroy`, `map`, `unmap` and `notify::vadjustment` of the scrolled window,
  /// `drag-begin` of GTK's drag (start point, px), `scroll` (deltas, units) and `decelerate` (lift velocity,
  /// units/s) of the scroll guard, `value-changed` and `changed` of the vertical adjustment.
  static let signalHandlers = SignalHandlers<TopLockScroller> { handlers in
    handlers.on(.destroy) { scroller, _ in scroller.detach() }
    handlers.on(.unmap) { scroller, _ in scroller.cancelDrag() }
    handlers.on(.map) { scroller, _ in scroller.joinInputHubOfBoundary() }
    handlers.on(.notify("vadjustment")) { scroller, _, _ in scroller.followAdjustment() }
    handlers.on(.dragBegin) { scroller, _, x, y in scroller.gtkDragBegan(x: x, y: y) }
    handlers.on(.scroll) { scroller, controller, _, deltaY in
      scroller.scrolled(deltaY: deltaY, controller: OpaquePointer(controller))
    }
    handlers.on(.decelerate) { scroller, controller, _, velocityY in
      scroller.touchpadLifted(velocityY: velocityY, controller: OpaquePointer(controller))
    }
    handlers.on(.valueChanged) { scroller, _ in scroller.valueChanged() }
    handlers.on(.changed) { scroller, _ in scroller.contentSizeChanged() }
  }

  private func watchWidget(_ widget: UnsafeMutablePointer<GtkWidget>) {
    signalClosure.connect(.destroy, of: widget, owner: self)
    signalClosure.connect(.unmap, of: widget, owner: self)
    signalClosure.connect(.map, of: widget, owner: self)
    signalClosure.connect(.notify("vadjustment"), of: widget, owner: self)
    signalClosure.connect(.dragBegin, of: UnsafeMutableRawPointer(internals.gestures.drag), owner: self)
  }

  private func installScrollGuard(on widget: UnsafeMutablePointer<GtkWidget>) {
    let flags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let controller = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    signalClosure.connect(.scroll, of: UnsafeMutableRawPointer(controller), owner: self)
    signalClosure.connect(.decelerate, of: UnsafeMutableRawPointer(controller), owner: self)
    // Added last, so it runs before GTK's own capture-phase scroll controller (controllers are prepended).
    gtk_widget_add_controller(widget, controller)
    hooks.scrollGuard = controller
  }

  /// The input hub of the event boundary the scrolled window is under, while the scroller is attached.
  var hub: InputHub? { hooks.hub }

  /// Joins the input hub of the scrolled window's current event boundary, leaving the one it was under
  /// before (the widget was moved into a popover, out of one, or into another window): on attach and on
  /// each map, where a widget moved elsewhere arrives.
  func joinInputHubOfBoundary() {
    guard let widget = scrolledWindow, let boundary = EventBoundary.enclosing(widget) else {
      return
    }
    guard UnsafeMutableRawPointer(boundary) != hooks.hub?.boundary else { return }
    leaveInputHub()
    let hub = InputHub.join(boundary: boundary, scroller: self)
    hooks.hub = hub
    if arbiter.awaitsPressLanding { hub.awaitPressLanding(by: self) }
  }

  /// Leaves the input hub; a drag the hub follows for this scroller is cancelled.
  func leaveInputHub() {
    hooks.hub?.leave(self)
    hooks.hub = nil
  }

  /// Connects to the scrolled window's current vertical adjustment (it may be replaced at any time).
  func followAdjustment() {
    guard let widget = scrolledWindow,
      let current = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)), current != hooks.adjustment
    else { return }
    releaseAdjustment()
    g_object_ref(current)
    hooks.adjustment = current
    signalClosure.connect(.valueChanged, of: current, owner: self)
    signalClosure.connect(.changed, of: current, owner: self)
    contentSizeChanged()
  }

  func releaseAdjustment() {
    if let adjustment = hooks.adjustment {
      signalClosure.disconnect(from: adjustment)
      g_object_unref(adjustment)
    }
    hooks.adjustment = nil
  }
}
