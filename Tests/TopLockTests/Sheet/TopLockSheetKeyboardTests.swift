import CTopLockGtk
import CTopLockXTest
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockSheet`'s keys (XTest keyboard): Escape only with the focus in the sheet, the handle's arrows and
  /// page keys, the focus moving in and back, and the list's keys at its top, opt-in.
  @Suite
  @MainActor
  struct TopLockSheetKeyboardTests {
    /// A sheet with detents at offsets 544, 320 and 0 px over a focusable background button, its list
    /// made of 30 button rows; returns the scene and the background button.
    private func scene(listKeys: Bool = false) throws -> (SheetScene, UnsafeMutablePointer<GtkWidget>) {
      var options = TopLockSheetOptions(detents: TopLockSheetDetentTests.threeDetents)
      options.listKeysStepSheetDown = listKeys
      try GtkRuntime.start()
      let background = gtk_button_new_with_label("background")!
      gtk_widget_set_valign(background, GTK_ALIGN_START)
      let scene = try SheetScene(sheetOptions: options, background: background)
      _ = ButtonRows(count: 30, in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 100)
      return (scene, background)
    }

    private func focus(_ scene: SheetScene) -> UnsafeMutablePointer<GtkWidget>? {
      gtk_root_get_focus(OpaquePointer(scene.fixture.window))
    }

    private func isInList(_ widget: UnsafeMutablePointer<GtkWidget>?, _ scene: SheetScene) -> Bool {
      guard let widget else { return false }
      return gtk_widget_is_ancestor(widget, scene.fixture.scrolledWindow) != 0
    }

    private func tap(_ scene: SheetScene, _ keysym: Int32) {
      scene.keyboard.tap(keysym: UInt(keysym))
      scene.waitUntilSheetRests()
    }

    /// Escape with the focus on the background does nothing; with the focus on the handle it collapses the
    /// sheet to the peek and gives the focus back to the background.
    @Test func sheet_escape_collapsesOnlyWithTheFocusInTheSheet_andGivesTheFocusBack() throws {
      let (scene, background) = try scene()
      defer { scene.tearDown() }
      gtk_widget_grab_focus(background)
      tap(scene, XK_Escape)
      let detentWithFocusOutside = scene.sheet.currentDetent
      gtk_widget_grab_focus(scene.sheet.handle)
      tap(scene, XK_Escape)
      let focusAfter = focus(scene)
      print(
        "figure: Escape with the focus outside: detent \(detentWithFocusOutside); on the handle: detent "
          + "\(scene.sheet.currentDetent), focus back on the background \(focusAfter == background)")
      #expect(detentWithFocusOutside == 2)
      #expect(scene.sheet.currentDetent == 0)
      #expect(focusAfter == background)
    }

    /// On the handle from the peek: Up, Up (fully open: the focus moves into the list), then, from the handle
    /// again, Page Down (the peek: the focus goes back to the background), Page Up (open), Down (half).
    @Test func sheet_arrowAndPageKeysOnTheHandle_stepBetweenDetents_andMoveTheFocusInAndBack() throws {
      let (scene, background) = try scene()
      defer { scene.tearDown() }
      try scene.sheet.settle(to: 0, animated: false)
      gtk_widget_grab_focus(background)
      gtk_widget_grab_focus(scene.sheet.handle)
      var detents: [Int] = []
      tap(scene, XK_Up)
      detents.append(scene.sheet.currentDetent)
      tap(scene, XK_Up)
      detents.append(scene.sheet.currentDetent)
      let focusInListWhenOpen = isInList(focus(scene), scene)
      gtk_widget_grab_focus(scene.sheet.handle)
      tap(scene, XK_Page_Down)
      detents.append(scene.sheet.currentDetent)
      let focusBackWhenClosed = focus(scene) == background
      gtk_widget_grab_focus(scene.sheet.handle)
      tap(scene, XK_Page_Up)
      detents.append(scene.sheet.currentDetent)
      gtk_widget_grab_focus(scene.sheet.handle)
      tap(scene, XK_Down)
      detents.append(scene.sheet.currentDetent)
      print(
        "figure: handle keys Up, Up, Page Down, Page Up, Down: detents \(detents); focus in the list when open "
          + "\(focusInListWhenOpen), back on the background when closed \(focusBackWhenClosed)")
      #expect(detents == [1, 2, 0, 2, 1])
      #expect(focusInListWhenOpen)
      #expect(focusBackWhenClosed)
    }

    /// With the list at its top and the focus on its first row, Up then Page Up: opted in, the sheet steps
    /// down twice (open, half, peek); by default it stays open. The list stays at its top either way.
    @Test(arguments: [true, false])
    func sheet_upAndPageUpOnTheListAtItsTop_stepTheSheetDown_onlyWhenOptedIn(listKeys: Bool) throws {
      let (scene, _) = try scene(listKeys: listKeys)
      defer { scene.tearDown() }
      let firstRow = try #require(
        gtk_widget_get_first_child(
          gtk_widget_get_first_child(gtk_widget_get_first_child(scene.fixture.scrolledWindow))))
      gtk_widget_grab_focus(firstRow)
      var detents: [Int] = []
      for key in [XK_Up, XK_Page_Up] {
        tap(scene, key)
        detents.append(scene.sheet.currentDetent)
      }
      print(
        "figure: Up, Page Up on the list at its top, opted \(listKeys ? "in" : "out"): detents \(detents), "
          + "list value \(scene.fixture.scrollValue)")
      #expect(detents == (listKeys ? [1, 0] : [2, 2]))
      #expect(scene.fixture.scrollValue == 0)
    }
  }
}
