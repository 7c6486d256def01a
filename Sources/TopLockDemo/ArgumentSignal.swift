import CTopLockGtk
import TopLockGObject

/// Handlers for signals whose C signature is `void (*)(gpointer instance, gpointer argument, gpointer data)`
/// and whose argument matters: GtkSignalListItemFactory's `setup` and `bind` (the GtkListItem), GSimpleAction's
/// `activate` (the parameter). `SignalConnection.connectIgnoringArgument` has the same shape but drops it.
///
/// Main actor only. The handler lives as long as the instance: GLib releases its box when the instance is
/// finalized, so nothing is left to disconnect.
@MainActor
enum ArgumentSignal {
  /// Connects `handler` to `signal` on `instance` (`g_signal_connect_data`).
  static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping @MainActor (gpointer?) -> Void
  ) {
    let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
      MainActor.assumeIsolated { ClosureBox<@MainActor (gpointer?) -> Void>.unbox(data)(argument) }
    }
    let handlerID = g_signal_connect_data(
      instance, signal, unsafeBitCast(trampoline, to: GCallback.self), ClosureBox(handler).retainedUserData(),
      { data, _ in releaseBox(data) }, toplock_connect_default)
    precondition(handlerID != 0, "toplock-demo: no signal named \(signal)")
  }
}
