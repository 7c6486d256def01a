import Foundation

/// Where a released sheet comes to rest, and how it gets there: pure maths, no GTK.
///
/// The end point is projected from the release velocity with the same exponential friction as a fling
/// (`Tuning.decelerationFriction`: a fling at `v` px/s travels `v / friction` px). Below the flick velocity
/// the sheet settles on the detent nearest that end point; from it on, on at least the next detent in the
/// release's direction, and never past the one nearest the end point. It gets there with a critically damped
/// spring.
@_spi(Engine)
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

  /// The release speed, in px/s, from which a release counts as a flick by default
  /// (`TopLockSheetOptions.flickVelocity`): well above a hand that slows before it lets go, well below a
  /// flick (a thousand px/s and more).
  public static let defaultFlickVelocity = 500.0

  /// `velocity` px/s as a settle can use it: a non-finite velocity counts as 0, and a finite one is held
  /// within `maximumReleaseSpeed` either way.
  public static func releaseVelocity(_ velocity: Double) -> Double {
    guard velocity.isFinite else { return 0 }
    return min(max(velocity, -maximumReleaseSpeed), maximumReleaseSpeed)
  }

  /// The index in `detentOffsets` (offsets below fully open, px) of the detent a sheet released at `offset`
  /// px with `velocity` px/s (positive downward) settles on; `nil` when there is none.
  ///
  /// Below `flickVelocity` px/s: the detent nearest the projected end. From it on: the detent nearest the
  /// projected end when it lies beyond the next detent in the release's direction, that next detent
  /// otherwise; the nearest one when no detent lies in that direction. Ties go to the lower index.
  public static func restingDetent(
    offset: Double, velocity: Double, detentOffsets: [Double], flickVelocity: Double
  ) -> Int? {
    let projected = offset + velocity / Tuning.decelerationFriction
    guard let nearest = index(in: detentOffsets, nearest: projected) else { return nil }
    guard abs(velocity) >= flickVelocity else { return nearest }
    let direction: Double = velocity > 0 ? 1 : -1
    let ahead = detentOffsets.indices.filter {
      (detentOffsets[$0] - offset) * direction > settledDistance
    }
    guard let next = ahead.min(by: { abs(detentOffsets[$0] - offset) < abs(detentOffsets[$1] - offset) })
    else { return nearest }
    let nearestIsFurther = (detentOffsets[nearest] - detentOffsets[next]) * direction > 0
    return nearestIsFurther ? nearest : next
  }

  /// The velocity, px/s, that a sheet at `offset` px moving at `velocity` px/s still has when it reaches
  /// `target` px flinging with the list's friction (`KineticDecay`: `velocity - friction * distance`);
  /// `nil` when it moves away from `target`, or stops short of it.
  public static func flingArrivalVelocity(offset: Double, velocity: Double, target: Double) -> Double? {
    let distance = target - offset
    let arrival = velocity - Tuning.decelerationFriction * distance
    guard distance * velocity > 0, arrival * velocity > 0 else { return nil }
    return arrival
  }

  /// The index of the offset in `offsets` nearest `target` px (the lower index on a tie); `nil` when empty.
  public static func index(in offsets: [Double], nearest target: Double) -> Int? {
    offsets.indices.min { abs(offsets[$0] - target) < abs(offsets[$1] - target) }
  }
}

/// A critically damped spring from `from` px at `velocity` px/s toward `target` px: no overshoot, no
/// oscillation. A pure function of the elapsed time.
@_spi(Engine)
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
