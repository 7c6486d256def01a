import CTopLockGtk
import Foundation
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench frames`: the frame budget of docs/RULES.md ("Budgets"). One window, a GtkListView of a
/// million rows in a GtkScrolledWindow, scrolled by the same XTest gestures round after round: stock
/// (touch-only off, so the mouse drags it, as TopLock's `mouseDragEnabled` does) and with TopLock attached.
/// Each round plays one segment of the script; each segment is played four times in a row, stock and TopLock
/// alternated (A1 B A2 B, then B A2 B A1 in the next cycle), so that stock and TopLock meet the same state of
/// a shared machine. A warm-up pass comes first (stock and TopLock in turn, one round per gesture), timed
/// TopLock passes last. `FrameRecorder` times every frame; `FramesReport` compares.
///
/// Main actor only; needs an X display (`xvfb-run -a`).
@MainActor
struct FramesBenchmark {
  /// How long the window must have painted nothing before a round starts, in ms.
  static let quietBeforeRound = 150.0
  /// The longest wait for that quiet, in ms (a scrollbar fading out takes about 1 s).
  static let quietTimeout = 3_000.0

  let settings: FramesSettings

  /// Runs the rounds, prints the report and its JSON line, writes the samples file when asked. Returns
  /// the exit status: 1 when GTK, X or TopLock failed or a group painted no frame, else 0.
  func run() -> Int32 {
    do {
      let report = try measure()
      print(report.text)
      print(report.json)
      if let path = settings.samplesPath {
        try FrameSamplesFile(report.rounds).write(to: path)
      }
      return report.isTrustworthy ? 0 : 1
    } catch {
      FileHandle.standardError.write(Data("toplock-bench frames: \(error)\n".utf8))
      return 1
    }
  }

  private func measure() throws -> FramesReport {
    try GtkRuntime.start()
    let pointer = try XTestPointer()
    HandlerCPUMeter.calibrate()
    let list = ListViewWindow(rowCount: settings.rowCount)
    defer { list.fixture.destroy() }
    try list.fixture.present()
    let recorder = FrameRecorder(window: list.fixture.window)
    defer { recorder.remove() }
    let gestures = try ScrolledWindowGestures(scrolledWindow: list.fixture.scrolledWindow)
    var rounds: [RoundResult] = []
    func play(_ kinds: (_ segmentIndex: Int) -> [RoundKind]) throws {
      for (index, segment) in ScriptSegment.all.enumerated() {
        for kind in kinds(index) {
          rounds.append(
            try runRound(
              kind, segment: segment, fixture: list.fixture, gestures: gestures, recorder: recorder,
              pointer: pointer))
        }
      }
    }
    try play { [$0 % 2 == 0 ? .warmUpStock : .warmUpTopLock] }
    for cycle in 0..<settings.cycles {
      try play { _ in RoundKind.order(inCycle: cycle) }
    }
    for _ in 0..<settings.timedPasses {
      try play { _ in [.topLockTimed] }
    }
    return FramesReport(
      settings: settings, rendererName: Self.rendererName(of: list.fixture.window),
      modelFillMilliseconds: list.modelFillMilliseconds, rounds: rounds,
      clockReadNanoseconds: HandlerCPUMeter.clockReadNanoseconds)
  }

  /// Sets the window up for `kind`, plays `segment` once while `recorder` records, and undoes the set-up.
  private func runRound(
    _ kind: RoundKind, segment: ScriptSegment, fixture: ScrolledListFixture, gestures: ScrolledWindowGestures,
    recorder: FrameRecorder, pointer: XTestPointer
  ) throws -> RoundResult {
    let scroller = try prepare(kind, scrolledWindow: fixture.scrolledWindow, gestures: gestures)
    defer {
      pointer.releaseAllButtons()
      scroller?.detach()
      gestures.setTouchOnly(true)
    }
    recorder.waitForQuiet(quietMilliseconds: Self.quietBeforeRound, timeoutMilliseconds: Self.quietTimeout)
    let invocationsBefore = HandlerCPUMeter.invocationCount
    let start = BenchClock.monotonicNanoseconds()
    recorder.start()
    try segment.play(on: fixture, with: pointer)
    let frames = recorder.stop()
    return RoundResult(
      kind: kind, segment: segment.name, isMatched: segment.isMatched, frames: frames,
      handlerInvocations: HandlerCPUMeter.invocationCount - invocationsBefore,
      durationMilliseconds: BenchClock.milliseconds(BenchClock.monotonicNanoseconds() - start))
  }

  /// Attaches TopLock (mouse drag on; its callbacks timed in a timed round), or lets the mouse drag the
  /// stock widget. Returns the scroller to detach afterwards.
  private func prepare(
    _ kind: RoundKind, scrolledWindow: UnsafeMutablePointer<GtkWidget>, gestures: ScrolledWindowGestures
  ) throws -> TopLockScroller? {
    guard kind.attachesTopLock else {
      gestures.setTouchOnly(false)
      return nil
    }
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    guard kind == .topLockTimed else {
      return try TopLockScroller.attach(to: scrolledWindow, options: options)
    }
    return try HandlerCPUMeter.attachingTopLock {
      try TopLockScroller.attach(to: scrolledWindow, options: options)
    }
  }

  /// The type name of the window's GSK renderer (GL under Mesa's llvmpipe, or cairo).
  private static func rendererName(of window: UnsafeMutablePointer<GtkWidget>) -> String {
    guard let native = gtk_widget_get_native(window), let renderer = gtk_native_get_renderer(native) else {
      return "unknown"
    }
    return GObjectType.typeName(of: UnsafeMutableRawPointer(renderer))
  }
}
