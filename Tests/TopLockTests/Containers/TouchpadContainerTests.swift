import Testing
import TopLockAdwaitaSupport
import TopLockTestSupport

/// R3 and R13 under real touchpad scrolling (sway's virtual pointer, source finger) in every GTK container of
/// `ListContainer`: the window, a GtkStack page, and each popover (with and without autohide, a
/// GtkPopoverMenu's custom child, a GtkMenuButton's popover), which on Wayland is an xdg_popup of its own,
/// placed where the compositor chose: the pointer goes to the list there, in the output's px. TopLock has its
/// default options. Each container's stock list overshoots under the same stream, so that the TopLock half can
/// fail.
///
/// Serialized, as `TouchpadRuleTests`: the streams run in real time.
@Suite(.serialized)
struct TouchpadContainerTests {
  /// Rows in the list, as in the mouse's container tests.
  private static let rowCount = 300
  /// Where the pointer rests, in the list's px: the middle of the 360 x 400 px list a popover holds.
  private static let listMiddle = WidgetPoint(x: 180, y: 200)
  /// Fingers moving down (scrolling toward the top), resting before the lift: no fling.
  private static let restingUp = TouchpadSwipe.resting(-8, count: 15)

  /// Shows the scene `command` asks for at the top, rests the pointer over the list's middle, runs `restingUp`
  /// and returns what the fixture saw once everything stopped moving.
  private func measure(_ command: TouchFixtureCommand) throws -> TouchFixtureReport {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(command)
    let pointer = try session.placePointer(inList: Self.listMiddle)
    try #require(
      pointer?.target == .list,
      "the pointer must rest on the list in the container: \(String(describing: pointer))")
    try session.pointer.run(Self.restingUp)
    return try session.settledReport()
  }

  /// The stock list in `containerName` overshot; TopLock's, under the same stream, neither glowed nor moved,
  /// and handed the host one pull of 2.5 x the deltas GTK delivered.
  private func expectPullWithoutGlow(
    stock: TouchFixtureReport, topLock report: TouchFixtureReport, in containerName: String
  ) {
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    let deltas = report.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY)
    let expectedTranslation = -TouchpadRuleTests.pixelsPerUnit * deltas.reduce(0, +)
    print(
      "figure: touchpad up at the top in \(containerName): stock top-glow frames \(stock.topGlowFrames), top "
        + "overshoots \(stock.topOvershot); TopLock top-glow frames \(report.topGlowFrames) of \(report.frames), "
        + "top overshoots \(report.topOvershot), value \(report.value), host pull \(translation ?? .nan) px "
        + "(2.5 x the deltas GTK delivered: \(expectedTranslation) px), pull events "
        + "\(report.pullEvents.map(\.kind.rawValue))")
    #expect(stock.topGlowFrames > 0 && stock.topOvershot > 0, "the stock list overshoots")
    #expect(report.frames > 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
    #expect(report.value == 0)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(report.pullEvents.last?.kind == .ended)
    #expect(!deltas.isEmpty, "GTK delivered the touchpad's deltas to the list's native")
    #expect(abs((translation ?? 0) - expectedTranslation) <= TouchpadRuleTests.translationTolerance)
  }

  @Test(arguments: ListContainer.allCases)
  func touchpad_R3_R13_upAtTheTop_pullsTheHostWithoutGlow_inEveryContainer(container: ListContainer) throws {
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock, rowCount: Self.rowCount, container: container))
    let report = try measure(
      TouchFixtureCommand(.scene, scene: .toplock, rowCount: Self.rowCount, container: container))
    expectPullWithoutGlow(stock: stock, topLock: report, in: container.rawValue)
  }

  /// The same in each libadwaita container the release's libadwaita has (every one on Debian 13's 1.7 and sid's
  /// 1.10, the AdwWindow's content alone on Debian 12's 1.2), started in the fixture's own process.
  @Test(arguments: AdwaitaContainer.available)
  func touchpad_R3_R13_upAtTheTop_pullsTheHostWithoutGlow_inEveryLibadwaitaContainer(
    container: AdwaitaContainer
  ) throws {
    let stock = try measure(
      TouchFixtureCommand(.scene, scene: .stock, rowCount: Self.rowCount, adwaitaContainer: container))
    let report = try measure(
      TouchFixtureCommand(.scene, scene: .toplock, rowCount: Self.rowCount, adwaitaContainer: container))
    expectPullWithoutGlow(stock: stock, topLock: report, in: container.rawValue)
  }
}
