import Testing
import TopLockTestSupport

/// The sheet's scrim under real touch (Broadway, default options): the same case as
/// `TopLockSheetScrimTests` under the mouse.
@Suite(.serialized)
struct TouchSheetScrimTests {
  @Test func touch_sheet_scrim_dimsInProportionAboveItsDetent_andATapOnItCollapsesTheSheet() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(
      TouchFixtureCommand(.scene, scene: .sheet, detents: TouchSheetDetentTests.threeDetents, scrimDetent: 1))
    let handle = try #require(session.ready.handle)
    let touchscreen = session.touchscreen
    let openOpacity = try session.report().scrimOpacity ?? .nan
    let start = WidgetPoint(x: handle.x + 120, y: handle.y + 6)
    var finger = try touchscreen.down(at: start, on: session.surface)
    touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
    finger = try touchscreen.move(
      finger, to: WidgetPoint(x: start.x, y: start.y + 200), steps: 40, stepMilliseconds: 16)
    touchscreen.hold(milliseconds: 300)
    let held = try session.report()
    try touchscreen.up(finger)
    try session.waitUntilStill()
    let half = try session.report()
    let aboveThePanel = WidgetPoint(x: 200, y: 30)
    for _ in 0..<2 {
      let tap = try touchscreen.down(at: aboveThePanel, on: session.surface)
      touchscreen.hold(milliseconds: 50)
      try touchscreen.up(tap)
      try session.waitUntilStill()
      if try session.report().detent == 1 {
        try session.send(TouchFixtureCommand(.settle, detent: 2, animated: false))
        try session.waitUntilStill()
      }
    }
    let final = try session.report()
    print(
      "figure: touch scrim opacity open \(openOpacity), held at \(held.hostOffset ?? .nan) px "
        + "\(held.scrimOpacity ?? .nan), at half \(half.scrimOpacity ?? .nan); after the taps: detents settled "
        + "\(final.settledDetents ?? []), opacity \(final.scrimOpacity ?? .nan)")
    #expect(abs(openOpacity - 0.4) <= 1.0 / 255)
    #expect(held.hostOffset == 200)
    #expect(abs((held.scrimOpacity ?? 0) - 0.15) <= 1.0 / 255, "GTK keeps opacity in 8 bits")
    #expect(half.detent == 1)
    #expect(half.scrimOpacity == 0)
    #expect(final.settledDetents == [1, 2, 0], "the tap at half does nothing; the tap when open collapses")
    #expect(final.scrimOpacity == 0)
  }
}
