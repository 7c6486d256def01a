import CTopLockGtk

/// One signal handler connected from Swift as a closure, which may capture what it likes: the closure is
/// kept by the handler's GClosure and released with it. The convenience over `SignalHandlers` for code that
/// is not attached to every list (the sheet, the demo, the harness), typed by the same `Signal`s and
/// dispatched the same way; it costs a few hundred bytes a handler.
///
/// Main actor only. Not owning: the instance is watched with a weak reference, so `disconnect()` is safe to
/// call twice and after the instance was finalized.
@MainActor
public final class SignalConnection {
  private let instance: WeakObjectReference
  private let handlerID: gulong

  private init(instance: gpointer, handlerID: gulong) {
    self.instance = WeakObjectReference(instance)
    self.handlerID = handlerID
  }

  isolated deinit {
    disconnect()
  }

  /// Removes the handler; a no-op when already removed or when the instance was finalized.
  public func disconnect() {
    guard let object = instance.object else { return }
    instance.clear()
    if g_signal_handler_is_connected(object, handlerID) != 0 {
      g_signal_handler_disconnect(object, handlerID)
    }
  }

  /// Connects `handler` to `signal` of `instance`.
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.Plain>, _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    connect(instance, signal) { _ in handler() }
  }

  /// Connects `handler` to `signal` of `instance`; the handler receives the pointer, borrowed for the call.
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.Pointer>,
    _ handler: @escaping @MainActor (gpointer?) -> Void
  ) -> SignalConnection {
    connect(instance, signal) { emission in handler(emission.pointer(1)) }
  }

  /// Connects `handler` to `signal` of `instance`; the handler receives the two doubles.
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.Pair>,
    _ handler: @escaping @MainActor (Double, Double) -> Void
  ) -> SignalConnection {
    connect(instance, signal) { emission in handler(emission.double(1), emission.double(2)) }
  }

  /// Connects `handler` to `signal` of `instance`; the handler receives the two doubles and its result is
  /// the signal's (true stops the event).
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.PairDeciding>,
    _ handler: @escaping @MainActor (Double, Double) -> Bool
  ) -> SignalConnection {
    connect(instance, signal) { emission in emission.decide(handler(emission.double(1), emission.double(2))) }
  }

  /// Connects `handler` to `signal` of `instance`; the handler receives the event (a `GdkEvent *`, borrowed
  /// for the call) and its result is the signal's (true stops the event).
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.EventDeciding>,
    _ handler: @escaping @MainActor (OpaquePointer) -> Bool
  ) -> SignalConnection {
    connect(instance, signal) { emission in
      guard let event = emission.pointer(1) else { return }
      emission.decide(handler(OpaquePointer(event)))
    }
  }

  /// Connects `handler` to `signal` of `instance`; the handler receives the enum's raw value.
  public static func connect(
    _ instance: gpointer, _ signal: Signal<SignalSignatures.Enumeration>,
    _ handler: @escaping @MainActor (UInt32) -> Void
  ) -> SignalConnection {
    connect(instance, signal) { emission in handler(emission.enumValue(1)) }
  }

  /// Connects `handler` to GtkOverlay's `get-child-position` of `overlay`: given the child, the handler
  /// returns its rectangle (x, y, width, height in px) or `nil` to let GtkOverlay place it.
  public static func connect(
    _ overlay: gpointer, _ signal: Signal<SignalSignatures.ChildPosition>,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle?
  ) -> SignalConnection {
    connect(overlay, signal) { emission in
      let child = emission.pointer(1)?.assumingMemoryBound(to: GtkWidget.self)
      guard let rectangle = handler(child), let allocation = emission.pointer(2) else {
        emission.decide(false)
        return
      }
      allocation.assumingMemoryBound(to: GdkRectangle.self).pointee = rectangle
      emission.decide(true)
    }
  }

  /// Connects a closure of its own, whose dispatch holds `handler` alone and is released with it.
  private static func connect<Signature>(
    _ instance: gpointer, _ signal: Signal<Signature>,
    _ handler: @escaping @MainActor (SignalEmission) -> Void
  ) -> SignalConnection {
    let dispatch = SignalDispatch()
    dispatch.declare(signal.name) { _, emission in handler(emission) }
    let closure = dispatch.makeClosure(data: nil)
    g_closure_add_finalize_notifier(closure, Unmanaged.passRetained(dispatch).toOpaque()) { dispatch, _ in
      Unmanaged<SignalDispatch>.fromOpaque(dispatch!).release()
    }
    let handlerID = dispatch.connect(signal, of: instance, closure: closure)
    return SignalConnection(instance: instance, handlerID: handlerID)
  }
}
