import Foundation

/// The outcome of `toplock-bench frames`: each figure for stock and TopLock with their ratio beside the
/// A2/A1 ratio of the two stock groups, for the matched gestures (the same frames in both) and for all,
/// TopLock's callback time, and the verdict on the budget (per-frame work median and p99 within 2% of stock,
/// on the matched gestures). As text and as one JSON line. Main actor only (it reads the script).
@MainActor
struct FramesReport: BenchReport {
  /// The budget: TopLock's work median and p99 at most this many times stock's (docs/RULES.md, "Budgets").
  static let workRatioBudget = 1.02
  /// A compared group with fewer frames than this cannot be trusted.
  static let minimumFramesPerGroup = 100

  let settings: FramesSettings
  /// The GSK renderer the window drew with.
  let rendererName: String
  /// Time taken to fill the list's model, in ms.
  let modelFillMilliseconds: Double
  /// Every round, warm-up included, in the order run.
  let rounds: [RoundResult]
  /// The cost of one thread-CPU clock read, in ns, taken off each timed callback.
  let clockReadNanoseconds: Int64

  /// The figures of the rounds of `kinds`, of the matched gestures only or of all.
  func figures(_ kinds: Set<RoundKind>, matchedOnly: Bool) -> FrameFigures {
    FrameFigures(rounds.filter { kinds.contains($0.kind) && ($0.isMatched || !matchedOnly) })
  }

  /// Stock (A1 and A2 pooled) and TopLock on the matched gestures: what the verdict rests on.
  var matchedStock: FrameFigures { figures([.stockA1, .stockA2], matchedOnly: true) }
  var matchedTopLock: FrameFigures { figures([.topLock], matchedOnly: true) }
  /// The timed TopLock rounds, all gestures.
  var timed: FrameFigures { figures([.topLockTimed], matchedOnly: false) }

  /// TopLock's work median over stock's, matched gestures.
  var workMedianRatio: Double { matchedTopLock.work.median / matchedStock.work.median }
  /// TopLock's work p99 over stock's, matched gestures.
  var workP99Ratio: Double { matchedTopLock.work.p99 / matchedStock.work.p99 }
  var isMedianWithinBudget: Bool { workMedianRatio <= Self.workRatioBudget }
  var isP99WithinBudget: Bool { workP99Ratio <= Self.workRatioBudget }

  /// Whether the two stock groups agree within the budget's 2% on a figure: if not, the run cannot tell a
  /// 2% difference from noise, whichever way the verdict falls.
  func isResolved(_ figure: KeyPath<FrameFigures, Double>) -> Bool {
    guard let noise = ratio(figure) else { return false }
    return abs(noise - 1) <= Self.workRatioBudget - 1
  }

  /// Whether TopLock's ratio to stock on a figure lies within the run's own noise: no further from 1 than
  /// the two stock groups' A2/A1 ratio.
  func isWithinNoise(_ ratio: Double, _ figure: KeyPath<FrameFigures, Double>) -> Bool {
    guard let noise = self.ratio(figure) else { return false }
    return abs(ratio - 1) <= abs(noise - 1)
  }

  /// What the gestures were played with, for the report.
  var inputName: String { settings.touch ? "touch" : "mouse" }

  /// Whether every compared group painted enough frames on the matched gestures to mean anything.
  var isTrustworthy: Bool {
    [[.stockA1], [.stockA2], [.topLock]].allSatisfy {
      figures($0, matchedOnly: true).frames >= Self.minimumFramesPerGroup
    }
  }

  /// Every compared figure, in table order, for the matched gestures or for all.
  func comparisons(matchedOnly: Bool) -> [FigureComparison] {
    let stock = figures([.stockA1, .stockA2], matchedOnly: matchedOnly)
    let topLock = figures([.topLock], matchedOnly: matchedOnly)
    let stockA1 = figures([.stockA1], matchedOnly: matchedOnly)
    let stockA2 = figures([.stockA2], matchedOnly: matchedOnly)
    func row(_ name: String, _ value: (FrameFigures) -> Double) -> FigureComparison {
      FigureComparison(
        name: name, stock: value(stock), topLock: value(topLock), stockA1: value(stockA1),
        stockA2: value(stockA2))
    }
    return [
      row("work median (ms)") { $0.work.median },
      row("work p95 (ms)") { $0.work.p95 },
      row("work p99 (ms)") { $0.work.p99 },
      row("work max (ms)") { $0.work.max },
      row("work mean (ms)") { $0.work.mean },
      row("work CPU median (ms)") { $0.cpu.median },
      row("work CPU p95 (ms)") { $0.cpu.p95 },
      row("work CPU p99 (ms)") { $0.cpu.p99 },
      row("work CPU max (ms)") { $0.cpu.max },
      row("update-paint median (ms)") { $0.paint.median },
      row("update-paint p99 (ms)") { $0.paint.p99 },
      row("interval median (ms)") { $0.intervals.median },
      row("interval p95 (ms)") { $0.intervals.p95 },
      row("interval p99 (ms)") { $0.intervals.p99 },
      row("interval max (ms)") { $0.intervals.max },
      row("frames over 16.7 ms (%)") { $0.overBudgetShare * 100 },
      row("intervals over 25 ms (%)") { $0.lateIntervalShare * 100 },
      row("frames per round") { $0.framesPerRound },
      row("work sum per round (ms)") { $0.workSumPerRound },
    ]
  }

  /// The report for a reader.
  var text: String {
    let (stock, topLock, timed) = (matchedStock, matchedTopLock, timed)
    let allStock = figures([.stockA1, .stockA2], matchedOnly: false)
    let allTopLock = figures([.topLock], matchedOnly: false)
    let handlerPerFrame = timed.handlerMicroseconds
    let handlerShare = allStock.work.mean > 0 ? handlerPerFrame.mean / 1e3 / allStock.work.mean * 100 : 0
    let perInvocation =
      timed.handlerInvocations > 0
      ? handlerPerFrame.mean * Double(timed.frames) / Double(timed.handlerInvocations) : 0
    let noiseMedian = FigureComparison.format(ratio(\.work.median), 3)
    let noiseP99 = FigureComparison.format(ratio(\.work.p99), 3)
    let fillTime = format(modelFillMilliseconds, 0)
    let (cycles, timedPasses) = (settings.cycles, settings.timedPasses)
    let perFrame = [handlerPerFrame.mean, handlerPerFrame.median, handlerPerFrame.p99, handlerPerFrame.max]
      .map { format($0, 2) }
    let trustNote =
      isTrustworthy
      ? "" : "\nNOT TRUSTWORTHY: a group painted fewer than \(Self.minimumFramesPerGroup) frames"
    return """
      toplock-bench frames (\(inputName)): \(settings.rowCount)-row GtkListView, stock GtkScrolledWindow vs \
      TopLock attached
      window:   400 x 700 px, \(rendererName); model (GtkStringList) filled in \(fillTime) ms
      script:   \(ScriptSegment.all.count) gestures, each played A1 B A2 B (even cycles) or B A2 B A1 (odd), \
      \(cycles) cycles, after a warm-up pass; then \(timedPasses) timed TopLock pass(es)
      frames:   matched gestures: stock \(stock.frames), TopLock \(topLock.frames); \
      all: stock \(allStock.frames), TopLock \(allTopLock.frames); timed \(timed.frames)
      work:     flush-events (input dispatch) + before-paint..after-paint on the monotonic clock;
                CPU: the main thread's CPU time over the same phases
      frames per round by gesture (stock / TopLock):
      \(segmentLines.joined(separator: "\n"))

      Matched gestures (away from the top: stock and TopLock paint the same frames)
      \(table(comparisons(matchedOnly: true)))

      All gestures (at the top TopLock paints fewer frames by design, so per-frame figures mix other frames)
      \(table(comparisons(matchedOnly: false)))

      TopLock callbacks (timed pass, thread CPU time, \(clockReadNanoseconds) ns clock read taken off each):
        per frame:      mean \(perFrame[0]) us, median \(perFrame[1]) us, p99 \(perFrame[2]) us, \
      max \(perFrame[3]) us (\(format(handlerShare, 2))% of stock's mean frame work)
        per invocation: \(format(perInvocation, 2)) us over \(timed.handlerInvocations) invocations
      budget (matched gestures):
        work median within 2% of stock: \(verdict(workMedianRatio, isMedianWithinBudget, \.work.median))
        work p99 within 2% of stock:    \(verdict(workP99Ratio, isP99WithinBudget, \.work.p99))
        noise, stock A2/A1:             median \(noiseMedian), p99 \(noiseP99)\(trustNote)
      """
  }

  /// The report as one JSON object on one line.
  var json: String {
    let document = Document(
      mode: "frames", input: inputName, rows: settings.rowCount, renderer: rendererName,
      cycles: settings.cycles,
      timedPasses: settings.timedPasses, segments: segments, matchedStock: matchedStock,
      matchedTopLock: matchedTopLock,
      allStock: figures([.stockA1, .stockA2], matchedOnly: false),
      allTopLock: figures([.topLock], matchedOnly: false), timed: timed,
      matched: comparisons(matchedOnly: true), all: comparisons(matchedOnly: false),
      clockReadNanoseconds: clockReadNanoseconds, workMedianRatio: workMedianRatio,
      workP99Ratio: workP99Ratio,
      noiseMedianRatio: ratio(\.work.median), noiseP99Ratio: ratio(\.work.p99),
      budgetRatio: Self.workRatioBudget,
      medianWithinBudget: isMedianWithinBudget, p99WithinBudget: isP99WithinBudget,
      medianWithinNoise: isWithinNoise(workMedianRatio, \.work.median),
      p99WithinNoise: isWithinNoise(workP99Ratio, \.work.p99),
      medianResolved: isResolved(\.work.median), p99Resolved: isResolved(\.work.p99),
      trustworthy: isTrustworthy
    )
    return JSONLine.encode(document, mode: "frames")
  }

  /// The JSON line's content.
  private struct Document: Encodable {
    let mode: String
    let input: String
    let rows: Int
    let renderer: String
    let cycles: Int
    let timedPasses: Int
    let segments: [SegmentFrameCounts]
    let matchedStock: FrameFigures
    let matchedTopLock: FrameFigures
    let allStock: FrameFigures
    let allTopLock: FrameFigures
    let timed: FrameFigures
    let matched: [FigureComparison]
    let all: [FigureComparison]
    let clockReadNanoseconds: Int64
    let workMedianRatio: Double
    let workP99Ratio: Double
    let noiseMedianRatio: Double?
    let noiseP99Ratio: Double?
    let budgetRatio: Double
    let medianWithinBudget: Bool
    let p99WithinBudget: Bool
    let medianWithinNoise: Bool
    let p99WithinNoise: Bool
    let medianResolved: Bool
    let p99Resolved: Bool
    let trustworthy: Bool
  }

  /// Frames per round of each gesture, in script order.
  var segments: [SegmentFrameCounts] {
    ScriptSegment.all.map { SegmentFrameCounts(name: $0.name, isMatched: $0.isMatched, rounds: rounds) }
  }

  /// One line per gesture: frames per round, stock and TopLock.
  private var segmentLines: [String] {
    segments.map { segment in
      let tag = segment.isMatched ? "matched" : "at the top"
      return "  \(segment.name) (\(tag)): \(format(segment.stockFramesPerRound, 1)) / "
        + format(segment.topLockFramesPerRound, 1)
    }
  }

  /// The A2/A1 ratio of a figure on the matched gestures; `nil` when A1's is 0.
  private func ratio(_ figure: KeyPath<FrameFigures, Double>) -> Double? {
    let stockA1 = figures([.stockA1], matchedOnly: true)[keyPath: figure]
    let stockA2 = figures([.stockA2], matchedOnly: true)[keyPath: figure]
    return stockA1 == 0 ? nil : stockA2 / stockA1
  }

  private func table(_ comparisons: [FigureComparison]) -> String {
    let nameWidth = 28
    let header =
      "figure".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + ["stock", "TopLock", "TL/stock", "A2/A1"].map { String(repeating: " ", count: 12 - $0.count) + $0 }
      .joined()
    return ([header] + comparisons.map { $0.line(nameWidth: nameWidth) }).joined(separator: "\n")
  }

  private func verdict(_ ratio: Double, _ isMet: Bool, _ figure: KeyPath<FrameFigures, Double>) -> String {
    let resolution = isResolved(figure) ? "" : "; A2/A1 noise over 2%: not resolved by this run"
    return "\(isMet ? "met" : "MISSED") (TopLock/stock \(format(ratio, 3)), budget <= "
      + "\(format(Self.workRatioBudget, 2))\(resolution))"
  }

  private nonisolated func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
