/// A command line `toplock-bench` cannot run: `message` names the problem in one line.
struct BenchUsageError: Error, Equatable {
  /// What is wrong, without the trailing hint to `--help`.
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
