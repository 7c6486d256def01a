import Foundation

/// How much the gesture fuzz test runs, read from the environment:
///
/// - `TOPLOCK_FUZZ_SEQUENCES`: how many sequences (default 200, what `make test` runs; `make soak` asks for
///   10,000);
/// - `TOPLOCK_FUZZ_SECONDS`: a time bound in s after which no new sequence starts (default none);
/// - `TOPLOCK_FUZZ_SEED`: the run's seed, decimal or `0x` hexadecimal (default random, printed), from which
///   every sequence's seed derives;
/// - `TOPLOCK_FUZZ_REPLAY`: one sequence's seed, as a failure prints it: runs that sequence alone.
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
      guard let text = environment[name] else { return nil }
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
