import CTopLockGtk

/// An owner type's handlers for signals of the GObjects its instances watch, declared once (a `static let`)
/// for all of them: each handler is a Swift function of the owner, the instance and the signal's values,
/// typed by the signal's `Signature`, one per signal name. Each owner connects them through a
/// `SignalClosure` of its own, which passes it to the handlers unretained.
///
/// This is how a handler stays cheap for a widget behaviour attached to every list of an app: all of an
/// owner's handlers share its one GClosure, and nothing else is allocated for a handler but GLib's record
/// of it. The owner keeps the rule the closure states. Main actor only.
@MainActor
public final class SignalHandlers<Owner: AnyObject> {
  let dispatch = SignalDispatch()

  /// The handlers `declare` declares with the `on` methods.
  public init(_ declare: (SignalHandlers) -> Void) {
    declare(self)
  }

  /// Declares `handler` (owner, instance) for `signal`.
  public func on(
    _ signal: Signal<SignalSignatures.Plain>, _ handler: @escaping @MainActor (Owner, gpointer) -> Void
  ) {
    declare(signal) { owner, emission in handler(owner, emission.instance) }
  }

  /// Declares `handler` (owner, instance, the pointer) for `signal`.
  public func on(
    _ signal: Signal<SignalSignatures.Pointer>,
    _ handler: @escaping @MainActor (Owner, gpointer, gpointer?) -> Void
  ) {
    declare(signal) { owner, emission in handler(owner, emission.instance, emission.pointer(1)) }
  }

  /// Declares `handler` (owner, instance, the two doubles) for `signal`.
  public func on(
    _ signal: Signal<SignalSignatures.Pair>,
    _ handler: @escaping @MainActor (Owner, gpointer, Double, Double) -> Void
  ) {
    declare(signal) { owner, emission in
      handler(owner, emission.instance, emission.double(1), emission.double(2))
    }
  }

  /// Declares `handler` (owner, instance, the two doubles) for `signal`; its result is the signal's (true
  /// stops the event).
  public func on(
    _ signal: Signal<SignalSignatures.PairDeciding>,
    _ handler: @escaping @MainActor (Owner, gpointer, Double, Double) -> Bool
  ) {
    declare(signal) { owner, emission in
      emission.decide(handler(owner, emission.instance, emission.double(1), emission.double(2)))
    }
  }

  /// Declares `handler` (owner, instance, the `GdkEvent *`, borrowed for the call) for `signal`; its result
  /// is the signal's (true stops the event).
  public func on(
    _ signal: Signal<SignalSignatures.EventDeciding>,
    _ handler: @escaping @MainActor (Owner, gpointer, OpaquePointer) -> Bool
  ) {
    declare(signal) { owner, emission in
      guard let event = emission.pointer(1) else { return }
      emission.decide(handler(owner, emission.instance, OpaquePointer(event)))
    }
  }

  private func declare<Signature>(
    _ signal: Signal<Signature>, _ handler: @escaping @MainActor (Owner, SignalEmission) -> Void
  ) {
    dispatch.declare(signal.name) { data, emission in
      guard let data else { return }
      handler(Unmanaged<Owner>.fromOpaque(data).takeUnretainedValue(), emission)
    }
  }
}

/// The one GClosure through which an owner's handlers (`SignalHandlers`) are connected, made on the first
/// connection with the owner as its data, unretained. Kept by the owner, which gives it back by going.
///
/// The rule is the owner's: every handler connected for it must be disconnected (`disconnect(from:)`, while
/// the instance lives) before the owner is deallocated, or the instance must be finalized first. Main actor
/// only.
public struct SignalClosure<Owner: AnyObject>: ~Copyable {
  private let handlers: SignalHandlers<Owner>
  private var closure: UnsafeMutablePointer<GClosure>?

  /// A closure for `handlers`, made when first connected.
  public init(_ handlers: SignalHandlers<Owner>) {
    self.handlers = handlers
  }

  deinit {
    if let closure { g_closure_unref(closure) }
  }

  /// Connects the handler declared for `signal` to `signal` of `instance`, with `owner` as its owner (the
  /// same owner at each call).
  @MainActor
  public mutating func connect<Signature>(_ signal: Signal<Signature>, of instance: gpointer, owner: Owner) {
    let data = Unmanaged.passUnretained(owner).toOpaque()
    let closure: UnsafeMutablePointer<GClosure>
    if let current = self.closure {
      precondition(current.pointee.data == data, "TopLock: a signal closure serves one owner")
      closure = current
    } else {
      closure = handlers.dispatch.makeClosure(data: data)
      g_closure_ref(closure)
      g_closure_sink(closure)
      self.closure = closure
    }
    handlers.dispatch.connect(signal, of: instance, closure: closure)
  }

  /// Disconnects every handler connected through this closure from `instance`, which must be alive.
  @MainActor
  public func disconnect(from instance: gpointer) {
    guard let closure else { return }
    g_signal_handlers_disconnect_matched(
      instance, toplock_signal_match_data, 0, 0, nil, nil, closure.pointee.data)
  }
}
