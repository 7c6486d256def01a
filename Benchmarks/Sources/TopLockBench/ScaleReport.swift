import Foundation

/// The outcome of `toplock-bench scale`, as text and as one JSON line, with the verdict on the budget: the
/// per-event dispatch cost TopLock adds (attached less unattached) with 100 scrolled windows in the window,
/// and with 100 spread over the window and its popovers, each at most 1.1 times the cost with one. Main actor
/// only (it reads the script).
@MainActor
struct ScaleReport: BenchReport {
  /// The budget on the largest window's per-event cost over the smallest's (docs/RULES.md, "Budgets").
  static let ratioBudget = 1.1

  /// Rounds of four passes per window.
  let rounds: Int
  /// One measurement per scroller count, smallest first.
  let windows: [ScaleMeasurement]
  /// The largest count's scrolled windows spread over the window and its popovers.
  let acrossNatives: ScaleMeasurement

  /// The largest window's per-event dispatch cost over the smallest's; `nil` when the smallest's is not above
  /// 0 (the ratio then says nothing).
  var ratio: Double? { windows.last.flatMap(ratioToSmallest) }

  /// The same for the window whose scrolled windows are spread over several natives.
  var acrossNativesRatio: Double? { ratioToSmallest(acrossNatives) }

  var isWithinBudget: Bool { [ratio, acrossNativesRatio].allSatisfy(Self.meetsBudget) }

  /// Whether `ratio` was measured and is within `ratioBudget`.
  private static func meetsBudget(_ ratio: Double?) -> Bool { ratio.map { $0 <= ratioBudget } ?? false }

  /// Whether the figures can be trusted: every window measured and every pass painted.
  var isTrustworthy: Bool {
    windows.count >= 2 && (windows + [acrossNatives]).allSatisfy(\.paintedEveryPass)
  }

  private func ratioToSmallest(_ window: ScaleMeasurement) -> Double? {
    guard let smallest = windows.first, smallest.difference(.dispatch) > 0 else { return nil }
    return window.difference(.dispatch) / smallest.difference(.dispatch)
  }

  /// The report for a reader.
  var text: String {
    let header = [
      "scrollers", "attached ms", "unattached ms", "difference ms", "noise A2-A1", "whole pass ms",
      "whole noise", "callbacks ms", "pick ms", "frame work", "frames B/A",
    ]
    let rows = (windows + [acrossNatives]).map { window in
      [
        window.natives == 1 ? "\(window.scrollers)" : "\(window.scrollers) in \(window.natives)",
        format(window.attached(.dispatch), 4), format(window.unattached(.dispatch), 4),
        format(window.difference(.dispatch), 4), format(window.noise(.dispatch), 4),
        format(window.difference(.wholePass), 3), format(window.noise(.wholePass), 3),
        format(window.attached(.topLockCallbacks), 4), format(window.pickPerEvent, 4),
        "\(format(window.frameWorkMedianRatio, 3))x",
        "\(format(window.framesPerPass([.topLock]), 0))/\(format(window.framesPerPass([.stockA1, .stockA2]), 0))",
      ]
    }
    let table = ([header] + rows).map { cells in
      cells.map { String(repeating: " ", count: max(0, 15 - $0.count)) + $0 }.joined()
    }
    let events = windows.first?.eventsPerPass ?? 0
    return """
      toplock-bench scale: one window of N scrolled windows (N in K: over the window and K - 1 popovers), \
      TopLock attached to all (mouse drag on) vs none
      script over one list: \(ScaleScript.taps) taps and a \(Int(abs(ScaleScript.drag.dy))) px mouse drag, \
      \(events) XTest events a pass; \(rounds) rounds of A1 B A2 B / B A2 B A1 per window
      per event, median over passes: main-thread CPU time dispatching the events (from GDK's emission of \
      each to the main loop's next poll or frame: GTK's dispatch to every controller and handler) / events: \
      attached, unattached, the difference and the unattached A2 - A1; whole pass: the difference and noise \
      of all the pass's CPU time (frames and the loop's polling included); callbacks: TopLock's own callbacks \
      per event, attached; pick: one GTK hit test of the window per press (gtk_widget_pick from the root, \
      timed alone), per event; frame work: attached median per-frame work / unattached; frames B/A: frames \
      painted per pass, attached / unattached
      \(table.joined(separator: "\n"))
      budget: TopLock's per-event dispatch cost at N = \(windows.last?.scrollers ?? 0) / N = \
      \(windows.first?.scrollers ?? 0): \(format(ratio, 2))x (<= \(Self.ratioBudget)x) \
      \(Self.meetsBudget(ratio) ? "met" : "MISSED"); over \(acrossNatives.natives) natives: \
      \(format(acrossNativesRatio, 2))x \
      \(Self.meetsBudget(acrossNativesRatio) ? "met" : "MISSED")
      """
  }

  /// The report as one JSON line.
  var json: String {
    let document = Document(
      mode: "scale", rounds: rounds, rows: windows.map(Row.init), acrossNatives: Row(acrossNatives),
      ratio: ratio, acrossNativesRatio: acrossNativesRatio, budgetRatio: Self.ratioBudget,
      withinBudget: isWithinBudget)
    return JSONLine.encode(document, mode: "scale")
  }

  private func format(_ value: Double?, _ decimals: Int) -> String {
    FigureComparison.format(value, decimals)
  }

  private struct Document: Encodable {
    let mode: String
    let rounds: Int
    let rows: [Row]
    let acrossNatives: Row
    let ratio: Double?
    let acrossNativesRatio: Double?
    let budgetRatio: Double
    let withinBudget: Bool
  }

  /// One window in the JSON line, times in ms.
  private struct Row: Encodable {
    let scrollers: Int
    let natives: Int
    let eventsPerPass: Int
    let passes: Int
    let attachedMillisecondsPerEvent: Double
    let unattachedMillisecondsPerEvent: Double
    let differenceMillisecondsPerEvent: Double
    let noiseMillisecondsPerEvent: Double
    let wholePassDifferenceMillisecondsPerEvent: Double
    let wholePassNoiseMillisecondsPerEvent: Double
    let callbackMillisecondsPerEvent: Double
    let pickMicroseconds: Double
    let pickMillisecondsPerEvent: Double
    let frameWorkMedianRatio: Double
    let attachedFramesPerPass: Double
    let unattachedFramesPerPass: Double
    let attachedFrameWork: SampleSummary
    let unattachedFrameWork: SampleSummary

    init(_ window: ScaleMeasurement) {
      scrollers = window.scrollers
      natives = window.natives
      eventsPerPass = window.eventsPerPass
      passes = window.passes.count
      attachedMillisecondsPerEvent = window.attached(.dispatch)
      unattachedMillisecondsPerEvent = window.unattached(.dispatch)
      differenceMillisecondsPerEvent = window.difference(.dispatch)
      noiseMillisecondsPerEvent = window.noise(.dispatch)
      wholePassDifferenceMillisecondsPerEvent = window.difference(.wholePass)
      wholePassNoiseMillisecondsPerEvent = window.noise(.wholePass)
      callbackMillisecondsPerEvent = window.attached(.topLockCallbacks)
      pickMicroseconds = window.pickNanoseconds / 1_000
      pickMillisecondsPerEvent = window.pickPerEvent
      frameWorkMedianRatio = window.frameWorkMedianRatio
      attachedFramesPerPass = window.framesPerPass([.topLock])
      unattachedFramesPerPass = window.framesPerPass([.stockA1, .stockA2])
      attachedFrameWork = window.frameWork([.topLock])
      unattachedFrameWork = window.frameWork([.stockA1, .stockA2])
    }
  }
}
