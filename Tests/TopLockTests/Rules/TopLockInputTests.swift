import CTopLockGtk
import Testing
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// Presses on children (R10), the touchpad path (R13), the widget's lifecycle (R15) and the application's
  /// own gestures (L3).
  @Suite
  @MainActor
  struct TopLockInputTests {
    @Test func R10_clickOnARowButton_activatesIt() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let rows = ButtonRows(count: 60, in: scene.fixture.scrolledWindow)
      try MainLoopPump.waitForFrames(3, of: scene.fixture.scrolledWindow)
      try scene.pointer.move(to: rows.center(ofRow: 2, scrolledTo: 0), in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 50)
      scene.pointer.press()
      scene.pointer.hold(milliseconds: 60)
      scene.pointer.release()
      MainLoopPump.run(forMilliseconds: 100)

      #expect(rows.clickedRows == [2])
      #expect(scene.host.beganCount == 0)
    }

    @Test func R10_dragStartingOnAButton_scrollsOrPullsWithoutActivatingIt() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let rows = ButtonRows(count: 60, in: scene.fixture.scrolledWindow)
      try MainLoopPump.waitForFrames(3, of: scene.fixture.scrolledWindow)
      try scene.pointer.drag(
        .drag(dy: 150), from: rows.center(ofRow: 3, scrolledTo: 0), in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      #expect(scene.host.beganCount == 1, "a pull down at the top goes to the host")

      try scene.fixture.scroll(to: 400)
      try scene.pointer.drag(
        .drag(dy: -150), from: rows.center(ofRow: 14, scrolledTo: 400), in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      #expect(abs(scene.fixture.scrollValue - 550) <= 1)
      #expect(rows.clickedRows.isEmpty)
    }

    /// The GTK capture-phase scroll controller of the scrolled window (both axes: TopLock's own is vertical).
    private func gtkCaptureScrollController(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
      let both = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
      for controller in WidgetControllers.all(of: widget) {
        guard
          GObjectType.exactType(of: UnsafeMutableRawPointer(controller))
            == gtk_event_controller_scroll_get_type(),
          gtk_event_controller_get_propagation_phase(controller) == GTK_PHASE_CAPTURE,
          gtk_event_controller_scroll_get_flags(controller).rawValue & both == both
        else { continue }
        return controller
      }
      return nil
    }

    /// GTK's own touchpad fling (its capture-phase scroll controller's kinetic flag) is off at the locked top
    /// and on away from it; the touchpad tests on Wayland (`TouchpadRuleTests`) show what it does to real input.
    @Test func R3_gtksScrollFling_isOffAtTheTopAndOnAwayFromIt() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let gtkController = try #require(gtkCaptureScrollController(of: scene.fixture.scrolledWindow))
      let kinetic = GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
      #expect(
        gtk_event_controller_scroll_get_flags(gtkController).rawValue & kinetic == 0, "no fling at the top")
      try scene.fixture.scroll(to: 300)
      #expect(
        gtk_event_controller_scroll_get_flags(gtkController).rawValue & kinetic != 0, "a fling away from it")
    }

    @Test func R15_windowDestroyedMidPull_cancelsThePull() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let stroke = DragStroke.drag(dy: 120, holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      try #require(scene.host.beganCount == 1)
      scene.glowCounter.remove()
      scene.fixture.destroy()
      scene.pointer.release()
      MainLoopPump.run(forMilliseconds: 100)

      #expect(scene.host.cancelledCount == 1)
      #expect(scene.host.endedCount == 0)
      #expect(scene.scroller.scrolledWindow == nil)
    }

    /// A TopLock list (cosmetic net removed) whose old vertical adjustment was scrolled to `oldValue` px, then
    /// replaced with a new one at `newValue` px with the old one's bounds (lower, upper, page), so that GTK
    /// can scroll it at once, and dragged 150 px down. The scroller must follow the new adjustment through
    /// `notify::vadjustment`: the old one lies about where the top is. The caller tears the scene down.
    private func listDraggedDownAfterReplacingItsAdjustment(
      from oldValue: Double, to newValue: Double
    ) throws -> TopLockListScene {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      do {
        try scene.fixture.scroll(to: oldValue)
        let old = scene.fixture.verticalAdjustment
        g_object_ref(old)
        defer { g_object_unref(old) }
        let replacement = gtk_adjustment_new(
          newValue, gtk_adjustment_get_lower(old), gtk_adjustment_get_upper(old),
          gtk_adjustment_get_step_increment(old), gtk_adjustment_get_page_increment(old),
          gtk_adjustment_get_page_size(old))!
        gtk_scrolled_window_set_vadjustment(OpaquePointer(scene.fixture.scrolledWindow), replacement)
        try MainLoopPump.waitForFrames(3, of: scene.fixture.scrolledWindow)
        try #require(scene.fixture.verticalAdjustment == replacement)
        try #require(gtk_adjustment_get_value(old) == oldValue)
        try #require(scene.fixture.scrollValue == newValue)
        scene.glowCounter.reset()
        try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
        scene.waitUntilStill()
      } catch {
        scene.tearDown()
        throw error
      }
      print(
        "figure: adjustment replaced \(oldValue) -> \(newValue), drag down 150 px: value "
          + "\(scene.fixture.scrollValue), pulls began \(scene.host.beganCount), host "
          + "\(scene.host.lastTranslation) px, top-glow frames \(scene.glowCounter.topGlowFrameCount)")
      return scene
    }

    @Test func adjustmentReplacedNearTheTop_dragDownScrollsToTopThenPullsTheRest() throws {
      let scene = try listDraggedDownAfterReplacingItsAdjustment(from: 1200, to: 100)
      defer { scene.tearDown() }

      #expect(scene.fixture.scrollValue == 0)
      #expect(abs(scene.host.lastTranslation - 50) <= 1, "the host gets what the new adjustment cannot take")
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    @Test func adjustmentReplacedAwayFromTheTop_dragDownScrollsAndNeverPulls() throws {
      let scene = try listDraggedDownAfterReplacingItsAdjustment(from: 0, to: 1200)
      defer { scene.tearDown() }

      #expect(abs(scene.fixture.scrollValue - 1050) <= 1)
      #expect(scene.host.beganCount == 0, "the new adjustment is far from its top: nothing to pull")
    }

    private func controllerCount(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
      WidgetControllers.all(of: widget).count
    }

    @Test func R15_detach_restoresEveryFlagAndController() throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      try fixture.present()
      let widget = fixture.scrolledWindow
      let gestures = try ScrolledWindowGestures(scrolledWindow: widget)
      let gtkController = try #require(gtkCaptureScrollController(of: widget))
      func snapshot() -> [UInt32] {
        [gtk_event_controller_scroll_get_flags(gtkController).rawValue]
          + [gestures.drag, gestures.pan, gestures.swipe, gestures.longPress].map {
            UInt32(gtk_gesture_single_get_touch_only($0))
          }
          + [widget, fixture.window].map { UInt32(controllerCount(of: $0)) }
      }
      let before = snapshot()
      let scroller = try TopLockScroller.attach(to: widget, options: TopLockListScene.mouseDragOptions)
      #expect(snapshot() != before, "attaching changes flags and adds controllers")
      scroller.detach()

      #expect(snapshot() == before)
      #expect(gtk_widget_has_css_class(widget, "toplock") == 0)
      #expect(TopLockScroller.attached(to: widget) == nil)
    }

    /// Gestures an application adds to the scrolled window itself, each touch-only (GTK's default for an
    /// app's gesture is not): a drag, a pan, a swipe and a long press, the same types as GTK's own.
    private func addApplicationGestures(to scrolledWindow: UnsafeMutablePointer<GtkWidget>) -> [OpaquePointer]
    {
      let gestures = [
        gtk_gesture_drag_new()!, gtk_gesture_pan_new(GTK_ORIENTATION_VERTICAL)!, gtk_gesture_swipe_new()!,
        gtk_gesture_long_press_new()!,
      ]
      for gesture in gestures {
        gtk_gesture_single_set_touch_only(gesture, 1)
        gtk_widget_add_controller(scrolledWindow, gesture)
      }
      return gestures
    }

    @Test func L3_gesturesTheApplicationAdded_keepTheirSettings() throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      let appGestures = addApplicationGestures(to: fixture.scrolledWindow)
      try fixture.present()
      let gtkGestures = try ScrolledWindowGestures(scrolledWindow: fixture.scrolledWindow)
      #expect(Set(gtkGestures.all).isDisjoint(with: appGestures), "GTK's group is told apart from the app's")
      func touchOnly(_ gestures: [OpaquePointer]) -> [Bool] {
        gestures.map { gtk_gesture_single_get_touch_only($0) != 0 }
      }

      let scroller = try TopLockScroller.attach(
        to: fixture.scrolledWindow, options: TopLockListScene.mouseDragOptions)
      #expect(touchOnly(gtkGestures.all) == [false, false, false, false], "GTK's gestures follow the mouse")
      #expect(touchOnly(appGestures) == [true, true, true, true], "after attach")
      var options = TopLockListScene.mouseDragOptions
      options.mouseDragEnabled = false
      try scroller.setOptions(options)
      try scroller.setOptions(TopLockListScene.mouseDragOptions)
      #expect(touchOnly(appGestures) == [true, true, true, true], "after options changes")
      scroller.detach()
      #expect(touchOnly(appGestures) == [true, true, true, true], "after detach")
      #expect(touchOnly(gtkGestures.all) == [true, true, true, true], "GTK's gestures are restored")
    }
  }
}
