import CTopLockGtk
import CTopLockXTest
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockRefresh`'s API on a shown window: misuse is a typed error that leaves the scrolled window as it
  /// was, the opt-in key refreshes from the keyboard (XTest), and a refresh from code shows the indicator
  /// without calling the app.
  @Suite
  @MainActor
  struct TopLockRefreshAPITests {
    /// A free scrolled window's parent and scroller after `build` threw; `build` gets the scrolled window.
    private func expectRefused(
      _ build: (UnsafeMutablePointer<GtkWidget>) throws(TopLockError) -> TopLockRefresh
    ) -> TopLockError? {
      let scrolledWindow = gtk_scrolled_window_new()!
      g_object_ref_sink(scrolledWindow)
      defer { g_object_unref(scrolledWindow) }
      var thrown: TopLockError?
      do {
        _ = try build(scrolledWindow)
        Issue.record("built")
      } catch {
        thrown = error
      }
      #expect(gtk_widget_get_parent(scrolledWindow) == nil, "left without a parent")
      #expect(TopLockScroller.attached(to: scrolledWindow) == nil, "left without a scroller")
      return thrown
    }

    @Test func init_misuse_isATypedError_andLeavesTheScrolledWindowAsItWas() throws {
      try GtkRuntime.start()
      let badTrigger = expectRefused { window throws(TopLockError) in
        try TopLockRefresh(scrolledWindow: window, refreshOptions: TopLockRefreshOptions(triggerDistance: 0))
      }
      let badKey = expectRefused { window throws(TopLockError) in
        try TopLockRefresh(
          scrolledWindow: window, refreshOptions: TopLockRefreshOptions(keyboardShortcut: "<Nonsense>q"))
      }
      var clamped = TopLockOptions()
      clamped.topPolicy = .clamp
      let noHandOff = expectRefused { window throws(TopLockError) in
        try TopLockRefresh(scrolledWindow: window, options: clamped)
      }
      let noHandOffAtTheBottom = expectRefused { window throws(TopLockError) in
        try TopLockRefresh(scrolledWindow: window, edge: .bottom)
      }
      let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      g_object_ref_sink(box)
      defer { g_object_unref(box) }
      let hasParent = expectRefused { window throws(TopLockError) in
        gtk_box_append(box.cast(to: GtkBox.self), window)
        defer { gtk_box_remove(box.cast(to: GtkBox.self), window) }
        return try TopLockRefresh(scrolledWindow: window)
      }
      let label = gtk_label_new("not a list")!
      g_object_ref_sink(label)
      defer { g_object_unref(label) }
      var notAList: TopLockError?
      do {
        _ = try TopLockRefresh(scrolledWindow: label)
      } catch {
        notAList = error
      }
      print(
        "figure: refresh misuse: \(String(describing: badTrigger)); \(String(describing: badKey)); "
          + "\(String(describing: noHandOff)); \(String(describing: noHandOffAtTheBottom)); "
          + "\(String(describing: hasParent)); \(String(describing: notAList))")
      if case .invalidOption(name: "triggerDistance", _)? = badTrigger {} else { Issue.record("trigger") }
      if case .invalidOption(name: "keyboardShortcut", _)? = badKey {} else { Issue.record("key") }
      if case .invalidOption(name: "topPolicy", _)? = noHandOff {} else { Issue.record("top policy") }
      if case .invalidOption(name: "bottomPolicy", _)? = noHandOffAtTheBottom {
      } else {
        Issue.record("bottom policy")
      }
      if case .alreadyHasParent(parentTypeName: "GtkBox")? = hasParent {} else { Issue.record("parent") }
      #expect(notAList == .notAScrolledWindow(typeName: "GtkLabel"))
    }

    /// The list's fixture window with its scrolled window under a refresh at `edge` (with `options`), shown,
    /// the list focused.
    private func shownRefresh(
      _ refreshOptions: TopLockRefreshOptions, edge: ScrollEdge = .top,
      options: TopLockOptions = TopLockOptions()
    ) throws -> (fixture: ScrolledListFixture, refresh: TopLockRefresh) {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      let refresh = try fixture.moveScrolledWindow { scrolledWindow in
        let refresh = try TopLockRefresh(
          scrolledWindow: scrolledWindow, edge: edge, options: options, refreshOptions: refreshOptions)
        return (refresh, refresh.widget)
      }
      try fixture.present()
      gtk_widget_set_focusable(fixture.scrolledWindow, 1)
      gtk_widget_grab_focus(fixture.scrolledWindow)
      return (fixture, refresh)
    }

    private func waitUntilStill(_ refresh: TopLockRefresh) {
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
        [refresh.revealedHeight]
      }
    }

    /// P4: F5, opted in, refreshes once with the focus in the list (a second F5 while refreshing does not
    /// start another); opted out, F5 does nothing.
    @Test func keyboardShortcut_refreshesFromTheKeyboard_onlyWhenOptedIn() throws {
      let (fixture, refresh) = try shownRefresh(TopLockRefreshOptions(keyboardShortcut: "F5"))
      defer { fixture.destroy() }
      let keyboard = try XTestKeyboard()
      var calls = 0
      refresh.onRefresh = { _ in calls += 1 }
      keyboard.tap(keysym: UInt(XK_F5))
      waitUntilStill(refresh)
      let revealedOnKey = refresh.revealedHeight
      keyboard.tap(keysym: UInt(XK_F5))
      waitUntilStill(refresh)
      #expect(calls == 1)
      #expect(refresh.isRefreshing)
      refresh.endRefreshing()
      waitUntilStill(refresh)
      try refresh.setOptions(TopLockRefreshOptions())
      keyboard.tap(keysym: UInt(XK_F5))
      waitUntilStill(refresh)
      print("figure: refresh key F5: calls \(calls), revealed on the key \(revealedOnKey) px")
      #expect(revealedOnKey == 64)
      #expect(calls == 1, "opted out, F5 does nothing")
      #expect(!refresh.isRefreshing)
      #expect(refresh.revealedHeight == 0)
    }

    /// Lets main-actor tasks and GLib run, in turns, until `condition` holds or 2 s pass; returns whether it held.
    private func yieldUntil(_ condition: () -> Bool) async -> Bool {
      for _ in 0..<200 where !condition() {
        await Task.yield()
        MainLoopPump.run(forMilliseconds: 10)
      }
      return condition()
    }

    /// P3: the async handler's return ends the refresh it runs for; `endRefreshing()` before it cancels its
    /// task, whose return then ends nothing, not even a refresh started from code after. The refreshes start
    /// from the key (XTest); each handler waits for the test to let it return.
    @Test func onRefreshAsync_itsReturnEndsTheRefresh_unlessEndedFirst() async throws {
      let (fixture, refresh) = try shownRefresh(TopLockRefreshOptions(keyboardShortcut: "F5"))
      defer { fixture.destroy() }
      let keyboard = try XTestKeyboard()
      var handlerReturns: [CheckedContinuation<Void, Never>] = []
      var cancelledAtReturn: [Bool] = []
      var changes: [Bool] = []
      refresh.onRefreshingChange = { changes.append($0.isRefreshing) }
      refresh.onRefreshAsync = { _ in
        await withCheckedContinuation { handlerReturns.append($0) }
        cancelledAtReturn.append(Task.isCancelled)
      }

      keyboard.tap(keysym: UInt(XK_F5))
      #expect(await yieldUntil { handlerReturns.count == 1 }, "the handler runs")
      waitUntilStill(refresh)
      #expect(refresh.isRefreshing, "the refresh runs while the handler does")
      #expect(refresh.revealedHeight == 64)
      handlerReturns[0].resume()
      #expect(await yieldUntil { !refresh.isRefreshing }, "the handler's return ends the refresh")
      waitUntilStill(refresh)
      #expect(refresh.revealedHeight == 0)

      keyboard.tap(keysym: UInt(XK_F5))
      #expect(await yieldUntil { handlerReturns.count == 2 }, "a second refresh runs the handler again")
      refresh.endRefreshing()
      refresh.beginRefreshing()
      handlerReturns[1].resume()
      #expect(await yieldUntil { cancelledAtReturn.count == 2 })
      MainLoopPump.run(forMilliseconds: 100)
      print("figure: refresh async handler: changes \(changes), cancelled at return \(cancelledAtReturn)")
      #expect(cancelledAtReturn == [false, true], "endRefreshing() cancels the handler's task")
      #expect(refresh.isRefreshing, "a cancelled handler's return ends no later refresh")
      #expect(changes == [true, false, true, false, true])
      refresh.endRefreshing()
    }

    @Test func beginRefreshing_fromCode_showsTheIndicator_withoutCallingTheApp() throws {
      let (fixture, refresh) = try shownRefresh(TopLockRefreshOptions())
      defer { fixture.destroy() }
      var calls = 0
      refresh.onRefresh = { _ in calls += 1 }
      refresh.beginRefreshing()
      waitUntilStill(refresh)
      let revealed = refresh.revealedHeight
      var bounds = graphene_rect_t()
      _ = gtk_widget_compute_bounds(fixture.scrolledWindow, refresh.widget, &bounds)
      #expect(revealed == 64)
      #expect(bounds.origin.y == 64, "the list lies below the indicator")
      #expect(calls == 0)
      #expect(throws: TopLockError.self) { try refresh.setOptions(TopLockRefreshOptions(resistance: 2)) }
      #expect(refresh.options == TopLockRefreshOptions(), "a refused change keeps the options in force")
      try refresh.setOptions(TopLockRefreshOptions(triggerDistance: 90))
      waitUntilStill(refresh)
      #expect(refresh.revealedHeight == 90, "a refresh in progress rests at the new trigger")
      refresh.endRefreshing()
      waitUntilStill(refresh)
      #expect(refresh.revealedHeight == 0)
    }

    /// A refresh carries no indicator until it first shows, and hides it once none of it shows: at rest the
    /// overlay holds the list alone in view, over all of the refresh.
    @Test func indicator_isBuiltOnFirstUse_andHiddenAtRest() throws {
      let (fixture, refresh) = try shownRefresh(TopLockRefreshOptions())
      defer { fixture.destroy() }
      func children() -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(refresh.widget)
        while let widget = child {
          count += 1
          child = gtk_widget_get_next_sibling(widget)
        }
        return count
      }
      func listBounds() -> graphene_rect_t {
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(fixture.scrolledWindow, refresh.widget, &bounds)
        return bounds
      }
      let refreshHeight = Float(gtk_widget_get_height(refresh.widget))
      #expect(children() == 1, "no indicator before its first use")
      #expect(listBounds().origin.y == 0 && listBounds().size.height == refreshHeight)

      refresh.beginRefreshing()
      waitUntilStill(refresh)
      #expect(children() == 2)
      #expect(gtk_widget_get_visible(refresh.indicator) != 0, "shown while refreshing")
      #expect(listBounds().origin.y == 64)
      var indicatorBounds = graphene_rect_t()
      _ = gtk_widget_compute_bounds(refresh.indicator, refresh.widget, &indicatorBounds)
      #expect(
        indicatorBounds.origin.y + indicatorBounds.size.height == 64, "the indicator ends on the list's top")

      refresh.endRefreshing()
      waitUntilStill(refresh)
      #expect(gtk_widget_get_visible(refresh.indicator) == 0, "hidden once none of it shows")
      #expect(listBounds().origin.y == 0 && listBounds().size.height == refreshHeight)
    }

    /// P5: at the bottom the refresh is the scroller's bottom host, and a refresh lays out mirrored: the list
    /// 64 px up at its full height, the indicator right below it, in view.
    @Test func atTheBottom_theIndicatorLiesBelowTheList_whichMovesUp() throws {
      var options = TopLockOptions()
      options.bottomPolicy = .lockAndHandOff
      let (fixture, refresh) = try shownRefresh(TopLockRefreshOptions(), edge: .bottom, options: options)
      defer { fixture.destroy() }
      #expect(refresh.scroller.bottomHost === refresh && refresh.scroller.host == nil)
      refresh.beginRefreshing()
      waitUntilStill(refresh)
      let refreshHeight = Float(gtk_widget_get_height(refresh.widget))
      var listBounds = graphene_rect_t()
      _ = gtk_widget_compute_bounds(fixture.scrolledWindow, refresh.widget, &listBounds)
      var indicatorBounds = graphene_rect_t()
      _ = gtk_widget_compute_bounds(refresh.indicator, refresh.widget, &indicatorBounds)
      print(
        "figure: refresh at the bottom while refreshing: list y \(listBounds.origin.y) px, "
          + "indicator y \(indicatorBounds.origin.y) px, \(indicatorBounds.size.height) px high, of \(refreshHeight) px"
      )
      #expect(
        listBounds.origin.y == -64 && listBounds.size.height == refreshHeight, "the list moved 64 px up")
      #expect(indicatorBounds.origin.y == refreshHeight - 64, "the indicator starts on the list's bottom")
      refresh.endRefreshing()
      waitUntilStill(refresh)
      _ = gtk_widget_compute_bounds(fixture.scrolledWindow, refresh.widget, &listBounds)
      #expect(listBounds.origin.y == 0)
      #expect(gtk_widget_get_visible(refresh.indicator) == 0)
    }
  }
}
