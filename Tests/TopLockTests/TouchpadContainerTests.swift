import Testing
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

  /// Shows `scene` at the top with its list in `container`, rests the pointer over the list's middle, runs
  /// `restingUp` and returns what the fixture saw once everything stopped moving.
  private func measure(_ scene: TouchFixtureCommand.Scene, in container: ListContainer) throws
    -> TouchFixtureReport
  {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: scene, rowCount: Self.rowCount, container: container))
    let pointer = try session.placePointer(inList: Self.listMiddle)
    try #require(
      pointer?.target == .list,
      "the pointer must rest on the list in \(container): \(String(describing: pointer))")
    try session.pointer.run(Self.restingUp)
    return try session.settledReport()
  }

  @Test(arguments: ListContainer.allCases)
  func touchpad_R3_R13_upAtTheTop_pullsTheHostWithoutGlow_inEveryContainer(container: ListContainer) throws {
    let stock = try measure(.stock, in: container)
    let report = try measure(.toplock, in: container)
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    let deltas = report.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY)
    let expectedTranslation = -TouchpadRuleTests.pixelsPerUnit * deltas.reduce(0, +)
    print(
      "figure: touchpad up at the top in \(container): stock top-glow frames \(stock.topGlowFrames), top "
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
}
