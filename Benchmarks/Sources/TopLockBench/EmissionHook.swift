import CTopLockGtk
import TopLockGObject

/// One GObject emission hook (`g_signal_add_emission_hook`): `handler` runs at every emission of a signal,
/// on any instance of the type, before the instance's own handlers (after a RUN_FIRST class closure). The
/// bench uses it to stamp the start of a frame-clock phase ahead of GDK's handler, which was connected
/// when the surface was made, long before the bench could connect one of its own.
///
/// Main actor only. The handler's box is released by the hook's destroy-notify; `remove()` is safe to call
/// twice.
@MainActor
final class EmissionHook {
  private let signalID: guint
  private var hookID: gulong

  /// Hooks `handler`, given the emitting instance, into every emission of `signal` on instances of `type`.
  /// Traps when `type` has no such signal (a programming error).
  init(type: GType, signal: String, handler: @escaping @MainActor (_ instance: gpointer?) -> Void) {
    signalID = g_signal_lookup(signal, type)
    precondition(
      signalID != 0, "toplock-bench: \(String(cString: g_type_name(type))) has no signal \(signal)")
    let hook: GSignalEmissionHook = { _, valueCount, values, data in
      let instance = valueCount > 0 ? g_value_peek_pointer(values) : nil
      MainActor.assumeIsolated { ClosureBox<@MainActor (gpointer?) -> Void>.unbox(data)(instance) }
      return 1
    }
    hookID = g_signal_add_emission_hook(
      signalID, 0, hook, ClosureBox(handler).retainedUserData(), { releaseBox($0) })
  }

  /// Removes the hook (`g_signal_remove_emission_hook`); GLib then releases its box.
  func remove() {
    guard hookID != 0 else { return }
    g_signal_remove_emission_hook(signalID, hookID)
    hookID = 0
  }
}
