/// A point in the X root window, in X pixels from the screen's top-left corner: where XTest moves the pointer.
public struct RootPoint: Equatable, Sendable {
  /// Horizontal position in px, growing rightward.
  public var x: Double
  /// Vertical position in px, growing downward.
  public var y: Double

  /// A point `x` px right of and `y` px below the screen's top-left corner.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
