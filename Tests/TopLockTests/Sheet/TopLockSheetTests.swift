import CTopLockGtk
import CTopLockXTest
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockSheet` as a real host: it moves the scrolled window while following the pull.
  @Suite
  @MainActor
  struct TopLockSheetTests {
    /// The largest accepted difference between a translation or offset and the pointer travel, in px.
    private static let pointerTolerance = 1.0

    @Test func R6_sheetMovesTheScrolledWindow_translationStillFollowsPointer() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      let segment = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 150)
      try scene.pointer.beginDrag(segment, at: scene.listPoint, in: scene.fixture.scrolledWindow)
      let pressY = scene.pointer.position.y - 1
      var largestError = 0.0
      for step in 1...3 {
        scene.pointer.travel(step == 1 ? segment : .drag(dy: 100, holdBeforeReleaseMilliseconds: 150))
        let pointerTravel = scene.pointer.position.y - pressY
        largestError = max(
          largestError, abs(scene.sheet.scroller.pullTranslation - pointerTravel),
          abs(scene.sheet.offset - pointerTravel))
        #expect(scene.fixture.scrollValue == 0)
      }
      scene.pointer.release()
      scene.waitUntilSheetRests()
      print("figure: largest pointer-vs-host error with a moving host = \(largestError) px")

      #expect(largestError <= Self.pointerTolerance)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    @Test func sheet_releaseSettlesOnTheNearestRestPosition() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      try scene.pointer.drag(
        .drag(dy: 150, holdBeforeReleaseMilliseconds: 300), from: scene.listPoint,
        in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
      #expect(scene.sheet.offset == 0, "a slow short pull settles open")

      try scene.pointer.drag(.fling(dy: 400), from: scene.listPoint, in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()
      #expect(scene.sheet.offset == scene.sheet.collapsedOffset, "a fast pull settles collapsed")
      #expect(scene.sheet.isCollapsed)
    }

    /// Escape with the focus in the sheet collapses it; a click on the handle opens it again.
    @Test func sheet_escapeInTheSheetCollapsesIt_andTheHandleOpensIt() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      gtk_widget_grab_focus(scene.sheet.handle)
      scene.keyboard.tap(keysym: UInt(XK_Escape))
      scene.waitUntilSheetRests()
      #expect(scene.sheet.offset == scene.sheet.collapsedOffset)

      try scene.pointer.move(to: WidgetPoint(x: 200, y: 4), in: scene.sheet.handle)
      scene.pointer.press()
      scene.pointer.hold(milliseconds: 50)
      scene.pointer.release()
      scene.waitUntilSheetRests()
      #expect(scene.sheet.offset == 0)
    }

    /// Sets GtkSettings' `gtk-enable-animations` (g_object_set is variadic: through a GValue).
    private func setAnimationsEnabled(_ enabled: Bool) {
      var value = GValue()
      g_value_init(&value, g_type_from_name("gboolean"))
      g_value_set_boolean(&value, enabled ? 1 : 0)
      g_object_set_property(
        UnsafeMutableRawPointer(gtk_settings_get_default()).assumingMemoryBound(to: GObject.self),
        "gtk-enable-animations", &value)
      g_value_unset(&value)
    }

    @Test func sheet_withAnimationsOff_jumpsToItsRestPosition() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      setAnimationsEnabled(false)
      defer { setAnimationsEnabled(true) }
      scene.sheet.toggle()
      #expect(scene.sheet.offset == scene.sheet.collapsedOffset, "no frame needed: no animation")
      scene.sheet.toggle()
      #expect(scene.sheet.offset == 0)
    }

    /// A 1,000 px window whose sheet rests collapsed.
    private func collapsedSheetScene() throws -> SheetScene {
      let scene = try SheetScene(windowHeight: 1000)
      scene.sheet.toggle()
      scene.waitUntilSheetRests()
      guard scene.sheet.offset == scene.sheet.collapsedOffset else {
        scene.tearDown()
        throw TestSupportError.timedOut(waitingFor: "the sheet to rest collapsed")
      }
      return scene
    }

    /// A fast pull up released short of open settles with a velocity its spring overshoots with: the panel
    /// went past open, and a pull caught there started from an offset it could not keep (fuzz soak, seed
    /// 0x86b99dbe1223bb38: host translation 6.5 px off the pointer's).
    @Test func sheet_flungOpen_neverGoesPastOpen() throws {
      let scene = try collapsedSheetScene()
      defer { scene.tearDown() }
      let collapsedOffset = scene.sheet.collapsedOffset
      var smallestOffset = collapsedOffset
      scene.sheet.onOffsetChange = { smallestOffset = min(smallestOffset, $0.offset) }
      try scene.pointer.drag(
        .fling(dy: -(collapsedOffset - 60), stepPixels: 40), from: WidgetPoint(x: 200, y: 20),
        in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()

      #expect(smallestOffset >= 0)
      #expect(scene.sheet.offset == 0)
    }

    @Test func R9_pullUpOnCollapsedSheet_opensItThenScrollsTheList() throws {
      let scene = try collapsedSheetScene()
      defer { scene.tearDown() }
      let collapsedOffset = scene.sheet.collapsedOffset
      let listTravel = 100.0
      let stroke = DragStroke.drag(dy: -(collapsedOffset + listTravel), stepPixels: 10)
      try scene.pointer.beginDrag(stroke, at: WidgetPoint(x: 200, y: 20), in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      let offset = scene.sheet.offset
      let value = scene.fixture.scrollValue
      scene.pointer.release()
      scene.waitUntilSheetRests()

      #expect(offset == 0)
      #expect(abs(value - listTravel) <= Self.pointerTolerance)
      #expect(scene.sheet.offset == 0)
    }
  }
}
