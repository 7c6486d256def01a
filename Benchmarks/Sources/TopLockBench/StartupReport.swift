import Foundation

/// The outcome of `toplock-bench startup`: spawn-to-ready times of the bare window, the demo and the stock
/// demo, their medians, the verdict on the budget (demo median at most 1.2 times the bare window's), and the
/// demo over the stock demo (TopLock's own share). As text and as one JSON line.
struct StartupReport {
  /// The budget: the demo's median at most this many times the bare window's (docs/RULES.md, "Budgets").
  static let ratioBudget = 1.2

  /// The demo executable run.
  let demoPath: String
  /// The bare window's timed runs, in ms, in order.
  let bareMilliseconds: [Double]
  /// The demo's timed runs, in ms, in order.
  let demoMilliseconds: [Double]
  /// The stock demo's (`--stock`: no TopLock) timed runs, in ms, in order.
  let stockDemoMilliseconds: [Double]
  /// Why the runs stopped early, or `nil` when all ran.
  let failure: String?

  var bare: SampleSummary { SampleSummary(bareMilliseconds) }
  var demo: SampleSummary { SampleSummary(demoMilliseconds) }
  var stockDemo: SampleSummary { SampleSummary(stockDemoMilliseconds) }

  /// The demo's median over the bare window's; `nil` when either was not measured.
  var ratio: Double? {
    guard failure == nil, bare.median > 0 else { return nil }
    return demo.median / bare.median
  }

  var isWithinBudget: Bool { (ratio ?? .infinity) <= Self.ratioBudget }

  /// The demo's median over the stock demo's: what TopLock itself adds; `nil` when not measured.
  var topLockRatio: Double? {
    guard failure == nil, stockDemo.median > 0 else { return nil }
    return demo.median / stockDemo.median
  }

  /// The report for a reader.
  var text: String {
    let verdict: String
    if let ratio {
      verdict =
        "\(isWithinBudget ? "met" : "MISSED") (demo/bare \(format(ratio, 3)), "
        + "budget <= \(format(Self.ratioBudget, 1)))"
    } else {
      verdict = "NOT MEASURED: \(failure ?? "no runs")"
    }
    return """
      toplock-bench startup: spawn to ready line, demo (\(demoPath)) vs bare GtkWindow, alternating
      bare window: \(describe(bareMilliseconds, bare))
      demo:        \(describe(demoMilliseconds, demo))
      stock demo:  \(describe(stockDemoMilliseconds, stockDemo))
      demo/stock demo (TopLock's own share): \(topLockRatio.map { format($0, 3) } ?? "not measured")
      budget: demo median within 1.2x of the bare window's: \(verdict)
      """
  }

  /// The report as one JSON object on one line.
  var json: String {
    let document = Document(
      mode: "startup", demoPath: demoPath, bareMilliseconds: bareMilliseconds,
      demoMilliseconds: demoMilliseconds, stockDemoMilliseconds: stockDemoMilliseconds,
      bare: bare, demo: demo, stockDemo: stockDemo, ratio: ratio, topLockRatio: topLockRatio,
      budgetRatio: Self.ratioBudget,
      withinBudget: ratio != nil && isWithinBudget,
      failure: failure)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(document), let line = String(data: data, encoding: .utf8) else {
      preconditionFailure("toplock-bench: the startup report does not encode")
    }
    return line
  }

  /// The JSON line's content.
  private struct Document: Encodable {
    let mode: String
    let demoPath: String
    let bareMilliseconds: [Double]
    let demoMilliseconds: [Double]
    let stockDemoMilliseconds: [Double]
    let bare: SampleSummary
    let demo: SampleSummary
    let stockDemo: SampleSummary
    let ratio: Double?
    let topLockRatio: Double?
    let budgetRatio: Double
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
