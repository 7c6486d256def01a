import CTopLockGtk
import TopLockGObject

/// Runs GLib's default main context from a test, so GTK processes input, timers and frames in real time while
/// the test waits.
///
/// Main actor only. Each turn is a non-blocking `g_main_context_iteration (NULL, FALSE)`; when a turn finds
/// nothing to dispatch the pump sleeps `idleSleepMicroseconds` rather than spin. Swift tasks scheduled on the
/// main actor do not run while the pump holds it.
@MainActor
public enum MainLoopPump {
  private static let idleSleepMicroseconds: gulong = 500
  private static let microsecondsPerMillisecond = 1000.0

  /// GLib's monotonic clock (`g_get_monotonic_time`), in ms.
  public static var nowMilliseconds: Double {
    Double(g_get_monotonic_time()) / microsecondsPerMillisecond
  }

  /// Runs the main loop for `milliseconds` ms of monotonic time; at least one turn, even for 0 or less.
  public static func run(forMilliseconds milliseconds: Double) {
    turn()
    run(timeoutMilliseconds: milliseconds) { false }
  }

  /// Runs the main loop until `condition` holds (checked before each turn) or `timeoutMilliseconds` ms pass.
  ///
  /// - Returns: whether the condition held before the deadline.
  @discardableResult
  public static func run(timeoutMilliseconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = g_get_monotonic_time() + gint64(timeoutMilliseconds * microsecondsPerMillisecond)
    while !condition() {
      if g_get_monotonic_time() >= deadline { return false }
      turn()
    }
    return true
  }

  /// Runs the main loop until none of `readings()` has moved by more than `tolerance` for
  /// `steadyMilliseconds` ms (no fling or spring runs any more), at most `timeoutMilliseconds` ms; at least
  /// one turn.
  ///
  /// - Returns: whether the readings came to rest before the deadline.
  @discardableResult
  public static func runUntilSteady(
    steadyMilliseconds: Double, timeoutMilliseconds: Double, tolerance: Double = 0,
    _ readings: () -> [Double]
  ) -> Bool {
    var last = readings()
    var lastChange = nowMilliseconds
    turn()
    return run(timeoutMilliseconds: max(timeoutMilliseconds, steadyMilliseconds)) {
      let now = readings()
      if zip(now, last).contains(where: { abs($0 - $1) > tolerance }) {
        last = now
        lastChange = nowMilliseconds
      }
      return nowMilliseconds - lastChange >= steadyMilliseconds
    }
  }

  /// Runs the main loop until the frame clock of `widget` has produced `count` more frames.
  ///
  /// The widget must be mapped (an unmapped widget has no frame clock and gets no ticks). A tick callback
  /// counts the frames and keeps the clock running; it is removed before returning.
  ///
  /// - Throws: `TestSupportError.timedOut` when fewer frames arrive within `timeoutMilliseconds` ms.
  public static func waitForFrames(
    _ count: Int, of widget: UnsafeMutablePointer<GtkWidget>, timeoutMilliseconds: Double = 2000
  ) throws(TestSupportError) {
    var framesSeen = 0
    let registration = TickCallback(on: widget) { _ in
      framesSeen += 1
      return true
    }
    defer { registration.remove() }
    guard run(timeoutMilliseconds: timeoutMilliseconds, until: { framesSeen >= count }) else {
      throw .timedOut(waitingFor: "\(count) frames (saw \(framesSeen))")
    }
  }

  /// One non-blocking main-loop turn, then a short sleep when it had nothing to dispatch.
  private static func turn() {
    if g_main_context_iteration(nil, 0) == 0 {
      g_usleep(idleSleepMicroseconds)
    }
  }
}
