import Testing
import TopLockTestSupport

/// `TopLockSheet`'s detents under real touch (Broadway) with the default options: where drags and flicks
/// settle, and a resize in each detent. The same cases as `TopLockSheetDetentTests` under the mouse.
@Suite(.serialized)
struct TouchSheetDetentTests {
  /// A peek, half and fully open: in the 700 px window (640 px available) at offsets 544, 320 and 0 px.
  static let threeDetents = ["96px", "50%", "100%"]

  private func show(
    _ session: TouchFixtureSession, detents: [String] = threeDetents, flickVelocity: Double? = nil
  ) throws {
    try session.show(
      TouchFixtureCommand(.scene, scene: .sheet, detents: detents, flickVelocity: flickVelocity))
  }

  /// (`x`, `y`) in the sheet's list wherever the sheet is now, in the surface's px: the list's rectangle
  /// was taken with the sheet at its highest detent.
  private func listPoint(_ session: TouchFixtureSession, y: Double = 20) throws -> WidgetPoint {
    let hostOffset = try session.report().hostOffset ?? 0
    return session.point(WidgetPoint(x: 200, y: y + hostOffset))
  }

  @Test func touch_sheet_slowDrags_settleOnTheNearestDetent_reachingEachOne() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try show(session)
    #expect(try session.report().detent == 2, "the sheet starts at its highest detent")
    var reached: [(detent: Int?, offset: Double?)] = []
    for dy in [250.0, 150, -250, -250] {
      try session.touchscreen.drag(
        .drag(dy: dy, holdBeforeReleaseMilliseconds: 300), from: try listPoint(session), on: session.surface)
      try session.waitUntilStill()
      let report = try session.report()
      reached.append((report.detent, report.hostOffset))
    }
    let settled = try session.report().settledDetents
    print("figure: touch slow drags +250, +150, -250, -250 px rest at (detent, offset) \(reached)")
    #expect(reached.map(\.detent) == [1, 0, 1, 2])
    #expect(reached.map(\.offset) == [320, 544, 320, 0])
    #expect(settled == [1, 0, 1, 2])
  }

  /// A 60 px flick at about 625 px/s from open projects to about 216 px, nearer open (0) than the peek
  /// (544): with the default flick velocity it goes on to the peek; with a flick velocity no finger
  /// reaches, the same stroke settles back open.
  @Test(arguments: [(nil, 0), (1_000_000, 1)] as [(Double?, Int)])
  func touch_sheet_flick_goesAtLeastOneDetentInItsDirection(flickVelocity: Double?, expectedDetent: Int)
    throws
  {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try show(session, detents: ["96px", "100%"], flickVelocity: flickVelocity)
    try session.touchscreen.drag(
      .fling(dy: 60, stepPixels: 5, stepIntervalMilliseconds: 8), from: try listPoint(session, y: 40),
      on: session.surface)
    try session.waitUntilStill()
    let report = try session.report()
    let releaseVelocity = report.pullEvents.last { $0.kind == .ended }?.velocity ?? .nan
    print(
      "figure: touch 60 px flick from open at \(releaseVelocity) px/s, flick velocity "
        + "\(flickVelocity ?? 500) px/s: rests at detent \(report.detent ?? -1), offset \(report.hostOffset ?? .nan) px"
    )
    #expect(report.detent == expectedDetent)
  }

  /// From open, a 100 px flick at about 1,000 px/s projects to about 350 px: it settles half open (320), not
  /// past it to the peek (544); a 400 px fling at 2,500 px/s projects past 1,000 px and goes to the peek.
  @Test func touch_sheet_flick_neverPassesTheDetentNearestItsProjectedEnd() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try show(session)
    try session.touchscreen.drag(
      .fling(dy: 100, stepPixels: 10, stepIntervalMilliseconds: 10), from: try listPoint(session, y: 40),
      on: session.surface)
    try session.waitUntilStill()
    let afterShortFlick = try session.report()
    try session.send(TouchFixtureCommand(.settle, detent: 2, animated: false))
    try session.waitUntilStill()
    try session.touchscreen.drag(.fling(dy: 400), from: try listPoint(session, y: 40), on: session.surface)
    try session.waitUntilStill()
    let afterLongFlick = try session.report()
    let velocities = [afterShortFlick, afterLongFlick].map { report in
      report.pullEvents.last { $0.kind == .ended }?.velocity ?? .nan
    }
    print(
      "figure: touch flicks from open: 100 px rests at detent \(afterShortFlick.detent ?? -1), 400 px at detent "
        + "\(afterLongFlick.detent ?? -1); release velocities \(velocities) px/s")
    #expect(afterShortFlick.detent == 1)
    #expect(afterLongFlick.detent == 0)
  }

  /// In each detent, the sheet's area shrinks from 640 to 440 px available and grows back: the panel shows
  /// the detent's height each time (96 px, half the available height, all of it), as laid out.
  @Test func touch_sheet_resizedInEachDetent_staysAtThatDetent() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try show(session)
    for detent in 0..<3 {
      try session.send(TouchFixtureCommand(.settle, detent: detent, animated: false))
      var shown: [Double] = []
      for areaHeight in [700.0, 500, 700] {
        try session.send(TouchFixtureCommand(.resize, height: areaHeight))
        try session.waitUntilStill()
        let report = try session.report()
        let available = try #require(report.availableHeight)
        let expected = [96, available / 2, available][detent]
        let visible = try #require(report.visiblePanelHeight)
        shown.append(visible)
        #expect(report.detent == detent)
        #expect(abs(visible - expected) <= 1, "detent \(detent), \(available) px available")
      }
      print("figure: touch resize in detent \(detent): panel shows \(shown) px (640, 440, 640 px available)")
    }
  }
}
