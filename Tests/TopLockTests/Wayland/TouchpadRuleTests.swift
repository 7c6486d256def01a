import Glibc
import Testing
import TopLockTestSupport

/// The touchpad rules (R3, R13; R2 and R7 for touchpad flings, R15 for a pull cut short) with real smooth scrolling: a wlroots virtual
/// pointer on a private headless sway sends touchpad deltas (source finger) with event times and a scroll
/// stop, which GTK 4.8 in the touch fixture (`GDK_BACKEND=wayland`) reads as touchpad scrolling and a scroll
/// end; TopLock has its default options unless a test says otherwise. Glow tests have a stock control under
/// the same stream, so that they can fail. The pointer rests over the list's middle, which no scene here
/// moves.
///
/// Serialized: the streams run in real time, and two at once would slow each other's frames. Each test's sway
/// is private, so these tests need no X server.
@Suite(.serialized)
struct TouchpadRuleTests {
  /// GTK 4.8's scrolled window moves this many px per touchpad unit (`MAGIC_SCROLL_FACTOR`).
  static let pixelsPerUnit = 2.5
  /// The largest accepted difference between the host's translation and 2.5 x the deltas, px (R13).
  static let translationTolerance = 1.0
  /// The largest accepted relative difference between the host's release velocity and -2.5 x `decelerate`'s.
  private static let velocityTolerance = 0.01
  /// The largest accepted relative difference between a fling's travel and stock's (R7).
  private static let travelTolerance = 0.05
  /// Where the pointer rests, in the list's px.
  private static let listMiddle = WidgetPoint(x: 200, y: 300)
  /// Fingers moving down (scrolling toward the top), resting before the lift: no fling.
  private static let restingUp = TouchpadSwipe.resting(-8, count: 15)
  /// Fingers moving down fast and lifting at full speed: GTK flings toward the top.
  private static let flingUp = TouchpadSwipe.fling(-10, count: 10)
  /// Fingers moving up fast and lifting at full speed: GTK flings away from the top. One delta every 40 ms,
  /// more than two frames, so that GTK merges no two deltas into one event: its fling velocity comes from the
  /// events' times, and a merge changes it.
  private static let flingDown = TouchpadSwipe(
    deltas: Array(repeating: 25, count: 6), stepMilliseconds: 40,
    stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
  /// The value a fling into the top starts from, px: the swipe itself (2.5 x 100 px at most) stops short of
  /// the top, the fling after it reaches the top.
  private static let flingStartValue = 600.0

  /// Shows `scene` at `value` with `options`, rests the pointer over the list's middle, runs `input` and
  /// returns what the fixture saw once everything stopped moving and glowing.
  private func measure(
    _ scene: TouchFixtureCommand.Scene, value: Double, options: TouchFixtureCommand.Options? = nil,
    input: (WaylandVirtualPointer) throws -> Void
  ) throws -> TouchFixtureReport {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(scene, value: value, options: options)
    let pointer = try session.placePointer(inList: Self.listMiddle)
    try #require(
      pointer?.target == .list, "the pointer must rest on the list: \(String(describing: pointer))")
    try input(session.pointer)
    return try session.settledReport()
  }

  private static func describe(_ report: TouchFixtureReport) -> String {
    "top-glow frames \(report.topGlowFrames) of \(report.frames), top edge-overshot \(report.topOvershot), "
      + "value \(report.value), pull events \(report.pullEvents.count)"
  }

  // MARK: - R3: up at and near the top

  @Test(arguments: [0.0, 60.0])
  func touchpad_stock_upAtAndNearTheTop_glowsAndSpringsBack(startValue: Double) throws {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(.stock, value: startValue)
    try #require(try session.placePointer(inList: Self.listMiddle)?.target == .list)
    try session.pointer.run(Self.restingUp)
    let settled = try session.settledReport()
    usleep(UInt32(TouchFixtureProcess.glowSettleMilliseconds * 1000))
    let later = try session.report()
    print("figure: touchpad up from \(startValue), stock: \(Self.describe(settled))")
    #expect(settled.topGlowFrames > 0)
    #expect(settled.topOvershot > 0)
    #expect(later.frames > settled.frames && later.topGlowFrames == settled.topGlowFrames, "springs back")
    #expect(later.value == 0)
  }

  @Test(arguments: [0.0, 60.0])
  func touchpad_R3_upAtAndNearTheTop_drawsNoGlowAndStopsAtLower(startValue: Double) throws {
    let report = try measure(.toplock, value: startValue) { try $0.run(Self.restingUp) }
    print("figure: touchpad up from \(startValue), TopLock: \(Self.describe(report))")
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
    #expect(report.value == 0)
    #expect(report.largestFrameValue.map { $0 <= startValue } ?? false, "no frame scrolled down")
  }

  // MARK: - R2 for the touchpad: a fling into the top

  @Test func touchpad_stock_flingIntoTheTop_overshoots() throws {
    let stock = try measure(.stock, value: Self.flingStartValue) { try $0.run(Self.flingUp) }
    print("figure: touchpad fling into the top, stock: \(Self.describe(stock))")
    #expect(stock.topGlowFrames > 0)
  }

  @Test func touchpad_R2_flingIntoTheTop_stopsDead() throws {
    let report = try measure(.toplock, value: Self.flingStartValue) { try $0.run(Self.flingUp) }
    print(
      "figure: touchpad fling into the top, TopLock: \(Self.describe(report)), decelerate vel_y "
        + "\(report.decelerateVelocities)")
    #expect(report.decelerateVelocities.last.map { $0 < 0 } ?? false, "GTK saw a fling toward the top")
    #expect(report.value == 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
    #expect(report.pullEvents.isEmpty, "a fling that reaches the top hands nothing to the host")
  }

  // MARK: - R13: the pull, the wheel, the option

  @Test func touchpad_R13_pullAtTheTop_movesTheHost2_5PxPerUnitAndReleasesWithDecelerate() throws {
    let swipe = TouchpadSwipe(
      deltas: [-2, -3, -4, -5, -6, -6, -6, -6, -5, -5, -4, -4, -3, -3],
      stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    let report = try measure(.toplock, value: 0) { try $0.run(swipe) }
    let deltas = report.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY)
    let translations = report.pullEvents.filter { $0.kind == .changed }.compactMap(\.translation)
    var expected: [Double] = []
    for delta in deltas { expected.append((expected.last ?? 0) - Self.pixelsPerUnit * delta) }
    let largestError = zip(translations, expected).map { abs($0 - $1) }.max() ?? .infinity
    let velocityY = try #require(report.decelerateVelocities.last, "GTK's decelerate")
    let releaseVelocity = try #require(report.pullEvents.last { $0.kind == .ended }?.velocity)
    let expectedVelocity = -Self.pixelsPerUnit * velocityY
    print(
      "figure: touchpad pull at the top: \(deltas.count) deltas summing \(deltas.reduce(0, +)) units "
        + "(sent \(swipe.total)), host translation \(translations.last ?? .nan) px vs 2.5 x deltas "
        + "\(expected.last ?? .nan) px, largest step error \(largestError) px; release velocity "
        + "\(releaseVelocity) px/s vs -2.5 x decelerate vel_y \(velocityY) = \(expectedVelocity) px/s")
    #expect(report.pullEvents.first?.kind == .began)
    #expect(report.pullEvents.last?.kind == .ended)
    #expect(translations.count == deltas.count, "one host move per delta GTK delivered")
    #expect(largestError <= Self.translationTolerance)
    #expect(abs(releaseVelocity - expectedVelocity) <= abs(expectedVelocity) * Self.velocityTolerance)
    #expect(releaseVelocity > 0, "the fingers left moving down")
    #expect(report.value == 0)
    #expect(report.topGlowFrames == 0)
  }

  @Test func touchpad_R13_wheelUpAtTheTop_neverPulls() throws {
    let report = try measure(.toplock, value: 0) { try $0.wheel(steps: -3) }
    let wheelSteps = report.scrollDeltas.filter { $0.unit == .wheel }
    print(
      "figure: wheel up at the top, TopLock: \(wheelSteps.count) wheel events, \(Self.describe(report))")
    #expect(wheelSteps.count == 3, "GTK saw the three wheel steps")
    #expect(report.pullEvents.isEmpty)
    #expect(report.value == 0)
    #expect(report.topGlowFrames == 0)
  }

  @Test func touchpad_R13_pullDisabled_leavesTheTopClamped() throws {
    let report = try measure(.toplock, value: 0, options: .init(touchpadPullEnabled: false)) {
      try $0.run(Self.restingUp)
    }
    print("figure: touchpad up at the top, touchpadPullEnabled off: \(Self.describe(report))")
    #expect(report.scrollDeltas.count { $0.unit == .surface } > 0, "GTK saw the touchpad")
    #expect(report.pullEvents.isEmpty)
    #expect(report.value == 0)
    #expect(report.topGlowFrames == 0)
    #expect(report.topOvershot == 0)
  }

  // MARK: - R15: a pull cut short

  /// A touchpad pull under way when the scroller is detached or the list hidden is cancelled; the rest of the
  /// sequence, its scroll stop included, reaches no host.
  @Test(arguments: [false, true])
  func touchpad_R15_pullEndedByDetachOrHiding_isCancelled(hides: Bool) throws {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(.toplock)
    try #require(try session.placePointer(inList: Self.listMiddle)?.target == .list)
    try session.pointer.swipe(deltas: [-4, -8, -8], stepMilliseconds: TouchpadSwipe.defaultStepMilliseconds)
    try #require(try session.report().pullEvents.first?.kind == .began, "the pull began")
    if hides {
      try session.send(TouchFixtureCommand(.visible, visible: false))
    } else {
      try session.send(TouchFixtureCommand(.detach))
    }
    try session.pointer.swipe(deltas: [-8, -8], stepMilliseconds: TouchpadSwipe.defaultStepMilliseconds)
    try session.pointer.scrollStop(afterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    let report = try session.settledReport()
    print(
      "figure: touchpad pull, then \(hides ? "hidden" : "detached"): pull events "
        + "\(report.pullEvents.map(\.kind.rawValue)), owner \(report.state?.owner ?? "nil")")
    #expect(report.pullEvents.last?.kind == .cancelled)
    #expect(report.pullEvents.count { $0.kind == .cancelled } == 1)
    #expect(!report.pullEvents.contains { $0.kind == .ended })
    #expect(report.state?.owner == "none")
  }

  // MARK: - R7: a fling away from the top is GTK's

  @Test func touchpad_R7_flingAwayFromTheTop_travelsLikeStock() throws {
    let stock = try measure(.stock, value: 0) { try $0.run(Self.flingDown) }
    let toplock = try measure(.toplock, value: 0) { try $0.run(Self.flingDown) }
    print(
      "figure: touchpad fling away from the top: travel stock \(stock.value) px, TopLock \(toplock.value) px "
        + "(decelerate vel_y stock \(stock.decelerateVelocities), TopLock \(toplock.decelerateVelocities))")
    #expect(stock.value > Self.pixelsPerUnit * Self.flingDown.total, "the stock list must fling on")
    #expect(abs(toplock.value - stock.value) <= stock.value * Self.travelTolerance)
    #expect(toplock.pullEvents.isEmpty)
  }
}
