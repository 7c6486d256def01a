/// A Swift closure behind a C `gpointer`, retained by GLib while the handler or source that calls it lives.
///
/// Whoever hands a box to C passes `retainedUserData()` and gives `releaseBox` as the destroy-notify, so
/// each box lives exactly as long as its registration.
public final class ClosureBox<Handler>: @unchecked Sendable {
  /// The closure.
  public let handler: Handler

  /// A box around `handler`.
  public init(_ handler: Handler) {
    self.handler = handler
  }

  /// Retains the box and returns it as C user data; balanced by `releaseBox`.
  public func retainedUserData() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  /// The closure behind `data`, made by `retainedUserData()`; the retain count is unchanged.
  public static func unbox(_ data: UnsafeMutableRawPointer?) -> Handler {
    Unmanaged<ClosureBox>.fromOpaque(data!).takeUnretainedValue().handler
  }
}

/// Releases a box retained by `retainedUserData()` (a destroy-notify); the box's type does not matter.
public func releaseBox(_ data: UnsafeMutableRawPointer?) {
  Unmanaged<AnyObject>.fromOpaque(data!).release()
}
