import CTopLockAdwaita
import CTopLockGtk
import Testing
import TopLockAdwaitaSupport
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension AdwaitaContainer: CustomTestStringConvertible {
  public var testDescription: String { "\(rawValue) (libadwaita 1.\(minimumMinorVersion)+)" }
}

extension GTKTests {
  /// The rules in libadwaita's containers (an AdwWindow's content, an AdwDialog floating and as a bottom sheet,
  /// an AdwBottomSheet's sheet, an AdwNavigationView page, an AdwToolbarView's content), with real XTest mouse
  /// drags (mouse drag on) and a stock list that overshoots under each: the checks of `ContainerRuleChecks`.
  /// AdwDialog sets `limit-events` (GTK 4.18+), which hides its events from the window's controllers: the hub
  /// lives on the dialog (docs/ARCHITECTURE.md, "Event boundaries"). Runs alone in its own process
  /// (`AdwaitaContainer.processVariable`, set by `make test-this-gtk`): `adw_init()` restyles every widget
  /// after it. Each container runs where its libadwaita has it: all of them on Debian 13 (1.7, GTK 4.18) and
  /// sid (1.10, GTK 4.24), the window's content alone on Debian 12 (1.2, GTK 4.8).
  @Suite(
    .enabled(
      if: AdwaitaContainer.runsInThisProcess,
      "libadwaita's tests run in a process of their own: make test-this-gtk sets \(AdwaitaContainer.processVariable)=1"
    ))
  @MainActor
  struct AdwaitaContainerTests {
    private static func makeScene(in container: AdwaitaContainer) -> (Bool) throws -> ContainedListScene {
      { attachesTopLock in
        try ContainedListScene(attachesTopLock: attachesTopLock) { try AdwaitaPlacedList($0, in: container) }
      }
    }

    /// The releases that ship libadwaita 1.6 or later (Debian 13 and sid) have every container: none is left
    /// out of the tests below there.
    @Test func libadwaita1_6OrLater_hasEveryContainer() {
      let version = "libadwaita \(adw_get_major_version()).\(adw_get_minor_version())"
      print("figure: \(version), containers tested: \(AdwaitaContainer.available.map(\.rawValue))")
      #expect(AdwaitaContainer.available.contains(.windowContent))
      if adw_get_minor_version() >= 6 {
        #expect(AdwaitaContainer.available == AdwaitaContainer.allCases, "\(version)")
      }
    }

    @Test(arguments: AdwaitaContainer.available)
    func R5_pullDownAtTheTop_movesTheHostNotTheContent_inEveryLibadwaitaContainer(
      container: AdwaitaContainer
    ) throws {
      try ContainerRuleChecks.pullAtTheTopMovesTheHost(
        in: container.rawValue, makeScene: Self.makeScene(in: container))
    }

    @Test(arguments: AdwaitaContainer.available)
    func R8_scrollUpToTheTopThenKeepPulling_movesTheHost_inEveryLibadwaitaContainer(
      container: AdwaitaContainer
    ) throws {
      try ContainerRuleChecks.keepPullingPastTheTopMovesTheHost(
        in: container.rawValue, makeScene: Self.makeScene(in: container))
    }

    /// A dialog closed, a bottom sheet closed or a page popped by the app in the middle of a pull.
    @Test(arguments: AdwaitaContainer.available.filter { $0 != .windowContent && $0 != .toolbarViewContent })
    func R15_closedMidPull_cancelsThePull_andPullsAgainOnceShown_inLibadwaitaContainers(
      container: AdwaitaContainer
    ) throws {
      try ContainerRuleChecks.closedMidPullCancelsThePull(
        in: container.rawValue, makeScene: Self.makeScene(in: container))
    }

    /// The attached list moved from the AdwWindow's content into a floating AdwDialog over it and back, each
    /// time shown: it pulls in each place, and its input hub follows it onto the dialog's boundary (GTK 4.18+'s
    /// `limit-events`) and back onto the window, leaving none behind.
    @Test(
      .enabled(
        if: AdwaitaContainer.floatingDialog.isAvailable,
        "AdwDialog needs libadwaita 1.5 (Debian 13 and sid have it; Debian 12's 1.2 does not)"))
    func listMovedFromTheWindowToADialogAndBack_pullsInEach_andLeavesNoHubBehind() throws {
      let scene = try ContainedListScene(attachesTopLock: true) {
        try AdwaitaPlacedList($0, in: .windowContent)
      }
      defer { scene.tearDown() }
      let window = scene.placed.window
      let list = scene.fixture.scrolledWindow
      var translations = [try scene.measureDrag(dy: 100, from: 0).translation]

      let dialog = Self.moveList(list, intoADialogOver: window)
      defer { g_object_unref(dialog) }
      toplock_adw_dialog_present(dialog, window)
      try scene.fixture.waitUntilShown(in: scene.placed)
      let boundaryInDialog = EventBoundary.enclosing(list)
      let isBoundaryInDialog = boundaryInDialog.map {
        $0 == dialog || gtk_widget_is_ancestor($0, dialog) != 0
      }
      let hubOnBoundaryInDialog = boundaryInDialog.map { InputHub.installed(on: $0) != nil }
      let hubOnWindowWhileInDialog = InputHub.installed(on: window) != nil
      translations.append(try scene.measureDrag(dy: 100, from: 0).translation)

      toplock_adw_dialog_close(dialog)
      MainLoopPump.run(timeoutMilliseconds: 1000) { gtk_widget_get_mapped(list) == 0 }
      Self.moveList(list, outOf: dialog, backInto: window)
      try scene.fixture.waitUntilShown(in: scene.placed)
      translations.append(try scene.measureDrag(dy: 100, from: 0).translation)
      let hubLeftInDialog = boundaryInDialog.map { InputHub.installed(on: $0) != nil }
      let describe = { (hub: Bool?) in hub.map(String.init) ?? "no boundary" }
      print(
        "figure: mouse pulls of 100 px in the window, a dialog, the window: \(translations) px; hub on the "
          + "window while in the dialog \(hubOnWindowWhileInDialog), on the dialog's boundary "
          + "\(describe(hubOnBoundaryInDialog)), left there after \(describe(hubLeftInDialog))"
      )
      #expect(translations.allSatisfy { abs($0 - 100) <= ContainerRuleChecks.pointerTolerance })
      #expect(scene.host.beganCount == 3)
      #expect(isBoundaryInDialog == true, "the dialog limits events: the list's boundary is in it")
      #expect(hubOnBoundaryInDialog == true)
      #expect(!hubOnWindowWhileInDialog)
      #expect(hubLeftInDialog == false)
      #expect(InputHub.installed(on: window) != nil)
    }

    /// Takes `list` out of the AdwWindow `window`'s content (a label instead) into a new floating AdwDialog of
    /// `AdwaitaPlacedList`'s list size, not yet presented; the caller owns the dialog's reference.
    private static func moveList(
      _ list: UnsafeMutablePointer<GtkWidget>, intoADialogOver window: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
      g_object_ref(list)
      defer { g_object_unref(list) }
      adw_window_set_content(window.cast(to: AdwWindow.self), gtk_label_new("content"))
      let dialog = toplock_adw_dialog_new(
        list, Int32(AdwaitaPlacedList.listWidth), Int32(AdwaitaPlacedList.listHeight), 0)!
      g_object_ref_sink(dialog)
      return dialog
    }

    /// Takes `list` out of the closed `dialog` and makes it the AdwWindow `window`'s content again.
    private static func moveList(
      _ list: UnsafeMutablePointer<GtkWidget>, outOf dialog: UnsafeMutablePointer<GtkWidget>,
      backInto window: UnsafeMutablePointer<GtkWidget>
    ) {
      g_object_ref(list)
      defer { g_object_unref(list) }
      toplock_adw_dialog_set_child(dialog, nil)
      gtk_widget_set_size_request(list, -1, -1)
      adw_window_set_content(window.cast(to: AdwWindow.self), list)
    }
  }
}
