import Foundation

/// Where a released sheet comes to rest, and how it gets there: pure maths, no GTK.
///
/// The end point is projected from the release velocity with the same exponential friction as a fling
/// (`Tuning.decelerationFriction`: a fling at `v` px/s travels `v / friction` px), and the sheet settles on
/// the rest position nearest that end point, with a critically damped spring.
public enum SheetSettling {
  /// Spring stiffness, per s² (mass 1).
  public static let springStiffness = 400.0
  /// The spring counts as settled within this distance, in px, and below `settledVelocity`.
  public static let settledDistance = 0.5
  /// The spring counts as settled below this speed, in px/s.
  public static let settledVelocity = 5.0

  /// The fastest release a settle starts with, in px/s: far beyond a hand's flick (a few thousand px/s),
  /// and slow enough that the spring comes to rest within a second.
  public static let maximumReleaseSpeed = 20_000.0

  /// `velocity` px/s as a settle can use it: a non-finite velocity counts as 0, and a finite one is held
  /// within `maximumReleaseSpeed` either way.
  public static func releaseVelocity(_ velocity: Double) -> Double {
    guard velocity.isFinite else { return 0 }
    return min(max(velocity, -maximumReleaseSpeed), maximumReleaseSpeed)
  }

  /// The rest position nearest to where `velocity` px/s would carry an offset of `offset` px.
  public static func restPosition(offset: Double, velocity: Double, restPositions: [Double]) -> Double {
    let projected = offset + velocity / Tuning.decelerationFriction
    return restPositions.min { abs($0 - projected) < abs($1 - projected) } ?? offset
  }
}

/// A critically damped spring from `from` px at `velocity` px/s toward `target` px: no overshoot, no
/// oscillation. A pure function of the elapsed time.
public struct CriticallyDampedSpring: Sendable, Equatable {
  /// The start, in px.
  public var from: Double
  /// The rest position, in px.
  public var target: Double
  /// The velocity at the start, in px/s.
  public var velocity: Double

  /// A spring; see each field.
  public init(from: Double, target: Double, velocity: Double) {
    self.from = from
    self.target = target
    self.velocity = velocity
  }

  private var angularFrequency: Double { SheetSettling.springStiffness.squareRoot() }

  /// The position, in px, `elapsed` seconds after the start.
  public func position(after elapsed: Double) -> Double {
    let omega = angularFrequency
    let displacement = from - target
    return target + (displacement + (velocity + omega * displacement) * elapsed) * exp(-omega * elapsed)
  }

  /// The velocity, in px/s, `elapsed` seconds after the start.
  public func velocity(after elapsed: Double) -> Double {
    let omega = angularFrequency
    let displacement = from - target
    let slope = velocity + omega * displacement
    return (slope - omega * (displacement + slope * elapsed)) * exp(-omega * elapsed)
  }

  /// Whether the spring has come to rest `elapsed` seconds after the start.
  public func isSettled(after elapsed: Double) -> Bool {
    abs(position(after: elapsed) - target) < SheetSettling.settledDistance
      && abs(velocity(after: elapsed)) < SheetSettling.settledVelocity
  }
}
