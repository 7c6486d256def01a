import CTopLockGtk

/// One GObject signal handler whose Swift closure is retained by GLib and released by its destroy-notify.
///
/// Main actor only. `disconnect()` is safe to call twice and after the instance is gone (the handler id is
/// checked first, and the instance is kept alive with a weak pointer).
@MainActor
final class SignalConnection {
  private var instance: gpointer?
  private let handlerID: gulong

  private init(instance: gpointer, handlerID: gulong) {
    self.instance = instance
    self.handlerID = handlerID
    g_object_add_weak_pointer(instance.assumingMemoryBound(to: GObject.self), &self.instance)
  }

  isolated deinit {
    disconnect()
  }

  /// Removes the handler; a no-op when already removed or when the instance was finalized.
  func disconnect() {
    guard let instance else { return }
    g_object_remove_weak_pointer(instance.assumingMemoryBound(to: GObject.self), &self.instance)
    self.instance = nil
    if g_signal_handler_is_connected(instance, handlerID) != 0 {
      g_signal_handler_disconnect(instance, handlerID)
    }
  }

  /// Connects a handler for a signal whose C signature is `void (*)(gpointer instance, gpointer data)`.
  static func connect(_ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void)
    -> SignalConnection
  {
    let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      MainActor.assumeIsolated { ClosureBox<() -> Void>.unbox(data)() }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `void (*)(gpointer instance, gpointer argument, gpointer data)` signals
  /// (`cancel`, `notify::…`); the argument is ignored.
  static func connectIgnoringArgument(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
      MainActor.assumeIsolated { ClosureBox<() -> Void>.unbox(data)() }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `void (*)(gpointer instance, double, double, gpointer data)` signals
  /// (`drag-begin`, `drag-update`, `drag-end`, `decelerate`).
  static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = {
      _, first, second, data in
      MainActor.assumeIsolated { ClosureBox<(Double, Double) -> Void>.unbox(data)(first, second) }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for `gboolean (*)(gpointer instance, double, double, gpointer data)` signals
  /// (`scroll`); the handler returns whether it handled the event.
  static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Bool
  ) -> SignalConnection {
    let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = {
      _, first, second, data in
      MainActor.assumeIsolated { ClosureBox<(Double, Double) -> Bool>.unbox(data)(first, second) ? 1 : 0 }
    }
    return connect(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler))
  }

  /// Connects a handler for GtkOverlay's `get-child-position`: given the child, the handler returns its
  /// rectangle (x, y, width, height in px) or `nil` to let GtkOverlay place it.
  static func connectChildPosition(
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
      instance, signal, callback, Unmanaged.passRetained(box).toOpaque(),
      { data, _ in releaseBox(data) }, GConnectFlags(0))
    precondition(handlerID != 0, "TopLock: GObject has no signal named \(signal)")
    return SignalConnection(instance: instance, handlerID: handlerID)
  }
}

/// A Swift closure behind a C `gpointer`, retained by GLib while the handler or source lives.
final class ClosureBox<Handler>: @unchecked Sendable {
  let handler: Handler

  init(_ handler: Handler) {
    self.handler = handler
  }

  /// The closure behind `data`; GLib keeps the box alive while it may call back.
  static func unbox(_ data: gpointer?) -> Handler {
    Unmanaged<ClosureBox>.fromOpaque(data!).takeUnretainedValue().handler
  }

}

/// Releases a box retained when it was given to GLib (a destroy-notify); the box's type does not matter.
func releaseBox(_ data: gpointer?) {
  Unmanaged<AnyObject>.fromOpaque(data!).release()
}
