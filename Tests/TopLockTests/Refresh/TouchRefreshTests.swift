import Testing
import TopLockTestSupport

/// `TopLockRefresh` in the touch fixture under real Broadway touch, its default options (mouse drag off):
/// the glow GTK draws (`GlowFrameCounter`), the refresh's state and the list's accessible state read back
/// from GTK's test accessibility context (`GTK_A11Y=test`). The stock control is the same touch on a plain
/// list, which glows.
@Suite(.serialized)
struct TouchRefreshTests {
  /// A pull down of 150 px past the 64 px trigger, resting 100 ms before the release.
  private static let pullPastTheTrigger = DragStroke.drag(dy: 150, holdBeforeReleaseMilliseconds: 100)
  /// A point in the list's upper part, in the list's px.
  private static let upperListPoint = WidgetPoint(x: 200, y: 150)

  @Test func touch_refresh_stockControl_samePull_glows() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(.stock, value: 0)
    try session.touchscreen.drag(
      Self.pullPastTheTrigger, from: session.point(Self.upperListPoint), on: session.surface)
    try session.waitUntilStill()
    let stock = try session.report()
    print("figure: touch refresh stock control: top-glow frames \(stock.topGlowFrames) of \(stock.frames)")
    #expect(stock.topGlowFrames > 0)
  }

  /// P1, P2 and P4: the release past the trigger refreshes once, with no top glow; the indicator rests at
  /// 64 px and the list is busy until `endRefreshing()`, then the indicator hides and the list is not busy.
  @Test func touch_refresh_pullPastTheTrigger_refreshesOnceWithoutGlow_andTheListIsBusyUntilTheEnd() throws {
    let session = try TouchFixtureSession(accessibility: "test")
    defer { session.stop() }
    try session.show(.refresh, value: 0)
    let before = try session.send(TouchFixtureCommand(.accessible))
    try session.touchscreen.drag(
      Self.pullPastTheTrigger, from: session.point(Self.upperListPoint), on: session.surface)
    try session.waitUntilStill()
    let refreshing = try session.report()
    let busy = try session.send(TouchFixtureCommand(.accessible))
    _ = try session.send(TouchFixtureCommand(.endRefresh))
    try session.waitUntilStill()
    let ended = try session.report()
    let notBusy = try session.send(TouchFixtureCommand(.accessible))
    print(
      "figure: touch refresh, 150 px pull: top-glow frames \(refreshing.topGlowFrames) of \(refreshing.frames), "
        + "refreshes \(refreshing.refreshCount ?? -1), revealed \(refreshing.revealedHeight ?? .nan) px, busy "
        + "\(String(describing: before.busy)) -> \(String(describing: busy.busy)) -> "
        + "\(String(describing: notBusy.busy)); revealed after the end \(ended.revealedHeight ?? .nan) px")
    #expect(refreshing.topGlowFrames == 0)
    #expect(refreshing.topOvershot == 0)
    #expect(refreshing.value == 0)
    #expect(refreshing.refreshCount == 1)
    #expect(refreshing.isRefreshing == true)
    #expect(refreshing.revealedHeight == 64)
    #expect(before.labelMatches == true)
    #expect(before.busy != true)
    #expect(busy.busy == true)
    #expect(ended.isRefreshing == false)
    #expect(ended.revealedHeight == 0)
    #expect(notBusy.busy == false)
    #expect(ended.topGlowFrames == 0)
  }

  /// P3: while refreshing the list scrolls freely under the indicator; back at its top a further pull
  /// stretches the indicator and starts no second refresh.
  @Test func touch_refresh_whileRefreshing_theListScrolls_andASecondPullStartsNoOther() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(.refresh, value: 0)
    try session.touchscreen.drag(
      Self.pullPastTheTrigger, from: session.point(Self.upperListPoint), on: session.surface)
    try session.waitUntilStill()
    try session.touchscreen.drag(
      .drag(dy: -200, holdBeforeReleaseMilliseconds: 200), from: session.point(WidgetPoint(x: 200, y: 500)),
      on: session.surface)
    try session.waitUntilStill()
    let scrolled = try session.report()
    try session.touchscreen.drag(
      .drag(dy: 400, holdBeforeReleaseMilliseconds: 200), from: session.point(WidgetPoint(x: 200, y: 150)),
      on: session.surface)
    try session.waitUntilStill()
    let pulledAgain = try session.report()
    print(
      "figure: touch refresh, while refreshing: value after a 200 px drag up \(scrolled.value) px, revealed "
        + "\(scrolled.revealedHeight ?? .nan) px; after a 400 px drag down: value \(pulledAgain.value), "
        + "refreshes \(pulledAgain.refreshCount ?? -1), top-glow frames \(pulledAgain.topGlowFrames)")
    #expect(scrolled.value > 100, "the list scrolled under the refresh")
    #expect(scrolled.revealedHeight == 64)
    #expect(pulledAgain.value == 0)
    #expect(pulledAgain.refreshCount == 1)
    #expect(pulledAgain.pullEvents.count { $0.kind == .began } == 2)
    #expect(pulledAgain.revealedHeight == 64)
    #expect(pulledAgain.topGlowFrames == 0)
  }

  /// L2 and R15: the scroller detached mid-pull (as when the list goes) cancels the pull: the indicator
  /// springs back and nothing refreshes.
  @Test func touch_refresh_detachedMidPull_cancelsThePull_andRefreshesNothing() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(.refresh, value: 0)
    let start = session.point(Self.upperListPoint)
    var finger = try session.touchscreen.down(at: start, on: session.surface)
    session.touchscreen.hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
    finger = try session.touchscreen.move(
      finger, to: WidgetPoint(x: start.x, y: start.y + 120), steps: 24, stepMilliseconds: 16)
    _ = try session.send(TouchFixtureCommand(.detach))
    finger = try session.touchscreen.move(
      finger, to: WidgetPoint(x: start.x, y: start.y + 160), steps: 8, stepMilliseconds: 16)
    try session.touchscreen.up(finger)
    try session.waitUntilStill()
    let report = try session.report()
    print(
      "figure: touch refresh detached mid-pull: pull events \(report.pullEvents.map(\.kind.rawValue).suffix(2)), "
        + "refreshes \(report.refreshCount ?? -1), revealed \(report.revealedHeight ?? .nan) px")
    #expect(report.pullEvents.last?.kind == .cancelled)
    #expect(report.refreshCount == 0)
    #expect(report.revealedHeight == 0)
  }
}
