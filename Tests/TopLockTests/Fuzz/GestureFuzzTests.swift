import CTopLockGtk
import Glibc
import Testing
import TopLockTestSupport

extension GTKTests {
  /// Seeded random sequences of real input (drags in any direction, speed, pause and reversal, flings, wheel
  /// clicks, button clicks, keys) on a TopLock list in a `TopLockSheet`, with a second attached list behind
  /// the sheet sharing the window's hand-off gesture (`FuzzScene`), checked on every input and every frame. One in four sequences is touch on the Broadway touch fixture, half of those with two or three
  /// fingers (`FuzzInput`), checked by the same `InvariantMonitor` inside the fixture. See
  /// `FuzzConfiguration` for the knobs; `make soak` runs 10,000 sequences, all of them unless given a time
  /// bound.
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
      try runAndExpectNoFailure(try FuzzConfiguration())
    }

    /// The run that found GTK 4.24 keeping its copy of the value from before a scrollbar drag: its sequence 18
    /// (a drag on the scrollbar from the top, then a slow drag down on the content) drew the top glow at the
    /// second drag's first update, every time, after what sequence 15 left in GTK; the sequence alone
    /// passed. The seeds name sequences of `FuzzSequence` and `TouchFuzzSequence` as they generate today.
    @Test func R1_runThatLeftGTKsCopyBehindAScrollbarDrag_keepsEveryInvariant() throws {
      try runAndExpectNoFailure(
        try FuzzConfiguration(environment: [
          "TOPLOCK_FUZZ_SEED": "0xa3be686921384fed", "TOPLOCK_FUZZ_SEQUENCES": "19",
        ]))
    }

    /// Whether `problems` of mouse sequence `sequence` are the one rule break still open on GTK 4.18
    /// (docs/ARCHITECTURE.md, the 4.18 row of GTK's stale copy): GTK 4.18 copies no value while it decelerates
    /// sideways, so a drag whose press lands after such a fling in an earlier sequence starts GTK's drag from
    /// the old copy and draws the top glow. It is that break when GTK is 4.18, every problem is a top glow, and
    /// the sequence passes alone: it runs again on a fresh scene, which then goes on with the run in `scene`'s
    /// place. Any other failure, on any other GTK, fails the run.
    private static func isGTK418StaleCopyGlow(
      _ problems: [String], of sequence: FuzzSequence, replacing scene: inout FuzzScene
    ) throws -> Bool {
      guard gtk_get_minor_version() == 18, problems.allSatisfy({ $0.contains("top glow drawn") }) else {
        return false
      }
      scene.tearDown()
      scene = try FuzzScene()
      return try scene.run(sequence).isEmpty
    }

    /// Runs the sequences `configuration` asks for, reporting as it goes, and expects none to fail.
    private func runAndExpectNoFailure(_ configuration: FuzzConfiguration) throws {
      let replay = "xvfb-run -a env GDK_BACKEND=x11 GTK_A11Y=none G_DEBUG=fatal-criticals"
      report(
        "fuzz: run seed 0x\(String(configuration.runSeed, radix: 16)), \(configuration.sequenceCount) sequences"
          + (configuration.timeLimit.map { " or \($0), whichever comes first" } ?? "")
          + "; replay the run with TOPLOCK_FUZZ_SEED=0x\(String(configuration.runSeed, radix: 16))")
      var scene = try FuzzScene()
      defer { scene.tearDown() }
      var touchScene: TouchFuzzScene?
      defer { touchScene?.stop() }
      var touchSequencesRun = 0
      var multiFingerSequencesRun = 0
      let clock = ContinuousClock()
      let start = clock.now
      var sequencesRun = 0
      var failures: [String] = []
      var knownOpenCount = 0
      var problemCount = 0
      for index in 0..<configuration.sequenceCount {
        if let timeLimit = configuration.timeLimit, clock.now - start >= timeLimit { break }
        let seed = configuration.seed(ofSequence: index)
        let sequence: any CustomStringConvertible
        let problems: [String]
        if FuzzInput(seed: seed) == .mouse {
          let mouseSequence = FuzzSequence(seed: seed)
          sequence = mouseSequence
          problems = try scene.run(mouseSequence)
        } else {
          let touchSequence = TouchFuzzSequence(seed: seed)
          sequence = touchSequence
          let touch = try touchScene ?? TouchFuzzScene()
          touchScene = touch
          problems = try touch.run(touchSequence)
          touchSequencesRun += 1
          multiFingerSequencesRun += touchSequence.isMultiFinger ? 1 : 0
        }
        sequencesRun += 1
        problemCount += problems.count
        if !problems.isEmpty {
          let failure =
            "sequence \(index) (\(sequence)):\n  " + problems.joined(separator: "\n  ")
            + "\n  replay: TOPLOCK_FUZZ_REPLAY=0x\(String(seed, radix: 16)) \(replay) swift test "
            + "--filter GestureFuzzTests"
          if let mouseSequence = sequence as? FuzzSequence,
            try Self.isGTK418StaleCopyGlow(problems, of: mouseSequence, replacing: &scene)
          {
            report("fuzz: KNOWN OPEN on GTK 4.18 (docs/ARCHITECTURE.md, GTK's stale copy) \(failure)")
            knownOpenCount += 1
          } else {
            report("fuzz: FAILED \(failure)")
            failures.append(failure)
          }
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
      let touch = touchScene
      report(
        "figure: fuzz: \(sequencesRun) sequences in \(clock.now - start) (\(touchSequencesRun) touch, "
          + "\(multiFingerSequencesRun) of them multi-finger), \(failures.count) failed, "
          + "\(knownOpenCount) known open on GTK 4.18, "
          + "\(problemCount) invariant violations (top glow, value, ownership, translation, pull events, "
          + "GLib warnings); pulls began \(monitor.pullsBegan + (touch?.pullsBegan ?? 0)), "
          + "ended \(monitor.pullsEnded + (touch?.pullsEnded ?? 0)), "
          + "cancelled \(monitor.pullsCancelled + (touch?.pullsCancelled ?? 0)), "
          + "translation checks \(monitor.translationChecks + (touch?.translationChecks ?? 0)) "
          + "(\(monitor.translationChecksSkipped + (touch?.translationChecksSkipped ?? 0)) skipped)")
      #expect(sequencesRun > 0)
      #expect(configuration.shortfall(sequencesRun: sequencesRun) == nil)
      let failureList = failures.prefix(Self.reportedFailureLimit).joined(separator: "\n")
      #expect(failures.isEmpty, "\(failures.count) of \(sequencesRun) sequences failed:\n\(failureList)")
    }
  }
}
