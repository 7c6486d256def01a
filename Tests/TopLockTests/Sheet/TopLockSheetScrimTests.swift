import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// The sheet's scrim under the mouse (XTest, mouse drag on): it dims in proportion to how far the sheet is
  /// open above its detent, and a click on it collapses the sheet.
  @Suite
  @MainActor
  struct TopLockSheetScrimTests {
    /// Detents at 544 (peek), 320 (half) and 0 px (open), the scrim above half: 0.4 open, 0.15 held at
    /// 200 px, none at half (where a click above the panel does nothing); open again, a click on it
    /// collapses the sheet to the peek.
    @Test func sheet_scrim_dimsInProportionAboveItsDetent_andAClickOnItCollapsesTheSheet() throws {
      var options = TopLockSheetOptions(detents: TopLockSheetDetentTests.threeDetents)
      options.scrimDetent = 1
      let scene = try SheetScene(sheetOptions: options)
      defer { scene.tearDown() }
      let opacity = { gtk_widget_get_opacity(scene.sheet.scrim) }
      let openOpacity = opacity()
      let down = DragStroke.drag(dy: 200, holdBeforeReleaseMilliseconds: 300)
      try scene.pointer.beginDrag(down, at: WidgetPoint(x: 120, y: 6), in: scene.sheet.handle)
      scene.pointer.travel(down)
      let heldOpacity = opacity()
      let heldOffset = scene.sheet.offset
      scene.pointer.release()
      scene.waitUntilSheetRests()
      let halfOpacity = opacity()
      let aboveThePanel = WidgetPoint(x: 200, y: 30)
      try scene.pointer.move(to: aboveThePanel, in: scene.sheet.widget)
      scene.pointer.press()
      scene.pointer.release()
      scene.waitUntilSheetRests()
      let detentAfterClickAtHalf = scene.sheet.currentDetent
      try scene.sheet.settle(to: 2, animated: false)
      MainLoopPump.run(forMilliseconds: 100)
      try scene.pointer.move(to: aboveThePanel, in: scene.sheet.widget)
      scene.pointer.press()
      scene.pointer.release()
      scene.waitUntilSheetRests()
      print(
        "figure: mouse scrim opacity open \(openOpacity), held at \(heldOffset) px \(heldOpacity), at half "
          + "\(halfOpacity); click above the panel at half: detent \(detentAfterClickAtHalf); open: detent "
          + "\(scene.sheet.currentDetent), opacity \(opacity())")
      #expect(abs(openOpacity - 0.4) <= 1.0 / 255)
      #expect(heldOffset == 200)
      #expect(abs(heldOpacity - 0.15) <= 1.0 / 255, "GTK keeps opacity in 8 bits")
      #expect(halfOpacity == 0)
      #expect(detentAfterClickAtHalf == 1)
      #expect(scene.sheet.currentDetent == 0)
      #expect(opacity() == 0)
    }
  }
}
