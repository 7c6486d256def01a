import Glibc
import Testing
import TopLockTestSupport

/// Load more (rule P5) in `toplock-demo --scene more`: pull to refresh at the list's bottom, driven by the
/// X11 mouse (XTest, mouse drag on), Broadway touch and sway's touchpad. The list is first wheeled to its
/// bottom; a push up there reveals the indicator below the list 1:1 up to the 64 px trigger, half a px per
/// px past it, while the list's value stays at its bottom; a release past the trigger loads once (five rows
/// more at the bottom), one short of it springs back. The stock control, `--scene more --stock`, overshoots
/// its bottom under the same push and loads nothing.
@Suite(.serialized)
struct DemoMoreTests {
  private static let scene = ["--scene", "more", "--rows", "100"]
  /// Wheel clicks that take the 100-row list to its bottom from its top, with room to spare.
  private static let clicksToTheBottom = 120
  /// The list's value once the wheel took it to its bottom: the value of the state lines while the host
  /// owned the push (they must all agree).
  private func bottomValue(_ events: [TraceEvent]) -> Double? {
    let values = Set(events.filter { $0.string("owner") == "host" }.compactMap { $0.number("value") })
    return values.count == 1 ? values.first : nil
  }

  /// Wheels the list to its bottom with the mouse, then pushes `distance` px up from 60 px above the list's
  /// bottom, and waits `settleMilliseconds`.
  private func mouseTrace(
    stock: Bool = false, distance: Double, steps: Int, settleMilliseconds: Int
  ) throws -> [TraceEvent] {
    try DemoInputTests.traceAfter(Self.scene + (stock ? ["--stock"] : []), quitAfter: "7") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      let x = list.x + list.width / 2
      pointer.wheelDown(atX: x, y: list.y + list.height / 2, clicks: Self.clicksToTheBottom)
      pointer.wait(milliseconds: 800)
      pointer.drag(fromX: x, y: list.y + list.height - 60, verticalDistance: -distance, steps: steps)
      pointer.wait(milliseconds: settleMilliseconds)
    }
  }

  /// A load that completed: one start and one end, the indicator resting at the trigger's height while it
  /// ran and back to 0 after, five rows more (of 100) below, and the rows in view kept in place as the
  /// indicator hid (the list scrolled down by the trigger's 64 px, into the new rows), no overshoot.
  private func expectOneCompletedLoad(_ refreshes: RefreshTrace, listBottom: Double?) {
    #expect(refreshes.began == 1)
    #expect(refreshes.ended == 1)
    #expect(
      refreshes.whileRefreshing.contains {
        abs(($0.number("pull") ?? .nan) - IndicatorModel.trigger) <= IndicatorModel.tolerance
      },
      "the indicator rests at the trigger's height while loading")
    #expect(refreshes.lastState?.number("pull") == 0)
    #expect(
      refreshes.lastState?.number("value") == listBottom.map { $0 + IndicatorModel.trigger },
      "the rows in view stayed in place as the indicator hid")
    if let upper = refreshes.firstUpper, let last = refreshes.lastState?.number("upper") {
      #expect(abs(last - upper * 105 / 100) <= 1, "five new rows of the same height")
    } else {
      Issue.record("no state line with an upper")
    }
    #expect(refreshes.bottomOvershoots == 0)
    #expect(refreshes.topOvershoots == 0)
  }

  // MARK: - X11 mouse

  /// A 150 px mouse push up at the bottom: the heights follow the model at every motion, the list stays at
  /// its bottom, and the release loads once.
  @Test func more_mousePushPastTheTrigger_revealsOneToOneThenResists_andLoadsOnce() throws {
    let push = 150.0
    let steps = 20
    let events = try mouseTrace(distance: push, steps: steps, settleMilliseconds: 2_400)
    let refreshes = RefreshTrace(events)
    let travels = [1.0] + (1...steps).map { push * Double($0) / Double(steps) }
    let offModel = refreshes.hostPulls.filter { height in
      !travels.contains { abs(IndicatorModel.revealed($0) - height) <= IndicatorModel.tolerance }
    }
    let listBottom = bottomValue(events)
    print(
      "figure: demo more, 150 px mouse push at the bottom (\(listBottom ?? .nan) px): heights "
        + "\(refreshes.hostPulls) px; \(refreshes.summary)")
    #expect(!refreshes.hostPulls.isEmpty, "the bottom host never owned the push")
    #expect((listBottom ?? 0) > 1_000, "the list stayed at its bottom while the host had the push")
    #expect(offModel.isEmpty, "heights off the model: \(offModel)")
    #expect(abs((refreshes.hostPulls.max() ?? 0) - IndicatorModel.revealed(push)) <= IndicatorModel.tolerance)
    expectOneCompletedLoad(refreshes, listBottom: listBottom)
  }

  @Test func more_mousePushShortOfTheTrigger_springsBack_andLoadsNothing() throws {
    let events = try mouseTrace(distance: 50, steps: 10, settleMilliseconds: 1_000)
    let refreshes = RefreshTrace(events)
    print("figure: demo more, 50 px mouse push at the bottom: \(refreshes.summary)")
    #expect(abs((refreshes.hostPulls.max() ?? 0) - 50) <= IndicatorModel.tolerance)
    #expect(refreshes.began == 0)
    #expect(refreshes.lastState?.number("pull") == 0, "sprung back")
    #expect(refreshes.bottomOvershoots == 0)
  }

  /// The stock control: the same 150 px push on a plain GtkScrolledWindow at its bottom overshoots there and
  /// loads nothing.
  @Test func more_stock_samePush_overshootsTheBottom_andLoadsNothing() throws {
    let events = try mouseTrace(stock: true, distance: 150, steps: 20, settleMilliseconds: 800)
    let refreshes = RefreshTrace(events)
    print("figure: demo more --stock, 150 px mouse push at the bottom: \(refreshes.summary)")
    #expect(refreshes.bottomOvershoots > 0, "the stock list springs at its bottom")
    #expect(refreshes.began == 0)
    #expect(refreshes.pulls.allSatisfy { $0 == 0 })
  }

  // MARK: - Broadway touch

  /// One finger pushes 150 px up at the bottom (the list wheeled there with Broadway's wheel): it loads once.
  @Test func more_touchPushPastTheTrigger_loadsOnce() throws {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    let demo = try DemoTraceProcess.start(
      environment: touchscreen.applicationEnvironment, quitAfter: "7", arguments: Self.scene)
    defer { demo.stop() }
    let ready = try #require(demo.nextTraceEvent())
    let list = try #require(ready.rectangle("list"))
    let surface = try touchscreen.waitForNewSurface().id
    let x = list.x + list.width / 2
    try touchscreen.wheelDown(
      clicks: Self.clicksToTheBottom, at: WidgetPoint(x: x, y: list.y + list.height / 2), on: surface)
    touchscreen.hold(milliseconds: 800)
    try touchscreen.drag(
      .drag(dy: -150, holdBeforeReleaseMilliseconds: 300),
      from: WidgetPoint(x: x, y: list.y + list.height - 60),
      on: surface)
    let (events, status) = demo.finishTrace()
    #expect(status == 0)
    let refreshes = RefreshTrace(events)
    let listBottom = bottomValue(events)
    print("figure: demo more under Broadway, a 150 px touch push at the bottom: \(refreshes.summary)")
    #expect(abs((refreshes.hostPulls.max() ?? 0) - IndicatorModel.revealed(150)) <= IndicatorModel.tolerance)
    #expect((listBottom ?? 0) > 1_000, "the list stayed at its bottom while the host had the push")
    expectOneCompletedLoad(refreshes, listBottom: listBottom)
  }

  // MARK: - sway touchpad

  /// A two-finger touchpad push of 150 px (2.5 px a unit) at the bottom, the list wheeled there first: it
  /// loads once, at the scroll stop and not before.
  @Test func more_touchpadPushPastTheTrigger_loadsAtTheLift() throws {
    let session = try SwayDemo(arguments: Self.scene, quitAfter: "6")
    defer { session.stop() }
    let (demo, pointer, list) = (session.demo, session.pointer, session.list)
    try session.placePointer(at: WidgetPoint(x: list.x + list.width / 2, y: list.y + list.height / 2))
    try pointer.wheel(steps: Self.clicksToTheBottom)
    usleep(800_000)
    let delta = 5.0
    let swipe = TouchpadSwipe.resting(delta, count: 12)
    try pointer.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
    let beforeStop = demo.drainTrace()
    try pointer.scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
    let (afterStop, status) = demo.finishTrace()
    #expect(status == 0)

    let events = beforeStop + afterStop
    let distance = DemoWaylandTests.pixelsPerUnit * swipe.total
    let refreshes = RefreshTrace(events)
    let listBottom = bottomValue(events)
    print(
      "figure: demo more under sway, a \(distance) px touchpad push at the bottom (\(listBottom ?? .nan) px): "
        + "\(refreshes.summary); heights \(refreshes.hostPulls) px")
    #expect(
      refreshes.largestHostPull(
        matchesTheModelFor: distance, step: DemoWaylandTests.pixelsPerUnit * delta))
    #expect(RefreshTrace(beforeStop).began == 0, "nothing loads before the lift")
    #expect((listBottom ?? 0) > 1_000, "the list stayed at its bottom while the host had the push")
    expectOneCompletedLoad(refreshes, listBottom: listBottom)
  }
}
