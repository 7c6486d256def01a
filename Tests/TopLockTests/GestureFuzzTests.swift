import Glibc
import Testing
import TopLockTestSupport

extension GTKTests {
  /// Seeded random sequences of real input (drags in any direction, speed, pause and reversal, flings, wheel
  /// clicks, button clicks, keys) on a TopLock list in a `TopLockSheet`, checked on every input and every
  /// frame. See `FuzzConfiguration` for the knobs; `make soak` runs 10,000 sequences, all of them unless
  /// given a time bound.
  @Suite
  @MainActor
  struct GestureFuzzTests {
    /// How many failing sequences the test's failure message lists in full.
    private static let reportedFailureLimit = 20

    /// Prints `line` at once: a long soak's progress must not wait in stdout's buffer.
    private func report(_ line: String) {
      print(line)
      fflush(nil)
    }

    @Test func R1_R5_R6_randomRealInput_keepsEveryInvariant() throws {
      let configuration = try FuzzConfiguration()
      let replay = "xvfb-run -a env GDK_BACKEND=x11 GTK_A11Y=none G_DEBUG=fatal-criticals"
      report(
        "fuzz: run seed 0x\(String(configuration.runSeed, radix: 16)), \(configuration.sequenceCount) sequences"
          + (configuration.timeLimit.map { " or \($0), whichever comes first" } ?? "")
          + "; replay the run with TOPLOCK_FUZZ_SEED=0x\(String(configuration.runSeed, radix: 16))")
      let scene = try FuzzScene()
      defer { scene.tearDown() }
      let clock = ContinuousClock()
      let start = clock.now
      var sequencesRun = 0
      var failures: [String] = []
      var problemCount = 0
      for index in 0..<configuration.sequenceCount {
        if let timeLimit = configuration.timeLimit, clock.now - start >= timeLimit { break }
        let sequence = FuzzSequence(seed: configuration.seed(ofSequence: index))
        let problems = try scene.run(sequence)
        sequencesRun += 1
        problemCount += problems.count
        if !problems.isEmpty {
          let failure =
            "sequence \(index) (\(sequence)):\n  " + problems.joined(separator: "\n  ")
            + "\n  replay: TOPLOCK_FUZZ_REPLAY=0x\(String(sequence.seed, radix: 16)) \(replay) swift test "
            + "--filter GestureFuzzTests"
          report("fuzz: FAILED \(failure)")
          failures.append(failure)
        }
        if sequencesRun % 100 == 0 {
          report("fuzz: \(sequencesRun) sequences, \(failures.count) failed, \(clock.now - start)")
        }
      }
      if let timeLimit = configuration.timeLimit, sequencesRun < configuration.sequenceCount {
        report(
          "fuzz: stopped at the time bound of \(timeLimit) after \(sequencesRun) of \(configuration.sequenceCount) "
            + "sequences")
      }
      let monitor = scene.monitor
      report(
        "figure: fuzz: \(sequencesRun) sequences in \(clock.now - start), \(failures.count) failed, "
          + "\(problemCount) invariant violations (top glow, value, ownership, translation, pull events, "
          + "GLib warnings); pulls began \(monitor.pullsBegan), ended \(monitor.pullsEnded), "
          + "cancelled \(monitor.pullsCancelled), translation checks \(monitor.translationChecks) "
          + "(\(monitor.translationChecksSkipped) skipped)")
      #expect(sequencesRun > 0)
      #expect(configuration.shortfall(sequencesRun: sequencesRun) == nil)
      let failureList = failures.prefix(Self.reportedFailureLimit).joined(separator: "\n")
      #expect(failures.isEmpty, "\(failures.count) of \(sequencesRun) sequences failed:\n\(failureList)")
    }
  }
}
