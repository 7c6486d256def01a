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
}
