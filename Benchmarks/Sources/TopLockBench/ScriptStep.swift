import TopLockTestSupport

/// One step of a `ScriptSegment`.
enum ScriptStep {
  /// Sets the list's value to `value` px and waits for the two frames that draw it (a programmatic jump, to
  /// place the next gesture; the same in every round).
  case jump(to: Double)
  /// A real XTest pointer drag or fling, pressed at `y` px down the middle of the scrolled window.
  case stroke(DragStroke, fromY: Double)
  /// Lets the main loop run for `milliseconds` ms: a fling decelerating, a spring settling.
  case settle(milliseconds: Double)
}
