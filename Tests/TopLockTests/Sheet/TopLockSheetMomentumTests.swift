import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// Momentum between the sheet and its list, each way on and off, under the mouse (XTest, mouse drag on).
  @Suite
  @MainActor
  struct TopLockSheetMomentumTests {
    /// A 300 px fling up (about 2,500 px/s) on the list of a sheet at its peek (offset 544 px), released
    /// about 244 px below open: with `sheetToListMomentumVelocity` at 1,000 px/s the sheet flings open and
    /// the list flings on (about 1,500 px/s left, so some 380 px); off, the sheet springs open and the list
    /// stays at its top.
    @Test(arguments: [true, false])
    func sheetToList_fastFlingThatOpensTheSheet_carriesIntoTheList(momentumOn: Bool) throws {
      var options = TopLockSheetOptions(detents: [.height(96), .fraction(1)])
      options.sheetToListMomentumVelocity = momentumOn ? 1000 : nil
      let scene = try SheetScene(sheetOptions: options)
      defer { scene.tearDown() }
      try scene.sheet.settle(to: 0, animated: false)
      scene.waitUntilSheetRests()
      var valueWhenOpen: Double?
      scene.sheet.onSettled = { sheet, detent in
        if detent == 1 { valueWhenOpen = scene.fixture.scrollValue }
      }
      try scene.pointer.drag(
        .fling(dy: -300), from: WidgetPoint(x: 200, y: 20), in: scene.fixture.scrolledWindow)
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 5000) {
        [scene.sheet.offset, scene.fixture.scrollValue]
      }
      let travelAfterTheSheetStopped = scene.fixture.scrollValue - (valueWhenOpen ?? .nan)
      print(
        "figure: mouse fling up opening the sheet, momentum \(momentumOn ? "on" : "off"): list value when the "
          + "sheet rested \(valueWhenOpen ?? .nan) px, list travel after \(travelAfterTheSheetStopped) px")
      #expect(scene.sheet.currentDetent == 1)
      #expect(scene.sheet.offset == 0)
      if momentumOn {
        #expect(valueWhenOpen == 0, "the list moves only once the sheet is open")
        #expect(travelAfterTheSheetStopped > 150)
      } else {
        #expect(scene.fixture.scrollValue == 0)
      }
    }

    /// A 400 px fling down (about 2,500 px/s) in the list of an open sheet, scrolled to 600 px: GTK's fling
    /// reaches the top fast. With `listToSheetMomentumVelocity` at 300 px/s the sheet moves down one detent
    /// (to half); off, it stays open. The list stops at its top either way.
    @Test(arguments: [true, false])
    func listToSheet_listFlingReachingTheTop_movesTheSheetDownOneDetent(momentumOn: Bool) throws {
      let scene = try Self.openSheet(listToSheetMomentumVelocity: momentumOn ? 300 : nil)
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: 600)
      try Self.flingTheListIntoTheTop(of: scene, case: "momentum \(momentumOn ? "on" : "off")")
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.sheet.currentDetent == (momentumOn ? 1 : 2))
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    /// The same fling, momentum on, after the app replaced the list's vertical adjustment
    /// (`gtk_scrolled_window_set_vadjustment`) with one at 600 px: the sheet follows the new adjustment, as
    /// the scroller does, and moves down one detent.
    @Test func listToSheet_afterTheListsAdjustmentIsReplaced_listFlingReachingTheTopStillMovesTheSheet()
      throws
    {
      let scene = try Self.openSheet(listToSheetMomentumVelocity: 300)
      defer { scene.tearDown() }
      let old = scene.fixture.verticalAdjustment
      let replacement = gtk_adjustment_new(
        600, gtk_adjustment_get_lower(old), gtk_adjustment_get_upper(old),
        gtk_adjustment_get_step_increment(old),
        gtk_adjustment_get_page_increment(old), gtk_adjustment_get_page_size(old))!
      gtk_scrolled_window_set_vadjustment(OpaquePointer(scene.fixture.scrolledWindow), replacement)
      try MainLoopPump.waitForFrames(3, of: scene.fixture.scrolledWindow)
      try #require(scene.fixture.verticalAdjustment == replacement)
      try #require(scene.fixture.scrollValue == 600)
      try Self.flingTheListIntoTheTop(of: scene, case: "adjustment replaced, momentum on")
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.sheet.currentDetent == 1, "the list's fling into the top moved the sheet down a detent")
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    /// A sheet of three detents, open, with `listToSheetMomentumVelocity` (px/s; `nil`: off).
    private static func openSheet(listToSheetMomentumVelocity: Double?) throws -> SheetScene {
      var options = TopLockSheetOptions(detents: TopLockSheetDetentTests.threeDetents)
      options.listToSheetMomentumVelocity = listToSheetMomentumVelocity
      return try SheetScene(sheetOptions: options)
    }

    /// Flings the list 400 px down from 150 px into it and waits until the sheet and the list are still.
    private static func flingTheListIntoTheTop(of scene: SheetScene, case name: String) throws {
      try scene.pointer.drag(
        .fling(dy: 400), from: WidgetPoint(x: 200, y: 150), in: scene.fixture.scrolledWindow)
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 5000) {
        [scene.sheet.offset, scene.fixture.scrollValue]
      }
      print(
        "figure: mouse list fling into the top, \(name): list value \(scene.fixture.scrollValue), sheet detent "
          + "\(scene.sheet.currentDetent), offset \(scene.sheet.offset) px, top-glow frames "
          + "\(scene.glowCounter.topGlowFrameCount)")
    }
  }
}
