import CTopLockGtk
import Testing
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// Leaks: thousands of attach/detach and create/destroy cycles finalize every GObject TopLock created
  /// (counted with GLib weak references) and release its Swift objects. The closure boxes behind its signal
  /// handlers, tick callbacks and shortcut action go with the GObjects they are registered on (GLib calls
  /// their destroy-notify); `make memcheck` looks for anything else lost.
  @Suite
  @MainActor
  struct LeakTests {
    /// Attach/detach cycles on one shown scrolled window.
    static let attachDetachCycles = 10_000
    /// Create/destroy cycles of a shown window holding a `TopLockSheet`.
    static let windowCycles = 1_000
    /// The controllers of `widget`, not retained (the widget owns them).
    private func controllers(of widget: UnsafeMutablePointer<GtkWidget>) -> Set<UnsafeMutableRawPointer> {
      Set(WidgetControllers.all(of: widget).map(UnsafeMutableRawPointer.init))
    }

    @Test func attachDetach_tenThousandCycles_finalizeAndReleaseEverything() throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      try fixture.present()
      let host = RecordingHost()
      let watch = FinalizationWatch()
      let widget = fixture.scrolledWindow
      let ownControllers = controllers(of: widget).union(controllers(of: fixture.window))
      var scrollersAlive = 0

      var options = TopLockListScene.mouseDragOptions
      options.cosmeticNetEnabled = true

      func cycle() throws -> () -> Bool {
        let scroller = try TopLockScroller.attach(to: widget, options: options, host: host)
        let added = controllers(of: widget).union(controllers(of: fixture.window)).subtracting(ownControllers)
        for controller in added { watch.watch(controller) }
        if let provider = TopLockStyle.provider { watch.watch(provider) }
        scroller.detach()
        return { [weak scroller] in scroller != nil }
      }
      for index in 0..<Self.attachDetachCycles {
        let isScrollerAlive = try cycle()
        if isScrollerAlive() { scrollersAlive += 1 }
        if index % 100 == 99 {
          MainLoopPump.run(forMilliseconds: 0)
          watch.forgetFinalized()
        }
      }
      MainLoopPump.run(forMilliseconds: 50)
      watch.forgetFinalized()
      print(
        "figure: \(Self.attachDetachCycles) attach/detach cycles: \(watch.watchedCount) GObjects watched, "
          + "alive \(watch.aliveTypeNames.count), "
          + "scrollers alive \(scrollersAlive)"
      )

      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames.prefix(10))")
      #expect(scrollersAlive == 0)
      #expect(TopLockStyle.provider == nil)
    }

    /// The scroller's handlers hold it unretained (its `SignalClosure`'s data), so detaching must leave none
    /// behind on anything that outlives it: the scrolled window, GTK's own controllers, the adjustment and
    /// the window. Checked before the detach too, so that the probe is shown to find them.
    @Test func detach_leavesNoHandlerWhoseDataIsTheScroller() throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      try fixture.present()
      let widget = fixture.scrolledWindow
      let outliving =
        [UnsafeMutableRawPointer(widget), UnsafeMutableRawPointer(fixture.window)]
        + [UnsafeMutableRawPointer(fixture.verticalAdjustment)]
        + controllers(of: widget).union(controllers(of: fixture.window))
      let scroller = try TopLockScroller.attach(to: widget, options: TopLockListScene.mouseDragOptions)
      let data = Unmanaged.passUnretained(scroller).toOpaque()
      func instancesWithHandlers() -> Int {
        outliving.filter { g_signal_handler_find($0, toplock_signal_match_data, 0, 0, nil, nil, data) != 0 }
          .count
      }
      let whileAttached = instancesWithHandlers()
      scroller.detach()

      #expect(whileAttached == 3, "the scrolled window, its drag gesture and the adjustment")
      #expect(instancesWithHandlers() == 0)
    }

    /// Watches every object of a shown sheet window: its widgets and their controllers, the sheet's
    /// shortcut with its trigger and action, and TopLock's stylesheet. (GTK's widget classes keep their
    /// key bindings for good, so only the sheet's own shortcut controller is searched for shortcuts.)
    private func watchEverything(
      in window: UnsafeMutablePointer<GtkWidget>, sheet: TopLockSheet, with watch: FinalizationWatch
    ) {
      watch.watchWidgetTree(window)
      for controller in controllers(of: sheet.widget)
      where GObjectType.isInstance(controller, of: gtk_shortcut_controller_get_type()) {
        let shortcuts = OpaquePointer(controller)
        for index in 0..<g_list_model_get_n_items(shortcuts) {
          guard let shortcut = g_list_model_get_item(shortcuts, index) else { continue }
          g_object_unref(shortcut)
          watch.watch(shortcut)
          watch.watch(UnsafeMutableRawPointer(gtk_shortcut_get_trigger(OpaquePointer(shortcut))))
          watch.watch(UnsafeMutableRawPointer(gtk_shortcut_get_action(OpaquePointer(shortcut))))
        }
      }
      if let provider = TopLockStyle.provider { watch.watch(provider) }
    }

    @Test func sheetWindow_thousandCreateDestroyCycles_finalizeAndReleaseEverything() throws {
      try GtkRuntime.start()
      let watch = FinalizationWatch()
      var swiftObjectsAlive = 0
      var unmappedWindows = 0

      func cycle() throws -> () -> Bool {
        let window = gtk_window_new()!
        gtk_window_set_decorated(window.cast(to: GtkWindow.self), 0)
        gtk_window_set_default_size(window.cast(to: GtkWindow.self), 300, 400)
        let scrolledWindow = gtk_scrolled_window_new()!
        let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for row in 0..<20 {
          gtk_box_append(rows.cast(to: GtkBox.self), gtk_label_new("row \(row)"))
        }
        gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), rows)
        let sheet = try TopLockSheet(
          background: gtk_label_new("background")!, scrolledWindow: scrolledWindow, topInset: 40,
          options: TopLockListScene.mouseDragOptions)
        gtk_window_set_child(window.cast(to: GtkWindow.self), sheet.widget)
        gtk_window_present(window.cast(to: GtkWindow.self))
        if !MainLoopPump.run(timeoutMilliseconds: 2000, until: { gtk_widget_get_mapped(scrolledWindow) != 0 })
        {
          unmappedWindows += 1
        }
        watchEverything(in: window, sheet: sheet, with: watch)
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        return { [weak sheet, weak scroller = sheet.scroller] in sheet != nil || scroller != nil }
      }
      for _ in 0..<Self.windowCycles {
        let isAnythingAlive = try cycle()
        MainLoopPump.run(forMilliseconds: 0)
        if isAnythingAlive() { swiftObjectsAlive += 1 }
        watch.forgetFinalized()
      }
      MainLoopPump.run(forMilliseconds: 100)
      watch.forgetFinalized()
      print(
        "figure: \(Self.windowCycles) sheet window cycles: \(watch.watchedCount) GObjects watched, "
          + "alive \(watch.aliveTypeNames.count), "
          + "Swift objects alive \(swiftObjectsAlive)"
      )

      #expect(unmappedWindows == 0)
      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames.prefix(10))")
      #expect(swiftObjectsAlive == 0)
      #expect(TopLockStyle.provider == nil)
    }

    // MARK: - Extra references

    // `make memcheck` attributes a lost block to the stack that allocated it, so a GTK object that TopLock
    // keeps one reference too many on (allocated by GTK) passes there. These tests watch the objects
    // TopLock takes references on or adds handlers to, and require each to be finalized with its window.

    /// A list window with TopLock attached after a pull and a fling: destroying the window (with or without
    /// detaching first) finalizes its widgets, their controllers (GTK's own, TopLock's scroll guard on the
    /// scrolled window and its hand-off gesture on the window) and the vertical adjustment.
    @Test(arguments: [false, true])
    func listWindowDestroyedAfterAPull_finalizesTheAdjustmentControllersAndWidgets(
      detachesFirst: Bool
    )
      throws
    {
      try GtkRuntime.start()
      let pointer = try XTestPointer()
      defer { pointer.releaseAllButtons() }
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      let widget = fixture.scrolledWindow
      let gtkControllers = controllers(of: widget).union(controllers(of: fixture.window))
      let host = RecordingHost()
      let scroller = try TopLockScroller.attach(
        to: widget, options: TopLockListScene.mouseDragOptions, host: host)
      try fixture.present()
      let topLockControllers = controllers(of: widget).union(controllers(of: fixture.window))
        .subtracting(gtkControllers)
      let center = WidgetPoint(x: 200, y: 350)
      try pointer.drag(.drag(dy: 100), from: center, in: widget)
      try pointer.drag(.fling(dy: -300), from: center, in: widget)
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
        [fixture.scrollValue]
      }
      let watch = FinalizationWatch()
      watch.watchWidgetTree(fixture.window)
      watch.watch(UnsafeMutableRawPointer(fixture.verticalAdjustment))
      if detachesFirst {
        scroller.detach()
      }
      fixture.destroy()
      MainLoopPump.run(forMilliseconds: 100)

      #expect(
        topLockControllers.count == 3, "the scroll guard, the hand-off gesture and the root's event watch")
      #expect(host.beganCount == 1 && host.endedCount == 1, "the pull ran")
      #expect(fixture.isDestroyed && scroller.scrolledWindow == nil)
      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames)")
    }

    /// The scroller moves to a replacement vertical adjustment; the one it leaves is finalized at once.
    @Test func verticalAdjustmentReplaced_theReplacedOneIsFinalized() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let widget = scene.fixture.scrolledWindow
      let watch = FinalizationWatch()
      watch.watch(UnsafeMutableRawPointer(scene.fixture.verticalAdjustment))
      gtk_scrolled_window_set_vadjustment(OpaquePointer(widget), gtk_adjustment_new(0, 0, 0, 0, 0, 0))
      try MainLoopPump.waitForFrames(2, of: widget)
      try scene.pointer.drag(.drag(dy: 100), from: scene.listCenter, in: widget)
      scene.waitUntilStill()

      #expect(scene.host.beganCount == 1, "the scroller follows the replacement")
      #expect(watch.watchedCount == 1)
      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames)")
    }

    /// A sheet window after a pull that collapses the sheet: destroying it and releasing the sheet finalizes
    /// the sheet's widgets and every other object of the window, the vertical adjustment included.
    @Test func sheetWindowDestroyedAfterAPull_finalizesTheAdjustmentControllersAndWidgets() throws {
      let watch = FinalizationWatch()
      var collapsedOffset = 0.0
      func pullAndDestroy() throws -> () -> Bool {
        let scene = try SheetScene()
        defer { scene.tearDown() }
        try scene.pointer.drag(.fling(dy: 300), from: scene.listPoint, in: scene.fixture.scrolledWindow)
        scene.waitUntilSheetRests()
        collapsedOffset = scene.sheet.offset
        watchEverything(in: scene.fixture.window, sheet: scene.sheet, with: watch)
        watch.watch(UnsafeMutableRawPointer(scene.fixture.verticalAdjustment))
        return { [weak sheet = scene.sheet, weak scroller = scene.sheet.scroller] in
          sheet != nil || scroller != nil
        }
      }
      let isSheetAlive = try pullAndDestroy()
      MainLoopPump.run(forMilliseconds: 100)

      #expect(collapsedOffset > 0, "the pull collapsed the sheet")
      #expect(!isSheetAlive())
      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames)")
    }

    // MARK: - Several scrollers in one window

    /// Three scrollers of one shown window (one nested in another's content) detached one by one, in an
    /// order that leaves the outer list for last: each detach leaves the others' pulls working, and the last
    /// one leaves the window with exactly the controllers it had before the first attach, every controller
    /// TopLock added finalized, the window's input hub and every scroller released.
    @Test func severalScrollers_detachedOneByOne_leaveTheWindowAsItWasAndFinalizeEverything() throws {
      let scene = try SeveralListsScene(attachOrder: [])
      defer { scene.tearDown() }
      let root = scene.fixture.window
      let rootControllersBefore = controllers(of: root)
      let watch = FinalizationWatch()
      var scrollers: [SeveralListsScene.List: TopLockScroller] = [:]
      for list in SeveralListsScene.List.allCases {
        scrollers[list] = try TopLockScroller.attach(
          to: scene.widget(list), options: TopLockListScene.mouseDragOptions, host: scene.hosts[list])
      }
      let added = controllers(of: root).subtracting(rootControllersBefore)
      for controller in added { watch.watch(controller) }
      weak let hub = InputHub.installed(on: root)
      #expect(hub != nil, "the window's input hub")
      func detach(_ list: SeveralListsScene.List) -> () -> Bool {
        let scroller = scrollers.removeValue(forKey: list)
        scroller?.detach()
        return { [weak scroller] in scroller == nil }
      }
      for list in [SeveralListsScene.List.nested, .left, .right] {
        let isReleased = detach(list)
        MainLoopPump.run(forMilliseconds: 0)
        #expect(isReleased(), "\(list)'s scroller is released")
        for remaining in scrollers.keys { try scene.pull(remaining) }
      }
      MainLoopPump.run(forMilliseconds: 50)

      #expect(added.count == 2, "the hand-off gesture and the event watch")
      #expect(hub == nil, "the last detach releases the window's input hub")
      #expect(InputHub.installed(on: root) == nil)
      #expect(controllers(of: root) == rootControllersBefore)
      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames)")
      #expect(scene.pullsBegan == [.left: 1, .right: 2, .nested: 0])
    }

    /// Windows holding three attached scrollers (one nested) destroyed while shown: every widget and
    /// controller of each window is finalized, and every scroller and the window's input hub released.
    @Test func windowsWithSeveralScrollers_destroyed_finalizeEverythingAndReleaseTheScrollers() throws {
      let cycles = 50
      let watch = FinalizationWatch()
      var swiftObjectsAlive = 0
      func cycle() throws -> [() -> Bool] {
        let scene = try SeveralListsScene()
        defer { scene.tearDown() }
        watch.watchWidgetTree(scene.fixture.window)
        let hub = InputHub.installed(on: scene.fixture.window)
        return scene.scrollers.values.map { scroller in { [weak scroller] in scroller != nil } } + [
          { [weak hub] in hub != nil }
        ]
      }
      for _ in 0..<cycles {
        let isAlive = try cycle()
        MainLoopPump.run(forMilliseconds: 0)
        swiftObjectsAlive += isAlive.filter { $0() }.count
        watch.forgetFinalized()
      }
      MainLoopPump.run(forMilliseconds: 100)
      watch.forgetFinalized()
      print(
        "figure: \(cycles) windows with 3 scrollers: \(watch.watchedCount) GObjects watched, "
          + "alive \(watch.aliveTypeNames.count), scrollers and hubs alive \(swiftObjectsAlive)")

      #expect(watch.aliveTypeNames.isEmpty, "\(watch.aliveTypeNames.prefix(10))")
      #expect(swiftObjectsAlive == 0)
      #expect(TopLockStyle.provider == nil)
    }
  }
}
