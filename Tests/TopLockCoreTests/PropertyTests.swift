import Testing

/// Seeded random event sequences checked against the reference model (`SimulatedScroller`): 48 seeds of
/// 2,500 events, 120,000 events a run. A failure names its seed and step and lists the events before it;
/// `RandomSession(seed:)` replays it.
struct PropertyTests {
  static let seeds: [UInt64] = Array(1...48)
  static let eventsPerSeed = 2_500
  /// Seeds whose runs must, together, reach every `RandomSession.Situation`.
  static let coverageSeeds: [UInt64] = Array(1...8)

  @Test(arguments: seeds)
  func randomSequences_keepEveryInvariant(seed: UInt64) {
    var session = RandomSession(seed: seed)
    let failure = session.run(events: Self.eventsPerSeed)
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func randomSequences_reachEverySituationWorthTesting() {
    var total: [RandomSession.Situation: Int] = [:]
    for seed in Self.coverageSeeds {
      var session = RandomSession(seed: seed)
      _ = session.run(events: Self.eventsPerSeed)
      total.merge(session.coverage, uniquingKeysWith: +)
    }
    for situation in RandomSession.Situation.allCases {
      #expect(total[situation, default: 0] > 0, "never reached: \(situation)")
    }
  }
}
