/// A pointer button as XTest numbers it (X core protocol button numbers).
public enum PointerButton: UInt32, Sendable {
  /// Button 1, the left button.
  case primary = 1
  /// Button 2, the middle button.
  case middle = 2
  /// Button 3, the right button.
  case secondary = 3
}
