import Testing
import TopLockTestSupport

/// Rule B1 under real touchpad scrolling (a virtual pointer on a private headless sway, as
/// `TouchpadRuleTests`): with the bottom policy `.lockAndHandOff`, a two-finger push at the bottom moves the
/// bottom host 2.5 px a unit, as a pull at the top moves the top's, and releases it with GTK's lift velocity.
/// The stock control glows at the bottom under the same stream.
@Suite(.serialized)
struct BottomEdgeTouchpadTests {
  /// Where the pointer rests, in the list's px.
  private static let listMiddle = WidgetPoint(x: 200, y: 300)
  /// Past the list's end: the adjustment holds the value at its bottom.
  private static let pastTheBottom = 1_000_000.0
  /// Fingers moving up (scrolling toward the bottom), lifting at speed.
  private static let push = TouchpadSwipe(
    deltas: [2, 3, 4, 5, 6, 6, 6, 6, 5, 5, 4, 4, 3, 3],
    stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)

  /// Shows `scene` at its bottom (TopLock's with the bottom handed off to the recording host), rests the
  /// pointer over the list, runs the push, and returns what the fixture saw once still, with the bottom.
  private func pushAtTheBottom(_ scene: TouchFixtureCommand.Scene) throws -> (TouchFixtureReport, Double) {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    let options = scene == .toplock ? TouchFixtureCommand.Options(bottomHandOff: true) : nil
    try session.show(scene, value: Self.pastTheBottom, options: options)
    try #require(try session.placePointer(inList: Self.listMiddle)?.target == .list)
    try session.pointer.run(Self.push)
    return (try session.settledReport(), session.maximumValue)
  }

  @Test func touchpad_B1_pushAtTheBottom_movesTheBottomHost2_5PxPerUnit_whereStockGlows() throws {
    let (stock, _) = try pushAtTheBottom(.stock)
    let (report, bottom) = try pushAtTheBottom(.toplock)
    let deltas = report.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY)
    let translations = report.pullEvents.filter { $0.kind == .changed }.compactMap(\.translation)
    var expected: [Double] = []
    for delta in deltas { expected.append((expected.last ?? 0) + TouchpadRuleTests.pixelsPerUnit * delta) }
    let largestError = zip(translations, expected).map { abs($0 - $1) }.max() ?? .infinity
    let velocityY = try #require(report.decelerateVelocities.last, "GTK's decelerate")
    let releaseVelocity = try #require(report.pullEvents.last { $0.kind == .ended }?.velocity)
    let expectedVelocity = TouchpadRuleTests.pixelsPerUnit * velocityY
    print(
      "figure: touchpad push at the bottom: bottom-glow frames stock \(stock.bottomGlowFrames), TopLock "
        + "\(report.bottomGlowFrames); bottom host \(translations.last ?? .nan) px vs 2.5 x deltas "
        + "\(expected.last ?? .nan) px, largest step error \(largestError) px; release velocity \(releaseVelocity) "
        + "px/s vs 2.5 x decelerate vel_y \(velocityY) = \(expectedVelocity) px/s")
    #expect(stock.bottomGlowFrames > 0, "the stock list must glow under the same stream")
    #expect(report.bottomGlowFrames == 0)
    #expect(report.bottomOvershot == 0)
    #expect(report.value == bottom)
    #expect(report.pullEvents.first?.kind == .began)
    #expect(report.pullEvents.last?.kind == .ended)
    #expect(translations.count == deltas.count, "one host move per delta GTK delivered")
    #expect(largestError <= TouchpadRuleTests.translationTolerance)
    #expect(abs(releaseVelocity - expectedVelocity) <= abs(expectedVelocity) * 0.01)
    #expect(releaseVelocity > 0, "the fingers left moving up: outward at the bottom")
  }
}
