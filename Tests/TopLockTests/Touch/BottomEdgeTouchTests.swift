import Testing
import TopLockTestSupport

/// Rule B1 under real touch (Broadway), one finger and two: with the bottom policy `.lockAndHandOff` a push
/// up at the bottom moves the bottom host with the first finger and never the list. Each has a stock
/// control under the same touches, which must glow at the bottom.
@Suite(.serialized)
struct BottomEdgeTouchTests {
  /// The largest accepted difference between a host translation and the finger's travel, px.
  private static let fingerTolerance = 1.0
  /// Past the list's end: the adjustment holds the value at its bottom.
  private static let pastTheBottom = 1_000_000.0
  /// A point in the list's lower part, in the list's px.
  private static let lowerListPoint = WidgetPoint(x: 150, y: 500)

  /// What a run at the bottom saw: the report once still, and where the bottom is.
  private struct BottomRun {
    var final: TouchFixtureReport
    var maximumValue: Double

    /// The bottom host's last translation, px: the lift ends the pull with no translation of its own.
    var lastTranslation: Double? { final.pullEvents.last { $0.kind == .changed }?.translation }
  }

  /// Shows `scene` at its bottom (TopLock's with the bottom handed off to the recording host) and runs
  /// `touches` on it.
  private func atTheBottom(
    _ scene: TouchFixtureCommand.Scene,
    _ touches: (TouchFixtureSession) throws -> Void
  ) throws -> BottomRun {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let options = scene == .toplock ? TouchFixtureCommand.Options(bottomHandOff: true) : nil
    try session.show(scene, value: Self.pastTheBottom, options: options)
    try touches(session)
    try session.waitUntilStill()
    return BottomRun(final: try session.report(), maximumValue: session.maximumValue)
  }

  @Test func touch_B1_pushUpAtTheBottom_movesTheBottomHostNotTheList_whereStockGlows() throws {
    let push = 200.0
    let oneFinger = { (session: TouchFixtureSession) throws in
      try session.touchscreen.drag(
        .drag(dy: -push, holdBeforeReleaseMilliseconds: 100), from: session.point(Self.lowerListPoint),
        on: session.surface)
    }
    let stock = try atTheBottom(.stock, oneFinger).final
    let run = try atTheBottom(.toplock, oneFinger)
    let report = run.final
    let translation = run.lastTranslation
    print(
      "figure: touch push at the bottom: bottom-glow frames stock \(stock.bottomGlowFrames), TopLock "
        + "\(report.bottomGlowFrames) of \(report.frames); bottom host \(translation ?? .nan) px for \(push) px"
    )
    #expect(stock.bottomGlowFrames > 0, "the stock list must glow under the same touch")
    #expect(report.bottomGlowFrames == 0)
    #expect(report.bottomOvershot == 0)
    #expect(report.value == run.maximumValue)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(report.pullEvents.last?.kind == .ended)
    #expect(abs((translation ?? 0) - push) <= Self.fingerTolerance)
  }

  /// The first finger pushes up at the bottom; a second lands and pushes further; it lifts, and the first
  /// moves on. The bottom host follows the first finger alone.
  @Test func touch_B1_secondFingerDuringAPushAtTheBottom_keepsTheBottomHostOnTheFirst() throws {
    let firstTravel = 60.0 + 80 + 20
    let twoFingers = { (session: TouchFixtureSession) throws in
      let touchscreen = session.touchscreen
      var first = try touchscreen.down(at: session.point(Self.lowerListPoint), on: session.surface)
      touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
      first = try touchscreen.move(
        first, to: WidgetPoint(x: first.position.x, y: first.position.y - 60), steps: 12, stepMilliseconds: 16
      )
      var second = try touchscreen.down(
        at: session.point(WidgetPoint(x: 300, y: Self.lowerListPoint.y)), on: session.surface)
      touchscreen.hold(milliseconds: 50)
      let moved = try touchscreen.move(
        [
          (first, WidgetPoint(x: first.position.x, y: first.position.y - 80)),
          (second, WidgetPoint(x: second.position.x, y: second.position.y - 140)),
        ], steps: 24, stepMilliseconds: 16)
      (first, second) = (moved[0], moved[1])
      touchscreen.hold(milliseconds: 200)
      try touchscreen.up(second)
      first = try touchscreen.move(
        first, to: WidgetPoint(x: first.position.x, y: first.position.y - 20), steps: 4, stepMilliseconds: 16)
      touchscreen.hold(milliseconds: 100)
      try touchscreen.up(first)
    }
    let stock = try atTheBottom(.stock, twoFingers).final
    let run = try atTheBottom(.toplock, twoFingers)
    print(
      "figure: touch push at the bottom with a second finger: bottom-glow frames stock \(stock.bottomGlowFrames), "
        + "TopLock \(run.final.bottomGlowFrames); bottom host \(run.lastTranslation ?? .nan) px for the "
        + "first finger's \(firstTravel) px")
    #expect(stock.bottomGlowFrames > 0, "the stock list must glow under the same touches")
    #expect(run.final.bottomGlowFrames == 0)
    #expect(run.final.bottomOvershot == 0)
    #expect(run.final.value == run.maximumValue)
    #expect(run.final.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((run.lastTranslation ?? 0) - firstTravel) <= Self.fingerTolerance)
  }
}
