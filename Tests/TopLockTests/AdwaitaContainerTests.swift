import CTopLockAdwaita
import CTopLockGtk
import Testing
import TopLockTestSupport

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
  }
}
