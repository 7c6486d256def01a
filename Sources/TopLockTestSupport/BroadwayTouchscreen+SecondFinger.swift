extension BroadwayTouchscreen {
  /// The multi-touch script of "a second finger landing during a pull at the top", on `surface`: the first
  /// finger goes down at `firstStart`, rests `DragStroke.defaultPressHoldMilliseconds` ms and moves 60 px
  /// down (a pull at the top is claimed there); `afterClaim` runs; the second finger lands at `secondStart`;
  /// both move 120 px down together; the second lifts; the first moves 20 px more and rests 100 ms. Points
  /// in the surface's px; steps of 5 px every 16 ms.
  ///
  /// Returns the first finger, still down (200 px below `firstStart`): the caller measures, then lifts it.
  public func secondFingerDuringAPull(
    firstAt firstStart: WidgetPoint, secondAt secondStart: WidgetPoint, on surface: Int,
    afterClaim: () throws -> Void = {}
  ) throws -> TouchFinger {
    var first = try down(at: firstStart, on: surface)
    hold(milliseconds: DragStroke.defaultPressHoldMilliseconds)
    first = try move(
      first, to: WidgetPoint(x: firstStart.x, y: firstStart.y + 60), steps: 12, stepMilliseconds: 16)
    try afterClaim()
    var second = try down(at: secondStart, on: surface)
    hold(milliseconds: 50)
    let moved = try move(
      [
        (first, WidgetPoint(x: first.position.x, y: first.position.y + 120)),
        (second, WidgetPoint(x: second.position.x, y: second.position.y + 120)),
      ], steps: 24, stepMilliseconds: 16)
    (first, second) = (moved[0], moved[1])
    hold(milliseconds: 100)
    try up(second)
    first = try move(
      first, to: WidgetPoint(x: first.position.x, y: first.position.y + 20), steps: 4, stepMilliseconds: 16)
    hold(milliseconds: 100)
    return first
  }

  /// `secondFingerDuringAPull(firstAt:secondAt:on:)`, then the first finger's lift; returns how far the first
  /// finger travelled, px (200).
  public func pullWithASecondFinger(
    firstAt firstStart: WidgetPoint, secondAt secondStart: WidgetPoint, on surface: Int
  ) throws -> Double {
    let first = try secondFingerDuringAPull(firstAt: firstStart, secondAt: secondStart, on: surface)
    try up(first)
    return first.position.y - firstStart.y
  }
}
