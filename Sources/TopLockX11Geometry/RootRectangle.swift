/// A widget's rectangle in the X root window, in whole X pixels from the screen's top-left corner: where
/// scripts place XTest input to reach it. On a display that is not X11 (Broadway) there is no root window, and
/// `RootCoordinates` gives it in the px of the widget's surface, where a Broadway client places touches.
public struct RootRectangle: Equatable, Sendable {
  /// Left edge in px, growing rightward.
  public var x: Int
  /// Top edge in px, growing downward.
  public var y: Int
  /// Width in px.
  public var width: Int
  /// Height in px.
  public var height: Int

  /// A `width` by `height` px rectangle whose top-left corner is `x` px right of and `y` px below the
  /// screen's top-left corner.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
