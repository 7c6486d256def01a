import CTopLockGtk
import Testing
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// Windows with several scrollers, one of them nested in another's content (`SeveralListsScene`): each
  /// list keeps its own rules, a drag on one hands off to its own host only and moves no other list's host
  /// or value, and scrollers come and go (detached, moved to another window, attached late, destroyed with
  /// their window) without disturbing the others. Real XTest input, mouse drag on.
  @Suite
  @MainActor
  struct SeveralScrollersTests {
    /// What every test checks at its end: no scroller left owning a drag, no GLib warning.
    private func expectQuietEnd(_ scene: SeveralListsScene, sourceLocation: SourceLocation = #_sourceLocation)
    {
      for (list, scroller) in scene.scrollers {
        #expect(scroller.owner == .none, "\(list)", sourceLocation: sourceLocation)
        #expect(scroller.pullTranslation == 0, "\(list)", sourceLocation: sourceLocation)
      }
      #expect(scene.warnings.isEmpty, "\(scene.warnings)", sourceLocation: sourceLocation)
    }

    @Test(arguments: SeveralListsScene.List.allCases)
    func R6_pullAtTheTopOfOneList_handsOffToItsOwnHostOnly(list: SeveralListsScene.List) throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      let host = try #require(scene.hosts[list])
      try scene.pull(list)

      #expect(host.lastTranslation > 50, "the host followed the pull 1:1")
      for other in SeveralListsScene.List.allCases where other != list {
        #expect(scene.pullsBegan[other] == 0, "\(other)'s host stays still")
      }
      #expect(scene.values.values.allSatisfy { $0 == 0 }, "\(scene.values): no list moved")
      expectQuietEnd(scene)
    }

    /// The nested list is left out here (scrolling the outer list to 500 px takes it off screen):
    /// `R7_scrollingDragOnTheNestedList_movesItNotTheListItIsIn` covers it.
    @Test(arguments: [SeveralListsScene.List.left, .right])
    func R7_scrollingDragOnOneList_movesOnlyThatList(list: SeveralListsScene.List) throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      for each in SeveralListsScene.List.allCases { try scene.scroll(each, to: 500) }
      try scene.drag(list, from: scene.middlePoint(of: list), dy: -150)

      #expect(scene.value(list) > 600, "\(scene.values)")
      for other in SeveralListsScene.List.allCases where other != list {
        #expect(scene.value(other) == 500, "\(other) stays at 500: \(scene.values)")
      }
      #expect(scene.pullsBegan.values.allSatisfy { $0 == 0 })
      expectQuietEnd(scene)
    }

    /// A drag scrolling the nested list is its own: stock GTK gives a drag inside a scrolled window nested in
    /// another to the outer one's drag gesture, which claims first (`DemoNestedTests`' stock control shows it);
    /// with TopLock on both, the outer one's drag is denied for a press the nested list takes
    /// (`InputHub.pressBelongsInside`).
    @Test func R7_scrollingDragOnTheNestedList_movesItNotTheListItIsIn() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.scroll(.nested, to: 500)
      try scene.drag(.nested, from: scene.middlePoint(of: .nested), dy: -100)

      #expect(scene.value(.nested) > 550, "\(scene.values)")
      #expect(scene.value(.right) == 0, "the outer list stays: \(scene.values)")
      #expect(scene.value(.left) == 0)
      #expect(scene.pullsBegan.values.allSatisfy { $0 == 0 })
      expectQuietEnd(scene)
    }

    /// The outer list is scrolled: only the nested list is at its top, and a pull there is its own.
    @Test func R6_pullOnANestedListAtItsTop_whileTheOuterListIsScrolled_isTheNestedListsOwn() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.scroll(.right, to: 40)
      let outerValue = scene.value(.right)
      try scene.drag(.nested, from: scene.topPoint(of: .nested), dy: 100)

      #expect(scene.pullsBegan == [.left: 0, .right: 0, .nested: 1])
      #expect(scene.value(.right) == outerValue, "the outer list stays where it was")
      #expect(scene.value(.nested) == 0)
      expectQuietEnd(scene)
    }

    /// Both lists at their top: a pull that starts on the nested list is the nested list's, whichever list
    /// was attached first (the innermost attached list under the press gets the press).
    @Test(arguments: [[SeveralListsScene.List.right, .nested], [.nested, .right]])
    func R6_pullOnANestedListAtItsTop_insideAnOuterListAtItsTop_isTheNestedListsOwn(
      attachOrder: [SeveralListsScene.List]
    ) throws {
      let scene = try SeveralListsScene(attachOrder: attachOrder)
      defer { scene.tearDown() }
      try scene.pull(.nested)

      #expect(scene.pullsBegan == [.left: 0, .right: 0, .nested: 1])
      #expect(scene.values.values.allSatisfy { $0 == 0 }, "\(scene.values): no list moved")
      expectQuietEnd(scene)
    }

    /// The nested list is scrolled and the outer one at its top: a downward drag on the nested list scrolls
    /// it (GTK's drag), and pulls its own host once it reaches its top; the outer list's host stays still and
    /// its top does not move.
    @Test func R8_downwardDragOnAScrolledNestedList_insideAnOuterListAtItsTop_scrollsTheNestedList() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.scroll(.nested, to: 60)
      try scene.drag(.nested, from: scene.topPoint(of: .nested), dy: 100)

      #expect(scene.value(.nested) == 0, "the nested list scrolled to its top")
      #expect(scene.value(.right) == 0)
      #expect(scene.pullsBegan == [.left: 0, .right: 0, .nested: 1])
      expectQuietEnd(scene)
    }

    /// TopLock's own fling on one list (after a hand-back, R9) goes on when another list is tapped: each
    /// list's motion is its own, as GTK's own flings are.
    @Test func R9_tapOnOneList_leavesAnotherListsTopLockFlingRunning() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.beginDrag(.left, at: scene.middlePoint(of: .left), dy: 100)
      scene.pointer.travel(.drag(dy: -200, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.travel(.fling(dy: -200))
      scene.pointer.release()
      try scene.pointer.move(to: scene.middlePoint(of: .right), in: scene.widget(.right))
      MainLoopPump.run(forMilliseconds: 40)
      let valueAtTap = scene.value(.left)
      scene.pointer.press()
      MainLoopPump.run(forMilliseconds: 20)
      scene.pointer.release()
      MainLoopPump.run(forMilliseconds: 150)

      #expect(scene.hosts[.left]?.endedCount == 1, "the pull handed back and ended")
      #expect(scene.value(.left) > valueAtTap + 20, "the left list's fling went on: \(scene.values)")
      #expect(scene.value(.right) == 0)
      scene.waitUntilStill()
      expectQuietEnd(scene)
    }

    @Test(arguments: SeveralListsScene.List.allCases)
    func R15_detachingOneListMidPullOfAnother_leavesThatPullAndTheOthersRulesAlone(
      detached: SeveralListsScene.List
    ) throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      let pulling: SeveralListsScene.List = detached == .left ? .right : .left
      try scene.beginDrag(pulling, at: scene.topPoint(of: pulling), dy: 80)
      try #require(scene.scrollers[pulling]?.owner == .host)
      scene.scrollers[detached]?.detach()
      scene.pointer.travel(.drag(dy: 40, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.release()
      MainLoopPump.run(forMilliseconds: 300)

      let host = try #require(scene.hosts[pulling])
      #expect(host.cancelledCount == 0)
      #expect(host.endedCount == 1)
      #expect(host.lastTranslation > 100, "the pull went on after the detach")
      for list in SeveralListsScene.List.allCases where list != detached {
        try scene.pull(list)
      }
      #expect(scene.hosts[detached]?.beganCount == 0)
      expectQuietEnd(scene)
    }

    @Test func R15_detachingThePullingListMidPull_cancelsItsPullOnlyAndTheOthersStillPull() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.beginDrag(.nested, at: scene.topPoint(of: .nested), dy: 80)
      try #require(scene.scrollers[.nested]?.owner == .host)
      scene.scrollers[.nested]?.detach()
      scene.pointer.travel(.drag(dy: 40, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.release()
      MainLoopPump.run(forMilliseconds: 300)

      #expect(scene.hosts[.nested]?.cancelledCount == 1)
      #expect(scene.hosts[.nested]?.endedCount == 0)
      #expect(scene.pullsBegan == [.left: 0, .right: 0, .nested: 1])
      try scene.pull(.left)
      try scene.pull(.right)
      expectQuietEnd(scene)
    }

    @Test func R15_detachingEveryListButOneWhileIdle_theLastStillPulls() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      scene.scrollers[.left]?.detach()
      scene.scrollers[.nested]?.detach()
      try scene.pull(.right)
      try scene.drag(.left, from: scene.topPoint(of: .left), dy: 100)

      #expect(scene.pullsBegan == [.left: 0, .right: 1, .nested: 0])
      expectQuietEnd(scene)
    }

    /// The right list, with the nested one inside it, moves to a second window: both pull there (the outer
    /// list scrolled a little, so that only the nested one is at its top), and the left list still pulls in
    /// the first.
    @Test func R15_listsMovedIntoAnotherWindow_pullThereWhileTheOthersPullAtHome() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      let right = scene.widget(.right)
      let otherWidget = gtk_window_new()!
      let otherWindow = otherWidget.cast(to: GtkWindow.self)
      defer { gtk_window_destroy(otherWindow) }
      gtk_window_set_decorated(otherWindow, 0)
      gtk_window_set_default_size(otherWindow, 300, 700)
      g_object_ref(right)
      gtk_box_remove(gtk_widget_get_parent(right)!.cast(to: GtkBox.self), right)
      gtk_window_set_child(otherWindow, right)
      g_object_unref(right)
      gtk_window_present(otherWindow)
      #expect(MainLoopPump.run(timeoutMilliseconds: 2000) { gtk_widget_get_mapped(right) != 0 })
      try MainLoopPump.waitForFrames(3, of: right)

      try scene.pull(.right)
      try scene.scroll(.right, to: 40)
      try scene.pull(.nested)
      gtk_widget_set_visible(otherWidget, 0)
      MainLoopPump.run(forMilliseconds: 100)
      try scene.pull(.left)

      #expect(scene.pullsBegan == [.left: 1, .right: 1, .nested: 1])
      expectQuietEnd(scene)
    }

    @Test func R15_windowWithSeveralListsDestroyed_detachesEveryScrollerQuietly() throws {
      let scene = try SeveralListsScene()
      defer { scene.tearDown() }
      try scene.pull(.nested)
      scene.fixture.destroy()
      MainLoopPump.run(forMilliseconds: 50)

      for (list, scroller) in scene.scrollers {
        #expect(scroller.scrolledWindow == nil, "\(list) is detached")
      }
      expectQuietEnd(scene)
    }

    @Test func R15_listsAttachedAfterTheWindowIsShown_eachPullsItsOwnHost() throws {
      let scene = try SeveralListsScene(attachesWhenShown: true)
      defer { scene.tearDown() }
      for list in SeveralListsScene.List.allCases {
        try scene.pull(list)
      }

      #expect(scene.pullsBegan == [.left: 1, .right: 1, .nested: 1])
      #expect(scene.values.values.allSatisfy { $0 == 0 })
      expectQuietEnd(scene)
    }

    /// A hundred scrollers in one shown window: TopLock adds one hand-off gesture and one event watch to the
    /// window, whatever their number, and takes them off with the last scroller.
    @Test func hundredScrollersInOneWindow_addTwoControllersToTheWindow() throws {
      let scrollerCount = 100
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      let lists = (0..<scrollerCount).map { _ in
        let list = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(list), gtk_label_new("row"))
        gtk_box_append(column.cast(to: GtkBox.self), list)
        return list
      }
      gtk_scrolled_window_set_child(OpaquePointer(fixture.scrolledWindow), column)
      try fixture.present()
      let before = WidgetControllers.all(of: fixture.window).count
      let scrollers = try lists.map { try TopLockScroller.attach(to: $0) }
      let attached = WidgetControllers.all(of: fixture.window).count
      for scroller in scrollers.dropLast() { scroller.detach() }
      let oneLeft = WidgetControllers.all(of: fixture.window).count
      scrollers.last?.detach()
      let noneLeft = WidgetControllers.all(of: fixture.window).count
      print(
        "figure: \(scrollerCount) scrollers in one window: the window's controllers \(before) before, "
          + "\(attached) attached, \(oneLeft) with one left, \(noneLeft) after the last detach")

      #expect(attached - before == 2)
      #expect(oneLeft - before == 2)
      #expect(noneLeft == before)
    }

    /// A press is routed from the active state GTK gives the pressed widget's ancestors, so a list left
    /// active (by an app, or by another finger) must not take a press GTK delivered to a widget covering it:
    /// here a button laid over the list's top in a GtkOverlay, the list at its top, mouse drag on. A drag
    /// down from the button pulls nothing; the same drag beside the button pulls the list's host (the
    /// control that the scene can pull at all).
    @Test func R6_aListLeftActive_doesNotTakeAPressOnAWidgetCoveringIt() throws {
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      try GtkRuntime.start()
      let pointer = try XTestPointer()
      let fixture = ScrolledListFixture()
      defer {
        pointer.releaseAllButtons()
        fixture.destroy()
      }
      let list = fixture.scrolledWindow
      g_object_ref(list)
      gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), nil)
      let overlay = gtk_overlay_new()!
      gtk_overlay_set_child(OpaquePointer(overlay), list)
      g_object_unref(list)
      let cover = gtk_button_new_with_label("cover")!
      gtk_widget_set_halign(cover, GTK_ALIGN_START)
      gtk_widget_set_valign(cover, GTK_ALIGN_START)
      gtk_widget_set_size_request(cover, 200, 200)
      gtk_overlay_add_overlay(OpaquePointer(overlay), cover)
      gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), overlay)
      let host = RecordingHost()
      let scroller = try TopLockScroller.attach(
        to: list, options: TopLockListScene.mouseDragOptions, host: host)
      defer { scroller.detach() }
      try fixture.present()

      gtk_widget_set_state_flags(list, GTK_STATE_FLAG_ACTIVE, 0)
      let pullDown = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 50)
      try pointer.drag(pullDown, from: WidgetPoint(x: 100, y: 60), in: cover)
      pointer.releaseAllButtons()
      MainLoopPump.run(forMilliseconds: 300)
      let pullsFromTheCover = host.beganCount
      try pointer.drag(pullDown, from: WidgetPoint(x: 300, y: 60), in: list)
      pointer.releaseAllButtons()
      MainLoopPump.run(forMilliseconds: 300)
      print(
        "figure: list left active under a covering button: pulls from a drag on the button \(pullsFromTheCover), "
          + "from the same drag beside it \(host.beganCount - pullsFromTheCover)")

      #expect(pullsFromTheCover == 0, "the press on the button is not the list's")
      #expect(host.beganCount == 1, "the drag beside the button pulls the host")
      #expect(scroller.owner == .none)
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }
  }
}
