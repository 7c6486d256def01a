import Testing

/// Seeded random event sequences checked against the reference model (`SimulatedScroller`): 48 seeds of
/// 2,500 events on each GTK the model plays, 240,000 events a run. A failure names its seed, its GTK and its
/// step and lists the events before it; `RandomSession(seed:gtkVersion:)` replays it.
struct PropertyTests {
  static let seeds: [UInt64] = Array(1...48)
  static let eventsPerSeed = 2_500
  /// Seeds whose runs must, together, reach every `RandomSession.Situation`.
  static let coverageSeeds: [UInt64] = Array(1...8)

  @Test(arguments: SimulatedScroller.GTKVersion.allCases, seeds)
  func randomSequences_keepEveryInvariant(gtkVersion: SimulatedScroller.GTKVersion, seed: UInt64) {
    var session = RandomSession(seed: seed, gtkVersion: gtkVersion)
    let failure = session.run(events: Self.eventsPerSeed)
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// One motion, one input: a motion GTK's drag follows too, fed as one `dragMoved` carrying GTK's part,
  /// decides as the two inputs `gtkDragMotion` then `dragMoved` do.
  @Test(arguments: SimulatedScroller.GTKVersion.allCases, seeds.prefix(16))
  func randomSequences_gtkDragPartInTheMotion_decidesAsTwoInputsDo(
    gtkVersion: SimulatedScroller.GTKVersion, seed: UInt64
  ) {
    var merged = RandomSession(seed: seed, gtkVersion: gtkVersion)
    var separate = RandomSession(seed: seed, gtkVersion: gtkVersion, feedsGTKDragMotionAlone: true)
    let divergence = merged.firstDivergence(from: &separate, events: Self.eventsPerSeed)
    #expect(divergence == nil, "\(divergence ?? "")")
    #expect(merged.scroller.violations.isEmpty && separate.scroller.violations.isEmpty)
  }

  @Test(arguments: SimulatedScroller.GTKVersion.allCases)
  func randomSequences_reachEverySituationWorthTesting(gtkVersion: SimulatedScroller.GTKVersion) {
    var total: [RandomSession.Situation: Int] = [:]
    for seed in Self.coverageSeeds {
      var session = RandomSession(seed: seed, gtkVersion: gtkVersion)
      _ = session.run(events: Self.eventsPerSeed)
      total.merge(session.coverage, uniquingKeysWith: +)
    }
    for situation in RandomSession.Situation.allCases {
      #expect(total[situation, default: 0] > 0, "never reached: \(situation)")
    }
  }
}
