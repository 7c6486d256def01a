import Glibc

/// The clocks the GTK modes read, in ns: the monotonic clock (`CLOCK_MONOTONIC`, the clock GLib's frame
/// clock and `g_get_monotonic_time` use) and the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`).
enum BenchClock {
  /// Nanoseconds per second.
  static let nanosecondsPerSecond: Int64 = 1_000_000_000

  /// The monotonic clock, in ns since an arbitrary start (`clock_gettime (CLOCK_MONOTONIC)`; read through
  /// the vDSO, tens of ns).
  static func monotonicNanoseconds() -> Int64 {
    read(CLOCK_MONOTONIC)
  }

  /// The CPU time the calling thread has used, in ns (`clock_gettime (CLOCK_THREAD_CPUTIME_ID)`; a system
  /// call, a few hundred ns).
  static func threadCPUNanoseconds() -> Int64 {
    read(CLOCK_THREAD_CPUTIME_ID)
  }

  /// `nanoseconds` in ms.
  static func milliseconds(_ nanoseconds: Int64) -> Double {
    Double(nanoseconds) / 1e6
  }

  private static func read(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * nanosecondsPerSecond + Int64(time.tv_nsec)
  }
}
