import CTopLockCallgrind
import CTopLockGtk
import Foundation
import TopLock
import TopLockTestSupport

/// `toplock-bench scale-instructions`: the scale budget of docs/RULES.md ("Budgets") in instructions, which
/// do not move with the machine's load as CPU time does. Each window of `ScaleInstructionBenchmark.windows`
/// is measured in a process of its own under callgrind (`valgrind --tool=callgrind --collect-atstart=no`):
/// the process plays `ScaleScript`'s events paced one at a time (`ScaleScript.playPaced`) over a stock pass
/// (A1), an attached one (B) and a stock one again (A2), and callgrind counts instructions only inside the
/// dispatch of each input event (`EventDispatchMeter`): every controller and handler the event reaches, GTK's
/// and TopLock's, and none of the frames. Each pass ends in a dump of its own, which this process reads.
///
/// Main actor only; needs an X display (`xvfb-run -a`) and valgrind.
@MainActor
struct ScaleInstructionBenchmark {
  /// The windows measured: their scrolled windows (the list included) and popovers holding a share of them.
  static let windows = [
    ScaleInstructionWindow(scrollers: 1, popovers: 0), ScaleInstructionWindow(scrollers: 100, popovers: 0),
    ScaleInstructionWindow(scrollers: 1_000, popovers: 0),
    ScaleInstructionWindow(scrollers: 1_000, popovers: 4),
  ]
  /// The passes each window's process measures, in this order.
  static let measuredPasses: [RoundKind] = [.stockA1, .topLock, .stockA2]
  /// The option that makes a process measure one window (`scale-instructions` runs itself so).
  nonisolated static let windowOption = "--window"
  /// Runs each window's process under callgrind and reads its dumps.
  ///
  /// - Throws: `CallgrindSession.Unavailable`, `ChildMeasurementProcess.Failure`, or what reading the dumps
  ///   failed with.
  func measure() throws -> ScaleInstructionReport {
    let session = try CallgrindSession()
    defer { session.remove() }
    return ScaleInstructionReport(rows: try Self.windows.map { try measure($0, in: session) })
  }

  private func measure(_ window: ScaleInstructionWindow, in session: CallgrindSession) throws
    -> ScaleInstructionRow
  {
    let (passes, dumps) = try session.run(
      ScaleInstructionChildFigures.self,
      arguments: [BenchMode.scaleInstructions.rawValue, Self.windowOption, window.argument],
      dumpsInto: "\(window.scrollers)-\(window.popovers)")
    let counts = try dumps.instructionsByLabel()
    func perEvent(_ kind: RoundKind) -> Double {
      Double(counts[kind.rawValue] ?? 0) / Double(passes.eventsPerPass)
    }
    return ScaleInstructionRow(
      scrollers: window.scrollers, natives: passes.natives, eventsPerPass: passes.eventsPerPass,
      stockA1: perEvent(.stockA1), stockA2: perEvent(.stockA2), topLock: perEvent(.topLock))
  }

  /// Measures `window` in this process, which callgrind runs: the warm-up passes, then each of
  /// `measuredPasses`, each dumped under its kind's name; prints the window's figures as one JSON line.
  /// Returns the exit status.
  static func printChildWindow(_ window: ScaleInstructionWindow) -> Int32 {
    CallgrindSession.runChild(.scaleInstructions, option: windowOption) {
      try GtkRuntime.start()
      EventDispatchMeter.install()
      defer { EventDispatchMeter.remove() }
      let pointer = try XTestPointer()
      let scaleWindow = try ScaleWindow(count: window.scrollers, popovers: window.popovers)
      defer { scaleWindow.destroy() }
      for scrolledWindow in scaleWindow.scrolledWindows {
        gtk_scrolled_window_set_overlay_scrolling(OpaquePointer(scrolledWindow), 0)
      }
      try scaleWindow.present()
      let recorder = FrameRecorder(window: scaleWindow.window)
      defer { recorder.remove() }
      for kind in [RoundKind.warmUpStock, .warmUpTopLock] + measuredPasses {
        try pass(kind, window: scaleWindow, recorder: recorder, pointer: pointer)
      }
      return ScaleInstructionChildFigures(
        natives: scaleWindow.natives, eventsPerPass: ScaleScript.eventsPerPass)
    }
  }

  /// One paced pass, TopLock attached to every scrolled window (mouse drag on) when `kind` asks for it; a
  /// measured pass counts from zero and ends in a dump named after `kind`.
  private static func pass(
    _ kind: RoundKind, window: ScaleWindow, recorder: FrameRecorder, pointer: XTestPointer
  ) throws {
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
    BenchWindow.waitForOverlayScrollbarsToHide()
    _ = recorder.waitForQuiet(
      quietMilliseconds: ScaleBenchmark.quiet,
      timeoutMilliseconds: ScaleBenchmark.quietTimeout * BenchWindow.timeoutScale)
    let isMeasured = measuredPasses.contains(kind)
    if isMeasured {
      toplock_callgrind_zero_stats()
      EventDispatchMeter.setCollectsInstructions(true)
    }
    try ScaleScript.playPaced(with: pointer, over: window.list)
    _ = recorder.waitForQuiet(
      quietMilliseconds: ScaleBenchmark.quiet,
      timeoutMilliseconds: ScaleBenchmark.quietTimeout * BenchWindow.timeoutScale)
    EventDispatchMeter.setCollectsInstructions(false)
    if isMeasured { toplock_callgrind_dump_stats(kind.rawValue) }
  }
}

/// One window `scale-instructions` measures: `scrollers` scrolled windows in all, `popovers` of the window's
/// popovers holding a share of them.
struct ScaleInstructionWindow: Equatable {
  let scrollers: Int
  let popovers: Int

  /// The window as `--window` gives it: `SCROLLERS:POPOVERS`.
  var argument: String { "\(scrollers):\(popovers)" }

  /// Reads `SCROLLERS:POPOVERS` (at least one scrolled window, popovers fewer than the scrolled windows).
  init?(argument: String) {
    let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let scrollers = parts[0], let popovers = parts[1], scrollers > 0, popovers >= 0,
      popovers < scrollers
    else { return nil }
    self.init(scrollers: scrollers, popovers: popovers)
  }

  init(scrollers: Int, popovers: Int) {
    self.scrollers = scrollers
    self.popovers = popovers
  }
}

/// What a window's process prints: its natives and the events of each pass.
struct ScaleInstructionChildFigures: Codable {
  let natives: Int
  let eventsPerPass: Int
}
