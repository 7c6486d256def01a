/// A command line the demo cannot run: an unknown flag, a missing or bad value, a stray argument.
struct DemoUsageError: Error, Equatable {
  /// What is wrong, naming the flag or argument (no program name, no hint).
  let problem: String

  /// The one line printed on standard error: the program, the problem and where to look.
  var line: String { "toplock-demo: \(problem) (see --help)" }
}
