import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench scale`: the scale budget of docs/RULES.md ("Budgets"). For 1, 10 and 100 scrolled windows
/// in one window (`ScaleWindow`), the same XTest input (`ScaleScript`) over one of them, pass after pass,
/// with TopLock attached to every scrolled window (mouse drag on) and with none attached, alternated as in
/// `frames` (A1 B A2 B, then B A2 B A1), so that the two unattached groups give the noise. Each pass reads
/// the main thread's CPU time from its first event to the quiet after its last: GTK's dispatch of every
/// event, every controller's and handler's work (TopLock's included) and the frames they cause, divided by
/// the events sent. `FrameRecorder` times every frame of the pass.
///
/// Every pass starts from a settled window: the list at the top and its overlay scrollbar hidden. GTK hides
/// the scrollbar on a timer, not on an event, so a pass that started while it was still shown would race
/// that timer with its first scroll, and a pass that lost the race painted about 45 frames more (the
/// scrollbar fading out and straight back in) whether TopLock was attached or not.
///
/// Main actor only; needs an X display (`xvfb-run -a`).
@MainActor
struct ScaleBenchmark {
  /// How long the window must have painted nothing before a pass starts and after it ends, in ms.
  static let quiet = 150.0
  /// The longest wait for that quiet, in ms (a scrollbar fading out takes about 1 s).
  static let quietTimeout = 3_000.0
  /// How long after the list's last scroll GTK 4.8 starts to fade its overlay scrollbar out, at the latest,
  /// in ms: once 2 s have passed, on the next of its checks every 0.5 s (`maybe_hide_indicator` in
  /// gtkscrolledwindow.c); with a margin.
  static let scrollbarHideDelay = 2_600.0

  let settings: ScaleSettings

  /// Starts GTK and measures every window.
  ///
  /// - Throws: what GTK, X or TopLock failed with.
  func measure() throws -> ScaleReport {
    try GtkRuntime.start()
    let pointer = try XTestPointer()
    let windows = try ScaleSettings.scrollerCounts.map { try measure(scrollers: $0, pointer: pointer) }
    return ScaleReport(rounds: settings.rounds, windows: windows)
  }

  private func measure(scrollers count: Int, pointer: XTestPointer) throws -> ScaleMeasurement {
    let window = try ScaleWindow(count: count)
    defer { window.destroy() }
    try window.present()
    let recorder = FrameRecorder(window: window.window)
    defer { recorder.remove() }
    var passes: [ScalePass] = []
    for kind in [RoundKind.warmUpStock, .warmUpTopLock] {
      _ = try pass(kind, window: window, recorder: recorder, pointer: pointer)
    }
    for round in 0..<settings.rounds {
      for kind in RoundKind.order(inCycle: round) {
        passes.append(try pass(kind, window: window, recorder: recorder, pointer: pointer))
      }
    }
    return ScaleMeasurement(scrollers: count, eventsPerPass: ScaleScript.eventsPerPass, passes: passes)
  }

  /// One pass of the script: attaches TopLock to every scrolled window first when `kind` asks for it, and
  /// detaches it after.
  private func pass(
    _ kind: RoundKind, window: ScaleWindow, recorder: FrameRecorder, pointer: XTestPointer
  ) throws -> ScalePass {
    try window.scrollListToTop()
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    let scrollers =
      kind.attachesTopLock
      ? try window.scrolledWindows.map { try TopLockScroller.attach(to: $0, options: options) } : []
    defer {
      pointer.releaseAllButtons()
      for scroller in scrollers { scroller.detach() }
    }
    try ScaleScript.prepare(pointer, over: window.list)
    MainLoopPump.run(forMilliseconds: Self.scrollbarHideDelay)
    recorder.waitForQuiet(quietMilliseconds: Self.quiet, timeoutMilliseconds: Self.quietTimeout)
    recorder.start()
    let start = BenchClock.threadCPUNanoseconds()
    try ScaleScript.play(with: pointer, over: window.list)
    recorder.waitForQuiet(quietMilliseconds: Self.quiet, timeoutMilliseconds: Self.quietTimeout)
    let cpu = BenchClock.threadCPUNanoseconds() - start
    return ScalePass(kind: kind, cpuNanoseconds: cpu, frames: recorder.stop())
  }
}

/// One pass of `scale`'s script.
struct ScalePass {
  /// Attached (`topLock`) or not (`stockA1`, `stockA2`).
  let kind: RoundKind
  /// The main thread's CPU time over the pass, in ns.
  let cpuNanoseconds: Int64
  /// The frames painted in the pass.
  let frames: [FrameSample]
}
