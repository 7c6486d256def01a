import Testing
import TopLockTestSupport

/// The demo on Wayland, driven from outside: `toplock-demo --trace` on a private headless sway
/// (`HeadlessSway`, an output of the demo window's default size, which sway tiles it over), with
/// `GDK_BACKEND=wayland GTK_A11Y=none G_DEBUG=fatal-criticals`, and sway's virtual pointer
/// (`WaylandVirtualPointer`) for real touchpad scrolling. Its `ready` rectangles are then in its window
/// surface's px, which include GTK's client-side shadow, while sway puts the window without it (its window
/// geometry) at the output's origin: a point the pointer takes is the surface point less the shadow's left
/// and top (`outputPoint`).
@Suite(.serialized)
struct DemoWaylandTests {
  /// The output's size: the demo window's default size (`DemoWindow.defaultSize`), px.
  static let outputSize = (width: 440, height: 800)
  /// GTK 4.8's scrolled window moves this many px per touchpad unit (`MAGIC_SCROLL_FACTOR`).
  static let pixelsPerUnit = 2.5
  /// The largest accepted difference between the pull and 2.5 x the deltas, px (rule R13).
  private static let pullTolerance = 1.0
  /// How far below the list's top the pointer rests, px: near enough that the sheet, following the pull,
  /// moves the list out from under it.
  private static let pointerBelowListTop = 10.0

  @Test func wayland_demo_underSway_printsReadyAndExitsZero() throws {
    let sway = try HeadlessSway(outputWidth: Self.outputSize.width, outputHeight: Self.outputSize.height)
    defer { sway.stop() }
    try DemoTraceProcess.expectReadyAndExitZero(
      environment: sway.applicationEnvironment, displayName: "sway")
  }

  /// Rules R1 and R13 in the demo: a two-finger touchpad pull at the top with the pointer just below the
  /// list's top, where the sheet following the pull moves the list out from under it. No `overshoot` line;
  /// the pull reaches 2.5 px a unit of every delta sent (GTK 4.8's scrolled window skips the first smooth delta
  /// of a sequence when it scrolls itself, but its scroll controllers, TopLock's among them, receive every
  /// one: `TouchpadRuleTests.touchpad_R13_pullAtTheTop_movesTheHost2_5PxPerUnitAndReleasesWithDecelerate`
  /// finds GTK's deltas summing to those sent); after the scroll stop nothing is left owned and the pull is 0.
  @Test func wayland_demo_touchpadPullAtTheTop_pointerNearTheListTop_pullsAndEndsAtTheStop() throws {
    let session = try SwayDemo(quitAfter: "4")
    defer { session.stop() }
    let (demo, pointer, list) = (session.demo, session.pointer, session.list)
    let start = try Self.outputPoint(
      WidgetPoint(x: list.x + list.width / 2, y: list.y + Self.pointerBelowListTop), list: list)
    try pointer.place(at: start)
    let beforeSwipe = demo.drainTrace()

    let swipe = TouchpadSwipe(
      deltas: [-2, -3, -4, -5, -6, -6, -6, -6, -5, -5, -4, -4, -3, -3],
      stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    try pointer.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
    let beforeStop = demo.drainTrace()
    try pointer.scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
    let (afterStop, status) = demo.finishTrace()

    let expectedPull = -Self.pixelsPerUnit * swipe.total
    let pulls = (beforeStop + afterStop).filter { $0.name == "state" }.compactMap { $0.number("pull") }
    let largestPull = pulls.max() ?? .nan
    let lastState = afterStop.last { $0.name == "state" }
    let events = beforeSwipe + beforeStop + afterStop
    print(
      "figure: demo under sway, touchpad pull at the top with the pointer \(Self.pointerBelowListTop) px below "
        + "the list's top (output (\(start.x), \(start.y)), list \(list) in surface px): largest pull \(largestPull) px vs 2.5 x the deltas sent \(expectedPull) px; "
        + "owner at the stop \(beforeStop.last { $0.name == "state" }?.string("owner") ?? "nil"), last state "
        + "owner \(lastState?.string("owner") ?? "nil") pull \(lastState?.number("pull") ?? .nan) sheet "
        + "\(lastState?.number("sheet") ?? .nan); overshoot lines \(events.count { $0.name == "overshoot" })")
    #expect(!events.contains { $0.name == "overshoot" })
    #expect(abs(largestPull - expectedPull) <= Self.pullTolerance)
    #expect(
      afterStop.contains { $0.name == "state" && $0.string("owner") == "none" && $0.number("pull") == 0 },
      "after the scroll stop, a state line with owner none and pull 0")
    #expect(lastState?.string("owner") == "none")
    #expect(lastState?.number("pull") == 0)
    #expect(events.filter { $0.name == "state" }.allSatisfy { $0.number("value") == 0 }, "the list moved")
    #expect(status == 0)
  }

  /// `point`, in the demo window surface's px, in the output's px: less the client-side shadow's left and
  /// top. The demo's list spans its window's width and reaches its bottom (the sheet's), so these are the
  /// list's left and how far its bottom lies past the output's.
  ///
  /// - Throws: when the list does not span the output's width (the layout this relies on changed).
  static func outputPoint(_ point: WidgetPoint, list: TraceEvent.Rectangle) throws -> WidgetPoint {
    try #require(list.width == Double(Self.outputSize.width), "the demo's list spans the window's width")
    let shadowTop = list.y + list.height - Double(Self.outputSize.height)
    return WidgetPoint(x: point.x - list.x, y: point.y - shadowTop)
  }
}
