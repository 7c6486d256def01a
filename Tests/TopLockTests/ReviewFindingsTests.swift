import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestSupport

extension GTKTests {
  /// Findings of a code review of the library, each with the test that caught it.
  @Suite
  @MainActor
  struct ReviewFindingsTests {
    /// Horizontal policies under which GTK 4.8 counts the content as scrolling sideways although it is no
    /// wider than the page (`may_hscroll`: the scrollbar is visible, or the policy is EXTERNAL).
    nonisolated static let sidewaysScrollingPolicies = [GTK_POLICY_ALWAYS, GTK_POLICY_EXTERNAL]

    /// 14 px sideways (past the 8 px drag threshold, so the drag counts as horizontal), then 150 px down,
    /// at the top, in one drag.
    private func dragSidewaysThenDown(
      _ pointer: XTestPointer, in scrolledWindow: UnsafeMutablePointer<GtkWidget>
    )
      throws
    {
      let sideways = DragStroke.drag(dx: 14, dy: 0, holdBeforeReleaseMilliseconds: 0)
      try pointer.beginDrag(sideways, at: WidgetPoint(x: 200, y: 300), in: scrolledWindow)
      pointer.travel(sideways)
      pointer.travel(.drag(dy: 150))
      pointer.release(.primary)
    }

    @Test(arguments: sidewaysScrollingPolicies)
    func review04_stock_sidewaysThenDownAtTheTop_glows(policy: GtkPolicyType) throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.setHorizontalPolicy(policy)
      scene.glowCounter.reset()
      try dragSidewaysThenDown(scene.pointer, in: scene.fixture.scrolledWindow)
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
        [scene.fixture.scrollValue]
      }

      #expect(scene.glowCounter.topGlowFrameCount > 0)
    }

    @Test(arguments: sidewaysScrollingPolicies)
    func review04_sidewaysThenDownAtTheTop_withContentNoWiderThanThePage_neverOvershoots(
      policy: GtkPolicyType
    )
      throws
    {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      try scene.fixture.setHorizontalPolicy(policy)
      scene.glowCounter.reset()
      try dragSidewaysThenDown(scene.pointer, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0)
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

    @Test func review06_gesturesTheApplicationAdded_keepTheirSettings() throws {
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

    /// A pull down at the top of `scene`'s list, with `host` receiving it.
    private func pullAtTheTop(_ scene: TopLockListScene, host: ReentrantHost) throws {
      scene.scroller.host = host
      try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
    }

    @Test func review05_detachFromPullBegan_endsThePullAndSendsNothingAfter() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      host.onBegan = { [scroller = scene.scroller] in scroller.detach() }
      try pullAtTheTop(scene, host: host)

      #expect(host.events == [.began, .cancelled])
      #expect(host.isWellFormed)
    }

    @Test func review05_optionsDroppingTheHostFromPullBegan_endThePullAndSendNothingAfter() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      host.onBegan = { [scroller = scene.scroller] in
        var options = TopLockListScene.mouseDragOptions
        options.topPolicy = .clamp
        try? scroller.setOptions(options)
      }
      try pullAtTheTop(scene, host: host)

      #expect(host.events == [.began, .cancelled])
      #expect(host.isWellFormed)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    @Test func review05_attachFromPullCancelledDuringADetach_attachesAgain() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      var reattached: TopLockScroller?
      var reattachError: TopLockError?
      host.onCancelled = { [widget = scene.fixture.scrolledWindow] in
        do throws(TopLockError) {
          reattached = try TopLockScroller.attach(to: widget, options: TopLockListScene.mouseDragOptions)
        } catch {
          reattachError = error
        }
      }
      scene.scroller.host = host
      let stroke = DragStroke.drag(dy: 150)
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      scene.scroller.detach()
      scene.pointer.release(.primary)
      scene.waitUntilStill()
      defer { reattached?.detach() }

      #expect(host.events.first == .began && host.events.last == .cancelled && host.isWellFormed)
      #expect(reattachError == nil)
      let scroller = try #require(reattached)
      #expect(TopLockScroller.attached(to: scene.fixture.scrolledWindow) === scroller)
      #expect(scroller.scrolledWindow == scene.fixture.scrolledWindow)

      let secondHost = ReentrantHost()
      scroller.host = secondHost
      scene.glowCounter.reset()
      try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      #expect(secondHost.events.first == .began && secondHost.events.last == .ended, "the new scroller works")
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    @Test(arguments: [TopLockSheet.maximumTopInset + 1, 1e300, .greatestFiniteMagnitude])
    func review02_topInsetTheSheetCannotLayOut_isATypedError(topInset: Double) throws {
      try GtkRuntime.start()
      let background = gtk_label_new("background")!
      let scrolledWindow = gtk_scrolled_window_new()!
      g_object_ref_sink(background)
      g_object_ref_sink(scrolledWindow)
      defer {
        g_object_unref(background)
        g_object_unref(scrolledWindow)
      }
      do throws(TopLockError) {
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow, topInset: topInset)
        Issue.record("no error for topInset \(topInset)")
      } catch {
        guard case .invalidOption(let name, _) = error else {
          Issue.record("\(error) instead of invalidOption(topInset)")
          return
        }
        #expect(name == "topInset")
      }
      #expect(gtk_widget_get_parent(background) == nil && TopLockScroller.attached(to: scrolledWindow) == nil)
    }

    @Test func review02_nonFiniteValuesInHostCalls_areIgnored() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      let sheet = scene.sheet
      sheet.pullBegan()
      sheet.pullChanged(translation: 50, velocity: 0)
      for translation in [Double.nan, .infinity, -.infinity] {
        sheet.pullChanged(translation: translation, velocity: .nan)
        try MainLoopPump.waitForFrames(2, of: scene.fixture.window)
        #expect(sheet.offset == 50, "after a translation of \(translation) px")
      }
      sheet.pullEnded(velocity: .infinity)
      scene.waitUntilSheetRests()
      #expect(sheet.offset == 0, "an infinite release velocity counts as none: back open from 50 px")

      sheet.pullBegan()
      sheet.pullChanged(translation: 300, velocity: 0)
      sheet.pullEnded(velocity: .greatestFiniteMagnitude)
      scene.waitUntilSheetRests()
      #expect(
        sheet.offset == sheet.collapsedOffset, "the fastest finite release settles collapsed, and rests")
    }
  }
}
