import TopLockTestSupport

/// One finger on a touch fixture's list, driven step by step so that a test can ask the fixture for a report
/// mid-gesture: down, a 1 px nudge along the coming travel and the default press hold (as
/// `BroadwayTouchscreen.drag` presses), then travels in timed steps, holds, and the lift.
///
/// Not thread-safe: one test drives it.
struct ListTouch {
  let session: TouchFixtureSession
  /// Where the finger went down, in the surface's px.
  let pressPoint: WidgetPoint
  private(set) var finger: TouchFinger

  /// The 1 px nudge a drag down starts with, px.
  static let downward = WidgetPoint(x: 0, y: 1)
  /// The 1 px nudge a drag up starts with, px.
  static let upward = WidgetPoint(x: 0, y: -1)
  /// The 1 px nudge a drag to the right starts with, px.
  static let rightward = WidgetPoint(x: 1, y: 0)

  /// Puts a finger down at `start` (the list's px), moves it by `nudge` px (one of `downward`, `upward`,
  /// `rightward`) and holds it `DragStroke.defaultPressHoldMilliseconds` ms.
  ///
  /// - Throws: `BroadwayError` from the touchscreen.
  init(on session: TouchFixtureSession, at start: WidgetPoint, nudge: WidgetPoint) throws {
    self.session = session
    pressPoint = session.point(start)
    let touchscreen = session.touchscreen
    finger = try touchscreen.down(at: pressPoint, on: session.surface)
    let nudged = WidgetPoint(x: pressPoint.x + nudge.x, y: pressPoint.y + nudge.y)
    finger = try touchscreen.move(finger, to: nudged, steps: 1, stepMilliseconds: 1)
    touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
  }

  /// Starts a `TouchFixtureSession`, shows `command`'s scene on it and puts a finger down there as
  /// `init(on:at:nudge:)` does. The caller stops the session (`session.stop()`).
  ///
  /// - Throws: what `TouchFixtureSession.init` and `show(_:)` throw; `BroadwayError` from the touchscreen.
  init(onANewSessionShowing command: TouchFixtureCommand, at start: WidgetPoint, nudge: WidgetPoint) throws {
    let session = try TouchFixtureSession()
    try session.show(command)
    try self.init(on: session, at: start, nudge: nudge)
  }

  /// The finger's vertical travel since it went down, px (positive downward).
  var travel: Double { finger.position.y - pressPoint.y }

  /// Moves the finger by (`dx`, `dy`) px in steps of `stepPixels` px every `stepMilliseconds` ms, then holds
  /// it `holdMilliseconds` ms.
  ///
  /// - Throws: `BroadwayError` from the touchscreen.
  mutating func move(
    dx: Double = 0, dy: Double, stepPixels: Double = 5, stepMilliseconds: Double = 16,
    holdMilliseconds: Double = 50
  ) throws {
    let length = (dx * dx + dy * dy).squareRoot()
    let steps = max(1, Int((length / stepPixels).rounded(.up)))
    let target = WidgetPoint(x: finger.position.x + dx, y: finger.position.y + dy)
    finger = try session.touchscreen.move(
      finger, to: target, steps: steps, stepMilliseconds: stepMilliseconds)
    session.touchscreen.hold(milliseconds: holdMilliseconds)
  }

  /// Lifts the finger.
  ///
  /// - Throws: `BroadwayError` from the touchscreen.
  func up() throws {
    try session.touchscreen.up(finger)
  }

  /// Lifts the finger, waits until the list and the host are still, and returns the fixture's report.
  ///
  /// - Throws: `BroadwayError` from the touchscreen, `TouchFixtureSessionError` from the fixture.
  @discardableResult
  func liftAndSettle() throws -> TouchFixtureReport {
    try up()
    try session.waitUntilStill()
    return try session.report()
  }
}
