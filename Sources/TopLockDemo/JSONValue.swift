/// Just enough JSON for the trace: numbers, strings and objects whose keys keep the order they are given in
/// (the order docs/RULES.md, "Trace", lists them), written on one line.
enum JSONValue {
  case number(Double)
  case string(String)
  indirect case object([(key: String, value: JSONValue)])

  /// Fractions are written with at most this many decimals.
  static let fractionDigits = 3
  /// The smallest step between two numbers as written: one unit of the last decimal.
  static let resolution = 1 / Double(decimalScale)
  /// 10 to the power `fractionDigits`.
  private static let decimalScale = (0..<fractionDigits).reduce(Int64(1)) { product, _ in product * 10 }

  /// The value as compact JSON text.
  var text: String {
    switch self {
    case .number(let number): Self.numberText(number)
    case .string(let string): Self.quoted(string)
    case .object(let members):
      "{" + members.map { Self.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
    }
  }

  /// An integer when the number is whole at `fractionDigits` decimals (`12`, `-3`), a fraction otherwise
  /// (`12.5`, `0.125`); never an exponent, which some line-oriented readers choke on. Not for NaN or
  /// infinities, which JSON cannot write (the demo has none).
  private static func numberText(_ number: Double) -> String {
    let scaled = Int64((abs(number) * Double(decimalScale)).rounded())
    let sign = number < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / decimalScale
    let fraction = scaled % decimalScale
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: fractionDigits - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
  }

  private static func quoted(_ string: String) -> String {
    var quoted = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case _ where scalar.value < 0x20: quoted += "\\u" + hex4(scalar.value)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
