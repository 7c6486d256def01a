import Foundation

/// The outcome of `toplock-bench startup`: spawn-to-ready times of the bare window, the demo and the demo
/// with TopLock not attached (`--no-attach`), their medians, the demo over the unattached demo (TopLock's
/// share of the start) with its verdict (at most 1.05), and the demo over the bare window (what the demo's
/// own widgets cost, no budget). As text and as one JSON line.
struct StartupReport {
  /// The budget: the demo's median at most this many times the unattached demo's (docs/RULES.md, "Budgets").
  static let topLockRatioBudget = 1.05

  /// The demo executable run.
  let demoPath: String
  /// The bare window's timed runs, in ms, in order.
  let bareMilliseconds: [Double]
  /// The demo's timed runs, in ms, in order.
  let demoMilliseconds: [Double]
  /// The unattached demo's (`--no-attach`: the same window, TopLock not attached) timed runs, in ms, in order.
  let unattachedDemoMilliseconds: [Double]
  /// Why the runs stopped early, or `nil` when all ran.
  let failure: String?

  var bare: SampleSummary { SampleSummary(bareMilliseconds) }
  var demo: SampleSummary { SampleSummary(demoMilliseconds) }
  var unattachedDemo: SampleSummary { SampleSummary(unattachedDemoMilliseconds) }

  /// The demo's median over the bare window's (no budget: the demo's own widgets); `nil` when not measured.
  var bareRatio: Double? {
    guard failure == nil, bare.median > 0 else { return nil }
    return demo.median / bare.median
  }

  /// The demo's median over the unattached demo's: what TopLock adds to the start; `nil` when not measured.
  var topLockRatio: Double? {
    guard failure == nil, unattachedDemo.median > 0 else { return nil }
    return demo.median / unattachedDemo.median
  }

  var isWithinBudget: Bool { (topLockRatio ?? .infinity) <= Self.topLockRatioBudget }

  /// Whether the figures can be trusted: every program ran and printed its ready line.
  var isTrustworthy: Bool { failure == nil }

  /// The report for a reader.
  var text: String {
    let verdict: String
    if let topLockRatio {
      verdict =
        "\(isWithinBudget ? "met" : "MISSED") (demo/unattached demo \(format(topLockRatio, 3)), "
        + "budget <= \(format(Self.topLockRatioBudget, 2)))"
    } else {
      verdict = "NOT MEASURED: \(failure ?? "no runs")"
    }
    return """
      toplock-bench startup: spawn to ready line, demo (\(demoPath)) vs the same with --no-attach and a bare \
      GtkWindow, alternating
      bare window:     \(describe(bareMilliseconds, bare))
      demo:            \(describe(demoMilliseconds, demo))
      unattached demo: \(describe(unattachedDemoMilliseconds, unattachedDemo))
      demo/bare window (the demo's own widgets, no budget): \(bareRatio.map { format($0, 3) } ?? "not measured")
      budget: demo median within 5% of the unattached demo's (TopLock's share): \(verdict)
      """
  }

  /// The report as one JSON object on one line.
  var json: String {
    let document = Document(
      mode: "startup", demoPath: demoPath, bareMilliseconds: bareMilliseconds,
      demoMilliseconds: demoMilliseconds, unattachedDemoMilliseconds: unattachedDemoMilliseconds,
      bare: bare, demo: demo, unattachedDemo: unattachedDemo, bareRatio: bareRatio,
      topLockRatio: topLockRatio, topLockRatioBudget: Self.topLockRatioBudget,
      withinBudget: topLockRatio != nil && isWithinBudget,
      failure: failure)
    return JSONLine.encode(document, mode: "startup")
  }

  /// The JSON line's content.
  private struct Document: Encodable {
    let mode: String
    let demoPath: String
    let bareMilliseconds: [Double]
    let demoMilliseconds: [Double]
    let unattachedDemoMilliseconds: [Double]
    let bare: SampleSummary
    let demo: SampleSummary
    let unattachedDemo: SampleSummary
    let bareRatio: Double?
    let topLockRatio: Double?
    let topLockRatioBudget: Double
    let withinBudget: Bool
    let failure: String?
  }

  private func describe(_ runs: [Double], _ summary: SampleSummary) -> String {
    guard !runs.isEmpty else { return "not measured" }
    let list = runs.map { format($0, 1) }.joined(separator: ", ")
    return "median \(format(summary.median, 1)) ms over \(runs.count) runs (\(list))"
  }

  private func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}

extension StartupReport: BenchReport {}
