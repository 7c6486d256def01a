import Foundation

/// One row of `frames`' table: a figure for stock and for TopLock, their ratio, and the ratio of the two
/// stock groups (A2/A1), which is what the same widget measured twice gives: the noise.
struct FigureComparison: Encodable {
  /// What the figure is, with its unit.
  let name: String
  /// The stock value (A1 and A2 pooled).
  let stock: Double
  /// The TopLock value.
  let topLock: Double
  /// TopLock / stock; `nil` when stock is 0.
  let ratio: Double?
  /// A2 / A1; `nil` when A1 is 0.
  let noiseRatio: Double?

  /// A row from the four values; ratios with a zero denominator are `nil`.
  init(name: String, stock: Double, topLock: Double, stockA1: Double, stockA2: Double) {
    self.name = name
    self.stock = stock
    self.topLock = topLock
    ratio = stock == 0 ? nil : topLock / stock
    noiseRatio = stockA1 == 0 ? nil : stockA2 / stockA1
  }

  /// The row as text in columns of `nameWidth` and 12 characters.
  func line(nameWidth: Int) -> String {
    name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + [Self.format(stock, 3), Self.format(topLock, 3), Self.format(ratio, 3), Self.format(noiseRatio, 3)]
      .map { Self.rightAligned($0, width: 12) }.joined()
  }

  /// `value` with `decimals` decimals, or "n/a".
  static func format(_ value: Double?, _ decimals: Int) -> String {
    guard let value else { return "n/a" }
    return String(format: "%.\(decimals)f", value)
  }

  /// `text` right-aligned in `width` characters (never cut).
  private static func rightAligned(_ text: String, width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
