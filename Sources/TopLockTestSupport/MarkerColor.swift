import CTopLockGtk

/// An opaque pure colour the test stylesheet paints a CSS node with, so that a render node of exactly that
/// colour proves the node was drawn.
struct MarkerColor: Equatable, Sendable {
  /// How far a channel may stray from 0 or 1 and still match (colour nodes store floats).
  private static let channelTolerance: Float = 0.01

  /// Whether each channel is full (`true`) or off (`false`).
  let red: Bool
  let green: Bool
  let blue: Bool

  /// The colour as a CSS value, e.g. `rgb(255, 0, 255)`.
  var cssValue: String {
    "rgb(\(red ? 255 : 0), \(green ? 255 : 0), \(blue ? 255 : 0))"
  }

  /// Whether `rgba` is this colour, opaque, within the channel tolerance.
  func matches(_ rgba: GdkRGBA) -> Bool {
    channel(rgba.red, matches: red) && channel(rgba.green, matches: green)
      && channel(rgba.blue, matches: blue) && channel(rgba.alpha, matches: true)
  }

  private func channel(_ value: Float, matches isFull: Bool) -> Bool {
    abs(value - (isFull ? 1 : 0)) <= Self.channelTolerance
  }
}
