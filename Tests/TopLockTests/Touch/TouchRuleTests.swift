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
    print(
      "figure: touch pull at the top, stock: top-glow frames \(stock.topGlowFrames) of \(stock.frames), top edge-overshot \(stock.topOvershot)"
    )
    #expect(stock.topGlowFrames > 0)
    #expect(stock.topOvershot > 0)
  }

  @Test func touch_R1_R5_pullDownAtTheTop_movesTheHostNotTheList_noGlow() throws {
    let report = try measure(.toplock, value: 0, stroke: Self.pullDown, from: Self.upperListPoint)
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    print(
      "figure: touch pull at the top, TopLock: top-glow frames \(report.topGlowFrames) of \(report.frames), "
        + "top edge-overshot \(report.topOvershot), last translation \(translation ?? .nan) px, value \(report.value)"
    )
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
    #expect(report.value == 0)
    #expect(report.pullEvents.first?.kind == .began)
    #expect(report.pullEvents.last?.kind == .ended)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((translation ?? 0) - Self.pullDown.dy) <= Self.fingerTolerance)
  }

  @Test func touch_R6_pull_followsTheFinger1to1() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(.sheet)
    let start = session.point(WidgetPoint(x: 200, y: 100))
    let touchscreen = session.touchscreen
    var finger = try touchscreen.down(at: start, on: session.surface)
    touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
    var largestError = 0.0
    var checkpoints = 0
    for travel in stride(from: 40.0, through: 200, by: 40) {
      finger = try touchscreen.move(
        finger, to: WidgetPoint(x: start.x, y: start.y + travel), steps: 8, stepMilliseconds: 16)
      touchscreen.hold(milliseconds: 50)
      let report = try session.report()
      let translation = try #require(report.pullEvents.last { $0.kind == .changed }?.translation)
      let hostOffset = try #require(report.hostOffsets.last)
      largestError = max(largestError, abs(translation - travel), abs(hostOffset - travel))
      checkpoints += 1
    }
    try touchscreen.up(finger)
    print(
      "figure: touch pull on a sheet: largest finger-vs-host error \(largestError) px over \(checkpoints) checkpoints"
    )
    #expect(largestError <= Self.fingerTolerance)
  }

  @Test func touch_stock_flingIntoTheTop_glows() throws {
    let stock = try measure(
      .stock, value: Self.flingStartValue, stroke: Self.flingDown, from: Self.upperListPoint)
    print(
      "figure: touch fling into the top, stock: top-glow frames \(stock.topGlowFrames) of \(stock.frames), top edge-overshot \(stock.topOvershot)"
    )
    #expect(stock.topGlowFrames > 0)
  }

  @Test func touch_R2_flingIntoTheTop_stopsDead() throws {
    let report = try measure(
      .toplock, value: Self.flingStartValue, stroke: Self.flingDown, from: Self.upperListPoint)
    print(
      "figure: touch fling into the top, TopLock: top-glow frames \(report.topGlowFrames) of \(report.frames), "
        + "top edge-overshot \(report.topOvershot), final value \(report.value), pull events \(report.pullEvents.count)"
    )
    #expect(report.value == 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
    #expect(report.pullEvents.isEmpty, "a fling that reaches the top hands nothing to the host")
  }

  @Test func touch_R7_dragInTheMiddle_scrollsLikeStock() throws {
    let startValue = 1200.0
    let dragUp = DragStroke.drag(dy: -200)
    let stock = try measure(
      .stock, value: startValue, stroke: dragUp, from: Self.upperListPoint.offset(dy: 300))
    let toplock = try measure(
      .toplock, value: startValue, stroke: dragUp, from: Self.upperListPoint.offset(dy: 300))
    print(
      "figure: touch drag in the middle: value stock \(stock.value), TopLock \(toplock.value) (from \(startValue))"
    )
    #expect(stock.value - startValue > 150, "the stock list must scroll under the drag")
    #expect(abs(toplock.value - stock.value) <= 1)
    #expect(toplock.pullEvents.isEmpty)
  }

  /// Multi-touch: a second finger landing during a pull at the top, both fingers moving, the second lifting
  /// first. The first finger owns the pull: the second neither ends nor moves it, and GTK's drag never takes
  /// the second finger past the top.
  @Test func touch_secondFingerDuringAPullAtTheTop_keepsThePullAndNeverOvershoots() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(.sheet)
    let touchscreen = session.touchscreen
    let firstStart = session.point(WidgetPoint(x: 150, y: 100))
    var claimed = try session.report()
    let first = try touchscreen.secondFingerDuringAPull(
      firstAt: firstStart, secondAt: session.point(WidgetPoint(x: 280, y: 100)), on: session.surface
    ) {
      claimed = try session.report()
    }
    let afterSecondUp = try session.report()
    try touchscreen.up(first)
    try session.waitUntilStill()
    let final = try session.report()

    let firstTravel = first.position.y - firstStart.y
    let lastTranslation = afterSecondUp.pullEvents.last { $0.kind == .changed }?.translation ?? .nan
    print(
      "figure: touch, second finger during a pull: translation \(lastTranslation) px for \(firstTravel) px, top-glow frames \(final.topGlowFrames), edge-overshot \(final.topOvershot), pull events \(afterSecondUp.pullEvents.map(\.kind))"
    )
    #expect(
      claimed.pullEvents.first?.kind == .began, "the first finger's pull is claimed before the second lands")
    #expect(
      !afterSecondUp.pullEvents.contains { $0.kind == .ended || $0.kind == .cancelled },
      "the pull must not end while the first finger is down")
    #expect(abs(lastTranslation - firstTravel) <= Self.fingerTolerance)
    #expect(final.topGlowFrames == 0)
    #expect(final.topOvershot == 0)
  }
}

extension WidgetPoint {
  /// This point moved `dy` px down.
  fileprivate func offset(dy: Double) -> WidgetPoint {
    WidgetPoint(x: x, y: y + dy)
  }
}
