import TopLockTestSupport
import TopLockX11Geometry

/// Where a `DragStroke` takes the pointer, as `XTestPointer.drag` moves it: from the press point, a 1 px
/// nudge along the stroke's dominant axis, then steps of at most `stepPixels` px to the end point, each on
/// the straight path. For the scripts that send a stroke's events one at a time.
struct StrokePath {
  /// The point after the nudge, in root px.
  let nudged: RootPoint
  /// The points of the steps after the nudge, in order, the last one the end point, in root px.
  let steps: [RootPoint]

  /// The path of `stroke` pressed at `start`.
  init(_ stroke: DragStroke, from start: RootPoint) {
    let nudge: (x: Double, y: Double) =
      if stroke.dx == 0 && stroke.dy == 0 {
        (0, 0)
      } else if abs(stroke.dy) >= abs(stroke.dx) {
        (0, stroke.dy > 0 ? 1 : -1)
      } else {
        (stroke.dx > 0 ? 1 : -1, 0)
      }
    let nudged = RootPoint(x: start.x + nudge.x, y: start.y + nudge.y)
    let remainingX = stroke.dx - nudge.x
    let remainingY = stroke.dy - nudge.y
    let distance = (remainingX * remainingX + remainingY * remainingY).squareRoot()
    let count = max(1, Int((distance / stroke.stepPixels).rounded(.up)))
    self.nudged = nudged
    steps = (1...count).map { step in
      let fraction = Double(step) / Double(count)
      return RootPoint(x: nudged.x + remainingX * fraction, y: nudged.y + remainingY * fraction)
    }
  }
}
