import CTopLockGtk

/// Signal handlers whose user data is an object that the caller keeps alive, connected without any Swift
/// allocation: the callback is a `@convention(c)` function that finds its object through the user data,
/// and GLib's closure is all a handler costs. `SignalConnection` instead boxes a Swift closure and watches
/// the instance with a weak pointer, some 400 bytes and ten heap blocks a handler, which is too much for
/// a widget behaviour attached to every list of an app.
///
/// The contract is the caller's: every handler connected for `owner` must be disconnected (with
/// `disconnectAll(from:of:)`, while the instance lives) before `owner` is deallocated, or the instance
/// must be finalized first. GLib does not retain `owner`.
///
/// Main actor only.
@MainActor
public enum BorrowedSignalHandlers {
  /// Connects `callback`, a C function of the signal's signature whose last argument is the user data, to
  /// `signal` of `instance`, with `owner` as the user data (not retained).
  public static func connect(
    _ instance: gpointer, _ signal: String, _ callback: GCallback, owner: AnyObject
  ) {
    let handlerID = g_signal_connect_data(
      instance, signal, callback, Unmanaged.passUnretained(owner).toOpaque(), nil, toplock_connect_default)
    precondition(handlerID != 0, "TopLock: GObject has no signal named \(signal)")
  }

  /// A closure that calls `callback` with `owner` (not retained) as its user data, for several handlers of
  /// signals with one C signature (`connect(_:_:sharing:)`): GLib makes a closure for each handler
  /// connected with a bare callback, while a shared one costs each handler only GLib's record of it. The
  /// callback tells the signals apart with `emittedSignal(on:)`. The caller owns the returned reference and
  /// gives it back with `release(_:)`; GLib keeps the closure alive while a handler uses it.
  public static func makeSharedClosure(_ callback: GCallback, owner: AnyObject) -> UnsafeMutablePointer<
    GClosure
  > {
    let closure = g_cclosure_new(callback, Unmanaged.passUnretained(owner).toOpaque(), nil)!
    g_closure_ref(closure)
    g_closure_sink(closure)
    return closure
  }

  /// Connects `closure` (from `makeSharedClosure`) to `signal` of `instance`, whose C signature must be the
  /// one its callback has. `disconnectAll(from:of:)` finds the handler by the closure's owner.
  public static func connect(
    _ instance: gpointer, _ signal: String, sharing closure: UnsafeMutablePointer<GClosure>
  ) {
    let handlerID = g_signal_connect_closure(instance, signal, closure, 0)
    precondition(handlerID != 0, "TopLock: GObject has no signal named \(signal)")
  }

  /// Gives back the reference `makeSharedClosure` returned.
  public static func release(_ closure: UnsafeMutablePointer<GClosure>) {
    g_closure_unref(closure)
  }

  /// The id of the signal whose emission on `instance` is running its handlers: the innermost one.
  public static func emittedSignal(on instance: gpointer?) -> guint {
    g_signal_get_invocation_hint(instance)?.pointee.signal_id ?? 0
  }

  /// Disconnects every handler of `instance` whose user data is `owner`; `instance` must be alive.
  public static func disconnectAll(from instance: gpointer, of owner: AnyObject) {
    g_signal_handlers_disconnect_matched(
      instance, toplock_signal_match_data, 0, 0, nil, nil, Unmanaged.passUnretained(owner).toOpaque())
  }

  /// The owner behind a callback's user data, as passed to `connect`.
  public static func owner<Owner: AnyObject>(_ data: gpointer?, as _: Owner.Type) -> Owner {
    Unmanaged<Owner>.fromOpaque(data!).takeUnretainedValue()
  }
}
