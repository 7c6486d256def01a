import TopLockTestSupport

/// A fixture session driven by one contact that presses, moves and lifts: a finger on a Broadway touchscreen
/// (`TouchFixtureSession`) or the primary button of sway's virtual pointer (`WaylandMouseSession`), so that
/// one scenario runs under either input. Points are in the surface's px; every step carries its own event
/// time and also takes that long in real time. Not thread-safe: one test drives it.
protocol ContactFixtureSession: TouchFixtureDriving {
  /// Where the contact is, or was when it lifted, in the surface's px.
  var contactPosition: WidgetPoint { get }
  /// Presses the contact at `point`.
  func press(at point: WidgetPoint) throws
  /// Moves the pressed contact in a straight line to `point`, in `steps` equal steps `stepMilliseconds` ms
  /// apart.
  func moveContact(to point: WidgetPoint, steps: Int, stepMilliseconds: Double) throws
  /// Keeps the contact where it is for `milliseconds` ms; sends nothing.
  func hold(milliseconds: Double)
  /// Lifts the contact where it is.
  func lift() throws
  /// Ends what the session started (its input, the fixture, the display). Safe to call twice.
  func stop()
}

extension ContactFixtureSession {
  /// One contact through `stroke` from `start` (the surface's px): press, a 1 px nudge along the stroke, the
  /// stroke's press hold, its travel in its steps, its hold before release, lift.
  ///
  /// - Throws: what the session's input throws.
  func drag(_ stroke: DragStroke, from start: WidgetPoint) throws {
    try press(at: start)
    let length = (stroke.dx * stroke.dx + stroke.dy * stroke.dy).squareRoot()
    if length > 0 {
      let nudge = WidgetPoint(x: start.x + stroke.dx / length, y: start.y + stroke.dy / length)
      try moveContact(to: nudge, steps: 1, stepMilliseconds: 1)
    }
    hold(milliseconds: stroke.pressHoldMilliseconds)
    let steps = max(1, Int((length / stroke.stepPixels).rounded(.up)))
    try moveContact(
      to: WidgetPoint(x: start.x + stroke.dx, y: start.y + stroke.dy), steps: steps,
      stepMilliseconds: stroke.stepIntervalMilliseconds)
    hold(milliseconds: stroke.holdBeforeReleaseMilliseconds)
    try lift()
  }

  /// Shows `command`'s scene, runs `stroke` from `start` (the list's px) and returns what the fixture saw
  /// once everything stopped moving.
  ///
  /// - Throws: what `show`, the input and the fixture throw.
  func measure(
    _ command: TouchFixtureCommand, stroke: DragStroke, from start: WidgetPoint
  ) throws -> TouchFixtureReport {
    try show(command)
    try drag(stroke, from: point(start))
    try waitUntilStill()
    return try report()
  }
}

/// The input a contact scenario runs under, each on a private display of its own.
enum ContactInput: String, CustomStringConvertible, Sendable {
  /// One finger on a Broadway touchscreen; scenes with the fixture's default options (mouse drag off).
  case touch
  /// The primary button and motion of a virtual pointer on headless sway; every scene with mouse drag on.
  case waylandMouse = "wayland mouse"

  /// The input's name in figures.
  var description: String { rawValue }

  /// A new session of this input: the caller stops it.
  ///
  /// - Throws: what the session's `init` throws (a missing server among them).
  func newSession() throws -> any ContactFixtureSession {
    switch self {
    case .touch: try TouchFixtureSession()
    case .waylandMouse: try WaylandMouseSession()
    }
  }
}

extension TouchFixtureSession: ContactFixtureSession {
  var contactPosition: WidgetPoint { contactFinger?.position ?? WidgetPoint(x: 0, y: 0) }

  /// Puts a finger down at `point` on the scene's surface.
  func press(at point: WidgetPoint) throws {
    contactFinger = try touchscreen.down(at: point, on: surface)
  }

  func moveContact(to point: WidgetPoint, steps: Int, stepMilliseconds: Double) throws {
    guard let finger = contactFinger else { throw BroadwayError.misuse("no finger is down") }
    contactFinger = try touchscreen.move(finger, to: point, steps: steps, stepMilliseconds: stepMilliseconds)
  }

  func hold(milliseconds: Double) {
    touchscreen.hold(milliseconds: milliseconds)
  }

  func lift() throws {
    guard let finger = contactFinger else { throw BroadwayError.misuse("no finger is down") }
    try touchscreen.up(finger)
  }
}
