import Foundation

/// One line of the demo's `--trace` output, parsed as JSON.
struct TraceEvent {
  /// The rectangle objects of a `ready` line, in root-window px.
  struct Rectangle: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// The line's members.
  let members: [String: Any]

  /// Parses `line`; `nil` when it is not one JSON object with a string `event`.
  init?(_ line: String) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      object["event"] is String
    else { return nil }
    members = object
  }

  /// The `event` member: `ready`, `state`, `overshoot` or `activated`.
  var name: String { members["event"] as? String ?? "" }

  /// A number member, or `nil` when absent or not a number.
  func number(_ key: String) -> Double? {
    (members[key] as? NSNumber)?.doubleValue
  }

  /// A string member.
  func string(_ key: String) -> String? {
    members[key] as? String
  }

  /// A rectangle member of a `ready` line (`list` or `sheet`).
  func rectangle(_ key: String) -> Rectangle? {
    guard let object = members[key] as? [String: Any],
      let x = (object["x"] as? NSNumber)?.doubleValue, let y = (object["y"] as? NSNumber)?.doubleValue,
      let width = (object["width"] as? NSNumber)?.doubleValue,
      let height = (object["height"] as? NSNumber)?.doubleValue
    else { return nil }
    return Rectangle(x: x, y: y, width: width, height: height)
  }
}
