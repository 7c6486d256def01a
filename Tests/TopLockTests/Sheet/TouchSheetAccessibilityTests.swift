import Testing
import TopLockTestSupport

/// The sheet handle's accessible label and expanded state, read back from GTK's test accessibility context
/// in the touch fixture run as a subprocess with `GTK_A11Y=test` (the suite's own GTK runs with
/// `GTK_A11Y=none`, where no accessible context exists), while real touches move the sheet.
@Suite(.serialized)
struct TouchSheetAccessibilityTests {
  @Test func touch_sheet_handleIsLabelled_andItsExpandedStateFollowsTheSheet() throws {
    let session = try TouchFixtureSession(accessibility: "test")
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .sheet, detents: TouchSheetDetentTests.threeDetents))
    let handle = try #require(session.ready.handle)
    let open = try session.send(TouchFixtureCommand(.accessible))
    let tap = try session.touchscreen.down(
      at: WidgetPoint(x: handle.x + 120, y: handle.y + 6), on: session.surface)
    session.touchscreen.hold(milliseconds: 50)
    try session.touchscreen.up(tap)
    try session.waitUntilStill()
    let collapsedReport = try session.report()
    let collapsed = try session.send(TouchFixtureCommand(.accessible))
    let peekHandleY = handle.y + 6 + (collapsedReport.hostOffset ?? 0)
    try session.touchscreen.drag(
      .drag(dy: -250, holdBeforeReleaseMilliseconds: 300),
      from: WidgetPoint(x: handle.x + 120, y: peekHandleY),
      on: session.surface)
    try session.waitUntilStill()
    let half = try session.send(TouchFixtureCommand(.accessible))
    let halfDetent = try session.report().detent
    print(
      "figure: handle expanded open \(String(describing: open.expanded)), after a tap (detent "
        + "\(collapsedReport.detent ?? -1)) \(String(describing: collapsed.expanded)), after a drag up (detent "
        + "\(halfDetent ?? -1)) \(String(describing: half.expanded)); label matches \(open.labelMatches ?? false)"
    )
    #expect(open.labelMatches == true)
    #expect(open.expanded == true)
    #expect(collapsedReport.detent == 0)
    #expect(collapsed.expanded == false)
    #expect(halfDetent == 1)
    #expect(half.expanded == true)
  }
}
