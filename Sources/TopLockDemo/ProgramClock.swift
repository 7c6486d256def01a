import CTopLockGtk

/// The trace's clock: milliseconds since the program started, on GLib's monotonic clock.
enum ProgramClock {
  /// The start, in µs of `g_get_monotonic_time`; read first thing in `main`.
  static let start = g_get_monotonic_time()

  /// Milliseconds since `start`.
  static var elapsedMilliseconds: Double {
    Double(g_get_monotonic_time() - start) / Double(microsecondsPerMillisecond)
  }

  private static let microsecondsPerMillisecond = 1000
}
