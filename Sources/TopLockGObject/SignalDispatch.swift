import CTopLockGtk

/// One emission of a signal as a handler reads it: the instance and the values after it, borrowed for
/// the call, and the result to set. Main actor only, valid during the call.
struct SignalEmission {
  let values: UnsafePointer<GValue>
  let result: UnsafeMutablePointer<GValue>?

  /// The instance the signal is emitted on.
  var instance: gpointer { g_value_peek_pointer(values) }

  /// The double at `index` (1 is the first after the instance).
  func double(_ index: Int) -> Double { g_value_get_double(values + index) }

  /// The pointer at `index`: an object, a boxed value, a GParamSpec, a GVariant or a GdkEvent.
  func pointer(_ index: Int) -> gpointer? { g_value_peek_pointer(values + index) }

  /// The raw value of the enum at `index`.
  func enumValue(_ index: Int) -> UInt32 { UInt32(bitPattern: g_value_get_enum(values + index)) }

  /// Sets the signal's boolean result.
  func decide(_ handled: Bool) {
    if let result { g_value_set_boolean(result, handled ? 1 : 0) }
  }
}

/// Where the emissions of the closures `SignalHandlers` and `SignalConnection` connect go: each closure's
/// meta marshal has a dispatch as its data (unretained: whoever made the closure keeps the dispatch alive
/// while it lives) and calls the handler the dispatch holds for the emitted signal id and detail, with the
/// closure's data (an owner, or nothing) and the emission's values. Main actor only.
@MainActor
final class SignalDispatch {
  typealias Handler = @MainActor (gpointer?, SignalEmission) -> Void

  private struct Key: Hashable {
    let signalID: guint
    let detail: GQuark
  }

  /// The handlers by signal name, as declared.
  private var declared: [String: Handler] = [:]
  /// The handlers by the signal ids and details they were connected to.
  private var connected: [Key: Handler] = [:]

  func declare(_ name: String, _ handler: @escaping Handler) {
    precondition(declared[name] == nil, "TopLock: two handlers for the signal \(name)")
    declared[name] = handler
  }

  /// Connects `closure` to `signal` of `instance`, whose handler must be declared; returns the handler id.
  @discardableResult
  func connect<Signature>(
    _ signal: Signal<Signature>, of instance: gpointer, closure: UnsafeMutablePointer<GClosure>
  ) -> gulong {
    guard let handler = declared[signal.name] else {
      preconditionFailure("TopLock: no handler declared for the signal \(signal.name)")
    }
    let key = Self.key(of: signal, on: instance)
    connected[key] = handler
    return g_signal_connect_closure_by_id(instance, key.signalID, key.detail, closure, 0)
  }

  /// The signal id and detail of `signal` on `instance`'s type, checked against its signature.
  private static func key<Signature>(of signal: Signal<Signature>, on instance: gpointer) -> Key {
    var signalID: guint = 0
    var detail: GQuark = 0
    let found = g_signal_parse_name(signal.name, GObjectType.exactType(of: instance), &signalID, &detail, 1)
    precondition(found != 0, "TopLock: GObject has no signal named \(signal.name)")
    var query = GSignalQuery()
    g_signal_query(signalID, &query)
    precondition(
      Int(query.n_params) == Signature.argumentCount
        && (query.return_type == g_type_from_name("gboolean")) == Signature.returnsBoolean,
      "TopLock: the signal \(signal.name) does not have the shape \(Signature.self)")
    return Key(signalID: signalID, detail: detail)
  }

  fileprivate func dispatch(_ hint: GSignalInvocationHint, owner: gpointer?, _ emission: SignalEmission) {
    let handler =
      connected[Key(signalID: hint.signal_id, detail: hint.detail)]
      ?? connected[Key(signalID: hint.signal_id, detail: 0)]
    handler?(owner, emission)
  }

  /// A closure whose emissions go to this dispatch, with `data` as its data; floating, as GLib makes it.
  func makeClosure(data: gpointer?) -> UnsafeMutablePointer<GClosure> {
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
    g_closure_set_meta_marshal(closure, Unmanaged.passUnretained(self).toOpaque()) {
      closure, result, _, values, hint, dispatch in
      MainActor.assumeIsolated {
        guard let closure, let values, let hint, let dispatch else { return }
        Unmanaged<SignalDispatch>.fromOpaque(dispatch).takeUnretainedValue().dispatch(
          hint.assumingMemoryBound(to: GSignalInvocationHint.self).pointee, owner: closure.pointee.data,
          SignalEmission(values: values, result: result))
      }
    }
    return closure
  }
}
