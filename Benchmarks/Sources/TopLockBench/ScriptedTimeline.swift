import CTopLockGtk
import TopLockTestSupport
import TopLockX11Geometry

/// `frames`' script (`ScriptSegment`) on `ScriptedFrameClock`'s timeline, for `frames-instructions`: each
/// stroke's XTest events at the times `XTestPointer.drag` would send them (the move to the press point, the
/// press after `arrivalSettle`, the nudge, the rest, the steps, the rest before the release), a jump's value
/// set, a settle's time let pass. Each event is one step: the timeline moves to its time, the event is sent,
/// and what falls due at that time runs (GDK's flush of events, which dispatches it, once its frame comes).
/// Between events, a step each `ScriptedFrameClock.frameMicroseconds` runs the frame GTK asks for, if any
/// (a fling's, a spring's).
/// What each frame draws follows from the script alone, however slowly the process runs.
///
/// Main actor only; `ScriptedFrameClock` and `EventDispatchMeter` must be installed.
@MainActor
struct ScriptedTimeline {
  /// The rest between the move to a stroke's press point and the press, in ms (`XTestPointer.beginDrag`'s).
  static let arrivalSettle = 50.0
  /// The frames a jump is given before the next step, as `ScrolledListFixture.scroll(to:)` waits for.
  static let jumpFrames = 2
  /// The frame time step of the run-out after a round, in µs: long steps, as the run-out is not counted
  /// and GTK's and TopLock's flings follow the elapsed time, not the number of frames.
  static let runOutStepMicroseconds = 250_000
  /// The most run-out steps before a round gives up waiting for stillness.
  static let runOutSteps = 200

  /// What a step of the timeline does.
  private enum Action {
    case jump(to: Double)
    case move(RootPoint)
    case press
    case release
  }

  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  /// The XTest events sent so far.
  private(set) var sentEvents = 0

  /// A timeline over `fixture`'s list, played with `pointer`.
  init(fixture: ScrolledListFixture, pointer: XTestPointer) {
    self.fixture = fixture
    self.pointer = pointer
  }

  /// Plays `segment` from the timeline's present.
  ///
  /// - Throws: `TestSupportError` (a point off screen, an event GDK did not dispatch) or
  ///   `ScriptedFrameClock.Failure`.
  mutating func play(_ segment: ScriptSegment) throws {
    let start = Double(ScriptedFrameClock.nowMicroseconds) / 1_000 + frameMilliseconds
    let (actions, end) = try actions(of: segment, from: start)
    var lastStep = start
    for (time, action) in actions {
      try runFrames(after: &lastStep, before: time)
      ScriptedFrameClock.advance(toMicroseconds: Int(time * 1_000))
      perform(action)
      try ScriptedFrameClock.runStep()
      lastStep = time
    }
    try runFrames(after: &lastStep, before: end + frameMilliseconds)
  }

  /// Runs a step every frame from `lastStep` on while one falls before `time`.
  private func runFrames(after lastStep: inout Double, before time: Double) throws {
    while lastStep + frameMilliseconds < time {
      lastStep += frameMilliseconds
      ScriptedFrameClock.advance(toMicroseconds: Int(lastStep * 1_000))
      try ScriptedFrameClock.runStep()
    }
  }

  /// Runs frames with the timeline in long steps, uncounted, until a step paints none (a fling or a spring
  /// has ended), so that the next round starts from a still list.
  ///
  /// - Throws: `ScriptedFrameClock.Failure`, or `TestSupportError.timedOut` when the list does not settle.
  func runOut() throws {
    for _ in 0..<Self.runOutSteps {
      let painted = ScriptedFrameClock.paintedFrames
      ScriptedFrameClock.advance(
        toMicroseconds: ScriptedFrameClock.nowMicroseconds + Self.runOutStepMicroseconds)
      try ScriptedFrameClock.runStep()
      guard ScriptedFrameClock.paintedFrames > painted else { return }
    }
    throw TestSupportError.timedOut(waitingFor: "the list to settle after a scripted round")
  }

  private var frameMilliseconds: Double { Double(ScriptedFrameClock.frameMicroseconds) / 1_000 }

  /// The segment's actions with their times, in ms of the timeline, from `start`, and the time it ends.
  private func actions(of segment: ScriptSegment, from start: Double) throws -> ([(Double, Action)], Double) {
    var time = start
    var actions: [(Double, Action)] = []
    for step in segment.steps {
      switch step {
      case .jump(let value):
        actions.append((time, .jump(to: value)))
        time += Double(Self.jumpFrames) * frameMilliseconds
      case .stroke(let stroke, let y):
        let start = try pointer.rootPoint(
          of: WidgetPoint(x: ScriptSegment.pressX, y: y), in: fixture.scrolledWindow)
        let path = StrokePath(stroke, from: start)
        actions.append((time, .move(start)))
        time += Self.arrivalSettle
        actions += [(time, .press), (time, .move(path.nudged))]
        time += stroke.pressHoldMilliseconds
        for (index, point) in path.steps.enumerated() {
          actions.append((time + Double(index + 1) * stroke.stepIntervalMilliseconds, .move(point)))
        }
        time +=
          Double(path.steps.count) * stroke.stepIntervalMilliseconds + stroke.holdBeforeReleaseMilliseconds
        actions.append((time, .release))
      case .settle(let milliseconds):
        time += milliseconds
      }
    }
    return (actions, time)
  }

  /// Does `action`: sets the list's value, or sends the XTest event (a move to where the pointer already is
  /// sends nothing). GDK dispatches the event at its next flush of events, which the timeline's steps run
  /// when its time comes, as GDK paces events on a display: at most one flush a frame.
  private mutating func perform(_ action: Action) {
    switch action {
    case .jump(let value):
      gtk_adjustment_set_value(fixture.verticalAdjustment, value)
      return
    case .move(let point):
      guard RootPoint(x: point.x.rounded(), y: point.y.rounded()) != pointer.position else { return }
      pointer.move(toRoot: point)
    case .press:
      pointer.press(.primary)
    case .release:
      pointer.release(.primary)
    }
    sentEvents += 1
  }
}
