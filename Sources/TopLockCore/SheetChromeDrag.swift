/// A drag on a sheet's own chrome (its handle, or any part of its panel outside the list), in a frame that
/// does not move with the sheet: it becomes a pull of the sheet, 1:1, once past the drag threshold;
/// released before, it was a click. Pure: the sheet feeds it the pointer and pulls by the travel it
/// returns.
@_spi(Engine)
public struct SheetChromeDrag: Sendable {
  /// The pressed point, px, growing downward.
  public let pressY: Double
  /// The travel, px, past which the press is a drag.
  public let threshold: Double
  /// Whether the travel passed the threshold: the drag moves the sheet.
  public private(set) var isDragging = false
  private var pointerVelocity = VelocityTracker()

  /// A press at `pressY` px at event time `time` ms; `threshold` px of travel make it a drag.
  public init(pressY: Double, time: Double, threshold: Double) {
    self.pressY = pressY
    self.threshold = threshold
    pointerVelocity.add(time: time, position: pressY)
  }

  /// The pointer moved to `y` px at `time` ms. Returns the pull's translation (the travel since the
  /// press, px, positive downward) once the travel passed the threshold, from then on at every motion;
  /// `nil` before.
  public mutating func move(y: Double, time: Double) -> Double? {
    pointerVelocity.add(time: time, position: y)
    let travel = y - pressY
    if !isDragging && abs(travel) > threshold { isDragging = true }
    return isDragging ? travel : nil
  }

  /// The pointer's velocity, px/s, positive downward, over its latest motions.
  public var velocity: Double { pointerVelocity.velocity }
}
