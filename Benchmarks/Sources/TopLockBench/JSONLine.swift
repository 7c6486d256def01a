import Foundation

/// The one JSON line each mode's report ends with: keys sorted, so that runs compare line by line.
enum JSONLine {
  /// `document` as one line of JSON; traps when it does not encode (a programming error), naming `mode`.
  static func encode(_ document: some Encodable, mode: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(document), let line = String(data: data, encoding: .utf8) else {
      preconditionFailure("toplock-bench: the \(mode) report does not encode")
    }
    return line
  }
}
