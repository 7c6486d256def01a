/// Adds up the main thread's CPU time inside TopLock's own callbacks (its signal handlers and tick
/// callbacks), for `frames`' handler figure.
///
/// `CallbackInterposer` wraps every callback TopLock registers while `wrapsNewCallbacks` holds (during an
/// attach the bench makes through `attachingTopLock(_:)`, and inside a callback already wrapped, where
/// TopLock registers its fling tick or moves its gesture): the wrapper calls `enter()` before the callback
/// and `leave()` after it. Only the outermost callback is timed, so a handler that sets the adjustment and
/// thereby runs TopLock's `value-changed` handler counts once. The time is the thread's CPU time
/// (`BenchClock.threadCPUNanoseconds`), which includes the GTK work TopLock's handler calls into (setting a
/// value, claiming a gesture) and excludes other threads (Mesa's render threads).
///
/// Main actor only.
@MainActor
enum HandlerCPUMeter {
  /// How many back-to-back clock reads `calibrate()` times to find the cost of one.
  private static let calibrationReads = 20_001

  /// Whether the bench is inside `attachingTopLock(_:)`.
  private static var isAttaching = false
  /// How deep the wrapped callbacks are nested right now.
  private static var depth = 0
  private static var invocationStart: Int64 = 0

  /// Thread CPU time spent in outermost wrapped callbacks since the process started, in ns, less
  /// `clockReadNanoseconds` per invocation (the part of the clock reads that falls inside the interval).
  private(set) static var totalNanoseconds: Int64 = 0
  /// Outermost wrapped callbacks run since the process started.
  private(set) static var invocationCount = 0
  /// The median cost of one thread-CPU clock read, in ns; set by `calibrate()`.
  private(set) static var clockReadNanoseconds: Int64 = 0

  /// Whether a callback registered now is TopLock's and must be wrapped.
  static var wrapsNewCallbacks: Bool { isAttaching || depth > 0 }

  /// Runs `attach` (a call to `TopLockScroller.attach`) with wrapping on, so that every callback TopLock
  /// registers in it is timed from then on.
  static func attachingTopLock<Result>(_ attach: () throws -> Result) rethrows -> Result {
    isAttaching = true
    defer { isAttaching = false }
    return try attach()
  }

  /// Called by a wrapper before TopLock's callback runs.
  static func enter() {
    depth += 1
    if depth == 1 {
      invocationStart = BenchClock.threadCPUNanoseconds()
    }
  }

  /// Called by a wrapper after TopLock's callback returned.
  static func leave() {
    if depth == 1 {
      let elapsed = BenchClock.threadCPUNanoseconds() - invocationStart
      totalNanoseconds += max(0, elapsed - clockReadNanoseconds)
      invocationCount += 1
    }
    depth -= 1
  }

  /// Measures the median cost of one thread-CPU clock read (between two reads lies one read's worth of
  /// work) and keeps it in `clockReadNanoseconds`.
  static func calibrate() {
    var reads = [Int64](repeating: 0, count: calibrationReads)
    for index in reads.indices {
      reads[index] = BenchClock.threadCPUNanoseconds()
    }
    let gaps = zip(reads.dropFirst(), reads).map { Double($0 - $1) }
    clockReadNanoseconds = Int64(SampleSummary(gaps).median)
  }
}
