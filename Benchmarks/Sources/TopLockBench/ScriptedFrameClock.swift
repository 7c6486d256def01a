import CTopLockCallgrind
import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// Puts a window's GdkFrameClock on a scripted timeline, for `frames-instructions`: the script, not the wall
/// clock, decides when a frame runs and what time it reads, so that the same script draws the same frames
/// however slowly the process runs (callgrind runs it some 50 times slower).
///
/// Four of the clock class's virtual functions are replaced (`GdkFrameClockClass` in gdkframeclockprivate.h:
/// `get_frame_time`, `request_phase`, `begin_updating`, `end_updating`, right after the `GObjectClass`; libgtk-4
/// binds its own calls directly, so its public functions cannot be interposed, but they call these):
/// - the frame time is the script's (`advance(toMicroseconds:)`), for GTK's kinetic scrolling and TopLock's
///   ticks alike;
/// - a phase GTK requests is passed on at once when the frame in progress is still to run it (a layout
///   during the frame's update, as GDK would), and so is the flush of queued events (GDK dispatches a held
///   motion there); any other is held until the script's next step (`runStep()`);
/// - a widget that starts ticking (`begin_updating`) is counted instead of setting the clock running at the
///   wall clock's pace: each step then requests an update phase.
/// XInput 2 events carry the step's time too (`toplock_set_scripted_event_time`).
///
/// Main actor only; one window's clock at a time (the class is shared: every frame clock of the process follows
/// the script while installed). `install` verifies the class layout by reading the frame time back.
@MainActor
enum ScriptedFrameClock {
  private typealias GetFrameTime = @convention(c) (OpaquePointer?) -> gint64
  private typealias RequestPhase = @convention(c) (OpaquePointer?, GdkFrameClockPhase) -> Void
  private typealias Updating = @convention(c) (OpaquePointer?) -> Void

  /// The frame clock's virtual functions, in the class's order.
  private struct VirtualFunctions {
    var getFrameTime: GetFrameTime?
    var requestPhase: RequestPhase?
    var beginUpdating: Updating?
    var endUpdating: Updating?
  }

  /// What went wrong installing the clock.
  enum Failure: Error, CustomStringConvertible {
    case unexpectedClassLayout
    case timedOut

    var description: String {
      switch self {
      case .unexpectedClassLayout:
        "GdkFrameClockClass does not start with get_frame_time after GObjectClass on this GTK"
      case .timedOut: "a scripted frame did not run within \(ScriptedFrameClock.stepTimeoutMilliseconds) ms"
      }
    }
  }

  /// One frame of the script at 60 Hz, in µs.
  static let frameMicroseconds = 16_667
  /// The longest a step may wait for its frame, in ms (callgrind's pace included).
  nonisolated static let stepTimeoutMilliseconds = 120_000.0

  private static var clock: OpaquePointer?
  private static var slots: UnsafeMutablePointer<VirtualFunctions>?
  private static var original = VirtualFunctions()
  private static var hooks: [EmissionHook] = []
  private static var connections: [SignalConnection] = []

  /// The frame time GTK reads, in µs.
  private(set) static var nowMicroseconds = 0
  /// Phases requested for the next step.
  private static var heldPhases: UInt32 = 0
  /// Phases passed on to GDK that it has not run yet.
  private static var passedPhases: UInt32 = 0
  /// Widgets that started ticking since `install` and tick still (`begin_updating` less `end_updating`); a
  /// widget that ticked before stops through the clock's own `end_updating`.
  private static var updating = 0
  /// The phase of the frame in progress (a `GdkFrameClockPhase` value), 0 between frames.
  private static var currentPhase: UInt32 = 0

  /// Whether GTK wants another frame: a phase is held or a widget ticks.
  static var wantsFrame: Bool { heldPhases != 0 || updating > 0 }

  /// Scripts `window`'s frame clock from its current frame time on.
  ///
  /// - Throws: `Failure.unexpectedClassLayout` when the class does not read back the scripted time (nothing
  ///   stays replaced).
  static func install(on window: UnsafeMutablePointer<GtkWidget>) throws(Failure) {
    guard let frameClock = gtk_widget_get_frame_clock(window) else { preconditionFailure("not realized") }
    nowMicroseconds = gdk_frame_clock_get_frame_time(frameClock)
    let instance = UnsafeMutableRawPointer(frameClock).assumingMemoryBound(to: GTypeInstance.self)
    let classStart = UnsafeMutableRawPointer(instance.pointee.g_class!)
    let functions = (classStart + MemoryLayout<GObjectClass>.size).assumingMemoryBound(
      to: VirtualFunctions.self)
    original = functions.pointee
    functions.pointee.getFrameTime = scriptedFrameTime
    let probe = nowMicroseconds
    nowMicroseconds = probe + 1
    guard gdk_frame_clock_get_frame_time(frameClock) == probe + 1 else {
      functions.pointee = original
      throw .unexpectedClassLayout
    }
    nowMicroseconds = probe
    functions.pointee.requestPhase = scriptedRequestPhase
    functions.pointee.beginUpdating = scriptedBeginUpdating
    functions.pointee.endUpdating = scriptedEndUpdating
    clock = frameClock
    slots = functions
    watchPhases(of: frameClock)
  }

  /// Gives the clock its own functions back, and the ticks counted meanwhile. Safe to call twice.
  static func remove() {
    guard let slots, let clock else { return }
    slots.pointee = original
    for _ in 0..<updating { original.beginUpdating?(clock) }
    if heldPhases != 0 { original.requestPhase?(clock, GdkFrameClockPhase(rawValue: heldPhases)) }
    for hook in hooks { hook.remove() }
    hooks = []
    for connection in connections { connection.disconnect() }
    connections = []
    toplock_clear_scripted_event_time()
    (self.slots, self.clock, heldPhases, passedPhases, updating, currentPhase) = (nil, nil, 0, 0, 0, 0)
  }

  /// Moves the timeline to `microseconds` (never back): the frame time from now on, and the time of every
  /// XInput 2 event read from now on.
  static func advance(toMicroseconds microseconds: Int) {
    nowMicroseconds = max(nowMicroseconds, microseconds)
    toplock_set_scripted_event_time(UInt(nowMicroseconds / 1_000))
  }

  /// Ends a step: passes on what GTK asked for since the last one (an update phase too while a widget
  /// ticks), then runs the main loop until GDK has run every phase passed on and nothing is pending.
  ///
  /// - Throws: `Failure.timedOut` when the frame does not come.
  static func runStep() throws(Failure) {
    let phases = takeHeldPhases()
    if let clock, phases != 0 {
      passedPhases |= phases
      original.requestPhase?(clock, GdkFrameClockPhase(rawValue: phases))
    }
    let settled = MainLoopPump.run(timeoutMilliseconds: stepTimeoutMilliseconds) {
      passedPhases == 0 && g_main_context_pending(nil) == 0
    }
    guard settled else { throw .timedOut }
  }

  private static let scriptedFrameTime: GetFrameTime = { _ in
    MainActor.assumeIsolated { nowMicroseconds }
  }

  private static let scriptedRequestPhase: RequestPhase = { _, phase in
    let phases = phase.rawValue
    MainActor.assumeIsolated { request(phases) }
  }

  private static let scriptedBeginUpdating: Updating = { _ in
    MainActor.assumeIsolated { updating += 1 }
  }

  private static let scriptedEndUpdating: Updating = { _ in
    MainActor.assumeIsolated {
      if updating > 0 {
        updating -= 1
      } else {
        original.endUpdating?(clock)
      }
    }
  }

  /// The phases that GDK runs in the frame in progress, or at once (the flush of queued events), go on to
  /// GDK; the others wait for the next step.
  private static func request(_ phases: UInt32) {
    let eventPhases =
      GDK_FRAME_CLOCK_PHASE_FLUSH_EVENTS.rawValue | GDK_FRAME_CLOCK_PHASE_RESUME_EVENTS.rawValue
    var now = phases & eventPhases
    for bit in Self.phaseOrder where phases & bit != 0 && runsInFrameInProgress(bit) {
      now |= bit
    }
    heldPhases |= phases & ~now
    guard now != 0 else { return }
    passedPhases |= now
    original.requestPhase?(clock, GdkFrameClockPhase(rawValue: now))
  }

  /// The phases held for the next frame, an update too while a widget ticks; none are held after.
  private static func takeHeldPhases() -> UInt32 {
    guard wantsFrame else { return 0 }
    let phases = heldPhases | (updating > 0 ? GDK_FRAME_CLOCK_PHASE_UPDATE.rawValue : 0)
    heldPhases = 0
    return phases
  }

  /// The phases in the order GDK runs them in a frame (`gdk_frame_clock_paint_idle`).
  private static let phaseOrder = [
    GDK_FRAME_CLOCK_PHASE_FLUSH_EVENTS, GDK_FRAME_CLOCK_PHASE_BEFORE_PAINT, GDK_FRAME_CLOCK_PHASE_UPDATE,
    GDK_FRAME_CLOCK_PHASE_LAYOUT, GDK_FRAME_CLOCK_PHASE_PAINT, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT,
    GDK_FRAME_CLOCK_PHASE_RESUME_EVENTS,
  ].map(\.rawValue)

  /// Whether GDK runs `phase` later in the frame in progress: a later phase, or another layout during the
  /// layout phase (GDK repeats it while it is requested).
  private static func runsInFrameInProgress(_ phase: UInt32) -> Bool {
    guard currentPhase != 0, let current = phaseOrder.firstIndex(of: currentPhase),
      let requested = phaseOrder.firstIndex(of: phase)
    else { return false }
    return requested > current || (phase == GDK_FRAME_CLOCK_PHASE_LAYOUT.rawValue && requested == current)
  }

  /// Follows the frame in progress: each phase signal's emission hook marks its phase begun (and run); the
  /// frame ends after the last handler of resume-events, or of flush-events when no paint follows.
  private static func watchPhases(of clock: OpaquePointer) {
    let signals = [
      "flush-events", "before-paint", "update", "layout", "paint", "after-paint", "resume-events",
    ]
    let clockInstance = UnsafeMutableRawPointer(clock)
    hooks = zip(signals, phaseOrder).map { signal, phase in
      EmissionHook(type: gdk_frame_clock_get_type(), signal: signal) { instance in
        guard instance == clockInstance else { return }
        currentPhase = phase
        passedPhases &= ~phase
      }
    }
    connections = [
      SignalConnection.connect(clockInstance, .plain("resume-events")) { currentPhase = 0 },
      SignalConnection.connect(clockInstance, .plain("flush-events")) {
        if passedPhases & ~GDK_FRAME_CLOCK_PHASE_FLUSH_EVENTS.rawValue == 0 { currentPhase = 0 }
      },
    ]
  }
}
