import CTopLockGtk
import CTopLockXTest
import Testing
import TopLockTestInvariants
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// The scripted session `make memcheck` runs under valgrind (see scripts/memcheck): one pass through
  /// every TopLock path with real input, then everything torn down. In `make test` it is one more smoke test.
  ///
  /// Each step checks that its gestures really ran (valgrind slows GTK down many times over), and the
  /// session ends by requiring every widget, controller and adjustment it made to be finalized: valgrind
  /// attributes a lost block to the stack that allocated it, so a reference TopLock kept on a GTK object
  /// would pass there unseen.
  @Suite
  @MainActor
  struct MemcheckSessionTests {
    /// Attach/detach cycles in the session.
    static let attachDetachCycles = 20
    /// The line the session prints when it reaches its end (its expectations decide whether it passed);
    /// scripts/memcheck requires it, so that a filter that selects nothing cannot pass.
    static let completionLine = "memcheck session: ran to its end"

    @Test func scriptedSession_runsEveryPathAndTearsDown() throws {
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      let watch = FinalizationWatch()
      try sheetSession(watch)
      try detachMidPullSession(watch)
      try windowDestroyedMidPullSession(watch)
      try reparentedMidPullSession(watch)
      try adjustmentReplacedMidPullSession(watch)
      try bothWaysPanSession(watch)
      try touchpadPullSession(watch)
      try attachDetachSession(watch)
      MainLoopPump.run(forMilliseconds: 100)
      let alive = watch.aliveTypeNames
      print("figure: memcheck session: \(watch.watchedCount) GObjects watched, \(alive.count) not finalized")

      #expect(alive.isEmpty, "GObjects the session made that were never finalized: \(alive)")
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
      print(Self.completionLine)
    }

    /// Watches `window`'s widgets and controllers and the vertical adjustment of `fixture`'s scrolled window.
    private func watchWindow(
      _ window: UnsafeMutablePointer<GtkWidget>, of fixture: ScrolledListFixture,
      with watch: FinalizationWatch
    ) {
      watch.watchWidgetTree(window)
      watch.watch(UnsafeMutableRawPointer(fixture.verticalAdjustment))
    }

    /// A pull, a settle, a hand-back with TopLock's own fling, a fling into the top, wheel and keys.
    private func sheetSession(_ watch: FinalizationWatch) throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      scene.glowCounter.remove()
      let monitor = InvariantMonitor(scroller: scene.sheet.scroller, forwardingTo: scene.sheet)
      defer { monitor.remove() }
      watchWindow(scene.fixture.window, of: scene.fixture, with: watch)
      let list = scene.fixture.scrolledWindow
      try scene.pointer.drag(.fling(dy: 300), from: scene.listPoint, in: list)
      scene.waitUntilSheetRests()
      let collapsedOffset = scene.sheet.offset
      gtk_widget_grab_focus(scene.sheet.handle)
      scene.keyboard.tap(keysym: UInt(XK_Up))
      scene.waitUntilSheetRests()
      let down = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.beginDrag(down, at: scene.listPoint, in: list)
      scene.pointer.travel(down)
      scene.pointer.travel(.drag(dy: -200, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.travel(.fling(dy: -150))
      scene.pointer.release()
      scene.waitUntilSheetRests()
      try scene.pointer.drag(.fling(dy: 400), from: scene.listPoint, in: list)
      MainLoopPump.run(forMilliseconds: 500)
      try scene.pointer.move(to: scene.listPoint, in: list)
      scene.pointer.wheel(.down, clicks: 3)
      scene.pointer.wheel(.up, clicks: 5)
      gtk_widget_set_focusable(list, 1)
      gtk_widget_grab_focus(list)
      scene.keyboard.tap(keysym: UInt(XK_Page_Down))
      scene.keyboard.tap(keysym: UInt(XK_Home))
      MainLoopPump.run(forMilliseconds: 300)

      #expect(collapsedOffset > 0, "the first pull collapsed the sheet")
      #expect(
        monitor.pullsBegan >= 2 && monitor.pullsEnded == monitor.pullsBegan && monitor.pullsCancelled == 0,
        "pulls began \(monitor.pullsBegan), ended \(monitor.pullsEnded), cancelled \(monitor.pullsCancelled)")
    }

    /// A pull at the top of a sheet's list with the button still down.
    private func midPullScene(_ watch: FinalizationWatch) throws -> LifecycleScene {
      let scene = try LifecycleScene()
      watchWindow(scene.fixture.window, of: scene.fixture, with: watch)
      do {
        try scene.enter(.midPull)
      } catch {
        scene.tearDown()
        throw error
      }
      return scene
    }

    /// Expects `monitor` to have seen `began` pulls begin, `ended` end with a release and `cancelled` cancelled.
    private func expectPulls(
      _ monitor: InvariantMonitor, began: Int, ended: Int, cancelled: Int,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(
        [monitor.pullsBegan, monitor.pullsEnded, monitor.pullsCancelled] == [began, ended, cancelled],
        "pulls began, ended, cancelled", sourceLocation: sourceLocation)
    }

    /// Releases the button and lets GTK handle what follows.
    private func release(_ scene: LifecycleScene) {
      scene.pointer.releaseAllButtons()
      MainLoopPump.run(forMilliseconds: 300)
    }

    /// `detach()` mid-pull.
    private func detachMidPullSession(_ watch: FinalizationWatch) throws {
      let scene = try midPullScene(watch)
      defer { scene.tearDown() }
      let scroller = try #require(scene.scroller)
      scroller.detach()
      release(scene)

      #expect(scroller.scrolledWindow == nil, "detached")
      expectPulls(scene.monitor, began: 1, ended: 0, cancelled: 1)
    }

    /// The window destroyed mid-pull.
    private func windowDestroyedMidPullSession(_ watch: FinalizationWatch) throws {
      let scene = try midPullScene(watch)
      defer { scene.tearDown() }
      scene.destroy(.window)
      release(scene)

      #expect(scene.fixture.isDestroyed)
      expectPulls(scene.monitor, began: 1, ended: 0, cancelled: 1)
    }

    /// The scrolled window moved into another window mid-pull, then pulled again there.
    private func reparentedMidPullSession(_ watch: FinalizationWatch) throws {
      let scene = try midPullScene(watch)
      defer { scene.tearDown() }
      let scrolledWindow = try #require(scene.scrolledWindow)
      let panel = try #require(scene.sheet?.panel)
      let otherWindow = gtk_window_new()!
      defer { gtk_window_destroy(otherWindow.cast(to: GtkWindow.self)) }
      gtk_window_set_decorated(otherWindow.cast(to: GtkWindow.self), 0)
      gtk_window_set_default_size(otherWindow.cast(to: GtkWindow.self), 400, 700)
      g_object_ref(scrolledWindow)
      gtk_box_remove(panel.cast(to: GtkBox.self), scrolledWindow)
      gtk_window_set_child(otherWindow.cast(to: GtkWindow.self), scrolledWindow)
      g_object_unref(scrolledWindow)
      gtk_window_present(otherWindow.cast(to: GtkWindow.self))
      let isMapped = MainLoopPump.run(timeoutMilliseconds: 5000) {
        gtk_widget_get_mapped(scrolledWindow) != 0
      }
      try MainLoopPump.waitForFrames(3, of: scrolledWindow, timeoutMilliseconds: 5000)
      release(scene)
      try scene.fixture.scroll(to: 0)
      try scene.pointer.drag(.drag(dy: 100), from: LifecycleScene.listTop, in: scrolledWindow)
      release(scene)
      watch.watchWidgetTree(otherWindow)

      #expect(isMapped)
      expectPulls(scene.monitor, began: 2, ended: 1, cancelled: 1)
    }

    /// The vertical adjustment replaced mid-pull; the pull goes on and ends.
    private func adjustmentReplacedMidPullSession(_ watch: FinalizationWatch) throws {
      let scene = try midPullScene(watch)
      defer { scene.tearDown() }
      let scrolledWindow = try #require(scene.scrolledWindow)
      let replacement = gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
      watch.watch(UnsafeMutableRawPointer(replacement))
      gtk_scrolled_window_set_vadjustment(OpaquePointer(scrolledWindow), replacement)
      try MainLoopPump.waitForFrames(2, of: scrolledWindow, timeoutMilliseconds: 5000)
      scene.pointer.travel(.drag(dy: 60, holdBeforeReleaseMilliseconds: 50))
      release(scene)

      #expect(scene.fixture.verticalAdjustment == replacement)
      expectPulls(scene.monitor, began: 1, ended: 1, cancelled: 0)
    }

    /// A sideways drag drifting down at the top of a list that scrolls both ways (TopLock pans it), then a
    /// sideways fling.
    private func bothWaysPanSession(_ watch: FinalizationWatch) throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      scene.glowCounter.remove()
      let horizontal = try scene.fixture.setScrollsBothWays(true, horizontalValue: 300)
      watchWindow(scene.fixture.window, of: scene.fixture, with: watch)
      watch.watch(UnsafeMutableRawPointer(horizontal))
      let list = scene.fixture.scrolledWindow
      func waitUntilStill() {
        MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 8000) {
          [scene.fixture.scrollValue, gtk_adjustment_get_value(horizontal)]
        }
      }
      try scene.pointer.drag(.drag(dx: -150, dy: 40), from: WidgetPoint(x: 200, y: 300), in: list)
      waitUntilStill()
      let afterDrag = gtk_adjustment_get_value(horizontal)
      try scene.pointer.drag(.fling(dx: -200, dy: 60), from: WidgetPoint(x: 350, y: 300), in: list)
      waitUntilStill()

      #expect(afterDrag == 450, "the drag panned the content 150 px sideways")
      #expect(gtk_adjustment_get_value(horizontal) > afterDrag, "the fling moved it on")
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0)
    }

    /// A touchpad pull at the top: GTK's smooth deltas (XTest cannot make them) fed to the scroll guard's
    /// handlers, then the fingers' lift.
    private func touchpadPullSession(_ watch: FinalizationWatch) throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      scene.glowCounter.remove()
      watchWindow(scene.fixture.window, of: scene.fixture, with: watch)
      var time = 1000.0
      for delta in [-2.0, -4.0, -4.0] {
        _ = scene.scroller.scrollGuardReceived(deltaY: delta, unit: GDK_SCROLL_UNIT_SURFACE, time: time)
        time += 16
      }
      scene.scroller.scrollGuardReceivedLift(velocityY: -400, unit: GDK_SCROLL_UNIT_SURFACE)
      MainLoopPump.run(forMilliseconds: 100)

      #expect(scene.host.beganCount == 1 && scene.host.endedCount == 1 && scene.host.cancelledCount == 0)
      #expect(scene.host.lastTranslation == 25, "2.5 px per touchpad unit")
      #expect(scene.fixture.scrollValue == 0)
    }

    /// Attaches and detaches on a shown list, and changes options in between.
    private func attachDetachSession(_ watch: FinalizationWatch) throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      try fixture.present()
      var options = TopLockListScene.mouseDragOptions
      var detached = 0
      for cycle in 0..<Self.attachDetachCycles {
        let scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: options)
        if cycle == 0 {
          watchWindow(fixture.window, of: fixture, with: watch)
        }
        options.bottomPolicy = cycle.isMultiple(of: 2) ? .clamp : .stock
        try scroller.setOptions(options)
        scroller.detach()
        if TopLockScroller.attached(to: fixture.scrolledWindow) == nil { detached += 1 }
      }

      #expect(detached == Self.attachDetachCycles)
    }
  }
}
