/// A two-finger touchpad scroll for `WaylandVirtualPointer`: smooth vertical deltas at a steady pace, then the
/// scroll stop (the fingers lift).
///
/// Deltas are in the touchpad's surface px (GTK's `GDK_SCROLL_UNIT_SURFACE` units; GTK 4.8's scrolled window
/// moves 2.5 px a unit), negative toward the top: fingers moving down, which pulls at the top.
public struct TouchpadSwipe: Sendable {
  /// The pace of the deltas, ms.
  public static let defaultStepMilliseconds = 10.0
  /// The pause before a stop that lets GTK fling, ms: inside GTK's 150 ms velocity window.
  public static let flingStopMilliseconds = 10.0
  /// The pause before a stop that leaves no velocity, ms: past GTK's 150 ms velocity window.
  public static let restingStopMilliseconds = 250.0

  /// The deltas, in order, units.
  public var deltas: [Double]
  /// The time between two deltas, ms.
  public var stepMilliseconds: Double
  /// The time from the last delta to the scroll stop, ms.
  public var stopAfterMilliseconds: Double

  /// A swipe of `deltas` every `stepMilliseconds` ms, stopped `stopAfterMilliseconds` ms after the last.
  public init(
    deltas: [Double], stepMilliseconds: Double = defaultStepMilliseconds, stopAfterMilliseconds: Double
  ) {
    self.deltas = deltas
    self.stepMilliseconds = stepMilliseconds
    self.stopAfterMilliseconds = stopAfterMilliseconds
  }

  /// `count` deltas of `delta` units, lifted at full speed (GTK flings).
  public static func fling(_ delta: Double, count: Int) -> Self {
    Self(deltas: Array(repeating: delta, count: count), stopAfterMilliseconds: flingStopMilliseconds)
  }

  /// `count` deltas of `delta` units, resting past GTK's velocity window before the lift (no fling).
  public static func resting(_ delta: Double, count: Int) -> Self {
    Self(deltas: Array(repeating: delta, count: count), stopAfterMilliseconds: restingStopMilliseconds)
  }

  /// The sum of the deltas, units.
  public var total: Double { deltas.reduce(0, +) }
}

extension WaylandVirtualPointer {
  /// Runs `swipe` where the pointer is: its deltas (`swipe(deltas:stepMilliseconds:)`), then its stop.
  ///
  /// - Throws: `WaylandPointerError`.
  public func run(_ swipe: TouchpadSwipe) throws(WaylandPointerError) {
    try self.swipe(deltas: swipe.deltas, stepMilliseconds: swipe.stepMilliseconds)
    try scrollStop(afterMilliseconds: swipe.stopAfterMilliseconds)
  }
}
