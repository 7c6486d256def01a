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
  /// The closure of the handlers of `destroy`, `map`, `unmap`, `value-changed` and `changed`, and the one
  /// of `drag-begin` and `decelerate`, each shared by its handlers; owned until released.
  var instanceSignalClosure: UnsafeMutablePointer<GClosure>?
  var pairSignalClosure: UnsafeMutablePointer<GClosure>?
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
/// The handlers of signals with one C signature share one closure (`ScrollerSignal`): a scroller is
/// attached to every list of an app, and GLib's closure is most of what a handler costs.
extension TopLockScroller {
  func installHooks(on widget: UnsafeMutablePointer<GtkWidget>) {
    makeSharedClosures()
    installScrollGuard(on: widget)
    watchWidget(widget)
    followAdjustment()
    joinInputHubOfBoundary()
  }

  func removeHooks(from widget: UnsafeMutablePointer<GtkWidget>) {
    leaveInputHub()
    if let scrollGuard = hooks.scrollGuard {
      BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(scrollGuard), of: self)
      gtk_widget_remove_controller(widget, scrollGuard)
      hooks.scrollGuard = nil
    }
    BorrowedSignalHandlers.disconnectAll(from: widget, of: self)
    BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(internals.gestures.drag), of: self)
    releaseAdjustment()
    releaseSharedClosures()
  }

  /// The closure of `destroy`, `map`, `unmap` of the scrolled window and `value-changed`, `changed` of its
  /// vertical adjustment; the one of `drag-begin` of GTK's drag (start point, px) and `decelerate` of the
  /// scroll guard (lift velocity, units/s).
  private func makeSharedClosures() {
    let instanceSignalReceived: BorrowedSignals.InstanceHandler = { instance, data in
      MainActor.assumeIsolated {
        let scroller = scroller(data)
        switch BorrowedSignalHandlers.emittedSignal(on: instance) {
        case ScrollerSignal.destroy: scroller.detach()
        case ScrollerSignal.unmap: scroller.cancelDrag()
        case ScrollerSignal.map: scroller.joinInputHubOfBoundary()
        case ScrollerSignal.valueChanged: scroller.valueChanged()
        case ScrollerSignal.changed: scroller.contentSizeChanged()
        default: break
        }
      }
    }
    let pairSignalReceived: BorrowedSignals.PairHandler = { instance, first, second, data in
      MainActor.assumeIsolated {
        let scroller = scroller(data)
        switch BorrowedSignalHandlers.emittedSignal(on: instance) {
        case ScrollerSignal.dragBegin: scroller.gtkDragBegan(x: first, y: second)
        case ScrollerSignal.decelerate:
          scroller.touchpadLifted(velocityY: second, controller: OpaquePointer(instance!))
        default: break
        }
      }
    }
    hooks.instanceSignalClosure = BorrowedSignalHandlers.makeSharedClosure(
      unsafeBitCast(instanceSignalReceived, to: GCallback.self), owner: self)
    hooks.pairSignalClosure = BorrowedSignalHandlers.makeSharedClosure(
      unsafeBitCast(pairSignalReceived, to: GCallback.self), owner: self)
  }

  /// Gives back the shared closures; each handler using one holds it until disconnected or destroyed.
  func releaseSharedClosures() {
    for closure in [hooks.instanceSignalClosure, hooks.pairSignalClosure].compactMap({ $0 }) {
      BorrowedSignalHandlers.release(closure)
    }
    hooks.instanceSignalClosure = nil
    hooks.pairSignalClosure = nil
  }

  private func watchWidget(_ widget: UnsafeMutablePointer<GtkWidget>) {
    for signal in ["destroy", "unmap", "map"] {
      BorrowedSignalHandlers.connect(widget, signal, sharing: hooks.instanceSignalClosure!)
    }
    BorrowedSignals.connect(widget, "notify::vadjustment", owner: self) { _, _, data in
      MainActor.assumeIsolated { scroller(data).followAdjustment() }
    }
    BorrowedSignalHandlers.connect(
      UnsafeMutableRawPointer(internals.gestures.drag), "drag-begin", sharing: hooks.pairSignalClosure!)
  }

  private func installScrollGuard(on widget: UnsafeMutablePointer<GtkWidget>) {
    let flags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let controller = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    BorrowedSignals.connect(UnsafeMutableRawPointer(controller), "scroll", owner: self) {
      controller, _, deltaY, data in
      MainActor.assumeIsolated {
        scroller(data).scrolled(deltaY: deltaY, controller: OpaquePointer(controller!)) ? 1 : 0
      }
    }
    BorrowedSignalHandlers.connect(
      UnsafeMutableRawPointer(controller), "decelerate", sharing: hooks.pairSignalClosure!)
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
    let hub = InputHub.join(boundary: boundary, scroller: self, scrolledWindow: widget)
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
    for signal in ["value-changed", "changed"] {
      BorrowedSignalHandlers.connect(current, signal, sharing: hooks.instanceSignalClosure!)
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

/// Connects TopLock's `@convention(c)` handlers through `BorrowedSignalHandlers`, one overload per C
/// signature of the signals TopLock handles; the handler's last argument is the owner (a scroller or a
/// window's input hub), which must disconnect them before it goes.
@MainActor
enum BorrowedSignals {
  /// `destroy`, `map`, `unmap`, `value-changed`, `changed`.
  typealias InstanceHandler = @convention(c) (gpointer?, gpointer?) -> Void
  /// `notify::…`, `cancel`: one pointer argument, ignored.
  typealias PointerArgumentHandler = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
  /// `drag-begin`, `drag-update`, `drag-end`, `decelerate`: two doubles (px or px/s).
  typealias PairHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
  /// `scroll`: two deltas, returns whether the event was handled.
  typealias ScrollHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean
  /// `event` of a legacy controller: the event, returns whether it was handled.
  typealias EventHandler = @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean

  static func connect(_ instance: gpointer, _ signal: String, owner: AnyObject, _ handler: InstanceHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: owner)
  }

  static func connect(
    _ instance: gpointer, _ signal: String, owner: AnyObject, _ handler: PointerArgumentHandler
  ) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: owner)
  }

  static func connect(_ instance: gpointer, _ signal: String, owner: AnyObject, _ handler: PairHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: owner)
  }

  static func connect(_ instance: gpointer, _ signal: String, owner: AnyObject, _ handler: ScrollHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: owner)
  }

  static func connect(_ instance: gpointer, _ signal: String, owner: AnyObject, _ handler: EventHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: owner)
  }
}

/// The signals whose handlers share a scroller's closures, told apart by their ids.
@MainActor
private enum ScrollerSignal {
  static let destroy = g_signal_lookup("destroy", gtk_widget_get_type())
  static let map = g_signal_lookup("map", gtk_widget_get_type())
  static let unmap = g_signal_lookup("unmap", gtk_widget_get_type())
  static let valueChanged = g_signal_lookup("value-changed", gtk_adjustment_get_type())
  static let changed = g_signal_lookup("changed", gtk_adjustment_get_type())
  static let dragBegin = g_signal_lookup("drag-begin", gtk_gesture_drag_get_type())
  static let decelerate = g_signal_lookup("decelerate", gtk_event_controller_scroll_get_type())
}

/// The scroller a handler's user data stands for: handlers hold it unretained, and the scroller
/// disconnects them all before it goes (`detach()`, `deinit`).
@MainActor
private func scroller(_ data: gpointer?) -> TopLockScroller {
  BorrowedSignalHandlers.owner(data, as: TopLockScroller.self)
}
