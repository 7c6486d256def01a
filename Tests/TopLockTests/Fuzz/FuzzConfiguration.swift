import Foundation

/// How much the gesture fuzz test runs, read from the environment:
///
/// - `TOPLOCK_FUZZ_SEQUENCES`: how many sequences (default 200, what `make test` runs; `make soak` asks for
///   10,000); a run with no time bound fails unless it ran them all;
/// - `TOPLOCK_FUZZ_SECONDS`: a time bound in s after which no new sequence starts (default, or empty: none);
///   a time-bounded run may end with fewer sequences, and says how many ran;
/// - `TOPLOCK_FUZZ_SEED`: the run's seed, decimal or `0x` hexadecimal (default random, printed), from which
///   every sequence's seed derives;
/// - `TOPLOCK_FUZZ_REPLAY`: one sequence's seed, as a failure prints it: runs that sequence alone.
///
/// A variable set to the empty string counts as not set (`make soak` passes `SOAK_SECONDS` on as it is).
struct FuzzConfiguration {
  /// The sequences `make test` runs.
  static let defaultSequenceCount = 200

  /// The run's seed.
  let runSeed: UInt64
  /// How many sequences to run at most.
  let sequenceCount: Int
  /// When to stop starting sequences, if ever.
  let timeLimit: Duration?
  /// The one sequence seed to replay, if asked.
  let replaySeed: UInt64?

  /// The configuration the environment asks for.
  ///
  /// - Throws: `FuzzConfiguration.Invalid` naming a variable whose value does not parse.
  init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    func number(_ name: String) throws -> UInt64? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
      guard let parsed else { throw Invalid(variable: name, value: text) }
      return parsed
    }
    replaySeed = try number("TOPLOCK_FUZZ_REPLAY")
    runSeed = try number("TOPLOCK_FUZZ_SEED") ?? UInt64.random(in: 0...UInt64.max)
    sequenceCount =
      replaySeed != nil ? 1 : Int(try number("TOPLOCK_FUZZ_SEQUENCES") ?? UInt64(Self.defaultSequenceCount))
    timeLimit = try number("TOPLOCK_FUZZ_SECONDS").map { .seconds($0) }
  }

  /// What is wrong with a run that ran `sequencesRun` sequences, or `nil`: with no time bound it must run
  /// every sequence asked for; with one, any number is a run (how many is reported, not judged).
  func shortfall(sequencesRun: Int) -> String? {
    guard timeLimit == nil, sequencesRun < sequenceCount else { return nil }
    return "ran \(sequencesRun) of the \(sequenceCount) sequences asked for, with no time bound"
  }

  /// The seed of sequence number `index`.
  func seed(ofSequence index: Int) -> UInt64 {
    replaySeed ?? FuzzSequence.seed(ofSequence: index, runSeed: runSeed)
  }

  /// An environment variable whose value is not a number.
  struct Invalid: Error, CustomStringConvertible {
    /// The variable's name.
    let variable: String
    /// Its value.
    let value: String

    var description: String { "\(variable)=\(value) is not a decimal or 0x-hexadecimal number" }
  }
}
