import CTopLockGtk
import CTopLockXTest
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockSheet` dragged by its handle, and the handle clicked or activated with Enter, under the mouse
  /// (XTest, mouse drag on).
  @Suite
  @MainActor
  struct TopLockSheetHandleTests {
    /// The largest accepted difference between the sheet's travel and the pointer's, px.
    private static let pointerTolerance = 1.0
    /// A point on the handle, in its px.
    private static let handlePoint = WidgetPoint(x: 120, y: 6)

    /// Detents at offsets 544 (peek), 320 (half) and 0 px (open) in the 700 px window.
    private func scene() throws -> SheetScene {
      try SheetScene(sheetOptions: TopLockSheetOptions(detents: TopLockSheetDetentTests.threeDetents))
    }

    /// From open, half and the peek, a slow drag on the handle moves the sheet 1:1 (checked every 50 px)
    /// and settles on the nearest detent; a flick up from the peek opens it fully.
    @Test func sheet_dragByTheHandle_inEveryDetent_movesItOneToOne_andSettlesLikeAPull() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      var largestError = 0.0
      var reached: [Int] = []
      for dy in [250.0, 150, -300] {
        let startOffset = scene.sheet.offset
        let step = DragStroke.drag(dy: dy.sign == .minus ? -50 : 50, holdBeforeReleaseMilliseconds: 50)
        try scene.pointer.beginDrag(step, at: Self.handlePoint, in: scene.sheet.handle)
        let pressY = scene.pointer.position.y - (dy < 0 ? -1 : 1)
        for _ in 0..<Int(abs(dy) / 50) {
          scene.pointer.travel(step)
          largestError = max(
            largestError, abs((scene.sheet.offset - startOffset) - (scene.pointer.position.y - pressY)))
        }
        scene.pointer.hold(milliseconds: 250)
        scene.pointer.release()
        scene.waitUntilSheetRests()
        reached.append(scene.sheet.currentDetent)
      }
      try scene.pointer.drag(.fling(dy: -200), from: Self.handlePoint, in: scene.sheet.handle)
      scene.waitUntilSheetRests()
      reached.append(scene.sheet.currentDetent)
      print(
        "figure: mouse handle drags +250, +150, -300 px and a 200 px flick up: detents \(reached), largest "
          + "pointer-vs-sheet error \(largestError) px, list value \(scene.fixture.scrollValue)")
      #expect(reached == [1, 0, 1, 2])
      #expect(largestError <= Self.pointerTolerance)
      #expect(scene.fixture.scrollValue == 0, "a drag on the handle never scrolls the list")
    }

    /// Clicks on the handle step up from the peek to half, then open, then back to the peek; Enter on the
    /// focused handle does the same.
    @Test func sheet_clickOrEnterOnTheHandle_stepsUpOneDetent_andFromTheTopBackToTheLowest() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      try scene.sheet.settle(to: 0, animated: false)
      scene.waitUntilSheetRests()
      var clicked: [Int] = []
      for _ in 0..<3 {
        try scene.pointer.move(to: Self.handlePoint, in: scene.sheet.handle)
        scene.pointer.press()
        scene.pointer.hold(milliseconds: 50)
        scene.pointer.release()
        scene.waitUntilSheetRests()
        clicked.append(scene.sheet.currentDetent)
      }
      gtk_widget_grab_focus(scene.sheet.handle)
      var entered: [Int] = []
      for _ in 0..<3 {
        scene.keyboard.tap(keysym: UInt(XK_Return))
        scene.waitUntilSheetRests()
        entered.append(scene.sheet.currentDetent)
      }
      print("figure: mouse handle clicks from the peek: detents \(clicked); Enter: \(entered)")
      #expect(clicked == [1, 2, 0])
      #expect(entered == [1, 2, 0])
    }
  }
}
