import TopLockTestSupport

/// One contact (a finger, or a mouse's primary button) on a fixture's list, driven step by step so that a
/// test can ask the fixture for a report mid-gesture: press, a 1 px nudge along the coming travel and the
/// default press hold (as `ContactFixtureSession.drag` presses), then travels in timed steps, holds, and the
/// lift.
///
/// Not thread-safe: one test drives it.
struct ListContact {
  let session: any ContactFixtureSession
  /// Where the contact pressed, in the surface's px.
  let pressPoint: WidgetPoint

  /// The 1 px nudge a drag down starts with, px.
  static let downward = WidgetPoint(x: 0, y: 1)
  /// The 1 px nudge a drag up starts with, px.
  static let upward = WidgetPoint(x: 0, y: -1)
  /// The 1 px nudge a drag to the right starts with, px.
  static let rightward = WidgetPoint(x: 1, y: 0)

  /// Presses at `start` (the list's px), moves by `nudge` px (one of `downward`, `upward`, `rightward`) and
  /// holds `DragStroke.defaultPressHoldMilliseconds` ms.
  ///
  /// - Throws: what the session's input throws.
  init(on session: any ContactFixtureSession, at start: WidgetPoint, nudge: WidgetPoint) throws {
    self.session = session
    pressPoint = session.point(start)
    try session.press(at: pressPoint)
    let nudged = WidgetPoint(x: pressPoint.x + nudge.x, y: pressPoint.y + nudge.y)
    try session.moveContact(to: nudged, steps: 1, stepMilliseconds: 1)
    session.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
  }

  /// Starts a session of `input`, shows `command`'s scene on it and presses there as `init(on:at:nudge:)`
  /// does. The caller stops the session (`session.stop()`).
  ///
  /// - Throws: what the session's `init` and `show(_:)` throw; what its input throws.
  init(
    onANewSessionOf input: ContactInput = .touch, showing command: TouchFixtureCommand, at start: WidgetPoint,
    nudge: WidgetPoint
  ) throws {
    let session = try input.newSession()
    try session.show(command)
    try self.init(on: session, at: start, nudge: nudge)
  }

  /// The contact's vertical travel since it pressed, px (positive downward).
  var travel: Double { session.contactPosition.y - pressPoint.y }

  /// Moves the contact by (`dx`, `dy`) px in steps of `stepPixels` px every `stepMilliseconds` ms, then holds
  /// it `holdMilliseconds` ms.
  ///
  /// - Throws: what the session's input throws.
  func move(
    dx: Double = 0, dy: Double, stepPixels: Double = 5, stepMilliseconds: Double = 16,
    holdMilliseconds: Double = 50
  ) throws {
    let length = (dx * dx + dy * dy).squareRoot()
    let steps = max(1, Int((length / stepPixels).rounded(.up)))
    let position = session.contactPosition
    try session.moveContact(
      to: WidgetPoint(x: position.x + dx, y: position.y + dy), steps: steps,
      stepMilliseconds: stepMilliseconds)
    session.hold(milliseconds: holdMilliseconds)
  }

  /// Lifts the contact.
  ///
  /// - Throws: what the session's input throws.
  func up() throws {
    try session.lift()
  }

  /// Lifts the contact, waits until the list and the host are still, and returns the fixture's report.
  ///
  /// - Throws: what the session's input throws; `TouchFixtureSessionError` from the fixture.
  @discardableResult
  func liftAndSettle() throws -> TouchFixtureReport {
    try up()
    try session.waitUntilStill()
    return try session.report()
  }
}
