/// The shape and pace of one pointer drag: how far the pointer travels, in what steps, and how long it rests.
///
/// Every stroke presses, nudges the pointer 1 px along its direction and rests `pressHoldMilliseconds` before
/// travelling: right after a press GTK may deliver a motion stamped with time 0 (from the overlay scrollbar),
/// and a swipe that sees it computes a near-zero release velocity, so no fling would follow.
public struct DragStroke: Equatable, Sendable {
  /// Horizontal pointer travel from press to release, in px (positive rightward).
  public var dx: Double
  /// Vertical pointer travel from press to release, in px (positive downward).
  public var dy: Double
  /// Length of each motion step along the path, in px; the last step may be shorter.
  public var stepPixels: Double
  /// Time between motion steps, in ms.
  public var stepIntervalMilliseconds: Double
  /// Rest after the press and the 1 px nudge, before the travel, in ms.
  public var pressHoldMilliseconds: Double
  /// Rest at the end point before the release, in ms; 0 releases at once (a fling).
  public var holdBeforeReleaseMilliseconds: Double

  /// The default rest after a press, in ms: long enough for GTK's time-0 motion to age out of the swipe's
  /// 150 ms velocity window.
  public static let defaultPressHoldMilliseconds = 200.0

  /// A stroke with every parameter given: travel (`dx`, `dy`) in px, steps of `stepPixels` px every
  /// `stepIntervalMilliseconds` ms, rests in ms.
  public init(
    dx: Double, dy: Double, stepPixels: Double, stepIntervalMilliseconds: Double,
    pressHoldMilliseconds: Double = DragStroke.defaultPressHoldMilliseconds,
    holdBeforeReleaseMilliseconds: Double
  ) {
    precondition(stepPixels > 0, "a stroke needs a positive step length")
    self.dx = dx
    self.dy = dy
    self.stepPixels = stepPixels
    self.stepIntervalMilliseconds = stepIntervalMilliseconds
    self.pressHoldMilliseconds = pressHoldMilliseconds
    self.holdBeforeReleaseMilliseconds = holdBeforeReleaseMilliseconds
  }

  /// A steady drag: 5 px every 16 ms (about 310 px/s) by default, resting `holdBeforeReleaseMilliseconds` ms
  /// at the end so the release carries no velocity when the rest is 150 ms or more.
  public static func drag(
    dx: Double = 0, dy: Double, stepPixels: Double = 5, stepIntervalMilliseconds: Double = 16,
    holdBeforeReleaseMilliseconds: Double = 300
  ) -> DragStroke {
    DragStroke(
      dx: dx, dy: dy, stepPixels: stepPixels, stepIntervalMilliseconds: stepIntervalMilliseconds,
      holdBeforeReleaseMilliseconds: holdBeforeReleaseMilliseconds)
  }

  /// A fling: fast steps (20 px every 8 ms, 2,500 px/s by default) and a release at once, so GTK's swipe
  /// gesture reports a release velocity and kinetic scrolling follows.
  ///
  /// `GtkGestureSwipe` measures the velocity from the last motion older than 150 ms before the release, so the
  /// travel should last longer than that (at the defaults, more than about 400 px) for the velocity to be the
  /// travel's speed; a shorter fling is measured from the nudge and comes out slower.
  public static func fling(
    dx: Double = 0, dy: Double, stepPixels: Double = 20, stepIntervalMilliseconds: Double = 8
  ) -> DragStroke {
    DragStroke(
      dx: dx, dy: dy, stepPixels: stepPixels, stepIntervalMilliseconds: stepIntervalMilliseconds,
      holdBeforeReleaseMilliseconds: 0)
  }
}
