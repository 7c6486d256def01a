import Foundation

/// The dumps callgrind wrote into one folder: a file a dump (`callgrind.out.N`, N counting up from 1), each
/// with its trigger's description (`desc: Trigger: Client Request: LABEL`) and its instruction count
/// (`summary:` or `totals:`) in its header, then each function's cost.
struct CallgrindDumps {
  /// One dump made by a client request.
  struct Dump {
    /// The file.
    let file: URL
    /// The label the request gave.
    let label: String
    /// Instructions counted since the dump before.
    let instructions: Int
  }

  let folder: URL

  /// The dumps made by a client request, in the order they were written; the dump at exit is left out.
  func dumps() throws -> [Dump] {
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    let numbered = files.compactMap { file in Int(file.pathExtension).map { (number: $0, file: file) } }
    return try numbered.sorted { $0.number < $1.number }.compactMap { try Self.header(of: $0.file) }
  }

  /// Instructions counted per dump label (the last dump of each label).
  func instructionsByLabel() throws -> [String: Int] {
    Dictionary(try dumps().map { ($0.label, $0.instructions) }, uniquingKeysWith: { _, last in last })
  }

  /// The instructions spent in functions whose names `isSelected` takes, summed per group of dumps (`group`:
  /// a dump's group, `nil` for none): each function's own cost (callgrind's exclusive cost, not the functions
  /// it calls). Function names are compressed across a run's dumps (`fn=(ID) NAME` in the first dump that
  /// names the function, `fn=(ID)` after), so every dump of `dumps`, which must be all of a run's in order, is
  /// read for its names.
  static func instructions<Group: Hashable>(
    in dumps: [Dump], groupedBy group: (Dump) -> Group?, ofFunctions isSelected: (String) -> Bool
  ) throws -> [Group: Int] {
    var names: [Substring: Bool] = [:]
    var totals: [Group: Int] = [:]
    for dump in dumps {
      let text = try String(contentsOf: dump.file, encoding: .utf8)
      let dumpGroup = group(dump)
      var total = 0
      var current = false
      var nextIsCallCost = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        guard let first = line.first else { continue }
        if first.isNumber || first == "+" || first == "-" || first == "*" {
          if nextIsCallCost {
            nextIsCallCost = false
          } else if dumpGroup != nil, current, let cost = line.split(separator: " ").last.flatMap({ Int($0) })
          {
            total += cost
          }
        } else if line.hasPrefix("calls=") {
          nextIsCallCost = true
        } else if line.hasPrefix("fn=") || line.hasPrefix("cfn=") {
          let isCaller = first == "f"
          let reference = line.drop { $0 != "(" }
          let id = reference.prefix { $0 != ")" }
          let name = reference.dropFirst(id.count + 1).drop { $0 == " " }
          if !name.isEmpty { names[id] = isSelected(String(name)) }
          if isCaller { current = names[id] ?? false }
        }
      }
      if let dumpGroup { totals[dumpGroup, default: 0] += total }
    }
    return totals
  }

  /// The label and instruction count of the dump in `file`, read from its header; `nil` when it was not
  /// made by a client request.
  private static func header(of file: URL) throws -> Dump? {
    let marker = "desc: Trigger: Client Request: "
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    let head = String(decoding: try handle.read(upToCount: headerBytes) ?? Data(), as: UTF8.self)
    let lines = head.split(separator: "\n")
    guard let label = lines.first(where: { $0.hasPrefix(marker) })?.dropFirst(marker.count),
      let total = lines.first(where: { $0.hasPrefix("summary:") || $0.hasPrefix("totals:") })
        .flatMap({ Int($0.split(separator: " ").last ?? "") })
    else { return nil }
    return Dump(file: file, label: String(label), instructions: total)
  }

  /// How much of a dump holds its header, at most, in bytes.
  private static let headerBytes = 4_096
}
