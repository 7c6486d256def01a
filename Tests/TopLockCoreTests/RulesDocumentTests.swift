import Foundation
import Testing

/// docs/RULES.md names the tests that prove each rule: every name it cites must be a test that exists.
struct RulesDocumentTests {
  /// The repository's root: two folders above this file's.
  private static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The identifiers RULES.md quotes that look like test names: a lower-case letter, an underscore, no
  /// spaces (environment variables and GTK constants, all capitals, are left out).
  private static func citedTestNames(in rules: String) -> Set<String> {
    let quoted = rules.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    return Set(
      quoted.compactMap { text in
        let name = text.split(separator: ".").last.map(String.init) ?? text
        let isIdentifier = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        let looksLikeATest = name.contains("_") && name.contains(where: \.isLowercase)
        return isIdentifier && looksLikeATest ? name : nil
      })
  }

  @Test func everyTestRulesCites_exists() throws {
    let rules = try String(
      contentsOf: Self.repositoryRoot.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
    let testsFolder = Self.repositoryRoot.appendingPathComponent("Tests")
    let enumerator = try #require(
      FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil))
    var sources = ""
    for case let file as URL in enumerator where file.pathExtension == "swift" {
      sources += try String(contentsOf: file, encoding: .utf8)
    }
    let cited = Self.citedTestNames(in: rules)
    let missing = cited.filter { !sources.contains("func \($0)(") }.sorted()
    #expect(cited.count > 100, "RULES.md cites \(cited.count) tests")
    #expect(missing.isEmpty, "RULES.md cites tests that do not exist: \(missing)")
  }

  /// The touchpad tests drive real input (a compositor's smooth scrolling): no test whose name contains
  /// `touchpad` calls the scroll guard's entry points, which only the memcheck session may call.
  @Test func touchpadTests_neverCallTheScrollGuardsEntryPoints() throws {
    let testsFolder = Self.repositoryRoot.appendingPathComponent("Tests")
    let enumerator = try #require(
      FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil))
    var touchpadTests: [String] = []
    var offenders: [String] = []
    for case let file as URL in enumerator where file.pathExtension == "swift" {
      let source = try String(contentsOf: file, encoding: .utf8)
      for (name, body) in Self.testFunctions(in: source) where name.contains("touchpad") {
        touchpadTests.append(name)
        if body.contains("scrollGuardReceived") { offenders.append(name) }
      }
    }
    #expect(touchpadTests.count >= 8, "found \(touchpadTests.count) touchpad tests")
    #expect(offenders.isEmpty, "touchpad tests that call the scroll guard's entry points: \(offenders)")
  }

  /// Each `@Test` function in `source`, its name and its body from its first `{` to the matching `}`: a
  /// `func` is a test when `@Test` stands between it and the brace before it.
  private static func testFunctions(in source: String) -> [(name: String, body: Substring)] {
    var found: [(name: String, body: Substring)] = []
    var rest = source[...]
    while let declaration = rest.range(of: "func ") {
      let nameEnd = rest[declaration.upperBound...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") }
      guard let nameEnd, let open = rest[nameEnd...].firstIndex(of: "{") else { break }
      var depth = 0
      var close = open
      for index in rest[open...].indices {
        if rest[index] == "{" { depth += 1 }
        if rest[index] == "}" { depth -= 1 }
        if depth == 0 {
          close = index
          break
        }
      }
      let previousBrace = rest[..<declaration.lowerBound].lastIndex { $0 == "{" || $0 == "}" }
      if rest[(previousBrace ?? rest.startIndex)..<declaration.lowerBound].contains("@Test") {
        found.append((String(rest[declaration.upperBound..<nameEnd]), rest[open...close]))
      }
      rest = rest[rest.index(after: open)...]
    }
    return found
  }
}
