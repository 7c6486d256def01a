import TopLockTestSupport

/// The touch side of the gesture fuzz: one `TouchFixtureSession` started once, a new monitored sheet scene
/// (`TopLockSheet`, button rows, default options) for each `TouchFuzzSequence`, whose gestures run on the
/// Broadway touchscreen. The fixture's `InvariantMonitor` checks every input and frame; the scene tells it
/// which finger owns the drag (the first down while none is down) and where that finger is.
///
/// Not thread-safe: one test drives it. `stop()` (or `deinit`) ends the fixture and the touchscreen.
final class TouchFuzzScene {
  /// A finger resting this many steps lets the fixture handle every touch sent before it: a translation
  /// checkpoint (the monitor's 40 ms).
  private static let checkpointRestSteps = 3
  /// How far from the surface's edges fingers keep, px.
  private static let edgeMargin = 1.0

  private let session: TouchFixtureSession
  /// Whether a finger lifted since the monitor last heard of a press: the fixture reads touches and commands
  /// from two sockets, so the next `pressed` waits `checkpointRestSteps` steps for that lift to be handled
  /// first (its pull's end belongs to the drag before).
  private var liftedSincePress = false
  /// Whether the scene shown has a monitor to tell of the owning finger.
  private var isMonitored = true
  /// Pulls the fixture's monitors saw, over every sequence run.
  private(set) var pullsBegan = 0
  private(set) var pullsEnded = 0
  private(set) var pullsCancelled = 0
  /// Translation checks the fixture's monitors made and skipped, over every sequence run.
  private(set) var translationChecks = 0
  private(set) var translationChecksSkipped = 0

  /// Starts the touchscreen and the fixture, and learns the list's largest value from a first scene.
  ///
  /// - Throws: what `TouchFixtureSession` throws.
  init() throws {
    session = try TouchFixtureSession()
    try session.show(.sheet, rows: .buttons, monitor: true)
  }

  deinit {
    stop()
  }

  /// Ends the fixture and the touchscreen. Safe to call twice.
  func stop() {
    session.stop()
  }

  /// Runs `sequence` on a new scene and returns what slipped: the monitor's violations, one line each.
  ///
  /// - Throws: `TouchFixtureSessionError`, `BroadwayError` or `TestSupportError` when the fixture or the
  ///   touchscreen fails (a crash of the fixture, a GTK critical among them, ends it).
  func run(_ sequence: TouchFuzzSequence) throws -> [String] {
    try session.show(.sheet, value: startValue(sequence.startValue), rows: .buttons, monitor: true)
    try perform(sequence.actions, monitored: true)
    let reply = try session.send(TouchFixtureCommand(.invariants))
    guard let invariants = reply.invariants else { throw TouchFixtureSessionError.unexpected(reply) }
    pullsBegan += invariants.pullsBegan
    pullsEnded += invariants.pullsEnded
    pullsCancelled += invariants.pullsCancelled
    translationChecks += invariants.translationChecks
    translationChecksSkipped += invariants.translationChecksSkipped
    return invariants.violations
  }

  /// Runs `actions` from `start` on a stock list with button rows (no sheet, no monitor), the control of a
  /// glow finding; returns the frames that drew its top glow.
  ///
  /// - Throws: what `run(_:)` throws.
  func topGlowFramesOnAStockList(
    from start: FuzzSequence.StartValue, running actions: [TouchFuzzSequence.Action]
  ) throws -> Int {
    try session.show(.stock, value: startValue(start), rows: .buttons)
    try perform(actions, monitored: false)
    return try session.report().topGlowFrames
  }

  /// Runs `actions` on the scene shown and waits until everything stopped moving; tells the fixture's monitor
  /// of the owning finger when `monitored`.
  private func perform(_ actions: [TouchFuzzSequence.Action], monitored: Bool) throws {
    isMonitored = monitored
    for (index, action) in actions.enumerated() {
      switch action {
      case .gesture(let gesture):
        try perform(gesture, context: "action \(index + 1) (\(action))")
      case .pause(let milliseconds):
        session.touchscreen.hold(milliseconds: milliseconds)
      }
    }
    try session.waitUntilStill()
  }

  private func startValue(_ start: FuzzSequence.StartValue) -> Double {
    switch start {
    case .top: 0
    case .nearTop(let px): px
    case .middle(let fraction): session.maximumValue * fraction
    case .nearBottom(let px): max(0, session.maximumValue - px)
    }
  }

  /// Runs `gesture` step by step: lands the fingers due, moves every finger down that moves in the step (or
  /// holds), lifts the fingers due; tells the monitor of the owning finger's press, rests and release.
  private func perform(_ gesture: TouchGesture, context: String) throws {
    let touchscreen = session.touchscreen
    let surface = try surfaceSize()
    var down: [Int: TouchFinger] = [:]
    var owner: Int?
    var ownerRestSteps = 0
    for step in 0..<gesture.lastStep {
      for (index, finger) in gesture.fingers.enumerated() where finger.landStep == step {
        let point = landingPoint(finger, on: surface)
        if down.isEmpty {
          if liftedSincePress {
            touchscreen.hold(milliseconds: Double(Self.checkpointRestSteps) * TouchGesture.stepMilliseconds)
            liftedSincePress = false
          }
          try monitor(.pressed, y: point.y, context: context)
          (owner, ownerRestSteps) = (index, 0)
        }
        down[index] = try touchscreen.down(at: point, on: session.surface)
      }
      let moves = down.keys.sorted().compactMap { index -> (finger: TouchFinger, to: WidgetPoint)? in
        guard let finger = down[index],
          let move = gesture.fingers[index].move(atStepSinceLanding: step - gesture.fingers[index].landStep)
        else { return nil }
        let to = WidgetPoint(x: finger.position.x + move.dx, y: finger.position.y + move.dy)
        return (finger, clamped(to, to: surface))
      }
      if moves.isEmpty {
        touchscreen.hold(milliseconds: TouchGesture.stepMilliseconds)
      } else {
        for moved in try touchscreen.move(moves, steps: 1, stepMilliseconds: TouchGesture.stepMilliseconds) {
          if let index = down.first(where: { $0.value.sequence == moved.sequence })?.key {
            down[index] = moved
          }
        }
      }
      if let owner, let finger = down[owner] {
        let ownerMoved = moves.contains { $0.finger.sequence == finger.sequence }
        ownerRestSteps = ownerMoved ? 0 : ownerRestSteps + 1
        if ownerRestSteps == Self.checkpointRestSteps {
          try monitor(.checkpoint, y: finger.position.y)
        }
      }
      for (index, finger) in gesture.fingers.enumerated() where finger.liftStep == step + 1 {
        guard let lifting = down.removeValue(forKey: index) else { continue }
        if index == owner {
          try monitor(.releasing, y: lifting.position.y)
          owner = nil
        }
        try touchscreen.up(lifting)
        liftedSincePress = true
      }
    }
  }

  private func monitor(_ command: TouchFixtureCommand.Kind, y: Double, context: String? = nil) throws {
    guard isMonitored else { return }
    _ = try session.send(TouchFixtureCommand(command, y: y, context: context))
  }

  /// Where `finger` lands, in the surface's px: its fractions of the part of the list the window shows.
  private func landingPoint(_ finger: TouchGesture.Finger, on surface: (width: Double, height: Double))
    -> WidgetPoint
  {
    let list = session.list
    let top = max(list.y, 0)
    let bottom = min(list.y + list.height, surface.height)
    return clamped(
      WidgetPoint(x: list.x + list.width * finger.x, y: top + (bottom - top) * finger.y), to: surface)
  }

  /// `point` kept `edgeMargin` px inside `surface`.
  private func clamped(_ point: WidgetPoint, to surface: (width: Double, height: Double)) -> WidgetPoint {
    WidgetPoint(
      x: min(max(point.x, Self.edgeMargin), surface.width - Self.edgeMargin),
      y: min(max(point.y, Self.edgeMargin), surface.height - Self.edgeMargin))
  }

  /// The scene's surface size, px.
  private func surfaceSize() throws -> (width: Double, height: Double) {
    guard let surface = session.touchscreen.surfaces[session.surface] else {
      throw TestSupportError.widgetNotOnScreen
    }
    return (Double(surface.width), Double(surface.height))
  }
}
