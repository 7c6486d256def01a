import CTopLockGtk

/// Adds up the main thread's CPU time spent dispatching input events, for `scale`'s per-event cost: from
/// the moment GDK emits an event on a surface (an emission hook on `GdkSurface::event`, which runs ahead of
/// GTK's handler) to the end of that main-loop dispatch (the loop's next poll) or the start of a frame's
/// paint (`before-paint`: GDK dispatches the motions it held back in the frame's flush-events phase, just
/// before), whichever comes first. Every controller and handler the event reaches runs inside it, GTK's own
/// and TopLock's alike; the frames the events cause, and the main loop's waiting and polling, do not.
///
/// Main actor only. While installed, the default main context polls through this meter (which then calls
/// `g_poll`, GLib's default).
@MainActor
enum EventDispatchMeter {
  /// The thread CPU clock when the dispatch in progress began, if one is.
  private static var dispatchStart: Int64?
  private static var hooks: [EmissionHook] = []

  /// Thread CPU time spent dispatching events since `install()`, in ns.
  private(set) static var totalNanoseconds: Int64 = 0
  /// Events GDK emitted on a surface since `install()`.
  private(set) static var emittedEvents = 0

  /// Starts counting. Safe to call twice.
  static func install() {
    guard hooks.isEmpty else { return }
    hooks = [
      EmissionHook(type: gdk_surface_get_type(), signal: "event") { _ in
        emittedEvents += 1
        guard dispatchStart == nil else { return }
        dispatchStart = BenchClock.threadCPUNanoseconds()
        InstructionCollection.eventBegan()
      },
      EmissionHook(type: gdk_frame_clock_get_type(), signal: "before-paint") { _ in dispatchEnded() },
    ]
    g_main_context_set_poll_func(nil) { descriptors, count, timeout in
      MainActor.assumeIsolated { EventDispatchMeter.dispatchEnded() }
      return g_poll(descriptors, count, timeout)
    }
  }

  /// Stops counting and gives the main context its default poll back.
  static func remove() {
    guard !hooks.isEmpty else { return }
    for hook in hooks { hook.remove() }
    hooks = []
    g_main_context_set_poll_func(nil, nil)
    dispatchEnded()
  }

  /// Starts or stops callgrind's counting of the dispatches to come (`InstructionCollection`); a dispatch in
  /// progress ends first, so that every toggle on has its toggle off.
  static func setCollectsInstructions(_ collects: Bool) {
    dispatchEnded()
    InstructionCollection.collectsEvents = collects
  }

  private static func dispatchEnded() {
    guard let start = dispatchStart else { return }
    totalNanoseconds += BenchClock.threadCPUNanoseconds() - start
    dispatchStart = nil
    InstructionCollection.eventEnded()
  }
}
