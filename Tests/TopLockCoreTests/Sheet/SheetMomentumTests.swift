import Testing
@_spi(Engine) import TopLockCore

/// Momentum between the sheet and its list: the velocity a sheet flinging to the top arrives with, and the options'
/// decisions, off by default.
struct SheetMomentumTests {
  @Test func flingArrivalVelocity_isTheReleaseVelocityLessTheFrictionsShare() {
    // Friction 4 per s: 244 px up at -2,500 px/s arrives at -2,500 + 976 = -1,524 px/s.
    #expect(SheetSettling.flingArrivalVelocity(offset: 244, velocity: -2500, target: 0) == -1524)
    #expect(
      SheetSettling.flingArrivalVelocity(offset: 244, velocity: -900, target: 0) == nil, "stops short")
    #expect(
      SheetSettling.flingArrivalVelocity(offset: 244, velocity: 2500, target: 0) == nil, "moves away")
    #expect(
      SheetSettling.flingArrivalVelocity(offset: 0, velocity: -2500, target: 0) == nil, "already there")
  }

  /// The arrival velocity against a fling sampled frame by frame (`KineticDecay`).
  @Test func flingArrivalVelocity_matchesAKineticDecaySampledEveryMillisecond() throws {
    let decay = KineticDecay(startPosition: 400, startVelocity: -3000)
    var elapsed = 0.0
    while decay.position(after: elapsed) > 100 { elapsed += 0.0001 }
    let sampled = decay.velocity(after: elapsed)
    let arrival = try #require(
      SheetSettling.flingArrivalVelocity(offset: 400, velocity: -3000, target: 100))
    #expect(abs(arrival - sampled) < 1)
  }

  @Test func momentum_isOffByDefault_andFollowsItsThresholdsWhenOn() throws {
    var options = TopLockSheetOptions()
    #expect(options.sheetToListMomentumVelocity == nil)
    #expect(options.listToSheetMomentumVelocity == nil)
    #expect(options.listFlingVelocity(releasedAt: 244, velocity: -2500, highestOffset: 0) == nil)
    #expect(!options.listFlingStepsSheetDown(velocityAtTop: -5000))
    options.sheetToListMomentumVelocity = 1000
    options.listToSheetMomentumVelocity = 800
    try options.validate()
    #expect(options.listFlingVelocity(releasedAt: 244, velocity: -2500, highestOffset: 0) == 1524)
    #expect(options.listFlingVelocity(releasedAt: 244, velocity: -999, highestOffset: 0) == nil, "too slow")
    #expect(options.listFlingStepsSheetDown(velocityAtTop: -800))
    #expect(!options.listFlingStepsSheetDown(velocityAtTop: -799))
    #expect(!options.listFlingStepsSheetDown(velocityAtTop: 2000), "away from the top")
  }

  @Test(arguments: [0, -5, .nan, .infinity])
  func momentumThresholds_thatAreNoPositiveFiniteSpeed_areRejected(speed: Double) {
    var options = TopLockSheetOptions()
    options.listToSheetMomentumVelocity = speed
    #expect(throws: TopLockError.self) { try options.validate() }
    options = TopLockSheetOptions()
    options.sheetToListMomentumVelocity = speed
    #expect(throws: TopLockError.self) { try options.validate() }
  }
}
