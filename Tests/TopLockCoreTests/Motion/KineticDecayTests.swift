import Foundation
import Testing
@_spi(Engine) import TopLockCore

/// `KineticDecay`: GTK's exponential deceleration, friction 4 per second. Positions in px, velocities in
/// px/s, times in s.
struct KineticDecayTests {
  private let fling = KineticDecay(startPosition: 200, startVelocity: 1_000)

  @Test func friction_isGTKs4PerSecond() {
    #expect(Tuning.decelerationFriction == 4)
    #expect(Tuning.stopVelocity == 0.1)
  }

  @Test(arguments: [0.0, 0.016, 0.1, 0.5, 1, 3])
  func position_matchesTheClosedForm(elapsed: Double) {
    #expect(isClose(fling.position(after: elapsed), to: 200 + 1_000 / 4 * (1 - exp(-4 * elapsed))))
  }

  @Test(arguments: [0.0, 0.25, 1])
  func velocity_decaysByEToTheMinus4PerSecond(elapsed: Double) {
    #expect(isClose(fling.velocity(after: elapsed), to: 1_000 * exp(-4 * elapsed)))
  }

  @Test(arguments: [0.05, 0.5, 1.5])
  func velocity_isTheSlopeOfPosition(elapsed: Double) {
    let step = 1e-6
    let slope = (fling.position(after: elapsed + step) - fling.position(after: elapsed - step)) / (2 * step)
    #expect(isClose(slope, to: fling.velocity(after: elapsed), tolerance: 1e-6))
  }

  @Test func travel_tendsToVelocityOverFriction() {
    #expect(isClose(fling.position(after: 30), to: 450))
  }

  @Test(arguments: [1_000.0, -1_000])
  func finishes_whenTheSpeedFallsBelowOneTenthPxPerSecond(startVelocity: Double) {
    let decay = KineticDecay(startPosition: 0, startVelocity: startVelocity)
    let stopTime = log(1_000 / 0.1) / 4
    #expect(!decay.isFinished(after: stopTime - 1e-6))
    #expect(decay.isFinished(after: stopTime + 1e-6))
  }
}
