import Testing
import TopLockCore

/// The sheet's settling maths: where a release comes to rest, and the velocity a settle may start with.
struct SheetSettlingTests {
  private let restPositions = [0.0, 500.0]

  @Test func restPosition_isTheOneNearestTheProjectedEnd() {
    #expect(SheetSettling.restPosition(offset: 200, velocity: 0, restPositions: restPositions) == 0)
    #expect(SheetSettling.restPosition(offset: 200, velocity: 400, restPositions: restPositions) == 500)
    #expect(SheetSettling.restPosition(offset: 300, velocity: -400, restPositions: restPositions) == 0)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func review02_nonFiniteReleaseVelocity_countsAsZero(velocity: Double) {
    #expect(SheetSettling.releaseVelocity(velocity) == 0)
  }

  @Test func review02_hugeReleaseVelocity_isHeldWithinTheMaximum_andTheSpringSettles() {
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
