import CTopLockGtk

/// One GObject signal handler connected from Swift, whose closure is retained by GLib and released by its
/// destroy-notify. `g_signal_connect` is a macro, so this goes through `g_signal_connect_data`, with one
/// `@convention(c)` trampoline per C signature that enters the main actor.
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

  /// Connects a handler for a signal whose C signature is `void (*)(gpointer instance, gpointer data)`.
  public static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
  )
    -> SignalConnection
  {
    let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      MainActor.assumeIsolated { ClosureBox<() -> Void>.unbox(data)() }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `void (*)(gpointer instance, gpointer argument, gpointer data)` signals
  /// (`cancel`, `notify::…`); the argument is ignored.
  public static func connectIgnoringArgument(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
      MainActor.assumeIsolated { ClosureBox<() -> Void>.unbox(data)() }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `void (*)(gpointer instance, double, double, gpointer data)` signals
  /// (`drag-begin`, `drag-update`, `drag-end`, `decelerate`).
  public static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = {
      _, first, second, data in
      MainActor.assumeIsolated { ClosureBox<(Double, Double) -> Void>.unbox(data)(first, second) }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `gboolean (*)(gpointer instance, double, double, gpointer data)` signals
  /// (GtkEventControllerScroll's `scroll`); the handler's result is the signal's (true stops the event).
  public static func connect(
    _ instance: gpointer, _ signal: String, deciding handler: @escaping @MainActor (Double, Double) -> Bool
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = {
      _, first, second, data in
      MainActor.assumeIsolated { ClosureBox<(Double, Double) -> Bool>.unbox(data)(first, second) ? 1 : 0 }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for GtkEventControllerLegacy's `event`, `gboolean (*)(gpointer instance, GdkEvent *,
  /// gpointer data)`: the handler receives the event (a `GdkEvent *`, borrowed for the call) and its result is
  /// the signal's (true stops the event).
  public static func connect(
    _ instance: gpointer, _ signal: String,
    eventDeciding handler: @escaping @MainActor (OpaquePointer) -> Bool
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, event, data in
      guard let event else { return 0 }
      return MainActor.assumeIsolated {
        ClosureBox<(OpaquePointer) -> Bool>.unbox(data)(OpaquePointer(event)) ? 1 : 0
      }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `void (*)(gpointer instance, <enum>, gpointer data)` signals
  /// (`edge-overshot`); the handler receives the enum's raw value.
  public static func connect(
    _ instance: gpointer, _ signal: String, enumHandler handler: @escaping @MainActor (UInt32) -> Void
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, UInt32, gpointer?) -> Void = { _, rawValue, data in
      MainActor.assumeIsolated { ClosureBox<(UInt32) -> Void>.unbox(data)(rawValue) }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for GtkOverlay's `get-child-position`: given the child, the handler returns its
  /// rectangle (x, y, width, height in px) or `nil` to let GtkOverlay place it.
  public static func connectChildPosition(
    _ overlay: gpointer,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle?
  ) -> SignalConnection {
    let trampoline:
      @convention(c) (
        gpointer?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GdkRectangle>?, gpointer?
      ) -> gboolean = { _, child, allocation, data in
        MainActor.assumeIsolated {
          let handler = ClosureBox<(UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle?>.unbox(data)
          guard let rectangle = handler(child), let allocation else { return 0 }
          allocation.pointee = rectangle
          return 1
        }
      }
    return connect(
      overlay, "get-child-position", unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  private static func connect<Handler>(
    _ instance: gpointer, _ signal: String, _ callback: GCallback, _ box: ClosureBox<Handler>
  ) -> SignalConnection {
    let handlerID = g_signal_connect_data(
      instance, signal, callback, box.retainedUserData(),
      { data, _ in releaseBox(data) }, toplock_connect_default)
    precondition(handlerID != 0, "TopLock: GObject has no signal named \(signal)")
    return SignalConnection(instance: instance, handlerID: handlerID)
  }
}
