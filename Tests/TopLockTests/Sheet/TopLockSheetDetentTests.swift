import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockSheet`'s detents under the mouse (XTest, mouse drag on): where drags and flicks settle, and a
  /// resize in each detent.
  @Suite
  @MainActor
  struct TopLockSheetDetentTests {
    /// A peek, half and fully open: in the 700 px window (640 px available) at offsets 544, 320 and 0 px.
    static let threeDetents: [SheetDetent] = [.height(96), .fraction(0.5), .fraction(1)]

    private func scene(detents: [SheetDetent] = threeDetents, flickVelocity: Double? = nil) throws
      -> SheetScene
    {
      var options = TopLockSheetOptions(detents: detents)
      if let flickVelocity { options.flickVelocity = flickVelocity }
      return try SheetScene(sheetOptions: options)
    }

    /// Drags the list by `dy` px from a point near its top, slowly, resting before the release (no velocity).
    private func slowDrag(_ scene: SheetScene, dy: Double) throws {
      try scene.pointer.drag(
        .drag(dy: dy, holdBeforeReleaseMilliseconds: 300), from: WidgetPoint(x: 200, y: 20),
        in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
    }

    @Test func sheet_slowDrags_settleOnTheNearestDetent_reachingEachOne() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      #expect(scene.sheet.currentDetent == 2, "the sheet starts at its highest detent")
      var reached: [(detent: Int, offset: Double)] = []
      for dy in [250.0, 150, -250, -250] {
        try slowDrag(scene, dy: dy)
        reached.append((scene.sheet.currentDetent, scene.sheet.offset))
      }
      print("figure: mouse slow drags +250, +150, -250, -250 px rest at (detent, offset) \(reached)")
      #expect(reached.map(\.detent) == [1, 0, 1, 2])
      #expect(reached.map(\.offset) == [320, 544, 320, 0])
      #expect(scene.settledDetents == [1, 0, 1, 2])
    }

    /// A 40 px flick at about 800 px/s from open projects to about 240 px, nearer open (0) than the peek
    /// (544): with the default flick velocity it goes on to the peek; with a flick velocity no hand
    /// reaches, the same stroke settles back open.
    @Test(arguments: [(nil, 0), (1_000_000, 1)] as [(Double?, Int)])
    func sheet_flick_goesAtLeastOneDetentInItsDirection(flickVelocity: Double?, expectedDetent: Int) throws {
      let scene = try scene(detents: [.height(96), .fraction(1)], flickVelocity: flickVelocity)
      defer { scene.tearDown() }
      try scene.pointer.drag(
        .fling(dy: 40, stepPixels: 8, stepIntervalMilliseconds: 10), from: WidgetPoint(x: 200, y: 40),
        in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
      print(
        "figure: mouse 40 px flick from open, flick velocity \(flickVelocity ?? scene.sheet.options.flickVelocity) "
          + "px/s: rests at detent \(scene.sheet.currentDetent), offset \(scene.sheet.offset) px")
      #expect(scene.sheet.currentDetent == expectedDetent)
    }

    /// From open, a 100 px flick at about 1,000 px/s projects to about 350 px: it settles half open (320),
    /// not past it to the peek (544); a 400 px fling at 2,500 px/s projects past 1,000 px and goes to the
    /// peek.
    @Test func sheet_flick_neverPassesTheDetentNearestItsProjectedEnd() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      try scene.pointer.drag(
        .fling(dy: 100, stepPixels: 10, stepIntervalMilliseconds: 10), from: WidgetPoint(x: 200, y: 40),
        in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
      let afterShortFlick = scene.sheet.currentDetent
      try scene.sheet.settle(to: 2, animated: false)
      try scene.pointer.drag(
        .fling(dy: 400), from: WidgetPoint(x: 200, y: 40), in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
      print(
        "figure: mouse flicks from open: 100 px at ~1,000 px/s rests at detent \(afterShortFlick), "
          + "400 px at ~2,500 px/s at detent \(scene.sheet.currentDetent) (offset \(scene.sheet.offset) px)")
      #expect(afterShortFlick == 1)
      #expect(scene.sheet.currentDetent == 0)
    }

    /// In each detent, the sheet's area shrinks from 640 to 440 px available and grows back: the panel shows
    /// the detent's height each time (96 px, half the available height, all of it), as laid out.
    @Test func sheet_resizedInEachDetent_staysAtThatDetent() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      let topInset = SheetScene.topInset
      for detent in 0..<3 {
        try scene.sheet.settle(to: detent, animated: false)
        var shown: [Double] = []
        for areaHeight in [nil, 500, nil] as [Int?] {
          scene.resizeSheetArea(height: areaHeight)
          let available = Double(gtk_widget_get_height(scene.sheet.widget)) - topInset
          let expected = Self.threeDetents[detent].visibleHeight(availableHeight: available)
          shown.append(scene.visiblePanelHeight)
          #expect(scene.sheet.currentDetent == detent)
          #expect(
            abs(scene.visiblePanelHeight - expected) <= 1, "detent \(detent), \(available) px available")
        }
        print(
          "figure: mouse resize in detent \(detent): panel shows \(shown) px (640, 440, 640 px available)")
      }
    }
  }
}
