import Testing
@_spi(Engine) import TopLockCore
import TopLockRandom

/// The sheet's settling maths: which detent a release comes to rest at, and the velocity a settle may start
/// with.
struct SheetSettlingTests {
  /// Three detents 300 px apart, lowest first: offsets 600 (a peek), 300 (half), 0 (open).
  private let offsets = [600.0, 300.0, 0.0]
  private let flickVelocity = SheetSettling.defaultFlickVelocity

  private func resting(offset: Double, velocity: Double) -> Int? {
    SheetSettling.restingDetent(
      offset: offset, velocity: velocity, detentOffsets: offsets, flickVelocity: flickVelocity)
  }

  @Test func restingDetent_belowTheFlickVelocity_isTheOneNearestTheProjectedEnd() {
    #expect(resting(offset: 140, velocity: 0) == 2)
    #expect(resting(offset: 160, velocity: 0) == 1)
    // 400 px/s projects 100 px further down (friction 4 per s).
    #expect(resting(offset: 240, velocity: 400) == 1)
    #expect(resting(offset: 420, velocity: 400) == 0)
    #expect(resting(offset: 480, velocity: -400) == 1)
  }

  @Test func restingDetent_aFlick_goesAtLeastOneDetentInItsDirection() {
    // 600 px/s projects 150 px: from 10 px below open, the projection (160) is nearest half anyway; from
    // 320 px it lands at 470, nearest the peek; from 290 px upward it lands at 140, nearest open.
    #expect(resting(offset: 10, velocity: 600) == 1)
    #expect(resting(offset: 301, velocity: 600) == 0, "a flick just past half goes on to the peek")
    #expect(resting(offset: 310, velocity: -600) == 1, "a flick up from just below half goes to half")
    #expect(resting(offset: 5, velocity: -600) == 2, "nothing above open: the nearest")
    #expect(resting(offset: 598, velocity: 600) == 0, "nothing below the peek: the nearest")
  }

  @Test func restingDetent_aFlick_neverPassesTheOneNearestTheProjectedEnd() {
    // 4,000 px/s projects 1,000 px: from open, down to 1,000, nearest the peek, past half.
    #expect(resting(offset: 0, velocity: 4000) == 0)
    #expect(resting(offset: 600, velocity: -1600) == 1, "projected to 200 px: half, not open")
    #expect(resting(offset: 600, velocity: -2000) == 2, "projected to 100 px: open")
  }

  /// The choice against an independent model that walks: below the flick velocity, the nearest detent;
  /// from it on, from the first detent in the flick's direction, on to the next one while it is strictly
  /// nearer the projected end. 2,000 seeded releases over random detents.
  @Test func restingDetent_matchesAWalkingModel() {
    var random = SplitMix64(seed: 0x5EE7)
    for release in 0..<2_000 {
      let detentOffsets = (0..<Int.random(in: 1...5, using: &random)).map { _ in
        Double.random(in: 0...900, using: &random)
      }
      let offset = Double.random(in: 0...900, using: &random)
      let velocity = random.signed(0...5000)
      let chosen = SheetSettling.restingDetent(
        offset: offset, velocity: velocity, detentOffsets: detentOffsets, flickVelocity: flickVelocity)
      let modelled = walkingModel(offset: offset, velocity: velocity, detentOffsets: detentOffsets)
      #expect(
        chosen.map { detentOffsets[$0] } == modelled,
        "release \(release): offset \(offset), velocity \(velocity), detents \(detentOffsets)")
    }
  }

  private func walkingModel(offset: Double, velocity: Double, detentOffsets: [Double]) -> Double? {
    let projected = offset + velocity / Tuning.decelerationFriction
    let byDistance = detentOffsets.sorted { abs($0 - projected) < abs($1 - projected) }
    guard abs(velocity) >= flickVelocity else { return byDistance.first }
    let ahead = detentOffsets.filter {
      velocity > 0 ? $0 > offset + SheetSettling.settledDistance : $0 < offset - SheetSettling.settledDistance
    }.sorted { abs($0 - offset) < abs($1 - offset) }
    guard var walked = ahead.first else { return byDistance.first }
    for next in ahead.dropFirst() {
      guard abs(next - projected) < abs(walked - projected) else { break }
      walked = next
    }
    return walked
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteReleaseVelocity_countsAsZero(velocity: Double) {
    #expect(SheetSettling.releaseVelocity(velocity) == 0)
  }

  @Test func hugeReleaseVelocity_isHeldWithinTheMaximum_andTheSpringSettles() {
    let fastest = SheetSettling.maximumReleaseSpeed
    #expect(SheetSettling.releaseVelocity(.greatestFiniteMagnitude) == fastest)
    #expect(SheetSettling.releaseVelocity(-.greatestFiniteMagnitude) == -fastest)
    #expect(SheetSettling.releaseVelocity(1_234) == 1_234)
    for velocity in [fastest, -fastest] {
      let spring = CriticallyDampedSpring(from: 250, target: velocity > 0 ? 500 : 0, velocity: velocity)
      #expect(spring.isSettled(after: 1), "a settle from \(velocity) px/s rests within a second")
    }
  }
}
