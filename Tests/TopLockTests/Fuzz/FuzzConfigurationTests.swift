import Testing

/// How the gesture fuzz test reads its run from the environment, and when a run that stopped short fails.
/// Pure: no GTK.
@Suite
struct FuzzConfigurationTests {
  /// The environment `make soak` gives the test when `SOAK_SECONDS` is not set.
  private let soakDefaults = ["TOPLOCK_FUZZ_SEQUENCES": "10000", "TOPLOCK_FUZZ_SECONDS": ""]

  @Test func soakWithoutSeconds_asksForTheWholeCountWithNoTimeBound() throws {
    let configuration = try FuzzConfiguration(environment: soakDefaults)

    #expect(configuration.sequenceCount == 10_000)
    #expect(configuration.timeLimit == nil)
  }

  @Test func soakWithSeconds_isTimeBounded() throws {
    var environment = soakDefaults
    environment["TOPLOCK_FUZZ_SECONDS"] = "600"
    let configuration = try FuzzConfiguration(environment: environment)

    #expect(configuration.sequenceCount == 10_000)
    #expect(configuration.timeLimit == .seconds(600))
  }

  @Test func runThatStoppedShort_failsOnlyWithoutATimeBound() throws {
    let countOnly = try FuzzConfiguration(environment: soakDefaults)
    var environment = soakDefaults
    environment["TOPLOCK_FUZZ_SECONDS"] = "600"
    let timeBounded = try FuzzConfiguration(environment: environment)

    #expect(
      countOnly.shortfall(sequencesRun: 9_999)
        == "ran 9999 of the 10000 sequences asked for, with no time bound")
    #expect(countOnly.shortfall(sequencesRun: 10_000) == nil)
    #expect(timeBounded.shortfall(sequencesRun: 9_999) == nil)
    #expect(timeBounded.shortfall(sequencesRun: 10_000) == nil)
  }

  @Test func secondsThatAreNotANumber_areRefused() {
    var environment = soakDefaults
    environment["TOPLOCK_FUZZ_SECONDS"] = "4h"

    #expect(throws: FuzzConfiguration.Invalid.self) { try FuzzConfiguration(environment: environment) }
  }
}
