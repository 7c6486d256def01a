import Testing
import TopLockTestSupport

/// The rules under real touch: GTK's own touch events (one sequence per finger) from a Broadway touchscreen,
/// into the `TopLockTouchFixture` executable, TopLock with its default options (mouse drag off). Glow tests
/// have a stock control under the same touches, so that they can fail.
///
/// Serialized: the touches run in real time, and two at once would slow each other's frames. Broadway
/// displays are private to each test, so these tests need no X server and do not disturb the X11 tests.
@Suite(.serialized)
struct TouchRuleTests {
  /// The largest accepted difference between a host translation and the finger's travel, px (rule R6).
  private static let fingerTolerance = 1.0
  /// A point in the list's upper part, in the list's px.
  private static let upperListPoint = WidgetPoint(x: 200, y: 150)
  /// A pull down: 200 px, resting 100 ms before the release.
  private static let pullDown = DragStroke.drag(dy: 200, holdBeforeReleaseMilliseconds: 100)
  /// A fling down of 500 px, released at full speed.
  private static let flingDown = DragStroke.fling(dy: 500)
  /// The value a fling into the top starts from, px.
  private static let flingStartValue = 600.0

  /// Shows `scene` at `value`, runs `stroke` from `start` (the list's px) and returns what the fixture saw
  /// once everything stopped moving.
  private func measure(
    _ scene: TouchFixtureCommand.Scene, value: Double, stroke: DragStroke, from start: WidgetPoint
  ) throws -> TouchFixtureReport {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(scene, value: value)
    try session.touchscreen.drag(stroke, from: session.point(start), on: session.surface)
    try session.waitUntilStill()
    return try session.report()
  }

  @Test func touch_stock_pullDownAtTheTop_glows() throws {
    let stock = try measure(.stock, value: 0, stroke: Self.pullDown, from: Self.upperListPoint)
    print("figure: touch pull at the top, stock: top-glow frames \(stock.topGlowFrames) of \(stock.frames), top edge-overshot \(stock.topOvershot)")
    #expect(stock.topGlowFrames > 0)
    #expect(stock.topOvershot > 0)
  }
}
