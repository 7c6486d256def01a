import CTopLockCallgrind
import CTopLockGtk
import Foundation
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench frames-instructions`: the frame budget of docs/RULES.md ("Budgets") in instructions. The
/// frames mode's window and script (`ListViewWindow`, `ScriptSegment.all`: the matched gestures and those at
/// the top edge) run under callgrind, on a scripted timeline (`ScriptedFrameClock`, `ScriptedTimeline`): the
/// script decides when each frame runs, what frame time it reads and what time each input event carries, so
/// that the same binary draws the same frames and counts the same instructions in every run. Each measured
/// pass, A1 (stock), B (TopLock attached, mouse drag on) and A2 (stock), runs in a process of its own, after
/// a warm-up pass of its own kind, so that every pass starts from the same history: played one after another
/// in one process, a pass's cost followed the heap that the passes before it left (glibc's allocator walks
/// its free lists), and A2 differed from A1 by up to 0.7%. Each pass plays every gesture once; callgrind
/// counts each frame's phases (`FrameInstructionMeter`) and each input event's dispatch
/// (`EventDispatchMeter`), each in a dump of its own (`InstructionCollection`), which this process reads.
///
/// With a `HostedScene`, the same list and script play in that scene (`FramesInstructionScene`): the list
/// as the inner of a chained pair, TopLock's rounds chaining it to the outer (`TopLockScrollChain`) and
/// stock's dragging both scrolled windows with GTK's own gestures; or the list under a `TopLockRefresh` in
/// TopLock's rounds, alone in stock's.
///
/// Main actor only; needs an X display (`xvfb-run -a`) and valgrind.
@MainActor
struct FramesInstructionBenchmark {
  /// The passes counted, each in a process of its own, in this order.
  nonisolated static let measuredPasses = FramesInstructionReport.passes
  /// The option, followed by a measured pass, that makes a process play that pass after its warm-up
  /// (`frames-instructions` runs itself so, under callgrind).
  nonisolated static let childOption = "--child"
  /// The option that plays the script in a `HostedScene`.
  nonisolated static let sceneOption = "--scene"
  /// GTK's long-press time in the measured process, in ms: longer than any press of the script lasts under
  /// callgrind, so that GTK's long-press timer (wall clock) never fires, as it does not at the script's own
  /// pace (a stroke's press rests 200 ms, the default time is 500 ms).
  static let longPressMilliseconds: Int32 = 3_600_000
  /// GTK's double-click time in the measured process, in ms: so short that its timer (wall clock) has always
  /// fired before the script's next press, however slowly the process runs.
  static let doubleClickMilliseconds: Int32 = 1
  /// Callgrind's options beyond `CallgrindSession`'s: no instrumentation until the window is up (the million
  /// rows fill faster), and one cost per function (not per line) in each of the many dumps.
  static let callgrindOptions = ["--instr-atstart=no", "--dump-line=no"]

  let rowCount: Int
  /// The scene the list plays in; `nil` for the list alone.
  let scene: HostedScene?

  /// Runs the passes under callgrind and reads the dumps.
  ///
  /// - Throws: `CallgrindSession.Unavailable`, `ChildMeasurementProcess.Failure`, or what reading the dumps
  ///   failed with.
  func measure() throws -> FramesInstructionReport {
    let session = try CallgrindSession()
    defer { session.remove() }
    let start = BenchClock.monotonicNanoseconds()
    var all: [CallgrindDumps.Dump] = []
    var own: [RoundKind: Int] = [:]
    var eventsSentPerPass: [RoundKind: Int] = [:]
    for pass in Self.measuredPasses {
      let (figures, dumps) = try session.run(
        FramesInstructionChildFigures.self,
        arguments: [
          BenchMode.framesInstructions.rawValue, Self.childOption, pass.rawValue, "--rows", "\(rowCount)",
        ] + (scene.map { [Self.sceneOption, $0.rawValue] } ?? []),
        options: Self.callgrindOptions, dumpsInto: pass.rawValue)
      let passDumps = try dumps.dumps()
      all += passDumps
      own.merge(
        try CallgrindDumps.instructions(
          in: passDumps, groupedBy: { InstructionCounts.kind(of: $0.label) }, ofFunctions: Self.isTopLocks),
        uniquingKeysWith: +)
      eventsSentPerPass[pass] = figures.eventsSent
    }
    let childSeconds = Double(BenchClock.monotonicNanoseconds() - start) / 1e9
    return FramesInstructionReport(
      rowCount: rowCount, scene: scene,
      matchedSegments: Set(ScriptSegment.all.indices.filter { ScriptSegment.all[$0].isMatched }),
      eventsSentPerPass: eventsSentPerPass, counts: InstructionCounts(all),
      topLockOwnInstructions: own[.topLock] ?? 0, stockOwnInstructions: own[.stockA1] ?? 0,
      childSeconds: childSeconds)
  }

  /// Whether a function, by its (mangled) name, is TopLock's own: of the TopLock, TopLockCore and
  /// TopLockGObject modules (TopLockGObject's emission hooks and signal closures are the bench's too, which
  /// the stock pass's figure shows), not the bench's test support.
  nonisolated static func isTopLocks(_ name: String) -> Bool {
    name.contains("TopLock") && !name.contains("TopLockTestSupport") && !name.contains("TopLockX11Geometry")
  }

  /// The passes a process measuring `pass` plays, in this order: a warm-up of the same kind (the first scroll
  /// through the list faults in pages and fills GTK's caches, the first attach loads TopLock's stylesheet),
  /// then `pass`; each plays every gesture once.
  static func passes(measuring pass: RoundKind) -> [RoundKind] {
    [pass.attachesTopLock ? .warmUpTopLock : .warmUpStock, pass]
  }

  /// Plays `passes(measuring: pass)` in this process, which callgrind runs; prints the events the measured
  /// pass sent as one JSON line. Returns the exit status.
  static func printChild(measuring pass: RoundKind, rowCount: Int, scene: HostedScene?) -> Int32 {
    CallgrindSession.runChild(.framesInstructions, option: childOption) {
      try GtkRuntime.start()
      setGestureTimes()
      EventDispatchMeter.install()
      defer { EventDispatchMeter.remove() }
      let pointer = try XTestPointer()
      let window = try FramesInstructionScene(scene, rowCount: rowCount)
      let list = window.list
      defer { list.fixture.destroy() }
      try list.fixture.present(timeoutMilliseconds: 5_000 * BenchWindow.timeoutScale)
      let recorder = FrameRecorder(window: list.fixture.window)
      recorder.waitForQuiet(
        quietMilliseconds: FramesBenchmark.quietBeforeRound,
        timeoutMilliseconds: FramesBenchmark.quietTimeout * BenchWindow.timeoutScale)
      recorder.remove()
      ScriptedFrameClock.install(on: list.fixture.window)
      defer { ScriptedFrameClock.remove() }
      let meter = FrameInstructionMeter(window: list.fixture.window)
      defer { meter.remove() }
      toplock_callgrind_start_instrumentation()
      var timeline = ScriptedTimeline(fixture: list.fixture, pointer: pointer)
      var eventsSent = 0
      for kind in passes(measuring: pass) {
        let before = timeline.sentEvents
        for (index, segment) in ScriptSegment.all.enumerated() {
          try round(kind, segmentIndex: index, segment: segment, timeline: &timeline, window: window)
        }
        eventsSent = timeline.sentEvents - before
      }
      return FramesInstructionChildFigures(eventsSent: eventsSent)
    }
  }

  /// One round: the list view's model set anew (`resetListView`) and a chained pair's outer at its bottom,
  /// the window set up for `kind` (`FramesInstructionScene.prepare`, mouse) and run out (a refresh put in
  /// lays the list out anew), `segment` played on the timeline (counted in a measured pass, its dumps
  /// labelled `KIND|SEGMENT`), then a refresh it started ended, run out until still and the set-up undone,
  /// uncounted.
  private static func round(
    _ kind: RoundKind, segmentIndex: Int, segment: ScriptSegment, timeline: inout ScriptedTimeline,
    window: FramesInstructionScene
  ) throws {
    resetListView(in: window.fixture.scrolledWindow)
    window.scrollOuterToBottom()
    try timeline.runOut()
    let attachment = try window.prepare(kind)
    defer {
      timeline.pointer.releaseAllButtons()
      window.finish(attachment)
    }
    try timeline.runOut()
    if measuredPasses.contains(kind) {
      InstructionCollection.pieceLabel = InstructionCounts.label(kind: kind, segmentIndex: segmentIndex)
      InstructionCollection.collectsFrames = true
      EventDispatchMeter.setCollectsInstructions(true)
    }
    try timeline.play(segment)
    EventDispatchMeter.setCollectsInstructions(false)
    InstructionCollection.collectsFrames = false
    InstructionCollection.stop()
    InstructionCollection.pieceLabel = nil
    attachment?.endRefreshing()
    try timeline.runOut()
  }

  /// Takes the list view's model away and gives it back, so that every round starts from the same list
  /// state: GTK keeps the rows it made in tiles that the scrolling before splits and merges, and walks them
  /// in each frame; carried from round to round, they made stock's frames in A1 cost up to 0.4% more than
  /// in A2.
  private static func resetListView(in scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    guard let listView = gtk_scrolled_window_get_child(OpaquePointer(scrolledWindow)),
      let model = gtk_list_view_get_model(OpaquePointer(listView))
    else { preconditionFailure("toplock-bench: the scrolled window holds no list view") }
    g_object_ref(UnsafeMutableRawPointer(model))
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    gtk_list_view_set_model(OpaquePointer(listView), nil)
    gtk_list_view_set_model(OpaquePointer(listView), model)
  }

  /// Sets GTK's long-press and double-click times (`GtkSettings`) to `longPressMilliseconds` and
  /// `doubleClickMilliseconds`.
  private static func setGestureTimes() {
    guard let settings = gtk_settings_get_default() else { return }
    for (name, milliseconds) in [
      ("gtk-long-press-time", longPressMilliseconds), ("gtk-double-click-time", doubleClickMilliseconds),
    ] {
      var value = GValue()
      g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_INT, a macro Swift does not import
      g_value_set_int(&value, milliseconds)
      g_object_set_property(UnsafeMutablePointer<GObject>(settings), name, &value)
      g_value_unset(&value)
    }
  }
}

/// What a measured process prints: the XTest events its measured pass sent.
struct FramesInstructionChildFigures: Codable {
  let eventsSent: Int
}

/// The counts of `frames-instructions`' dumps: each frame's instructions (its pieces and the events
/// dispatched inside it, to its after-paint) and each event dispatch's, with the pass and the gesture they
/// belong to, in order.
struct InstructionCounts {
  /// One frame's or one event dispatch's instructions.
  struct Sample {
    let kind: RoundKind
    let segmentIndex: Int
    let instructions: Int
    /// For an event: whether it was dispatched inside a frame (and counted in it too).
    var isInFrame = false
  }

  /// Every frame counted, in order.
  private(set) var frames: [Sample] = []
  /// Every event dispatch counted, in order.
  private(set) var events: [Sample] = []
  /// Every instruction of each pass, frames and events (each once), a round's pieces after its last frame
  /// included.
  private(set) var totals: [RoundKind: Int] = [:]

  /// The label prefix of a round's dumps.
  static func label(kind: RoundKind, segmentIndex: Int) -> String {
    "\(kind.rawValue)\(InstructionCollection.labelSeparator)\(segmentIndex)"
  }

  /// The pass a dump's label names.
  static func kind(of label: String) -> RoundKind? {
    label.split(separator: InstructionCollection.labelSeparator).first.flatMap {
      RoundKind(rawValue: String($0))
    }
  }

  /// Reads `dumps` in order: frame pieces and events inside frames add up to the frame that ends next in the
  /// same round; a round's pieces after its last frame are left out of the frames.
  init(_ dumps: [CallgrindDumps.Dump]) {
    var pending = 0
    var pendingRound: String?
    for dump in dumps {
      let parts = dump.label.split(separator: InstructionCollection.labelSeparator).map(String.init)
      guard parts.count == 3, let kind = RoundKind(rawValue: parts[0]), let segment = Int(parts[1]),
        let piece = InstructionCollection.Piece(rawValue: parts[2])
      else { continue }
      totals[kind, default: 0] += dump.instructions
      let round = "\(parts[0])\(parts[1])"
      if pendingRound != round { (pending, pendingRound) = (0, round) }
      let sample = Sample(kind: kind, segmentIndex: segment, instructions: dump.instructions)
      switch piece {
      case .event:
        events.append(sample)
      case .eventInFrame:
        var inFrame = sample
        inFrame.isInFrame = true
        events.append(inFrame)
        pending += dump.instructions
      case .frame:
        pending += dump.instructions
      case .frameEnd:
        frames.append(Sample(kind: kind, segmentIndex: segment, instructions: pending + dump.instructions))
        pending = 0
      }
    }
  }
}
