import CTopLockGtk
import Foundation

/// Lets `HandlerCPUMeter` time TopLock's callbacks without a hook in TopLock: this executable defines
/// `g_closure_set_meta_marshal` and `gtk_widget_add_tick_callback` itself (below), so every call to them,
/// from TopLock (linked in statically) and from GTK (through the dynamic symbol table, where the linker
/// exports any symbol a linked library uses), comes here first.
///
/// A call is passed on to GLib's or GTK's own function (found with `dlsym (RTLD_NEXT, ...)`); when
/// `HandlerCPUMeter.wrapsNewCallbacks` holds and the callback's code lies in this executable (the meta
/// marshal of TopLockGObject's signal closures, not GTK's own code registered meanwhile), such a closure
/// gets marshal guards (`g_closure_add_marshal_guards`) that time every invocation, whatever the signal's
/// signature, and such a tick callback is wrapped in a `TimedTickCallback`. Outside the timed attaches
/// nothing is wrapped, so the cost is one check per registration.
enum CallbackInterposer {
  /// `g_closure_set_meta_marshal`'s C type.
  typealias SetMetaMarshal =
    @convention(c) (UnsafeMutablePointer<GClosure>?, gpointer?, GClosureMarshal?) -> Void
  /// `gtk_widget_add_tick_callback`'s C type.
  typealias AddTickCallback =
    @convention(c) (
      UnsafeMutablePointer<GtkWidget>?, GtkTickCallback?, gpointer?, GDestroyNotify?
    ) -> guint

  /// GObject's own `g_closure_set_meta_marshal`.
  static let systemSetMetaMarshal = nextDefinition("g_closure_set_meta_marshal", as: SetMetaMarshal.self)
  /// GTK's own `gtk_widget_add_tick_callback`.
  static let systemAddTickCallback = nextDefinition("gtk_widget_add_tick_callback", as: AddTickCallback.self)

  /// Where this executable is mapped: TopLock's code (and TopLockGObject's trampolines) lies there, GTK's
  /// own handlers do not.
  private static let executableImage = ExecutableImage()

  /// Whether a callback registered now is to be timed: registration wrapping is on, the call comes from
  /// the main thread (GLib's worker threads connect signals too) and `code` lies in this executable.
  static func shouldWrap(_ code: UnsafeRawPointer) -> Bool {
    guard Thread.isMainThread, MainActor.assumeIsolated({ HandlerCPUMeter.wrapsNewCallbacks }) else {
      return false
    }
    return executableImage.contains(code)
  }

  /// The pre-marshal guard of a timed closure.
  static let closureEntered: GClosureNotify = { _, _ in
    MainActor.assumeIsolated { HandlerCPUMeter.enter() }
  }

  /// The post-marshal guard of a timed closure.
  static let closureLeft: GClosureNotify = { _, _ in
    MainActor.assumeIsolated { HandlerCPUMeter.leave() }
  }

  /// The definition of `symbol` that follows this executable's in the lookup order; traps if there is none
  /// (GLib or GTK not loaded: a broken build).
  private static func nextDefinition<Function>(_ symbol: String, as _: Function.Type) -> Function {
    let next = UnsafeMutableRawPointer(bitPattern: -1)  // RTLD_NEXT, a macro Swift does not import
    guard let address = dlsym(next, symbol) else {
      preconditionFailure("toplock-bench: no library defines \(symbol)")
    }
    return unsafeBitCast(address, to: Function.self)
  }
}

/// Interposes GObject's `g_closure_set_meta_marshal`: see `CallbackInterposer`.
@_cdecl("g_closure_set_meta_marshal")
public func toplockBenchSetMetaMarshal(
  _ closure: UnsafeMutablePointer<GClosure>?, _ marshalData: gpointer?, _ metaMarshal: GClosureMarshal?
) {
  CallbackInterposer.systemSetMetaMarshal(closure, marshalData, metaMarshal)
  guard let closure, let metaMarshal,
    CallbackInterposer.shouldWrap(unsafeBitCast(metaMarshal, to: UnsafeRawPointer.self))
  else { return }
  g_closure_add_marshal_guards(
    closure, nil, CallbackInterposer.closureEntered, nil, CallbackInterposer.closureLeft)
}

/// Interposes GTK's `gtk_widget_add_tick_callback`: see `CallbackInterposer`.
@_cdecl("gtk_widget_add_tick_callback")
public func toplockBenchAddTickCallback(
  _ widget: UnsafeMutablePointer<GtkWidget>?, _ callback: GtkTickCallback?, _ data: gpointer?,
  _ notify: GDestroyNotify?
) -> guint {
  guard let callback, CallbackInterposer.shouldWrap(unsafeBitCast(callback, to: UnsafeRawPointer.self)) else {
    return CallbackInterposer.systemAddTickCallback(widget, callback, data, notify)
  }
  let timed = TimedTickCallback(callback: callback, data: data, notify: notify)
  return CallbackInterposer.systemAddTickCallback(
    widget, TimedTickCallback.trampoline, timed.retainedUserData(), TimedTickCallback.release)
}
