import Testing
import TopLockAdwaitaSupport
import TopLockTestSupport

/// R5 and R8 under real touch (Broadway) in every GTK container (the window, a GtkStack page, a GtkPopover with
/// and without autohide, a GtkPopoverMenu's custom child, a GtkMenuButton's popover) and each libadwaita
/// container the release has, with TopLock's default options (touch; mouse drag off). A popover is a surface
/// of its own on the touchscreen: the fingers go to it, in its px, and the emulated pointer enters it first,
/// as in a browser (an autohide popover that no pointer entered closes at the first touch). Each container's
/// stock list overshoots under the same touch.
///
/// Serialized, as `TouchRuleTests`: the touches run in real time.
@Suite(.serialized)
struct TouchContainerTests {
  /// The largest accepted difference between a host translation and the finger's travel, px.
  private static let fingerTolerance = 1.0
  /// Rows in the list, as in the mouse's container tests.
  private static let rowCount = 300

  /// Shows the scene `command` asks for, drags `dy` px down with one finger from a third of the way down the
  /// list, resting 100 ms before the release, and returns what the fixture saw once everything stopped moving.
  private func measure(_ command: TouchFixtureCommand, dy: Double) throws -> TouchFixtureReport {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(command)
    let start = session.point(WidgetPoint(x: session.list.width / 2, y: session.list.height / 3))
    try session.touchscreen.drag(
      .drag(dy: dy, holdBeforeReleaseMilliseconds: 100), from: start, on: session.surface)
    try session.waitUntilStill()
    return try session.report()
  }

  /// `scene` with its list in `container` at `value` (px), measured under a `dy` px drag.
  private func measure(
    _ scene: TouchFixtureCommand.Scene, in container: ListContainer, value: Double, dy: Double
  ) throws -> TouchFixtureReport {
    try measure(
      TouchFixtureCommand(.scene, scene: scene, value: value, rowCount: Self.rowCount, container: container),
      dy: dy)
  }

  /// `scene` with its list in the libadwaita `container` at `value` (px), measured under a `dy` px drag.
  private func measure(
    _ scene: TouchFixtureCommand.Scene, in container: AdwaitaContainer, value: Double, dy: Double
  ) throws -> TouchFixtureReport {
    try measure(
      TouchFixtureCommand(
        .scene, scene: scene, value: value, rowCount: Self.rowCount, adwaitaContainer: container),
      dy: dy)
  }

  /// A 150 px pull at the top in `containerName`: the stock list overshot; TopLock's neither glowed nor moved
  /// and handed the host one pull of the finger's travel.
  private func expectPullAtTheTop(
    stock: TouchFixtureReport, topLock report: TouchFixtureReport, in containerName: String
  ) {
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    print(
      "figure: touch pull 150 px at the top in \(containerName): stock top overshoots \(stock.topOvershot), "
        + "glow frames \(stock.topGlowFrames); TopLock top overshoots \(report.topOvershot), glow frames "
        + "\(report.topGlowFrames) of \(report.frames), host pull \(translation ?? .nan) px")
    #expect(stock.topOvershot > 0 && stock.topGlowFrames > 0, "the stock list overshoots")
    #expect(report.frames > 0)
    #expect(report.topOvershot == 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.value == 0)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((translation ?? 0) - 150) <= Self.fingerTolerance)
  }

  /// A 250 px drag from value 100 in `containerName`: the list reached the top and the host took the rest.
  private func expectHandOffMidDrag(_ report: TouchFixtureReport, in containerName: String) {
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    print(
      "figure: touch drag 250 px from value 100 in \(containerName): value \(report.value), host pull "
        + "\(translation ?? .nan) px, top overshoots \(report.topOvershot)")
    #expect(report.value == 0)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((translation ?? 0) - 150) <= Self.fingerTolerance, "no pixel lost at the hand-off")
    #expect(report.topOvershot == 0)
  }

  @Test(arguments: ListContainer.allCases)
  func touch_R5_pullDownAtTheTop_movesTheHostNotTheContent_inEveryContainer(container: ListContainer) throws {
    let stock = try measure(.stock, in: container, value: 0, dy: 150)
    let report = try measure(.toplock, in: container, value: 0, dy: 150)
    expectPullAtTheTop(stock: stock, topLock: report, in: container.rawValue)
  }

  @Test(arguments: ListContainer.allCases)
  func touch_R8_scrollUpToTheTopThenKeepPulling_movesTheHost_inEveryContainer(container: ListContainer) throws
  {
    expectHandOffMidDrag(try measure(.toplock, in: container, value: 100, dy: 250), in: container.rawValue)
  }

  /// R5 in each libadwaita container the release's libadwaita has (every one on Debian 13's 1.7 and sid's
  /// 1.10, the AdwWindow's content alone on Debian 12's 1.2), started in the fixture's own process.
  @Test(arguments: AdwaitaContainer.available)
  func touch_R5_pullDownAtTheTop_movesTheHostNotTheContent_inEveryLibadwaitaContainer(
    container: AdwaitaContainer
  ) throws {
    let stock = try measure(.stock, in: container, value: 0, dy: 150)
    let report = try measure(.toplock, in: container, value: 0, dy: 150)
    expectPullAtTheTop(stock: stock, topLock: report, in: container.rawValue)
  }

  /// R8 in each libadwaita container the release's libadwaita has.
  @Test(arguments: AdwaitaContainer.available)
  func touch_R8_scrollUpToTheTopThenKeepPulling_movesTheHost_inEveryLibadwaitaContainer(
    container: AdwaitaContainer
  ) throws {
    expectHandOffMidDrag(try measure(.toplock, in: container, value: 100, dy: 250), in: container.rawValue)
  }
}
