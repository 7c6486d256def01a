import CTopLockCallgrind
import CTopLockGtk

/// Puts a window's GdkFrameClock on a scripted timeline, for `frames-instructions`: the script, not the wall
/// clock, decides when a frame runs and what time it reads, so that the same script draws the same frames
/// however slowly the process runs (callgrind runs it some 50 times slower).
///
/// The process's monotonic clock is the script's (`toplock_set_scripted_monotonic_time`): GDK's frame clock
/// reads its frame times and schedules its frames on GLib's timeouts, which read that clock, so a frame runs
/// only when the script moves the time to it, and GTK's kinetic scrolling and TopLock's ticks read the
/// script's time. This holds whatever the frame clock's private layout, which GTK 4.24 changed. XInput 2
/// events carry the step's time too (`toplock_set_scripted_event_time`).
///
/// Main actor only; one window's clock at a time (every timeout of the process follows the script while
/// installed).
@MainActor
enum ScriptedFrameClock {
  /// What went wrong running a step.
  enum Failure: Error, CustomStringConvertible {
    case timedOut

    var description: String {
      "a scripted step did not settle within \(ScriptedFrameClock.stepTimeoutMilliseconds) ms"
    }
  }

  /// One frame of the script, in µs: 60 Hz as GDK waits for it. After a frame GDK waits 16,667 µs for the
  /// next on a GLib timeout, which counts whole ms (17 ms); a step of 16,667 µs would fall just before it and
  /// run a frame every other step.
  static let frameMicroseconds = 17_000
  /// The longest a step may take to settle, in ms of the system's clock (callgrind's pace included).
  nonisolated static let stepTimeoutMilliseconds = 120_000.0

  private static var display: OpaquePointer?
  private static var hooks: [EmissionHook] = []

  /// The time the process reads, in µs.
  private(set) static var nowMicroseconds = 0
  /// The painted frames (before-paint emissions) of the window's clock since `install`.
  private(set) static var paintedFrames = 0

  /// Scripts the process's time from now on, and counts `window`'s painted frames.
  static func install(on window: UnsafeMutablePointer<GtkWidget>) {
    guard let frameClock = gtk_widget_get_frame_clock(window) else { preconditionFailure("not realized") }
    display = gtk_widget_get_display(window)
    let clockInstance = UnsafeMutableRawPointer(frameClock)
    hooks = [
      EmissionHook(type: gdk_frame_clock_get_type(), signal: "before-paint") { instance in
        if instance == clockInstance { paintedFrames += 1 }
      }
    ]
    advance(toMicroseconds: Int(g_get_monotonic_time()))
  }

  /// Gives the process the system's clock back. Safe to call twice.
  static func remove() {
    for hook in hooks { hook.remove() }
    hooks = []
    display = nil
    toplock_clear_scripted_monotonic_time()
    toplock_clear_scripted_event_time()
  }

  /// Moves the timeline to `microseconds` (never back): the monotonic time from now on, and the time of every
  /// XInput 2 event read from now on.
  static func advance(toMicroseconds microseconds: Int) {
    nowMicroseconds = max(nowMicroseconds, microseconds)
    toplock_set_scripted_monotonic_time(Int64(nowMicroseconds))
    toplock_set_scripted_event_time(UInt(nowMicroseconds / 1_000))
  }

  /// Ends a step: runs the main loop until nothing is due at the step's time. GDK's X connection is
  /// synchronized (`gdk_display_sync`) before each round of the loop, so that the events and replies of what
  /// was sent are in before anything due runs: an event sent at a step's time is dispatched at the first
  /// flush of events due from then on, never one later for the X server's pace.
  ///
  /// - Throws: `Failure.timedOut` when the loop keeps finding work.
  static func runStep() throws(Failure) {
    let deadline =
      toplock_system_monotonic_microseconds() + Int64(stepTimeoutMilliseconds * 1_000)
    while true {
      if let display { gdk_display_sync(display) }
      guard g_main_context_pending(nil) != 0 else { return }
      while g_main_context_pending(nil) != 0 {
        guard toplock_system_monotonic_microseconds() < deadline else { throw .timedOut }
        g_main_context_iteration(nil, 0)
      }
    }
  }
}
