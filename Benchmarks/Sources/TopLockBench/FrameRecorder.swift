import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// Records what every frame of one window costs, from its frame clock's phase signals, on the monotonic
/// clock and on the main thread's CPU clock: the flush-events phase (where GDK dispatches the motion events
/// it held back for the frame), and before-paint through after-paint (ticks, layout, snapshot, render).
///
/// Each phase is timed from an emission hook, which runs before every handler (GDK's and GTK's own were
/// connected when the surface was made), to a handler connected now, which runs after them. A frame that
/// skipped painting (GDK found only events to flush) adds its flush time to the next painted frame.
///
/// Main actor only. Holds a reference on the frame clock until `remove()`; call it before the window goes.
@MainActor
final class FrameRecorder {
  /// The frames a recording holds room for before it grows.
  private static let expectedFramesPerRecording = 4_096

  private let frameClock: OpaquePointer
  private var hooks: [EmissionHook] = []
  private var connections: [SignalConnection] = []
  private var flushStart: ClockReading?
  private var paintStart: ClockReading?
  private var flushSinceLastFrame: Int64 = 0
  private var flushCPUSinceLastFrame: Int64 = 0
  private var handlerTotalAtLastFrame: Int64 = 0
  private var isRecording = false

  /// The frames painted since `start()`, in order.
  private var samples: [FrameSample] = []
  /// When the last painted frame ended (monotonic ns), recording or not; 0 before the first.
  private var lastFrameEnd: Int64 = 0

  /// Starts watching the frame clock of `window`, which must be realized (it has no clock before).
  init(window: UnsafeMutablePointer<GtkWidget>) {
    guard let clock = gtk_widget_get_frame_clock(window) else {
      preconditionFailure("toplock-bench: the window has no frame clock (not realized)")
    }
    frameClock = clock
    g_object_ref(UnsafeMutableRawPointer(clock))
    let clockInstance = UnsafeMutableRawPointer(clock)
    let clockType = gdk_frame_clock_get_type()
    hooks = [
      EmissionHook(type: clockType, signal: "flush-events") { [weak self] instance in
        guard instance == clockInstance else { return }
        self?.flushStart = ClockReading()
      },
      EmissionHook(type: clockType, signal: "before-paint") { [weak self] instance in
        guard instance == clockInstance else { return }
        self?.paintStart = ClockReading()
      },
    ]
    connections = [
      SignalConnection.connect(clockInstance, .plain("flush-events")) { [weak self] in self?.flushEnded() },
      SignalConnection.connect(clockInstance, .afterPaint) { [weak self] in self?.paintEnded() },
    ]
  }

  /// Starts a new recording; the frames of the previous one are dropped.
  func start() {
    samples = []
    samples.reserveCapacity(Self.expectedFramesPerRecording)
    flushSinceLastFrame = 0
    flushCPUSinceLastFrame = 0
    handlerTotalAtLastFrame = HandlerCPUMeter.totalNanoseconds
    isRecording = true
  }

  /// Ends the recording and returns its frames.
  func stop() -> [FrameSample] {
    isRecording = false
    return samples
  }

  /// Runs the main loop until no frame has been painted for `quietMilliseconds` ms (timed from now if none
  /// was painted lately), for at most `timeoutMilliseconds` ms. Returns whether it got quiet.
  @discardableResult
  func waitForQuiet(quietMilliseconds: Double, timeoutMilliseconds: Double) -> Bool {
    let waitStart = BenchClock.monotonicNanoseconds()
    let quietNanoseconds = Int64(quietMilliseconds * 1e6)
    return MainLoopPump.run(timeoutMilliseconds: timeoutMilliseconds) {
      BenchClock.monotonicNanoseconds() - max(lastFrameEnd, waitStart) >= quietNanoseconds
    }
  }

  /// Stops watching and drops the reference on the frame clock. Safe to call twice.
  func remove() {
    guard !hooks.isEmpty else { return }
    for hook in hooks { hook.remove() }
    hooks = []
    for connection in connections { connection.disconnect() }
    connections = []
    g_object_unref(UnsafeMutableRawPointer(frameClock))
  }

  private func flushEnded() {
    guard let start = flushStart else { return }
    let end = ClockReading()
    flushSinceLastFrame += end.monotonic - start.monotonic
    flushCPUSinceLastFrame += end.cpu - start.cpu
    flushStart = nil
  }

  private func paintEnded() {
    let end = ClockReading()
    lastFrameEnd = end.monotonic
    guard let start = paintStart else { return }
    paintStart = nil
    let handlerTotal = HandlerCPUMeter.totalNanoseconds
    if isRecording {
      samples.append(
        FrameSample(
          start: start.monotonic, flushNanoseconds: flushSinceLastFrame,
          paintNanoseconds: end.monotonic - start.monotonic,
          cpuNanoseconds: flushCPUSinceLastFrame + end.cpu - start.cpu,
          handlerNanoseconds: handlerTotal - handlerTotalAtLastFrame))
    }
    flushSinceLastFrame = 0
    flushCPUSinceLastFrame = 0
    handlerTotalAtLastFrame = handlerTotal
  }

  /// Both clocks read at a phase boundary, in ns.
  private struct ClockReading {
    let monotonic = BenchClock.monotonicNanoseconds()
    let cpu = BenchClock.threadCPUNanoseconds()
  }
}
