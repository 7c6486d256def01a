/// A point in a widget's own coordinate space, in px from the widget's top-left corner.
public struct WidgetPoint: Equatable, Sendable {
  /// Horizontal position in px, growing rightward.
  public var x: Double
  /// Vertical position in px, growing downward.
  public var y: Double

  /// A point `x` px right of and `y` px below the widget's top-left corner.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
