import Foundation

/// A fling that slows down exponentially, as GTK 4.8's kinetic scrolling does between the edges:
/// `position(t) = p0 + v0 / f * (1 - e^(-f t))`, `velocity(t) = v0 * e^(-f t)`, with
/// `f = Tuning.decelerationFriction`. A pure function of its start and the elapsed time.
@_spi(Engine)
public struct KineticDecay: Sendable, Equatable {
  /// The position at the start, in px.
  public var startPosition: Double
  /// The velocity at the start, in px/s.
  public var startVelocity: Double

  /// A fling from `startPosition` px at `startVelocity` px/s.
  public init(startPosition: Double, startVelocity: Double) {
    self.startPosition = startPosition
    self.startVelocity = startVelocity
  }

  /// The position, in px, `elapsed` seconds after the start.
  public func position(after elapsed: Double) -> Double {
    let friction = Tuning.decelerationFriction
    return startPosition + startVelocity / friction * (1 - exp(-friction * elapsed))
  }

  /// The velocity, in px/s, `elapsed` seconds after the start.
  public func velocity(after elapsed: Double) -> Double {
    startVelocity * exp(-Tuning.decelerationFriction * elapsed)
  }

  /// Whether the fling has stopped (speed below `Tuning.stopVelocity`) `elapsed` seconds after the start.
  public func isFinished(after elapsed: Double) -> Bool {
    abs(velocity(after: elapsed)) < Tuning.stopVelocity
  }
}
