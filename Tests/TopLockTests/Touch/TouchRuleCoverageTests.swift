import Testing
import TopLockTestSupport

/// Every GTK rule test again under real touch (Broadway, one sequence per finger) with TopLock's default
/// options (mouse drag off), measured as the X11 tests measure them. Each glow test runs the same touches on
/// a stock scrolled window first, in the same session, and requires it to glow, so that it can fail.
///
/// Serialized: the touches run in real time, and two at once would slow each other's frames.
@Suite(.serialized)
struct TouchRuleCoverageTests {
  /// The largest accepted difference between a host translation, offset or content travel and the finger's
  /// travel, px (rules R6 to R9).
  private static let fingerTolerance = ContactRuleScenarios.contactTolerance
  /// The largest accepted difference between TopLock's fling travel and stock's, as a fraction of stock's.
  private static let flingTolerance = 0.05
  private static let upperListPoint = ContactRuleScenarios.upperListPoint
  private static let lowerListPoint = ContactRuleScenarios.lowerListPoint
  /// A point near the top of an open sheet's list, in the list's px.
  private static let sheetListPoint = WidgetPoint(x: 200, y: 40)
  private static let midListValue = ContactRuleScenarios.midListValue
  private static let pullDown = ContactRuleScenarios.pullDown
  /// The scenarios shared with the other inputs, under touch.
  private let touch = ContactRuleScenarios(input: .touch)

  /// Shows `command`'s scene in `session`, runs `stroke` from `start` (the list's px) and returns what the
  /// fixture saw once everything stopped moving.
  private func measure(
    _ command: TouchFixtureCommand, in session: TouchFixtureSession, stroke: DragStroke,
    from start: WidgetPoint = upperListPoint
  ) throws -> TouchFixtureReport {
    try session.measure(command, stroke: stroke, from: start)
  }

  /// A new session showing `command`'s scene (an open sheet by default), with a finger down at `start` (the
  /// list's px), about to drag down.
  private func fingerDown(
    showing command: TouchFixtureCommand = TouchFixtureCommand(.scene, scene: .sheet),
    at start: WidgetPoint = sheetListPoint
  ) throws -> ListContact {
    try ListContact(showing: command, at: start, nudge: ListContact.downward)
  }

  // MARK: - R1, R2, R4, R5: the edges

  /// A slow pull down on a collapsed sheet, pixel by pixel: GTK's drag crosses its threshold at the same
  /// motion as TopLock's, and must never carry the list past the top for that motion.
  @Test func touch_R1_pullCrossingTheThresholdPixelByPixel_drawsNoTopGlow() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let stroke = DragStroke(
      dx: 0, dy: 30, stepPixels: 1, stepIntervalMilliseconds: 16, pressHoldMilliseconds: 0,
      holdBeforeReleaseMilliseconds: 50)
    let start = WidgetPoint(x: 314, y: 20)
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock), in: session, stroke: stroke, from: start)
    let sheet = try measure(
      TouchFixtureCommand(.scene, scene: .sheet, collapsed: true), in: session, stroke: stroke, from: start)

    print(
      "figure: touch pull pixel by pixel at the top: top-glow frames stock \(stock.topGlowFrames), "
        + "TopLock (collapsed sheet) \(sheet.topGlowFrames) of \(sheet.frames); edge-overshot stock "
        + "\(stock.topOvershot), TopLock \(sheet.topOvershot); last translation \(sheet.lastTranslation) px")
    #expect(stock.topGlowFrames > 0, "the stock scrolled window must glow under the same touches")
    #expect(sheet.topGlowFrames == 0)
    #expect(sheet.topOvershot == 0)
    #expect(sheet.value == 0)
    #expect(sheet.count(.began) == 1)
  }

  /// A fling into the top of a sheet's list stops at `lower` on that frame: no glow, and the sheet stays.
  @Test func touch_R2_flingIntoTheTopOfASheet_stopsAtLowerWithoutGlowAndLeavesTheSheet() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let fling = DragStroke.fling(dy: 500)
    let startValue = 600.0
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock, value: startValue), in: session, stroke: fling)
    let sheet = try measure(
      TouchFixtureCommand(.scene, scene: .sheet, value: startValue), in: session, stroke: fling)

    print(
      "figure: touch fling into the top: top-glow frames stock \(stock.topGlowFrames), TopLock (sheet) "
        + "\(sheet.topGlowFrames) of \(sheet.frames); final value \(sheet.value), sheet offset "
        + "\(sheet.hostOffset ?? .nan) px, pull events \(sheet.pullEvents.count)")
    #expect(stock.topGlowFrames > 0, "the stock fling must glow at the top")
    #expect(sheet.value == 0)
    #expect(sheet.topGlowFrames == 0)
    #expect(sheet.topOvershot == 0)
    #expect(sheet.pullEvents.isEmpty, "a fling that reaches the top hands nothing to the host")
    #expect(sheet.hostOffset == 0)
  }

  /// The bottom keeps GTK's overshoot under the default bottom policy: a touch drag past the bottom glows
  /// there on TopLock as on stock, and never at the top.
  @Test func touch_R4_dragPastTheBottom_glowsAtTheBottomLikeStock() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let nearBottom = 2800.0
    let stroke = DragStroke.drag(dy: -250, holdBeforeReleaseMilliseconds: 100)
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock, value: nearBottom), in: session, stroke: stroke,
      from: Self.lowerListPoint)
    let toplock = try measure(
      TouchFixtureCommand(.scene, scene: .toplock, value: nearBottom), in: session, stroke: stroke,
      from: Self.lowerListPoint)

    print(
      "figure: touch drag past the bottom: bottom-glow frames stock \(stock.bottomGlowFrames), TopLock "
        + "\(toplock.bottomGlowFrames); bottom edge-overshot stock \(stock.bottomOvershot), TopLock "
        + "\(toplock.bottomOvershot); TopLock top-glow frames \(toplock.topGlowFrames)")
    #expect(stock.bottomGlowFrames > 0, "the stock drag must glow at the bottom")
    #expect(toplock.bottomGlowFrames > 0)
    #expect(toplock.bottomOvershot > 0)
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.pullEvents.isEmpty)
  }

  @Test func touch_R5_pullAtTheTop_neverMovesTheContent_evenInOneBigStep() throws {
    try touch.R5_pullAtTheTop_neverMovesTheContent_evenInOneBigStep()
  }

  // MARK: - R6: the pull follows the finger 1:1

  @Test func touch_R6_stillHost_translationFollowsTheFinger1to1() throws {
    try touch.R6_stillHost_translationFollowsTheContact1to1()
  }

  /// The sheet moves the scrolled window under the finger as it follows the pull: the translation and the
  /// sheet's offset still follow the finger, and the list stays at the top.
  @Test func touch_R6_movingSheet_translationAndOffsetFollowTheFinger() throws {
    let contact = try fingerDown()
    let session = contact.session
    defer { session.stop() }
    var largestError = 0.0
    var values: [Double] = []
    for segment in 1...3 {
      try contact.move(dy: segment == 1 ? 99 : 100, holdMilliseconds: 150)
      let report = try session.report()
      largestError = max(
        largestError, abs(report.lastTranslation - contact.travel),
        abs((report.hostOffset ?? .nan) - contact.travel))
      values.append(report.value)
    }
    let final = try contact.liftAndSettle()

    print(
      "figure: touch largest finger-vs-host error with a moving sheet = \(largestError) px over 3 checkpoints; "
        + "top-glow frames \(final.topGlowFrames)")
    #expect(largestError <= Self.fingerTolerance)
    #expect(values.allSatisfy { $0 == 0 })
    #expect(final.topGlowFrames == 0)
    #expect(final.topOvershot == 0)
  }

  // MARK: - R7: every other drag is GTK's

  /// A drag up (at the top, or mid-list), on stock and on TopLock under the same touches: the content
  /// follows the finger 1:1 and ends where stock's does.
  @Test(arguments: [0, midListValue])
  func touch_R7_dragUp_scrollsOneToOneLikeStock(startValue: Double) throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let travel = 150.0
    var valuesAfterDrag: [Double] = []
    for scene in [TouchFixtureCommand.Scene.stock, .toplock] {
      try session.show(TouchFixtureCommand(.scene, scene: scene, value: startValue))
      let contact = try ListContact(on: session, at: Self.lowerListPoint, nudge: ListContact.upward)
      try contact.move(dy: -(travel - 1), holdMilliseconds: 150)
      let report = try session.report()
      try contact.up()
      valuesAfterDrag.append(report.value)
      #expect(
        abs((report.value - startValue) + contact.travel) <= Self.fingerTolerance,
        "\(scene): content travel \(report.value - startValue) px, finger \(contact.travel) px")
      #expect(report.pullEvents.isEmpty)
    }
    print(
      "figure: touch drag up 150 px from \(startValue), value after the drag: stock \(valuesAfterDrag[0]), "
        + "TopLock \(valuesAfterDrag[1])")
    #expect(abs(valuesAfterDrag[1] - valuesAfterDrag[0]) <= Self.fingerTolerance)
  }

  /// A release mid-list flings like stock's under the same touches.
  @Test func touch_R7_flingMidList_travelsLikeStock() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let fling = DragStroke.fling(dy: -500)
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock, value: Self.midListValue), in: session, stroke: fling,
      from: Self.lowerListPoint)
    let toplock = try measure(
      TouchFixtureCommand(.scene, scene: .toplock, value: Self.midListValue), in: session, stroke: fling,
      from: Self.lowerListPoint)
    let stockTravel = stock.value - Self.midListValue
    let topLockTravel = toplock.value - Self.midListValue

    print(
      "figure: touch mid-list fling travel stock \(stockTravel) px, TopLock \(topLockTravel) px "
        + "(difference \(abs(topLockTravel - stockTravel) / stockTravel * 100) %)")
    #expect(stockTravel > 500, "the stock release flings")
    #expect(stock.value < 2900, "the stock fling stops before the bottom, so the comparison can fail")
    #expect(abs(topLockTravel - stockTravel) <= Self.flingTolerance * stockTravel)
    #expect(toplock.pullEvents.isEmpty)
  }

  // MARK: - R8, R9: hand-off and hand-back in one drag

  @Test func touch_R8_scrollUpToTheTopThenKeepPulling_losesNoPixel() throws {
    try touch.R8_scrollUpToTheTopThenKeepPulling_losesNoPixel()
  }

  @Test func touch_R9_pushTheHostBackThenKeepGoing_scrollsTheListAndFlings() throws {
    try touch.R9_pushTheHostBackThenKeepGoing_scrollsTheListAndFlings()
  }

  /// A drag up on a collapsed sheet opens it first, then scrolls the list by the rest.
  @Test func touch_R9_pullUpOnACollapsedSheet_opensItThenScrollsTheList() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .sheet, collapsed: true))
    let collapsed = try session.report()
    let collapsedOffset = try #require(collapsed.collapsedOffset)
    try #require(collapsed.hostOffset == collapsedOffset, "the sheet rests collapsed")
    let listTravel = 100.0
    let contact = try ListContact(on: session, at: WidgetPoint(x: 200, y: 20), nudge: ListContact.upward)
    try contact.move(dy: -(collapsedOffset + listTravel - 1), stepPixels: 10)
    let report = try session.report()
    let final = try contact.liftAndSettle()

    print(
      "figure: touch pull up on a collapsed sheet (\(collapsedOffset) px): sheet offset \(report.hostOffset ?? .nan), "
        + "list value \(report.value) px for \(-contact.travel) px of finger travel")
    #expect(report.hostOffset == 0)
    #expect(abs(report.value - listTravel) <= Self.fingerTolerance)
    #expect(final.hostOffset == 0)
  }

  // MARK: - R10, R11, R14: children, scrollbars, sideways drags, short content

  @Test func touch_R10_tapOnARowButton_activatesIt() throws {
    try touch.R10_tapOnARowButton_activatesIt()
  }

  @Test func touch_R10_dragFromARowButton_pullsOrScrollsWithoutActivatingIt() throws {
    try touch.R10_dragFromARowButton_pullsOrScrollsWithoutActivatingIt()
  }

  @Test func touch_R11_dragOnTheScrollbar_movesTheThumbAndNeverPullsTheHost() throws {
    try touch.R11_dragOnTheScrollbar_movesTheThumbAndNeverPullsTheHost()
  }

  /// 14 px sideways (past the drag threshold: a horizontal drag), then 150 px down, at the top, from
  /// `WidgetPoint(x: 200, y: 300)`, as the X11 test drags; returns what the fixture saw once all was still.
  private func dragSidewaysThenDown(
    _ command: TouchFixtureCommand, in session: TouchFixtureSession
  ) throws -> TouchFixtureReport {
    try session.show(command)
    let contact = try ListContact(on: session, at: WidgetPoint(x: 200, y: 300), nudge: ListContact.rightward)
    try contact.move(dx: 13, dy: 0, holdMilliseconds: 0)
    try contact.move(dy: 150, holdMilliseconds: 100)
    try contact.liftAndSettle()
    return try session.report()
  }

  /// In a list that scrolls up and down only, a sideways drag is left to GTK (whose vertical-only pan
  /// rejects it): TopLock ends where stock does, and pulls nothing.
  @Test func touch_R11_sidewaysDragInAVerticalList_isLeftToGTKAndNeverPulls() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let stock = try dragSidewaysThenDown(TouchFixtureCommand(.scene, scene: .stock), in: session)
    let toplock = try dragSidewaysThenDown(TouchFixtureCommand(.scene, scene: .toplock), in: session)

    print(
      "figure: touch sideways then down at the top, vertical list: value stock \(stock.value), TopLock "
        + "\(toplock.value); top-glow frames stock \(stock.topGlowFrames), TopLock \(toplock.topGlowFrames); "
        + "pull events \(toplock.pullEvents.count)")
    #expect(toplock.value == stock.value)
    #expect(toplock.pullEvents.isEmpty)
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.topOvershot == 0)
  }

  /// Where GTK's drag moves both axes (horizontal policy always), a sideways drag drifting down at the top
  /// glows on stock; on TopLock it never overshoots the top and never pulls.
  @Test func touch_R1_R11_sidewaysDragDriftingDownAtTheTop_bothWays_neverGlows() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    let stock = try dragSidewaysThenDown(
      TouchFixtureCommand(.scene, scene: .stock, horizontalPolicy: .always), in: session)
    let toplock = try dragSidewaysThenDown(
      TouchFixtureCommand(.scene, scene: .toplock, horizontalPolicy: .always), in: session)

    print(
      "figure: touch sideways then down at the top, both ways: top-glow frames stock \(stock.topGlowFrames), "
        + "TopLock \(toplock.topGlowFrames); edge-overshot stock \(stock.topOvershot), TopLock "
        + "\(toplock.topOvershot); pull events \(toplock.pullEvents.count)")
    #expect(stock.topGlowFrames > 0, "the stock drag must glow under the same touches")
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.topOvershot == 0)
    #expect(toplock.pullEvents.isEmpty)
    #expect(toplock.value == 0)
  }

  /// Content shorter than the page is at the top: a pull down moves the sheet 1:1.
  @Test func touch_R14_contentShorterThanThePage_pullMovesTheHost() throws {
    let contact = try fingerDown(showing: TouchFixtureCommand(.scene, scene: .sheet, rowCount: 4))
    let session = contact.session
    defer { session.stop() }
    try contact.move(dy: 119)
    let report = try session.report()
    let final = try contact.liftAndSettle()

    print(
      "figure: touch pull on content shorter than the page: sheet offset \(report.hostOffset ?? .nan) px, "
        + "translation \(report.lastTranslation) px for \(contact.travel) px; top-glow frames \(final.topGlowFrames)"
    )
    #expect(report.count(.began) == 1)
    #expect(abs(report.lastTranslation - contact.travel) <= Self.fingerTolerance)
    #expect(abs((report.hostOffset ?? .nan) - contact.travel) <= Self.fingerTolerance)
    #expect(final.topGlowFrames == 0)
    #expect(final.topOvershot == 0)
  }

  // MARK: - R15: lifecycle mid-pull

  /// A detach mid-pull cancels the pull; the rest of the drag sends nothing; the next pull is stock's and
  /// glows again.
  @Test func touch_R15_detachedMidPull_cancelsThePullAndRestoresStock() throws {
    let contact = try fingerDown(
      showing: TouchFixtureCommand(.scene, scene: .toplock), at: Self.upperListPoint)
    let session = contact.session
    defer { session.stop() }
    try contact.move(dy: 79)
    try session.send(TouchFixtureCommand(.detach))
    let detached = try session.report()
    try contact.move(dy: 60)
    try contact.liftAndSettle()
    let afterDrag = try session.report()
    try session.drag(Self.pullDown, from: session.point(Self.upperListPoint))
    try session.waitUntilStill()
    let final = try session.report()

    print(
      "figure: touch detach mid-pull: pull events \(detached.pullKinds); top-glow frames "
        + "before the next pull \(afterDrag.topGlowFrames), after it \(final.topGlowFrames)")
    #expect(detached.pullEvents.first?.kind == .began)
    #expect(detached.pullEvents.last?.kind == .cancelled)
    #expect(detached.count(.cancelled) == 1)
    #expect(afterDrag.pullEvents == detached.pullEvents, "nothing after the cancel")
    #expect(afterDrag.topGlowFrames == 0)
    #expect(final.pullEvents == detached.pullEvents)
    #expect(final.topGlowFrames > 0, "detached, the list glows at the top as stock does")
  }

  /// Hiding the scrolled window mid-pull cancels the pull; shown again, it pulls again.
  @Test func touch_R15_hiddenMidPull_cancelsThePullAndPullsAgainOnceShown() throws {
    let contact = try fingerDown(
      showing: TouchFixtureCommand(.scene, scene: .toplock), at: Self.upperListPoint)
    let session = contact.session
    defer { session.stop() }
    try contact.move(dy: 79)
    try session.send(TouchFixtureCommand(.visible, visible: false))
    let hidden = try session.report()
    try contact.up()
    try session.send(TouchFixtureCommand(.visible, visible: true))
    try session.waitUntilStill()
    try session.drag(Self.pullDown, from: session.point(Self.upperListPoint))
    try session.waitUntilStill()
    let final = try session.report()

    print(
      "figure: touch hidden mid-pull: pull events when hidden \(hidden.pullKinds), at the end "
        + "\(final.count(.began)) began, \(final.count(.ended)) ended, \(final.count(.cancelled)) cancelled"
    )
    #expect(hidden.pullEvents.last?.kind == .cancelled)
    #expect(final.count(.began) == 2)
    #expect(final.count(.ended) == 1)
    #expect(final.count(.cancelled) == 1)
    #expect(final.topGlowFrames == 0)
  }

  // MARK: - The sheet

  /// A slow short pull settles the sheet open; a fast pull settles it collapsed.
  @Test func touch_sheet_releaseSettlesOnTheNearestRestPosition() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .sheet))
    let start = session.point(Self.sheetListPoint)
    try session.drag(.drag(dy: 150, holdBeforeReleaseMilliseconds: 300), from: start)
    try session.waitUntilStill()
    let slow = try session.report()
    try session.drag(.fling(dy: 400), from: start)
    try session.waitUntilStill()
    let fast = try session.report()

    print(
      "figure: touch sheet settling: after a slow 150 px pull \(slow.hostOffset ?? .nan) px, after a 400 px "
        + "flick \(fast.hostOffset ?? .nan) px (collapsed \(fast.collapsedOffset ?? .nan) px)")
    #expect(slow.hostOffset == 0, "a slow short pull settles open")
    #expect(fast.hostOffset == fast.collapsedOffset, "a fast pull settles collapsed")
    #expect(fast.topGlowFrames == 0)
  }

  /// A fast flick up on a collapsed sheet, released short of open, settles open without ever going past it.
  @Test func touch_sheet_flickedOpen_neverGoesPastOpen() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .sheet, collapsed: true))
    let collapsedOffset = try #require(try session.report().collapsedOffset)
    try session.touchscreen.drag(
      .fling(dy: -(collapsedOffset - 60), stepPixels: 40), from: session.point(WidgetPoint(x: 200, y: 20)),
      on: session.surface)
    try session.waitUntilStill()
    let report = try session.report()

    print(
      "figure: touch flick open from collapsed (\(collapsedOffset) px): smallest sheet offset "
        + "\(report.smallestHostOffset ?? .nan) px, final \(report.hostOffset ?? .nan) px")
    #expect((report.smallestHostOffset ?? -1) >= 0)
    #expect(report.hostOffset == 0)
  }

  // MARK: - Touch, not mouse, by the event

  /// The app toggles `mouseDragEnabled` during a touch pull at the top: the pull is a touch's, not a mouse
  /// drag's, so it goes on and still follows the finger.
  @Test func touch_mouseDragToggledDuringTouchPull_keepsThePull() throws {
    let contact = try fingerDown()
    let session = contact.session
    defer { session.stop() }
    try contact.move(dy: 59)
    try session.send(TouchFixtureCommand(.options, options: .init(mouseDragEnabled: true)))
    try contact.move(dy: 60)
    try session.send(TouchFixtureCommand(.options, options: .init(mouseDragEnabled: false)))
    try contact.move(dy: 60)
    let beforeLift = try session.report()
    let final = try contact.liftAndSettle()

    let error = abs(beforeLift.lastTranslation - contact.travel)
    print(
      "figure: touch pull with mouse drag toggled on then off: pull events "
        + "\(final.pullKinds), "
        + "finger-vs-host error before the lift \(error) px")
    #expect(!beforeLift.pullEvents.contains { $0.kind == .cancelled || $0.kind == .ended })
    #expect(final.count(.began) == 1)
    #expect(final.pullEvents.last?.kind == .ended)
    #expect(error <= Self.fingerTolerance)
    #expect(final.topGlowFrames == 0)
    #expect(final.topOvershot == 0)
  }
}
