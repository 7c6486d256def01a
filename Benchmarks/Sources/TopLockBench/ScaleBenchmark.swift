import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench scale`: the scale budget of docs/RULES.md ("Budgets"). For 1, 10 and 100 scrolled windows
/// in one window (`ScaleWindow`), the same XTest input (`ScaleScript`) over one of them, pass after pass,
/// with TopLock attached to every scrolled window (mouse drag on) and with none attached, alternated as in
/// `frames` (A1 B A2 B, then B A2 B A1), so that the two unattached groups give the noise; then the same
/// for 100 scrolled windows spread over the window and four popovers (`ScaleSettings.acrossNatives`), where
/// TopLock keeps an input hub per native. Each pass reads the main thread's CPU time from its first event to
/// the quiet after its last: GTK's dispatch of every event, every controller's and handler's work (TopLock's
/// included) and the frames they cause, divided by the events sent. `FrameRecorder` times every frame of the pass.
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

  let settings: ScaleSettings

  /// Starts GTK and measures every window.
  ///
  /// - Throws: what GTK, X or TopLock failed with.
  func measure() throws -> ScaleReport {
    try GtkRuntime.start()
    HandlerCPUMeter.calibrate()
    EventDispatchMeter.install()
    defer { EventDispatchMeter.remove() }
    let pointer = try XTestPointer()
    let windows = try ScaleSettings.scrollerCounts.map { try measure(scrollers: $0, pointer: pointer) }
    let acrossNatives = try measure(
      scrollers: ScaleSettings.acrossNatives.scrollers, popovers: ScaleSettings.acrossNatives.popovers,
      pointer: pointer)
    return ScaleReport(rounds: settings.rounds, windows: windows, acrossNatives: acrossNatives)
  }

  private func measure(scrollers count: Int, popovers: Int = 0, pointer: XTestPointer) throws
    -> ScaleMeasurement
  {
    let window = try ScaleWindow(count: count, popovers: popovers)
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
    return ScaleMeasurement(
      scrollers: count, natives: window.natives, eventsPerPass: ScaleScript.eventsPerPass,
      pressesPerPass: ScaleScript.pressesPerPass,
      passes: passes,
      pickNanoseconds: pickNanoseconds(at: ScaleScript.tapPoint, in: window))
  }

  /// Hit tests a pick costs in one timed batch, and the batches.
  private static let picksPerBatch = 200
  private static let pickBatches = 7

  /// The main thread's CPU time GTK takes to hit-test the window at `point` of its list
  /// (`gtk_widget_pick` from the root, as for a press), in ns: the median over batches.
  private func pickNanoseconds(at point: WidgetPoint, in window: ScaleWindow) -> Double {
    var inRoot = graphene_point_t()
    var inList = graphene_point_t(x: Float(point.x), y: Float(point.y))
    guard gtk_widget_compute_point(window.list, window.window, &inList, &inRoot) != 0 else { return 0 }
    let batches = (0..<Self.pickBatches).map { _ in
      let start = BenchClock.threadCPUNanoseconds()
      for _ in 0..<Self.picksPerBatch {
        _ = gtk_widget_pick(window.window, Double(inRoot.x), Double(inRoot.y), GTK_PICK_DEFAULT)
      }
      return Double(BenchClock.threadCPUNanoseconds() - start) / Double(Self.picksPerBatch)
    }
    return SampleSummary(batches).median
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
      ? try HandlerCPUMeter.attachingTopLock {
        try window.scrolledWindows.map { try TopLockScroller.attach(to: $0, options: options) }
      } : []
    defer {
      pointer.releaseAllButtons()
      for scroller in scrollers { scroller.detach() }
    }
    try ScaleScript.prepare(pointer, over: window.list)
    BenchWindow.waitForOverlayScrollbarsToHide()
    recorder.waitForQuiet(quietMilliseconds: Self.quiet, timeoutMilliseconds: Self.quietTimeout)
    recorder.start()
    let handlerStart = HandlerCPUMeter.totalNanoseconds
    let dispatchStart = EventDispatchMeter.totalNanoseconds
    let start = BenchClock.threadCPUNanoseconds()
    try ScaleScript.play(with: pointer, over: window.list)
    recorder.waitForQuiet(quietMilliseconds: Self.quiet, timeoutMilliseconds: Self.quietTimeout)
    let cpu = BenchClock.threadCPUNanoseconds() - start
    let dispatch = EventDispatchMeter.totalNanoseconds - dispatchStart
    return ScalePass(
      kind: kind, cpuNanoseconds: cpu, dispatchNanoseconds: dispatch,
      handlerNanoseconds: HandlerCPUMeter.totalNanoseconds - handlerStart, frames: recorder.stop())
  }
}

/// One pass of `scale`'s script.
struct ScalePass {
  /// Attached (`topLock`) or not (`stockA1`, `stockA2`).
  let kind: RoundKind
  /// The main thread's CPU time over the pass, in ns.
  let cpuNanoseconds: Int64
  /// The main thread's CPU time dispatching the pass's input events (`EventDispatchMeter`), in ns.
  let dispatchNanoseconds: Int64
  /// The main thread's CPU time inside TopLock's own callbacks over the pass (`HandlerCPUMeter`), in ns; 0
  /// unattached.
  let handlerNanoseconds: Int64
  /// The frames painted in the pass.
  let frames: [FrameSample]
}
