import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestSupport
import TopLockX11Geometry

extension GTKTests {
  /// Every misuse of the public API gets a typed error or a documented no-op, never a crash, a GTK critical
  /// (the run aborts on one) or a warning.
  @Suite
  @MainActor
  struct MisuseTests {
    /// Drag thresholds out of range, in px.
    nonisolated static let invalidThresholds: [Double] = [-1, -.infinity, .infinity, .nan]

    /// A shown list with TopLock attached, and a mark in the GLib warning record.
    private func listScene() throws -> (TopLockListScene, firstWarning: Int) {
      GLibWarningRecorder.install()
      return (try TopLockListScene(), GLibWarningRecorder.count)
    }

    /// A new scrolled window with no parent, owned by the caller (the floating reference is sunk).
    private func freeScrolledWindow() -> UnsafeMutablePointer<GtkWidget> {
      let scrolledWindow = gtk_scrolled_window_new()!
      g_object_ref_sink(scrolledWindow)
      return scrolledWindow
    }

    private func expectInvalidOption(
      _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
      _ call: () throws(TopLockError) -> Void
    ) {
      do throws(TopLockError) {
        try call()
        Issue.record("no error for an invalid \(name)", sourceLocation: sourceLocation)
      } catch {
        guard case .invalidOption(let failedName, _) = error else {
          Issue.record("\(error) instead of invalidOption(\(name))", sourceLocation: sourceLocation)
          return
        }
        #expect(failedName == name, sourceLocation: sourceLocation)
      }
    }

    @Test(arguments: ["GtkGestureLongPress", "GtkGestureDrag", "GtkEventControllerScroll"])
    func attach_toAScrolledWindowLackingOneOfGTKsControllers_throwsATypedErrorNamingIt(typeName: String)
      throws
    {
      try GtkRuntime.start()
      let scrolledWindow = freeScrolledWindow()
      defer { g_object_unref(scrolledWindow) }
      // GTK's scroll controller that TopLock relies on is the capture-phase one.
      let missing = try #require(
        WidgetControllers.all(of: scrolledWindow).last {
          GObjectType.typeName(of: UnsafeMutableRawPointer($0)) == typeName
            && (typeName != "GtkEventControllerScroll"
              || gtk_event_controller_get_propagation_phase($0) == GTK_PHASE_CAPTURE)
        })
      gtk_widget_remove_controller(scrolledWindow, missing)
      #expect(throws: TopLockError.missingGTKController(typeName: typeName)) {
        try TopLockScroller.attach(to: scrolledWindow)
      }
      #expect(TopLockScroller.attached(to: scrolledWindow) == nil)
      #expect(gtk_widget_has_css_class(scrolledWindow, "toplock") == 0, "nothing was changed")
    }

    @Test func attach_toWhatIsNotAScrolledWindow_throwsATypedError() throws {
      try GtkRuntime.start()
      #expect(throws: TopLockError.nullWidget) { try TopLockScroller.attach(to: nil) }
      let notAnObject = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
      defer { notAnObject.deallocate() }
      notAnObject.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
      #expect(throws: TopLockError.notAScrolledWindow(typeName: "(not a GObject)")) {
        try TopLockScroller.attach(to: notAnObject)
      }
      let adjustment = gtk_adjustment_new(0, 0, 100, 1, 10, 10)!
      g_object_ref_sink(adjustment)
      defer { g_object_unref(adjustment) }
      #expect(throws: TopLockError.notAScrolledWindow(typeName: "GtkAdjustment")) {
        try TopLockScroller.attach(to: adjustment)
      }
      let label = gtk_label_new("not a list")!
      g_object_ref_sink(label)
      defer { g_object_unref(label) }
      #expect(throws: TopLockError.notAScrolledWindow(typeName: "GtkLabel")) {
        try TopLockScroller.attach(to: label)
      }
      #expect(TopLockScroller.attached(to: nil) == nil)
      #expect(TopLockScroller.attached(to: notAnObject) == nil)
      #expect(TopLockScroller.attached(to: label) == nil)
    }

    @Test func attach_twice_throwsAndDetachThenAttachAgainWorks() throws {
      let (scene, firstWarning) = try listScene()
      defer { scene.tearDown() }
      let widget = scene.fixture.scrolledWindow
      #expect(throws: TopLockError.alreadyAttached) { try TopLockScroller.attach(to: widget) }
      #expect(TopLockScroller.attached(to: widget) === scene.scroller)
      scene.scroller.detach()
      scene.scroller.detach()
      let again = try TopLockScroller.attach(to: widget)
      #expect(TopLockScroller.attached(to: widget) === again)
      again.detach()
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test(arguments: invalidThresholds)
    func options_outOfRange_throwAndKeepTheOptionsInForce(threshold: Double) throws {
      let (scene, firstWarning) = try listScene()
      defer { scene.tearDown() }
      var invalid = TopLockOptions()
      invalid.dragThreshold = threshold
      let scrolledWindow = freeScrolledWindow()
      defer { g_object_unref(scrolledWindow) }
      expectInvalidOption("dragThreshold") { () throws(TopLockError) in
        try TopLockScroller.attach(to: scrolledWindow, options: invalid)
      }
      #expect(TopLockScroller.attached(to: scrolledWindow) == nil)
      let inForce = scene.scroller.options
      expectInvalidOption("dragThreshold") { () throws(TopLockError) in try scene.scroller.setOptions(invalid)
      }
      #expect(scene.scroller.options == inForce)
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test func scroller_afterItsWidgetWasFinalized_answersEveryCallQuietly() throws {
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      try GtkRuntime.start()
      let scrolledWindow = freeScrolledWindow()
      let watch = FinalizationWatch()
      watch.watch(scrolledWindow)
      let scroller = try TopLockScroller.attach(to: scrolledWindow, host: RecordingHost())
      g_object_unref(scrolledWindow)
      #expect(watch.aliveTypeNames.isEmpty, "the scrolled window was finalized")

      #expect(scroller.scrolledWindow == nil, "its destruction detached the scroller")
      scroller.detach()
      scroller.detach()
      var options = TopLockOptions()
      options.mouseDragEnabled = true
      try scroller.setOptions(options)
      #expect(scroller.options == options)
      options.dragThreshold = .nan
      expectInvalidOption("dragThreshold") { () throws(TopLockError) in try scroller.setOptions(options) }
      #expect(scroller.owner == .none)
      #expect(scroller.pullTranslation == 0)
      scroller.host = nil
      scroller.onStateChange = { _ in }
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test func handlers_thatDetachFromInsideACallback_doNotRecurse() throws {
      let (scene, firstWarning) = try listScene()
      defer { scene.tearDown() }
      var stateChanges = 0
      scene.scroller.onStateChange = { scroller in
        stateChanges += 1
        if scroller.owner == .host {
          scroller.detach()
        }
      }
      try scene.pointer.drag(
        .drag(dy: 120, holdBeforeReleaseMilliseconds: 50), from: scene.listCenter,
        in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.scroller.scrolledWindow == nil)
      #expect(scene.host.cancelledCount == 1, "the detach cancelled the pull")
      #expect(stateChanges < 10)
      #expect(scene.fixture.scrollValue == 0)
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    /// A callback that runs a nested main loop (as a modal dialog does), in which another motion of the same
    /// drag is dispatched, then detaches the last scroller: the hand-off gesture leaves the window only once
    /// the outer dispatch has returned (the hub counts the event watch's runs in progress), with no GTK critical.
    @Test func handlers_thatRunANestedMainLoopThenDetach_leaveNoCritical() throws {
      let (scene, firstWarning) = try listScene()
      defer { scene.tearDown() }
      var nestedLoops = 0
      scene.scroller.onStateChange = { scroller in
        guard scroller.owner == .host, nestedLoops == 0 else { return }
        nestedLoops += 1
        let position = scene.pointer.position
        scene.pointer.move(toRoot: RootPoint(x: position.x, y: position.y + 6))
        MainLoopPump.run(forMilliseconds: 150)
        scroller.detach()
      }
      try scene.pointer.drag(
        .drag(dy: 120, holdBeforeReleaseMilliseconds: 50), from: scene.listCenter,
        in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(nestedLoops == 1)
      #expect(scene.scroller.scrolledWindow == nil)
      #expect(scene.host.cancelledCount == 1, "the detach cancelled the pull")
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test func sheet_givenWidgetsItCannotTake_throwsAndLeavesThemAsTheyWere() throws {
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      try GtkRuntime.start()
      let background = gtk_label_new("background")!
      g_object_ref_sink(background)
      defer { g_object_unref(background) }
      let scrolledWindow = freeScrolledWindow()
      defer { g_object_unref(scrolledWindow) }
      let parent = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      g_object_ref_sink(parent)
      defer { g_object_unref(parent) }
      var invalid = TopLockOptions()
      invalid.dragThreshold = -8

      expectInvalidOption("topInset") { () throws(TopLockError) in
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow, topInset: .nan)
      }
      expectInvalidOption("topInset") { () throws(TopLockError) in
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow, topInset: -1)
      }
      expectInvalidOption("dragThreshold") { () throws(TopLockError) in
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow, options: invalid)
      }
      #expect(throws: TopLockError.notAScrolledWindow(typeName: "GtkLabel")) {
        _ = try TopLockSheet(background: background, scrolledWindow: background)
      }
      let attached = try TopLockScroller.attach(to: scrolledWindow)
      #expect(throws: TopLockError.alreadyAttached) {
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow)
      }
      attached.detach()
      gtk_box_append(parent.cast(to: GtkBox.self), scrolledWindow)
      #expect(throws: TopLockError.alreadyHasParent(parentTypeName: "GtkBox")) {
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow)
      }
      gtk_box_remove(parent.cast(to: GtkBox.self), scrolledWindow)
      gtk_box_append(parent.cast(to: GtkBox.self), background)
      #expect(throws: TopLockError.alreadyHasParent(parentTypeName: "GtkBox")) {
        _ = try TopLockSheet(background: background, scrolledWindow: scrolledWindow)
      }
      gtk_box_remove(parent.cast(to: GtkBox.self), background)

      #expect(gtk_widget_get_parent(scrolledWindow) == nil)
      #expect(gtk_widget_get_parent(background) == nil)
      #expect(TopLockScroller.attached(to: scrolledWindow) == nil)
      #expect(gtk_widget_has_css_class(scrolledWindow, "toplock") == 0)
      let sheet = try TopLockSheet(background: background, scrolledWindow: scrolledWindow)
      #expect(gtk_widget_get_parent(scrolledWindow) == sheet.panel, "the same widgets still make a sheet")
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test func sheet_usedAfterItsWindowWasDestroyed_staysQuiet() throws {
      let scene = try SheetScene()
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      scene.tearDown()
      let sheet = scene.sheet
      sheet.toggle()
      sheet.toggle()
      sheet.pullChanged(translation: 40, velocity: 0)
      sheet.pullEnded(velocity: 900)
      sheet.pullCancelled()
      sheet.pullBegan()
      sheet.pullBegan()
      sheet.pullCancelled()
      MainLoopPump.run(forMilliseconds: 50)

      #expect(sheet.offset >= 0)
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    @Test(arguments: [TopLockSheet.maximumTopInset + 1, 1e300, .greatestFiniteMagnitude])
    func sheet_topInsetItCannotLayOut_isATypedError(topInset: Double) throws {
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

    @Test func sheet_nonFiniteValuesInHostCalls_areIgnored() throws {
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
