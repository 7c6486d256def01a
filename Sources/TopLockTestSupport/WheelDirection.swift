/// A wheel click direction. X reports each wheel click as a press and release of button 4 (up) or 5 (down).
public enum WheelDirection: UInt32, Sendable {
  /// Scrolls toward the top of the content (button 4).
  case up = 4
  /// Scrolls toward the bottom of the content (button 5).
  case down = 5
}
