/// What one frame of a scrolled window showed, as recorded by `GlowFrameCounter`.
public struct GlowFrameSample: Equatable, Sendable {
  /// The frame clock's frame time, in ms of monotonic time.
  public var frameTimeMilliseconds: Double
  /// The vertical adjustment's value when the frame was painted, in px.
  public var adjustmentValue: Double
  /// Whether the frame's render tree holds the top overshoot glow.
  public var showsTopGlow: Bool
  /// Whether the frame's render tree holds the bottom overshoot glow.
  public var showsBottomGlow: Bool

  /// A sample with every field given: time in ms, value in px.
  public init(
    frameTimeMilliseconds: Double, adjustmentValue: Double, showsTopGlow: Bool, showsBottomGlow: Bool
  ) {
    self.frameTimeMilliseconds = frameTimeMilliseconds
    self.adjustmentValue = adjustmentValue
    self.showsTopGlow = showsTopGlow
    self.showsBottomGlow = showsBottomGlow
  }
}
