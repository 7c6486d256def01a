import Testing
import TopLockTestSupport

/// Momentum between the sheet and its list, each way on and off, under real touch (Broadway, default
/// options). The same cases as `TopLockSheetMomentumTests` under the mouse.
@Suite(.serialized)
struct TouchSheetMomentumTests {
  /// A 300 px flick up (about 2,500 px/s) on the list of a sheet at its peek (offset 544 px): with
  /// `sheetToListMomentumVelocity` at 1,000 px/s the sheet flings open and the list flings on; off, the
  /// sheet springs open and the list stays at its top.
  @Test(arguments: [true, false])
  func touch_sheetToList_fastFlingThatOpensTheSheet_carriesIntoTheList(momentumOn: Bool) throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(
      TouchFixtureCommand(
        .scene, scene: .sheet, detents: ["96px", "100%"], sheetToListMomentumVelocity: momentumOn ? 1000 : nil
      ))
    try session.send(TouchFixtureCommand(.settle, detent: 0, animated: false))
    try session.waitUntilStill()
    let peek = try session.report()
    let start = session.point(WidgetPoint(x: 200, y: 20 + (peek.hostOffset ?? 0)))
    try session.touchscreen.drag(.fling(dy: -300), from: start, on: session.surface)
    try session.waitUntilStill()
    let final = try session.report()
    let valueWhenOpen = final.valuesWhenSettled?.last ?? .nan
    let releaseVelocity = final.pullEvents.last { $0.kind == .ended }?.velocity ?? .nan
    print(
      "figure: touch flick up opening the sheet at \(releaseVelocity) px/s, momentum \(momentumOn ? "on" : "off"): "
        + "list value when the sheet rested \(valueWhenOpen) px, list travel after \(final.value - valueWhenOpen) px"
    )
    #expect(final.detent == 1)
    #expect(final.hostOffset == 0)
    #expect(valueWhenOpen == 0, "the list moves only once the sheet is open")
    if momentumOn {
      #expect(final.value - valueWhenOpen > 150)
    } else {
      #expect(final.value == 0)
    }
  }

  /// A 400 px flick down (about 2,500 px/s) in the list of an open sheet, scrolled to 600 px: GTK's fling
  /// reaches the top fast. With `listToSheetMomentumVelocity` at 300 px/s the sheet moves down one detent
  /// (to half); off, it stays open. The list stops at its top, without a glow, either way.
  @Test(arguments: [true, false])
  func touch_listToSheet_listFlingReachingTheTop_movesTheSheetDownOneDetent(momentumOn: Bool) throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(
      TouchFixtureCommand(
        .scene, scene: .sheet, value: 600, detents: TouchSheetDetentTests.threeDetents,
        listToSheetMomentumVelocity: momentumOn ? 300 : nil))
    try session.touchscreen.drag(
      .fling(dy: 400), from: session.point(WidgetPoint(x: 200, y: 150)), on: session.surface)
    try session.waitUntilStill()
    let final = try session.report()
    print(
      "figure: touch list fling into the top, momentum \(momentumOn ? "on" : "off"): list value \(final.value), "
        + "sheet detent \(final.detent ?? -1), offset \(final.hostOffset ?? .nan) px, top-glow frames "
        + "\(final.topGlowFrames), pull events \(final.pullEvents.count)")
    #expect(final.value == 0)
    #expect(final.detent == (momentumOn ? 1 : 2))
    #expect(final.topGlowFrames == 0)
  }
}
