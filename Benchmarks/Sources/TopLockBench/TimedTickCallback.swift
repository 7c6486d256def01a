import CTopLockGtk

/// A tick callback registered by TopLock, kept by `CallbackInterposer` so that each call is timed by
/// `HandlerCPUMeter`: GTK calls `trampoline` with the box as user data, which calls the original callback
/// between `enter()` and `leave()`; GTK's destroy-notify `release` hands the original user data to the
/// original destroy-notify, then frees the box.
final class TimedTickCallback {
  private let callback: GtkTickCallback
  private let data: gpointer?
  private let notify: GDestroyNotify?

  /// Keeps TopLock's `callback`, its user `data` and its destroy-`notify`.
  init(callback: @escaping GtkTickCallback, data: gpointer?, notify: GDestroyNotify?) {
    self.callback = callback
    self.data = data
    self.notify = notify
  }

  /// The box as C user data, retained; balanced by `release`.
  func retainedUserData() -> gpointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  /// The tick callback GTK calls: the original one, timed.
  static let trampoline: GtkTickCallback = { widget, clock, boxData in
    let timed = Unmanaged<TimedTickCallback>.fromOpaque(boxData!).takeUnretainedValue()
    MainActor.assumeIsolated { HandlerCPUMeter.enter() }
    let keepsTicking = timed.callback(widget, clock, timed.data)
    MainActor.assumeIsolated { HandlerCPUMeter.leave() }
    return keepsTicking
  }

  /// The destroy-notify GTK calls when the callback goes: the original notify, then the box's release.
  static let release: GDestroyNotify = { boxData in
    let timed = Unmanaged<TimedTickCallback>.fromOpaque(boxData!).takeRetainedValue()
    timed.notify?(timed.data)
  }
}
