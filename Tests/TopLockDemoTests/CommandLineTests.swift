import Testing

/// The demo's own command-line parser: `--help`, and every bad flag or value rejected with status 2 and one
/// line on standard error (docs/RULES.md, "Command line"). None of these runs reaches GTK, so no display is
/// needed.
@Suite
struct CommandLineTests {
  /// A bad command line and a word the one-line message must contain (the flag or argument at fault).
  struct BadCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let named: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badCases = [
    BadCase(arguments: ["--rows", "abc"], named: "--rows"),
    BadCase(arguments: ["--rows", "-5"], named: "--rows"),
    BadCase(arguments: ["--rows", "0"], named: "--rows"),
    BadCase(arguments: ["--rows", "1.5"], named: "--rows"),
    BadCase(arguments: ["--rows", "99999999999"], named: "--rows"),
    BadCase(arguments: ["--rows"], named: "--rows"),
    BadCase(arguments: ["--rows="], named: "--rows"),
    BadCase(arguments: ["--quit-after", "x"], named: "--quit-after"),
    BadCase(arguments: ["--quit-after", "0"], named: "--quit-after"),
    BadCase(arguments: ["--quit-after", "-1"], named: "--quit-after"),
    BadCase(arguments: ["--quit-after", "1e3"], named: "--quit-after"),
    BadCase(arguments: ["--quit-after"], named: "--quit-after"),
    BadCase(arguments: ["--stock=yes"], named: "--stock"),
    BadCase(arguments: ["--trace=1"], named: "--trace"),
    BadCase(arguments: ["--bogus"], named: "--bogus"),
    BadCase(arguments: ["-x"], named: "-x"),
    BadCase(arguments: ["stray"], named: "stray"),
    BadCase(arguments: ["--trace", "--rows", "ten"], named: "--rows"),
    BadCase(arguments: ["--detents"], named: "--detents"),
    BadCase(arguments: ["--detents", ""], named: "--detents"),
    BadCase(arguments: ["--detents", "96"], named: "--detents"),
    BadCase(arguments: ["--detents", "96px,,100%"], named: "--detents"),
    BadCase(arguments: ["--detents", "0%"], named: "--detents"),
    BadCase(arguments: ["--detents", "101%"], named: "--detents"),
    BadCase(arguments: ["--detents", "-5px"], named: "--detents"),
    BadCase(arguments: ["--detents", "nanpx"], named: "--detents"),
    BadCase(arguments: ["--detents", "hidden"], named: "--detents"),
    BadCase(arguments: ["--detents=half"], named: "--detents"),
    BadCase(arguments: ["--scrim=yes"], named: "--scrim"),
    BadCase(arguments: ["--scene"], named: "--scene"),
    BadCase(arguments: ["--scene", "Refresh"], named: "--scene"),
    BadCase(arguments: ["--scene=drawer"], named: "--scene"),
    BadCase(arguments: ["--scene", "refresh", "--no-attach"], named: "--no-attach"),
  ]

  /// `--quit-after` values outside 0.001 to 86400 s: each would have trapped converting its milliseconds to a
  /// `guint`, quit before the first frame was out, or run on with an infinite timer.
  static let quitAfterOutOfRange = [
    "5000000", "4294968", "86400.001", "0.0009", "0.0000001",
    "1" + String(repeating: "0", count: 400), "0." + String(repeating: "0", count: 400) + "1",
  ].map { BadCase(arguments: ["--quit-after", $0], named: "--quit-after") }

  @Test(arguments: badCases)
  func badFlagOrValue_exitsTwoWithOneLineNamingIt(_ badCase: BadCase) throws {
    try expectRefused(badCase)
  }

  @Test(arguments: quitAfterOutOfRange)
  func quitAfterOutOfRange_exitsTwoWithOneLine(_ badCase: BadCase) throws {
    try expectRefused(badCase)
  }

  /// Runs `badCase` and checks it ends with status 2, nothing on standard output, and one line on standard
  /// error naming the flag at fault.
  private func expectRefused(_ badCase: BadCase) throws {
    let (status, lines, errors) = try DemoRun(badCase.arguments).finish()
    #expect(status == 2)
    #expect(lines.isEmpty)
    let errorLines = errors.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(errorLines.count == 2 && errorLines[1].isEmpty, "exactly one line, newline-terminated: \(errors)")
    #expect(errors.hasSuffix("(see --help)\n"))
    #expect(errors.contains(badCase.named))
  }

  @Test
  func noAttachWithAValue_exitsTwoWithOneLineNamingIt() throws {
    try expectRefused(BadCase(arguments: ["--no-attach=yes"], named: "--no-attach"))
  }

  @Test
  func help_listsEveryFlagAndExitsZero() throws {
    let (status, lines, errors) = try DemoRun(["--help"]).finish()
    #expect(status == 0)
    #expect(errors.isEmpty)
    let help = lines.joined(separator: "\n")
    for flag in [
      "--rows", "--stock", "--no-attach", "--trace", "--quit-after", "--detents", "--scrim", "--scene",
      "sheet", "refresh", "more", "nested", "--help",
    ] {
      #expect(help.contains(flag), "--help does not list \(flag)")
    }
    #expect(help.contains("from 0.001 to 86400"), "--help does not state the --quit-after range")
  }
}
