import CTopLockGtk
import Foundation
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench frames`: the frame budget of docs/RULES.md ("Budgets"). One window, a GtkListView of a
/// million rows in a GtkScrolledWindow, scrolled by the same gestures round after round: stock and with
/// TopLock attached. The gestures are XTest's mouse (stock's touch-only off, so the mouse drags it, as
/// TopLock's `mouseDragEnabled` does) or, with `--touch`, real touch through a Broadway display of the
/// bench's own (both with their defaults).
/// Each round plays one segment of the script; each segment is played four times in a row, stock and TopLock
/// alternated (A1 B A2 B, then B A2 B A1 in the next cycle), so that stock and TopLock meet the same state of
/// a shared machine. A warm-up pass comes first (stock and TopLock in turn, one round per gesture), timed
/// TopLock passes last. Every round starts once GTK has hidden the overlay scrollbar the previous round
/// showed (`BenchWindow.waitForOverlayScrollbarsToHide`), so that no round races its timer. `FrameRecorder`
/// times every frame; `FramesReport` compares.
///
/// Main actor only; needs an X display (`xvfb-run -a`), or with `--touch` `gtk4-broadwayd`.
@MainActor
struct FramesBenchmark {
  /// How long the window must have painted nothing before a round starts, in ms.
  static let quietBeforeRound = 150.0
  /// The longest wait for that quiet, in ms (a scrollbar fading out takes about 1 s).
  static let quietTimeout = 3_000.0

  let settings: FramesSettings

  /// Runs the rounds.
  ///
  /// - Throws: what GTK, X, Broadway or TopLock failed with.
  func measure() throws -> FramesReport {
    let touchscreen = settings.touch ? try Self.startBroadway() : nil
    if touchscreen == nil { try GtkRuntime.start() }
    HandlerCPUMeter.calibrate()
    let list = ListViewWindow(rowCount: settings.rowCount)
    defer { list.fixture.destroy() }
    try list.fixture.present()
    let input: any StrokeInput =
      if let touchscreen {
        try TouchStrokeInput(touchscreen: touchscreen, window: list.fixture.window)
      } else {
        try XTestPointer()
      }
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
              input: input))
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

  /// Writes every frame of `report` to the samples file, when `--samples` asked for one.
  ///
  /// - Throws: what writing the file threw.
  func writeSamples(of report: FramesReport) throws {
    if let path = settings.samplesPath {
      try FrameSamplesFile(report.rounds).write(to: path)
    }
  }

  /// Starts a Broadway server of the bench's own with a touch client, and GTK on its display.
  ///
  /// - Throws: what `BroadwayTouchscreen.init` throws; `TestSupportError.displayUnavailable` when GTK cannot
  ///   open the display.
  private static func startBroadway() throws -> BroadwayTouchscreen {
    let touchscreen = try BroadwayTouchscreen()
    for (name, value) in touchscreen.applicationEnvironment {
      setenv(name, value, 1)
    }
    setenv("GTK_A11Y", "none", 0)
    guard gtk_init_check() != 0 else { throw TestSupportError.displayUnavailable }
    return touchscreen
  }

  /// Sets the window up for `kind`, plays `segment` once while `recorder` records, and undoes the set-up.
  private func runRound(
    _ kind: RoundKind, segment: ScriptSegment, fixture: ScrolledListFixture, gestures: ScrolledWindowGestures,
    recorder: FrameRecorder, input: any StrokeInput
  ) throws -> RoundResult {
    let scroller = try Self.prepare(
      kind, scrolledWindow: fixture.scrolledWindow, gestures: gestures, touch: settings.touch)
    defer {
      input.liftAll()
      scroller?.detach()
      gestures.setTouchOnly(true)
    }
    BenchWindow.waitForOverlayScrollbarsToHide()
    recorder.waitForQuiet(quietMilliseconds: Self.quietBeforeRound, timeoutMilliseconds: Self.quietTimeout)
    let invocationsBefore = HandlerCPUMeter.invocationCount
    let start = BenchClock.monotonicNanoseconds()
    recorder.start()
    try segment.play(on: fixture, with: input)
    let frames = recorder.stop()
    return RoundResult(
      kind: kind, segment: segment.name, isMatched: segment.isMatched, frames: frames,
      handlerInvocations: HandlerCPUMeter.invocationCount - invocationsBefore,
      durationMilliseconds: BenchClock.milliseconds(BenchClock.monotonicNanoseconds() - start))
  }

  /// Attaches TopLock (its callbacks timed in a timed round), or leaves the stock widget. With the mouse
  /// (`touch` false), stock's gestures are made to follow it and TopLock's mouse drag is on; with touch, both
  /// keep their defaults (GTK's gestures touch-only, TopLock's default options). Returns the scroller to
  /// detach afterwards. `frames-instructions` prepares its rounds the same way.
  static func prepare(
    _ kind: RoundKind, scrolledWindow: UnsafeMutablePointer<GtkWidget>, gestures: ScrolledWindowGestures,
    touch: Bool
  ) throws -> TopLockScroller? {
    guard kind.attachesTopLock else {
      if !touch { gestures.setTouchOnly(false) }
      return nil
    }
    var options = TopLockOptions()
    options.mouseDragEnabled = !touch
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
