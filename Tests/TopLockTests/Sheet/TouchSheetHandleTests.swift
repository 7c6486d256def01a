import Testing
import TopLockTestSupport

/// `TopLockSheet` dragged by its handle, and the handle tapped, under real touch (Broadway, default
/// options). The same cases as `TopLockSheetHandleTests` under the mouse.
@Suite(.serialized)
struct TouchSheetHandleTests {
  /// The largest accepted difference between the sheet's travel and the finger's, px.
  private static let fingerTolerance = 1.0

  private func showSheet(_ session: TouchFixtureSession) throws {
    try session.show(TouchFixtureCommand(.scene, scene: .sheet, detents: TouchSheetDetentTests.threeDetents))
  }

  /// A point on the handle wherever the sheet is now, in the surface's px (the handle's rectangle was taken
  /// with the sheet open).
  private func handlePoint(_ session: TouchFixtureSession) throws -> WidgetPoint {
    let handle = try #require(session.ready.handle)
    let hostOffset = try session.report().hostOffset ?? 0
    return WidgetPoint(x: handle.x + 120, y: handle.y + 6 + hostOffset)
  }

  /// From open, half and the peek, a slow drag on the handle moves the sheet 1:1 (checked every 50 px) and
  /// settles on the nearest detent; a flick up from the peek opens it fully.
  @Test func touch_sheet_dragByTheHandle_inEveryDetent_movesItOneToOne_andSettlesLikeAPull() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try showSheet(session)
    let touchscreen = session.touchscreen
    var largestError = 0.0
    var reached: [Int?] = []
    for dy in [250.0, 150, -300] {
      let start = try handlePoint(session)
      let startOffset = try session.report().hostOffset ?? .nan
      var finger = try touchscreen.down(at: start, on: session.surface)
      touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
      for step in 1...Int(abs(dy) / 50) {
        let travel = Double(step) * (dy < 0 ? -50 : 50)
        finger = try touchscreen.move(
          finger, to: WidgetPoint(x: start.x, y: start.y + travel), steps: 10, stepMilliseconds: 16)
        touchscreen.hold(milliseconds: 50)
        let offset = try session.report().hostOffset ?? .nan
        largestError = max(largestError, abs((offset - startOffset) - travel))
      }
      touchscreen.hold(milliseconds: 250)
      try touchscreen.up(finger)
      try session.waitUntilStill()
      reached.append(try session.report().detent)
    }
    try touchscreen.drag(.fling(dy: -200), from: try handlePoint(session), on: session.surface)
    try session.waitUntilStill()
    let final = try session.report()
    reached.append(final.detent)
    print(
      "figure: touch handle drags +250, +150, -300 px and a 200 px flick up: detents \(reached), largest "
        + "finger-vs-sheet error \(largestError) px, list value \(final.value)")
    #expect(reached == [1, 0, 1, 2])
    #expect(largestError <= Self.fingerTolerance)
    #expect(final.value == 0, "a drag on the handle never scrolls the list")
  }

  /// Taps on the handle step up from the peek to half, then open, then back to the peek.
  @Test func touch_sheet_tapOnTheHandle_stepsUpOneDetent_andFromTheTopBackToTheLowest() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try showSheet(session)
    try session.send(TouchFixtureCommand(.settle, detent: 0, animated: false))
    try session.waitUntilStill()
    var tapped: [Int?] = []
    for _ in 0..<3 {
      let finger = try session.touchscreen.down(at: try handlePoint(session), on: session.surface)
      session.touchscreen.hold(milliseconds: 50)
      try session.touchscreen.up(finger)
      try session.waitUntilStill()
      tapped.append(try session.report().detent)
    }
    print("figure: touch handle taps from the peek: detents \(tapped)")
    #expect(tapped == [1, 2, 0])
  }
}
