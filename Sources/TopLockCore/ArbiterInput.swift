/// Where a drag was pressed, as the GTK layer sees it.
public enum PressTarget: Sendable, Equatable {
  /// On the scrolled window's content.
  case content
  /// On one of the scrolled window's scrollbars (rule R11: left to the scrollbar).
  case scrollbar
  /// Outside the scrolled window.
  case outside
}

/// The start of a drag. Points are in px, in a frame that does not move when the host moves (root or
/// surface coordinates); times are event timestamps in ms.
public struct DragStart: Sendable, Equatable {
  /// The pressed point, in px.
  public var x: Double
  /// The pressed point, in px, growing downward.
  public var y: Double
  /// The event time, in ms.
  public var time: Double
  /// The adjustment at the press.
  public var metrics: ScrollMetrics
  /// How far the host is from its rest position, in px (positive: displaced downward, as a collapsed
  /// sheet). A pull up on a displaced host first returns it.
  public var hostOffset: Double
  /// Where the press landed.
  public var target: PressTarget
  /// The travel, in px, after which the drag gets an owner.
  public var threshold: Double

  /// A drag start; see each field.
  public init(
    x: Double, y: Double, time: Double, metrics: ScrollMetrics, hostOffset: Double = 0,
    target: PressTarget = .content, threshold: Double = Tuning.defaultDragThreshold
  ) {
    self.x = x
    self.y = y
    self.time = time
    self.metrics = metrics
    self.hostOffset = hostOffset
    self.target = target
    self.threshold = threshold
  }
}

/// Where a wheel or touchpad scroll comes from.
public enum ScrollSource: Sendable, Equatable {
  /// A mouse wheel: discrete clicks, never pulls the host (rule R13).
  case wheel
  /// A touchpad: smooth deltas that may pull the host.
  case touchpad
}

/// One thing that happened, fed to `DragArbiter.handle(_:)`. Points in px in a stable frame, times in ms.
public enum ArbiterInput: Sendable, Equatable {
  /// A press that may become a drag.
  case dragBegan(DragStart)
  /// The pointer moved to (`x`, `y`) px at `time` ms; `metrics` is the adjustment before GTK applies this
  /// motion.
  case dragMoved(x: Double, y: Double, time: Double, metrics: ScrollMetrics)
  /// The pointer was released at `y` px, `time` ms.
  case dragEnded(y: Double, time: Double, metrics: ScrollMetrics)
  /// The drag was taken away (grab broken), or the widget went (unmapped, destroyed, detached): ends
  /// whatever runs, a touchpad pull (the host gets `cancelled`) and the core's own fling included.
  case dragCancelled
  /// A wheel or touchpad delta, already in px of adjustment value (positive scrolls toward the bottom).
  /// `hostOffset` is the host's offset from rest, in px.
  case scrolled(
    deltaY: Double, source: ScrollSource, time: Double, metrics: ScrollMetrics, hostOffset: Double)
  /// The fingers left the touchpad; `velocityY` in px/s of adjustment value (positive toward the bottom).
  case touchpadScrollEnded(velocityY: Double, metrics: ScrollMetrics)
  /// The value changed while no drag ran (GTK's kinetic scrolling, keys, the app).
  case valueChanged(ScrollMetrics)
  /// The content or page size changed.
  case contentSizeChanged(ScrollMetrics)
  /// A frame of the core's own fling, `elapsed` seconds after it started.
  case decayFrame(elapsed: Double, metrics: ScrollMetrics)
}
