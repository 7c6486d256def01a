import CTopLockGtk
import Testing
import TopLockGObject
import TopLockTestSupport
import TopLockX11Geometry

@testable import TopLock

extension ListContainer: CustomTestStringConvertible {
  public var testDescription: String { rawValue }
}

extension GTKTests {
  /// The rules wherever a GtkScrolledWindow can be: the window, a GtkPopover (autohide on and off), a
  /// GtkPopoverMenu's custom child, a GtkMenuButton's popover and a GtkStack page, with real XTest mouse
  /// drags (mouse drag on). Each container's stock list overshoots under the same input. A popover is a
  /// native of its own, whose events a window's controllers never see: TopLock's input hub lives on the
  /// list's event boundary (docs/ARCHITECTURE.md, "Input hub").
  @Suite
  @MainActor
  struct ContainerTests {
    @Test(arguments: ListContainer.allCases)
    func R5_pullDownAtTheTop_movesTheHostNotTheContent_inEveryContainer(container: ListContainer) throws {
      try ContainerRuleChecks.pullAtTheTopMovesTheHost(in: container.rawValue) {
        try ContainedListScene(in: container, attachesTopLock: $0)
      }
    }

    @Test(arguments: ListContainer.allCases)
    func R8_scrollUpToTheTopThenKeepPulling_movesTheHost_inEveryContainer(container: ListContainer) throws {
      try ContainerRuleChecks.keepPullingPastTheTopMovesTheHost(in: container.rawValue) {
        try ContainedListScene(in: container, attachesTopLock: $0)
      }
    }

    /// A popover closed by the app in the middle of a pull (`ContainerRuleChecks.closedMidPullCancelsThePull`).
    @Test(arguments: ListContainer.allCases.filter(\.isInPopover))
    func R15_popoverClosedMidPull_cancelsThePull_andPullsAgainOnceOpen(container: ListContainer) throws {
      try ContainerRuleChecks.closedMidPullCancelsThePull(in: container.rawValue) {
        try ContainedListScene(in: container, attachesTopLock: $0)
      }
    }

    /// The attached list moved from the window into a popover and back, each time shown: it pulls in each
    /// place, and each place's input hub is on its boundary only while the list is there.
    @Test func listMovedFromTheWindowToAPopoverAndBack_pullsInEach_andLeavesNoHubBehind() throws {
      let scene = try ContainedListScene(in: .window, attachesTopLock: true)
      defer { scene.tearDown() }
      let window = scene.fixture.window
      let list = scene.fixture.scrolledWindow
      var translations = [try scene.measureDrag(dy: 100, from: 0).translation]

      let inPopover = PlacedList(scene.fixture, in: .popover)
      defer { inPopover.remove() }
      inPopover.reveal()
      try scene.fixture.waitUntilShown(in: inPopover)
      let hubOnWindowWhileInPopover = InputHub.installed(on: window) != nil
      let hubOnPopover = inPopover.popover.map { InputHub.installed(on: $0) != nil } ?? false
      translations.append(try scene.measureDrag(dy: 100, from: 0).translation)

      inPopover.close()
      MainLoopPump.run(timeoutMilliseconds: 1000) { gtk_widget_get_mapped(list) == 0 }
      inPopover.putListBackInWindow()
      try scene.fixture.waitUntilShown(in: scene.placed)
      translations.append(try scene.measureDrag(dy: 100, from: 0).translation)
      print(
        "figure: mouse pulls of 100 px in the window, a popover, the window: \(translations) px; hub on the "
          + "window while in the popover \(hubOnWindowWhileInPopover), on the popover \(hubOnPopover)")
      #expect(translations.allSatisfy { abs($0 - 100) <= ContainerRuleChecks.pointerTolerance })
      #expect(scene.host.beganCount == 3)
      #expect(!hubOnWindowWhileInPopover)
      #expect(hubOnPopover)
      #expect(InputHub.installed(on: window) != nil)
    }
  }
}
