import Foundation
import Testing
import TopLockTestSupport

/// Pull to refresh (rules P1 to P4) in `toplock-demo --scene refresh`, driven by real input from outside:
/// the X11 mouse (XTest, mouse drag on), Broadway touch with one and two fingers, and sway's touchpad; the
/// wheel never refreshes. Each is read in the trace: `pull` is the indicator's revealed height, `refresh`
/// lines say when a refresh begins and ends, `overshoot` lines are GTK's `edge-overshot`. The stock control,
/// `--scene refresh --stock`, overshoots its top under the same pull and refreshes nothing.
///
/// The expected heights are `IndicatorModel`'s: 1:1 with the pull up to the 64 px trigger, half a px per px
/// past it.
@Suite(.serialized)
struct DemoRefreshTests {
  private static let scene = ["--scene", "refresh", "--rows", "100"]
  /// A completed refresh: one start and one end, the indicator resting at the trigger's height while it
  /// ran, back to 0 after, five rows more (of 100 rows at first) shown at the top, and no top overshoot.
  private func expectOneCompletedRefresh(_ refreshes: RefreshTrace) {
    #expect(refreshes.began == 1)
    #expect(refreshes.ended == 1)
    #expect(
      refreshes.whileRefreshing.contains {
        abs(($0.number("pull") ?? .nan) - IndicatorModel.trigger) <= IndicatorModel.tolerance
      },
      "the indicator rests at the trigger's height while refreshing")
    #expect(refreshes.lastState?.number("pull") == 0)
    #expect(refreshes.lastState?.number("value") == 0, "the list shows the new rows at its top")
    if let upper = refreshes.firstUpper, let last = refreshes.lastState?.number("upper") {
      #expect(abs(last - upper * 105 / 100) <= 1, "five new rows of the same height")
    } else {
      Issue.record("no state line with an upper")
    }
    #expect(refreshes.topOvershoots == 0)
  }

  // MARK: - X11 mouse

  /// A 150 px mouse pull at the top: the heights follow the model at every motion, the list stays at its
  /// top, and the release refreshes once.
  @Test func refresh_mousePullPastTheTrigger_revealsOneToOneThenResists_andRefreshesOnce() throws {
    let pull = 150.0
    let steps = 20
    let events = try DemoInputTests.traceAfter(Self.scene, quitAfter: "3.5") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      pointer.drag(fromX: list.x + list.width / 2, y: list.y + 60, verticalDistance: pull, steps: steps)
      pointer.wait(milliseconds: 2_400)
    }
    let refreshes = RefreshTrace(events)
    let travels = [1.0] + (1...steps).map { pull * Double($0) / Double(steps) }
    let offModel = refreshes.hostPulls.filter { height in
      !travels.contains { abs(IndicatorModel.revealed($0) - height) <= IndicatorModel.tolerance }
    }
    print("figure: demo refresh, 150 px mouse pull: heights \(refreshes.hostPulls) px; \(refreshes.summary)")
    #expect(!refreshes.hostPulls.isEmpty, "the host never owned the pull")
    #expect(offModel.isEmpty, "heights off the model: \(offModel)")
    #expect(abs((refreshes.hostPulls.max() ?? 0) - IndicatorModel.revealed(pull)) <= IndicatorModel.tolerance)
    let beforeRefresh = events.prefix { $0.name != "refresh" }.filter { $0.name == "state" }
    #expect(beforeRefresh.allSatisfy { $0.number("value") == 0 }, "the list moved during the pull")
    expectOneCompletedRefresh(refreshes)
  }

  @Test func refresh_mousePullShortOfTheTrigger_springsBack_andRefreshesNothing() throws {
    let events = try DemoInputTests.traceAfter(Self.scene, quitAfter: "2") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      pointer.drag(fromX: list.x + list.width / 2, y: list.y + 60, verticalDistance: 50, steps: 10)
      pointer.wait(milliseconds: 1_000)
    }
    let refreshes = RefreshTrace(events)
    print("figure: demo refresh, 50 px mouse pull: \(refreshes.summary)")
    #expect(abs((refreshes.hostPulls.max() ?? 0) - 50) <= IndicatorModel.tolerance)
    #expect(refreshes.began == 0)
    #expect(refreshes.lastState?.number("pull") == 0, "sprung back")
    #expect(refreshes.topOvershoots == 0)
  }

  /// A second pull while the first refresh runs stretches the indicator from the trigger's height with the
  /// resistance, springs back to it, and starts no other refresh.
  @Test func refresh_secondPullWhileRefreshing_startsNoOther() throws {
    let events = try DemoInputTests.traceAfter(Self.scene, quitAfter: "3.5") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      let x = list.x + list.width / 2
      pointer.drag(fromX: x, y: list.y + 60, verticalDistance: 150, steps: 20)
      pointer.wait(milliseconds: 300)
      pointer.drag(fromX: x, y: list.y + 140, verticalDistance: 100, steps: 10)
      pointer.wait(milliseconds: 2_000)
    }
    let refreshes = RefreshTrace(events)
    let stretched = refreshes.whileRefreshing.filter { $0.string("owner") == "host" }.compactMap {
      $0.number("pull")
    }
    print(
      "figure: demo refresh, a second pull while refreshing: heights \(stretched) px; \(refreshes.summary)")
    #expect(abs((stretched.max() ?? 0) - (IndicatorModel.trigger + 100 * 0.5)) <= IndicatorModel.tolerance)
    expectOneCompletedRefresh(refreshes)
  }

  @Test func refresh_wheelUpAtTheTop_neverRefreshes() throws {
    let events = try DemoInputTests.traceAfter(Self.scene, quitAfter: "2") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      pointer.wheelUp(atX: list.x + list.width / 2, y: list.y + 60, clicks: 15)
      pointer.wait(milliseconds: 800)
    }
    let refreshes = RefreshTrace(events)
    print("figure: demo refresh, 15 wheel clicks up at the top: \(refreshes.summary)")
    #expect(refreshes.pulls.allSatisfy { $0 == 0 })
    #expect(refreshes.began == 0)
    #expect(refreshes.topOvershoots == 0)
  }

  /// The stock control: the same 150 px mouse pull on a plain GtkScrolledWindow overshoots its top and
  /// refreshes nothing.
  @Test func refresh_stock_samePull_overshootsTheTop_andRefreshesNothing() throws {
    let events = try DemoInputTests.traceAfter(Self.scene + ["--stock"], quitAfter: "2") { pointer, ready in
      guard let list = ready.rectangle("list") else { return }
      pointer.drag(fromX: list.x + list.width / 2, y: list.y + 60, verticalDistance: 150, steps: 20)
      pointer.wait(milliseconds: 800)
    }
    let refreshes = RefreshTrace(events)
    print("figure: demo refresh --stock, 150 px mouse pull: \(refreshes.summary)")
    #expect(refreshes.topOvershoots > 0, "the stock list springs at its top")
    #expect(refreshes.began == 0)
    #expect(refreshes.pulls.allSatisfy { $0 == 0 })
  }

  // MARK: - Broadway touch

  /// Runs the refresh scene (`stock`: its stock control) under Broadway, calls `drive` with the touchscreen,
  /// the surface and the list's rectangle, and returns the trace.
  private func touchTrace(
    stock: Bool = false, quitAfter: String,
    drive: (BroadwayTouchscreen, Int, TraceEvent.Rectangle) throws -> Void
  ) throws -> [TraceEvent] {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    let demo = try DemoTraceProcess.start(
      environment: touchscreen.applicationEnvironment, quitAfter: quitAfter,
      arguments: Self.scene + (stock ? ["--stock"] : []))
    defer { demo.stop() }
    let ready = try #require(demo.nextTraceEvent())
    let list = try #require(ready.rectangle("list"))
    let surface = try touchscreen.waitForNewSurface()
    try drive(touchscreen, surface.id, list)
    let (events, status) = demo.finishTrace()
    #expect(status == 0)
    return [ready] + events
  }

  @Test(arguments: [(150.0, true), (40, false)])
  func refresh_touchPull_refreshesPastTheTriggerOnly(distance: Double, refreshes expected: Bool) throws {
    let events = try touchTrace(quitAfter: "3.5") { touchscreen, surface, list in
      try touchscreen.drag(
        .drag(dy: distance), from: WidgetPoint(x: list.x + list.width / 2, y: list.y + 60), on: surface)
    }
    let refreshes = RefreshTrace(events)
    print("figure: demo refresh under Broadway, \(distance) px touch pull: \(refreshes.summary)")
    #expect(
      abs((refreshes.hostPulls.max() ?? 0) - IndicatorModel.revealed(distance)) <= IndicatorModel.tolerance)
    if expected {
      expectOneCompletedRefresh(refreshes)
    } else {
      #expect(refreshes.began == 0)
      #expect(refreshes.lastState?.number("pull") == 0)
      #expect(refreshes.topOvershoots == 0)
    }
  }

  /// Two fingers: a second finger lands during the first's pull, moves along and lifts first; the first
  /// finger's 200 px decide, and its lift refreshes once.
  @Test func refresh_touchPullWithASecondFinger_followsTheFirst_andRefreshesOnce() throws {
    var firstTravel = 0.0
    let events = try touchTrace(quitAfter: "3.5") { touchscreen, surface, list in
      firstTravel = try touchscreen.pullWithASecondFinger(
        firstAt: WidgetPoint(x: list.x + list.width / 3, y: list.y + 60),
        secondAt: WidgetPoint(x: list.x + list.width * 2 / 3, y: list.y + 60), on: surface)
    }
    let refreshes = RefreshTrace(events)
    print(
      "figure: demo refresh under Broadway, two fingers, the first \(firstTravel) px: \(refreshes.summary)")
    #expect(
      abs((refreshes.hostPulls.max() ?? 0) - IndicatorModel.revealed(firstTravel)) <= IndicatorModel.tolerance
    )
    expectOneCompletedRefresh(refreshes)
  }

  @Test func refresh_stock_touchPull_overshootsTheTop_andRefreshesNothing() throws {
    let events = try touchTrace(stock: true, quitAfter: "2") { touchscreen, surface, list in
      try touchscreen.drag(
        .drag(dy: 150), from: WidgetPoint(x: list.x + list.width / 2, y: list.y + 60), on: surface)
    }
    let refreshes = RefreshTrace(events)
    print("figure: demo refresh --stock under Broadway, 150 px touch pull: \(refreshes.summary)")
    #expect(refreshes.topOvershoots > 0, "the stock list springs at its top")
    #expect(refreshes.began == 0)
  }

  // MARK: - sway touchpad

  /// A two-finger touchpad pull at the top (2.5 px per unit): past the trigger it refreshes once, at the
  /// scroll stop and not before; short of it, nothing.
  @Test(arguments: [(-5.0, 12, true), (-2, 6, false)])
  func refresh_touchpadPull_refreshesAtTheLiftPastTheTriggerOnly(
    delta: Double, count: Int, refreshes expected: Bool
  ) throws {
    let session = try SwayDemo(arguments: Self.scene, quitAfter: "3.5")
    defer { session.stop() }
    let (demo, pointer, list) = (session.demo, session.pointer, session.list)
    try session.placePointer(at: WidgetPoint(x: list.x + list.width / 2, y: list.y + 60))
    let swipe = TouchpadSwipe.resting(delta, count: count)
    try pointer.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
    let beforeStop = demo.drainTrace()
    try pointer.scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
    let (afterStop, status) = demo.finishTrace()

    let distance = -DemoWaylandTests.pixelsPerUnit * swipe.total
    let refreshes = RefreshTrace(beforeStop + afterStop)
    print(
      "figure: demo refresh under sway, a \(distance) px touchpad pull: \(refreshes.summary); heights "
        + "\(refreshes.hostPulls) px")
    #expect(
      refreshes.largestHostPull(
        matchesTheModelFor: distance, step: DemoWaylandTests.pixelsPerUnit * abs(delta)))
    #expect(RefreshTrace(beforeStop).began == 0, "nothing refreshes before the lift")
    if expected {
      expectOneCompletedRefresh(refreshes)
    } else {
      #expect(refreshes.began == 0)
      #expect(refreshes.lastState?.number("pull") == 0)
    }
    #expect(status == 0)
  }
}
