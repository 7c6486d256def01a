/// A drag that the content follows on both axes, for a scrolled window that scrolls both ways. There GTK's
/// own drag moves both axes at once, so a sideways drag that drifts down at the top would carry the
/// vertical axis past the locked top edge; TopLock pans such a drag itself instead (rule R11: horizontal
/// drags are left to horizontal scrolling, R1: the top never overshoots).
///
/// Like GTK's drag, each axis follows the pointer 1:1 from its value at the press (value = value at press
/// - pointer travel); unlike it, both axes stop at their edges (no overshoot, no spring, on any edge).
/// Positions in px, times in ms (event time), velocities in px/s.
@_spi(Engine)
public struct ContentPan: Sendable, Equatable {
  private let pressX: Double
  private let pressY: Double
  private let horizontalAtPress: Double
  private let verticalAtPress: Double

  /// A pan of a drag pressed at (`pressX`, `pressY`) px, when the content stood at `horizontalAtPress` and
  /// `verticalAtPress` px.
  public init(pressX: Double, pressY: Double, horizontalAtPress: Double, verticalAtPress: Double) {
    self.pressX = pressX
    self.pressY = pressY
    self.horizontalAtPress = horizontalAtPress
    self.verticalAtPress = verticalAtPress
  }

  /// The values for the pointer at (`x`, `y`) px, each clamped to its axis's range.
  public func values(x: Double, y: Double, horizontal: ScrollMetrics, vertical: ScrollMetrics)
    -> (horizontal: Double, vertical: Double)
  {
    (horizontal.clamped(horizontalAtPress - (x - pressX)), vertical.clamped(verticalAtPress - (y - pressY)))
  }

  /// The fling that follows a release with the pointer moving at (`velocityX`, `velocityY`) px/s (over its
  /// last 150 ms, as GTK's swipe measures it, so a release after a pause does not fling) and the content at
  /// `horizontal` and `vertical`: the content moves against the pointer.
  public static func fling(
    velocityX: Double, velocityY: Double, horizontal: ScrollMetrics, vertical: ScrollMetrics
  ) -> ContentPanFling {
    ContentPanFling(
      horizontal: KineticDecay(startPosition: horizontal.value, startVelocity: -velocityX),
      vertical: KineticDecay(startPosition: vertical.value, startVelocity: -velocityY))
  }
}

/// The fling after a `ContentPan`: each axis slows down as GTK 4.8's kinetic scrolling does, and stops on
/// its own once it is slow enough or reaches an edge.
@_spi(Engine)
public struct ContentPanFling: Sendable, Equatable {
  /// The horizontal axis's fling, in px and px/s.
  public let horizontal: KineticDecay
  /// The vertical axis's fling, in px and px/s.
  public let vertical: KineticDecay
  private var isHorizontalRunning: Bool
  private var isVerticalRunning: Bool

  /// A fling of both axes; an axis that starts slower than `Tuning.stopVelocity` does not move.
  public init(horizontal: KineticDecay, vertical: KineticDecay) {
    self.horizontal = horizontal
    self.vertical = vertical
    isHorizontalRunning = !horizontal.isFinished(after: 0)
    isVerticalRunning = !vertical.isFinished(after: 0)
  }

  /// Whether either axis still moves.
  public var isRunning: Bool { isHorizontalRunning || isVerticalRunning }

  /// One frame, `elapsed` s after the release: the value to set on each axis (`nil` for an axis that has
  /// stopped), clamped to its range. An axis stops when it reaches an edge or slows below
  /// `Tuning.stopVelocity`.
  public mutating func frame(elapsed: Double, horizontal metrics: ScrollMetrics, vertical: ScrollMetrics)
    -> (horizontal: Double?, vertical: Double?)
  {
    let horizontalValue = step(self.horizontal, &isHorizontalRunning, elapsed: elapsed, metrics: metrics)
    let verticalValue = step(self.vertical, &isVerticalRunning, elapsed: elapsed, metrics: vertical)
    return (horizontalValue, verticalValue)
  }

  private func step(_ decay: KineticDecay, _ isRunning: inout Bool, elapsed: Double, metrics: ScrollMetrics)
    -> Double?
  {
    guard isRunning else { return nil }
    let position = decay.position(after: elapsed)
    let value = metrics.clamped(position)
    if value != position || decay.isFinished(after: elapsed) {
      isRunning = false
    }
    return value
  }
}
