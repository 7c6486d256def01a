import CTopLockGtk
import Foundation

/// Lets `HandlerCPUMeter` time TopLock's callbacks without a hook in TopLock: this executable defines
/// `g_signal_connect_data`, `g_cclosure_new`, `g_cclosure_new_swap` and `gtk_widget_add_tick_callback`
/// itself (below), so every call to them, from TopLock (linked in statically) and from GTK (through the
/// dynamic symbol table, where the linker exports any symbol a linked library uses), comes here first.
///
/// A call is passed on unchanged to GLib's or GTK's own function (found with `dlsym (RTLD_NEXT, ...)`)
/// unless `HandlerCPUMeter.wrapsNewCallbacks` holds and the callback's code lies in this executable (a
/// TopLockGObject trampoline, not GTK's own handlers registered meanwhile). Such a closure gets marshal
/// guards (`g_closure_add_marshal_guards`) that time every invocation, whatever the signal's signature:
/// the closures TopLock makes itself (one shared by several connections) and those `g_signal_connect_data`
/// makes, which here is done the way GObject does it (`g_cclosure_new`, then `g_signal_connect_closure`).
/// Such a tick callback is wrapped in a `TimedTickCallback`. Outside the timed attaches nothing is wrapped,
/// so the cost is one check per registration.
enum CallbackInterposer {
  /// `g_signal_connect_data`'s C type.
  typealias SignalConnectData =
    @convention(c) (
      gpointer?, UnsafePointer<gchar>?, GCallback?, gpointer?, GClosureNotify?, GConnectFlags
    ) -> gulong
  /// `gtk_widget_add_tick_callback`'s C type.
  typealias AddTickCallback =
    @convention(c) (
      UnsafeMutablePointer<GtkWidget>?, GtkTickCallback?, gpointer?, GDestroyNotify?
    ) -> guint

  /// GLib's own `g_signal_connect_data`.
  static let systemSignalConnectData = nextDefinition("g_signal_connect_data", as: SignalConnectData.self)
  /// `g_cclosure_new`'s and `g_cclosure_new_swap`'s C type.
  typealias CClosureNew =
    @convention(c) (GCallback?, gpointer?, GClosureNotify?) -> UnsafeMutablePointer<GClosure>?
  /// GObject's own `g_cclosure_new` and `g_cclosure_new_swap`.
  static let systemCClosureNew = nextDefinition("g_cclosure_new", as: CClosureNew.self)
  static let systemCClosureNewSwap = nextDefinition("g_cclosure_new_swap", as: CClosureNew.self)
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

  /// `closure`, with marshal guards that time every invocation when `callback` is to be timed
  /// (`shouldWrap`).
  static func timedIfTopLocks(
    _ closure: UnsafeMutablePointer<GClosure>?, _ callback: GCallback?
  ) -> UnsafeMutablePointer<GClosure>? {
    guard let closure, let callback, shouldWrap(unsafeBitCast(callback, to: UnsafeRawPointer.self)) else {
      return closure
    }
    g_closure_add_marshal_guards(closure, nil, closureEntered, nil, closureLeft)
    return closure
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

/// Interposes GLib's `g_signal_connect_data`: see `CallbackInterposer`.
@_cdecl("g_signal_connect_data")
public func toplockBenchSignalConnectData(
  _ instance: gpointer?, _ detailedSignal: UnsafePointer<gchar>?, _ handler: GCallback?, _ data: gpointer?,
  _ destroyData: GClosureNotify?, _ flags: GConnectFlags
) -> gulong {
  guard let handler, CallbackInterposer.shouldWrap(unsafeBitCast(handler, to: UnsafeRawPointer.self)) else {
    return CallbackInterposer.systemSignalConnectData(
      instance, detailedSignal, handler, data, destroyData, flags)
  }
  let isSwapped = flags.rawValue & toplock_connect_swapped.rawValue != 0
  let closure =
    isSwapped
    ? toplockBenchCClosureNewSwap(handler, data, destroyData)
    : toplockBenchCClosureNew(handler, data, destroyData)
  let isAfter = flags.rawValue & toplock_connect_after.rawValue != 0
  return g_signal_connect_closure(instance, detailedSignal, closure, isAfter ? 1 : 0)
}

/// Interposes GObject's `g_cclosure_new`: a closure TopLock makes for a callback of its own (one it shares
/// between several connections, or one `g_signal_connect_data` above makes) times every invocation.
@_cdecl("g_cclosure_new")
public func toplockBenchCClosureNew(
  _ callback: GCallback?, _ data: gpointer?, _ destroyData: GClosureNotify?
) -> UnsafeMutablePointer<GClosure>? {
  CallbackInterposer.timedIfTopLocks(
    CallbackInterposer.systemCClosureNew(callback, data, destroyData), callback)
}

/// Interposes GObject's `g_cclosure_new_swap`, as `g_cclosure_new`.
@_cdecl("g_cclosure_new_swap")
public func toplockBenchCClosureNewSwap(
  _ callback: GCallback?, _ data: gpointer?, _ destroyData: GClosureNotify?
) -> UnsafeMutablePointer<GClosure>? {
  CallbackInterposer.timedIfTopLocks(
    CallbackInterposer.systemCClosureNewSwap(callback, data, destroyData), callback)
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
