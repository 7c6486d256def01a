import Testing
import TopLockTestSupport

/// R5 and R8 under real touch (Broadway) in the window, a GtkStack page and a GtkPopover without autohide,
/// with TopLock's default options (touch; mouse drag off). A popover is a surface of its own on the
/// touchscreen: the fingers go to it, in its px. Each container's stock list overshoots under the same touch.
///
/// Not the popovers with autohide (a plain one, a GtkPopoverMenu's, a GtkMenuButton's): such a popover grabs
/// the seat, and the touches this Broadway driver sends never reach it, the stock list's neither (measured on
/// GTK 4.8: no frame moved, the value stayed at 100, no overshoot, no pull, where the same touches on the
/// popover without autohide scroll and pull). Those three are proven with the X11 mouse (`ContainerTests`).
///
/// Serialized, as `TouchRuleTests`: the touches run in real time.
@Suite(.serialized)
struct TouchContainerTests {
  /// The largest accepted difference between a host translation and the finger's travel, px.
  private static let fingerTolerance = 1.0
  /// Rows in the list, as in the mouse's container tests.
  private static let rowCount = 300
  /// The containers this driver's touches reach (see above).
  private static let touchedContainers: [ListContainer] = [.window, .stackPage, .popoverWithoutAutohide]

  /// Shows `scene` with its list in `container` at `value` (px), drags `dy` px down with one finger from a
  /// third of the way down the list, resting 100 ms before the release, and returns what the fixture saw once
  /// everything stopped moving.
  private func measure(
    _ scene: TouchFixtureCommand.Scene, in container: ListContainer, value: Double, dy: Double
  ) throws -> TouchFixtureReport {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(
      TouchFixtureCommand(.scene, scene: scene, value: value, rowCount: Self.rowCount, container: container))
    let start = session.point(WidgetPoint(x: session.list.width / 2, y: session.list.height / 3))
    try session.touchscreen.drag(
      .drag(dy: dy, holdBeforeReleaseMilliseconds: 100), from: start, on: session.surface)
    try session.waitUntilStill()
    return try session.report()
  }

  @Test(arguments: touchedContainers)
  func touch_R5_pullDownAtTheTop_movesTheHostNotTheContent_inEveryContainer(container: ListContainer) throws {
    let stock = try measure(.stock, in: container, value: 0, dy: 150)
    let report = try measure(.toplock, in: container, value: 0, dy: 150)
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    print(
      "figure: touch pull 150 px at the top in \(container): stock top overshoots \(stock.topOvershot), glow "
        + "frames \(stock.topGlowFrames); TopLock top overshoots \(report.topOvershot), glow frames "
        + "\(report.topGlowFrames) of \(report.frames), host pull \(translation ?? .nan) px")
    #expect(stock.topOvershot > 0 && stock.topGlowFrames > 0, "the stock list overshoots")
    #expect(report.frames > 0)
    #expect(report.topOvershot == 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.value == 0)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((translation ?? 0) - 150) <= Self.fingerTolerance)
  }

  @Test(arguments: touchedContainers)
  func touch_R8_scrollUpToTheTopThenKeepPulling_movesTheHost_inEveryContainer(container: ListContainer) throws
  {
    let report = try measure(.toplock, in: container, value: 100, dy: 250)
    let translation = report.pullEvents.last { $0.kind == .changed }?.translation
    print(
      "figure: touch drag 250 px from value 100 in \(container): value \(report.value), host pull "
        + "\(translation ?? .nan) px, top overshoots \(report.topOvershot)")
    #expect(report.value == 0)
    #expect(report.pullEvents.count { $0.kind == .began } == 1)
    #expect(abs((translation ?? 0) - 150) <= Self.fingerTolerance, "no pixel lost at the hand-off")
    #expect(report.topOvershot == 0)
  }
}
