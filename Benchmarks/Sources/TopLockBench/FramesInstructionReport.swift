/// The outcome of `toplock-bench frames-instructions`, as text and as one JSON line: instructions per frame
/// (median, p99) and per input event dispatch for stock A1, stock A2 and TopLock, on the matched gestures and
/// on all, with the verdict on the frame budget in counts (TopLock's median and p99 per frame within 2% of
/// stock A1's, matched gestures) and TopLock's own functions' share of its pass.
struct FramesInstructionReport: Encodable {
  /// The budget on TopLock's per-frame median and p99 over stock A1's (docs/RULES.md, "Budgets").
  static let ratioBudget = 1.02
  /// How far A2 may differ from A1 for the counts to be the script's alone, as a fraction.
  static let noiseTolerance = 0.001

  /// One pass's counts, over the matched gestures or all.
  struct Group: Encodable {
    /// Frames counted.
    let frames: Int
    /// Instructions per frame.
    let perFrame: SampleSummary
    /// Event dispatches counted.
    let eventDispatches: Int
    /// Instructions per event dispatch.
    let perEvent: SampleSummary
    /// Every instruction of the frames and the dispatches (an event inside a frame once).
    let instructions: Int
  }

  /// The passes compared, in the order they are played, each in a process of its own.
  static let passes: [RoundKind] = [.stockA1, .topLock, .stockA2]

  let rowCount: Int
  /// The scene the list played in; `nil` for the list alone.
  let scene: HostedScene?
  /// The indices in `ScriptSegment.all` of the matched gestures.
  let matchedSegments: Set<Int>
  /// The XTest events each pass sent: the same script, so the same number.
  let eventsSentPerPass: [RoundKind: Int]
  let counts: InstructionCounts
  /// Instructions in TopLock's own functions (`FramesInstructionBenchmark.isTopLocks`) in the TopLock pass,
  /// and in the same-named functions in stock A1 (the bench's own use of TopLockGObject).
  let topLockOwnInstructions: Int
  let stockOwnInstructions: Int
  /// How long the process under callgrind ran, in s.
  let childSeconds: Double

  /// The counts of `kind`'s pass, over the matched gestures only or all.
  func group(_ kind: RoundKind, matchedOnly: Bool) -> Group {
    let isIncluded = { (sample: InstructionCounts.Sample) in
      sample.kind == kind && (!matchedOnly || matchedSegments.contains(sample.segmentIndex))
    }
    let frames = counts.frames.filter(isIncluded)
    let events = counts.events.filter(isIncluded)
    let outsideFrames = events.filter { !$0.isInFrame }
    return Group(
      frames: frames.count, perFrame: SampleSummary(frames.map { Double($0.instructions) }),
      eventDispatches: events.count, perEvent: SampleSummary(events.map { Double($0.instructions) }),
      instructions: (frames + outsideFrames).reduce(0) { $0 + $1.instructions })
  }

  /// `figure` of TopLock's matched frames over stock A1's; `nil` when A1's is 0.
  func ratio(_ figure: KeyPath<SampleSummary, Double>) -> Double? {
    Self.ratio(
      group(.topLock, matchedOnly: true).perFrame[keyPath: figure],
      group(.stockA1, matchedOnly: true).perFrame[keyPath: figure])
  }

  /// `figure` of stock A2's matched frames over A1's: 1 when the counts are the script's alone.
  func noise(_ figure: KeyPath<SampleSummary, Double>) -> Double? {
    Self.ratio(
      group(.stockA2, matchedOnly: true).perFrame[keyPath: figure],
      group(.stockA1, matchedOnly: true).perFrame[keyPath: figure])
  }

  var isMedianWithinBudget: Bool { ratio(\.median).map { $0 <= Self.ratioBudget } ?? false }
  var isP99WithinBudget: Bool { ratio(\.p99).map { $0 <= Self.ratioBudget } ?? false }

  /// TopLock's own functions' instructions over every instruction counted in its pass.
  var topLockShare: Double? {
    Self.ratio(Double(topLockOwnInstructions), Double(counts.totals[.topLock] ?? 0))
  }

  /// The same-named functions' share in stock A1: what the bench's own hooks put there.
  var stockShare: Double? {
    Self.ratio(Double(stockOwnInstructions), Double(counts.totals[.stockA1] ?? 0))
  }

  /// Whether the counts can be trusted: every pass sent as many events and counted frames, A1 and A2 counted
  /// as many, and A2's median and p99 per frame are within `noiseTolerance` of A1's.
  var countsAgree: Bool {
    let (stockA1, stockA2) = (group(.stockA1, matchedOnly: false), group(.stockA2, matchedOnly: false))
    guard Set(eventsSentPerPass.values).count == 1, stockA1.frames > 0,
      group(.topLock, matchedOnly: true).frames > 0, stockA1.frames == stockA2.frames
    else { return false }
    return [noise(\.median), noise(\.p99)].allSatisfy {
      $0.map { abs($0 - 1) <= Self.noiseTolerance } ?? false
    }
  }

  private static func ratio(_ value: Double, _ base: Double) -> Double? {
    base > 0 ? value / base : nil
  }

  private enum CodingKeys: String, CodingKey {
    case mode, rows, scene, eventsSentPerPass, matched, all, medianRatio, p99Ratio, noiseMedian, noiseP99
    case noiseFrames, budgetRatio, medianWithinBudget, p99WithinBudget, noiseTolerance, topLockOwnInstructions
    case stockOwnInstructions, topLockShare, stockShare, childSeconds, trustworthy
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let kinds = Self.passes
    func groups(matchedOnly: Bool) -> [String: Group] {
      Dictionary(uniqueKeysWithValues: kinds.map { ($0.rawValue, group($0, matchedOnly: matchedOnly)) })
    }
    try container.encode(BenchMode.framesInstructions.rawValue, forKey: .mode)
    try container.encode(rowCount, forKey: .rows)
    try container.encodeIfPresent(scene, forKey: .scene)
    try container.encode(
      Dictionary(uniqueKeysWithValues: eventsSentPerPass.map { ($0.key.rawValue, $0.value) }),
      forKey: .eventsSentPerPass)
    try container.encode(groups(matchedOnly: true), forKey: .matched)
    try container.encode(groups(matchedOnly: false), forKey: .all)
    try container.encodeIfPresent(ratio(\.median), forKey: .medianRatio)
    try container.encodeIfPresent(ratio(\.p99), forKey: .p99Ratio)
    try container.encodeIfPresent(noise(\.median), forKey: .noiseMedian)
    try container.encodeIfPresent(noise(\.p99), forKey: .noiseP99)
    try container.encode(
      group(.stockA2, matchedOnly: false).frames == group(.stockA1, matchedOnly: false).frames,
      forKey: .noiseFrames)
    try container.encode(Self.ratioBudget, forKey: .budgetRatio)
    try container.encode(isMedianWithinBudget, forKey: .medianWithinBudget)
    try container.encode(isP99WithinBudget, forKey: .p99WithinBudget)
    try container.encode(Self.noiseTolerance, forKey: .noiseTolerance)
    try container.encode(topLockOwnInstructions, forKey: .topLockOwnInstructions)
    try container.encode(stockOwnInstructions, forKey: .stockOwnInstructions)
    try container.encodeIfPresent(topLockShare, forKey: .topLockShare)
    try container.encodeIfPresent(stockShare, forKey: .stockShare)
    try container.encode(childSeconds, forKey: .childSeconds)
    try container.encode(countsAgree, forKey: .trustworthy)
  }
}

extension FramesInstructionReport: BenchReport {
  var isTrustworthy: Bool { countsAgree }

  var text: String {
    let header = [
      "gestures", "pass", "frames", "median/frame", "p99/frame", "mean/frame", "events", "mean/event",
      "all instructions",
    ]
    let names = [RoundKind.stockA1: "stock A1", .stockA2: "stock A2", .topLock: "TopLock"]
    let lines = [true, false].flatMap { matchedOnly in
      Self.passes.map { kind in
        let group = group(kind, matchedOnly: matchedOnly)
        return [
          matchedOnly ? "matched" : "all", names[kind] ?? kind.rawValue, "\(group.frames)",
          FigureComparison.format(group.perFrame.median, 0), FigureComparison.format(group.perFrame.p99, 0),
          FigureComparison.format(group.perFrame.mean, 0), "\(group.eventDispatches)",
          FigureComparison.format(group.perEvent.mean, 0), "\(group.instructions)",
        ]
      }
    }
    let table = ([header] + lines).map { cells in
      cells.map { String(repeating: " ", count: max(0, 17 - $0.count)) + $0 }.joined()
    }
    let percent = { (share: Double?) in share.map { FigureComparison.format($0 * 100, 2) + "%" } ?? "n/a" }
    let trustNote =
      isTrustworthy
      ? ""
      : "\nNOT TRUSTWORTHY: A1 and A2 differ by more than \(Self.noiseTolerance * 100)%, the passes sent "
        + "different events, or one counted nothing"
    let eventsSent = Self.passes.map { "\(eventsSentPerPass[$0] ?? 0)" }.joined(separator: "/")
    return """
      frames-instructions: instructions per frame (flush-events + before-paint..after-paint) and per input \
      event dispatch, callgrind, \(rowCount)-row GtkListView\(scene.map { " as a \($0.summary)" } ?? ""), \
      the frames script on a scripted timeline (\(eventsSent) XTest events in A1/TopLock/A2), each pass in a \
      process of its own, overlay scrollbars off; \(FigureComparison.format(childSeconds, 0)) s under callgrind
      \(table.joined(separator: "\n"))
      TopLock/A1 (matched): median \(FigureComparison.format(ratio(\.median), 4)), p99 \
      \(FigureComparison.format(ratio(\.p99), 4)); A2/A1: median \(FigureComparison.format(noise(\.median), 5)), \
      p99 \(FigureComparison.format(noise(\.p99), 5))
      TopLock's own functions: \(topLockOwnInstructions) instructions, \(percent(topLockShare)) of its pass \
      (same-named functions in stock A1, the bench's hooks: \(stockOwnInstructions), \(percent(stockShare)))
      budget (matched gestures, <= \(Self.ratioBudget)x stock A1): median \(isMedianWithinBudget ? "met" : "MISSED"), \
      p99 \(isP99WithinBudget ? "met" : "MISSED")\(trustNote)
      """
  }

  var json: String { JSONLine.encode(self, mode: BenchMode.framesInstructions.rawValue) }
}
