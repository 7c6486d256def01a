import Foundation

/// The outcome of `toplock-bench memory`, as text and as one JSON line, with the verdicts on the budgets:
/// under 4 KiB of heap per attached scroller (the resident set reported beside it), judged twice: attached while the window is
/// built (the usual way), and attached to the largest window after it was shown; and no object left after
/// the attach/detach cycles. The same budgets for each `HostedScene` (a chained pair, a refreshing list):
/// its heap per attached scroller, built attached against the same scrolled windows built stock, and
/// nothing left after its host's attach/detach cycles.
struct MemoryReport {
  /// The budget per attached scroller, in bytes (docs/RULES.md, "Budgets").
  static let bytesPerScrollerBudget = 4_096.0

  /// One measurement per scroller count, smallest first: attached to windows already shown.
  let scrollerCounts: [ScrollerCountMeasurement]
  /// Windows built with TopLock attached, against the same windows built without.
  let builtAttached: BuiltAttachedMeasurement
  /// The attach/detach cycles.
  let cycles: CycleMeasurement
  /// Each hosted scene's windows and cycles, in `HostedScene.allCases`' order.
  let hosted: [HostedMemoryMeasurement]

  /// The measurement the per-scroller verdict rests on: the largest window, where fixed costs (the
  /// stylesheet loaded once, page rounding) weigh least.
  var largest: ScrollerCountMeasurement? { scrollerCounts.last }

  /// Bytes per scroller from the second-largest window to the largest: the cost of one more scroller, with
  /// every fixed cost cancelled out. `nil` with fewer than two windows.
  var marginal: (resident: Double, heap: Double)? {
    guard scrollerCounts.count >= 2 else { return nil }
    let small = scrollerCounts[scrollerCounts.count - 2]
    let large = scrollerCounts[scrollerCounts.count - 1]
    let added = Double(large.scrollers - small.scrollers)
    let resident = (large.medianGrowth(\.residentBytes) - small.medianGrowth(\.residentBytes)) / added
    let heap = (large.medianGrowth(\.heapBytes) - small.medianGrowth(\.heapBytes)) / added
    return (resident, heap)
  }

  /// The verdicts read the heap, the figure the budget names; the resident set is reported beside it but
  /// not judged: between identical processes it moves by some 400 KB, 4 KB per scroller at 100.
  var isHeapWithinBudget: Bool { (largest?.heapBytesPerScroller ?? .infinity) < Self.bytesPerScrollerBudget }
  var isBuiltAttachedWithinBudget: Bool { builtAttached.heapBytesPerScroller < Self.bytesPerScrollerBudget }
  /// Always true: `memory` has no check of its own; a reading that fails throws before there is a report.
  var isTrustworthy: Bool { true }

  var leavesNothing: Bool { cycles.leavesNothing }

  /// The report for a reader.
  var text: String {
    let header = [
      "scrollers", "RSS/scroller", "heap/scroller", "alloc./scr.", "blocks/scr.", "objects", "attached",
      "per scroller", "after detach", "after destroy",
    ]
    let rows = scrollerCounts.map { measurement in
      let last = measurement.lastRound
      return [
        "\(measurement.scrollers)", "\(format(measurement.residentBytesPerScroller, 0)) B",
        "\(format(measurement.heapBytesPerScroller, 0)) B",
        "\(format(measurement.allocatedBytesPerScroller, 0)) B", format(measurement.heapBlocksPerScroller, 1),
        "\(last?.objectsUnattached ?? 0)", "\(last?.objectsAttached ?? 0)",
        format(measurement.objectsPerScroller, 2), "\(last?.objectsAfterDetach ?? 0)",
        "\(last?.objectsAfterDestroy ?? 0)",
      ]
    }
    let table = ([header] + rows).map { cells in
      cells.map { String(repeating: " ", count: max(0, 14 - $0.count)) + $0 }.joined()
    }
    let marginalLine =
      marginal.map {
        "marginal (one more scroller): RSS \(format($0.resident, 0)) B, heap \(format($0.heap, 0)) B"
      }
      ?? ""
    let largestCount = largest?.scrollers ?? 0
    return """
      toplock-bench memory: scrollers attached vs the same scrollers unattached
      (each window in a process started with G_SLICE=always-malloc GSK_RENDERER=cairo; heap trimmed before each reading; heap: the allocator's bytes in use; \
      alloc.: the usable bytes of the blocks allocated and not freed, counted by the malloc interposer)
      attached while the window is built: \(builtAttached.scrollers) scrollers, \
      \(builtAttached.attachedRounds.count) windows built attached against \
      \(builtAttached.unattachedRounds.count) built unattached, in alternation, each in a process of its own \
      (so that GLib's global signal tables grow for that window's scrollers alone)
        per scroller (median growth, attached less unattached): RSS \
      \(format(builtAttached.residentBytesPerScroller, 0)) B, heap \(format(builtAttached.heapBytesPerScroller, 0)) B, \
      alloc. \(format(builtAttached.allocatedBytesPerScroller, 0)) B
      attached to a window already shown, \(MemorySettings.shownRounds) windows of each size, medians (blocks: \
      heap blocks the attach calls left allocated; objects, in the last window: widgets, controllers and \
      adjustments reachable from the window, counted alive with GObject weak pointers)
      \(table.joined(separator: "\n"))
      \(marginalLine)
      cycles: \(cycles.cycles) attach/detach on one scrolled window (after \(cycles.warmUpCycles) warm-up)
        objects TopLock added: \(cycles.objectsTracked), left alive: \(cycles.objectsLeftAlive); \
      scrollers left alive: \(cycles.topLockObjectsLeftAlive); window objects left after destroy: \
      \(cycles.windowObjectsLeftAlive)
        heap \(signed(cycles.after.heapBytes - cycles.before.heapBytes)) B \
      (\(format(cycles.heapBytesPerCycle, 2)) B per cycle), RSS \
      \(signed(cycles.after.residentBytes - cycles.before.residentBytes)) B
      \(hosted.map(hostedText).joined(separator: "\n"))
      budget: < 4 KiB heap per scroller attached while the window is built: \(verdict(isBuiltAttachedWithinBudget))
              < 4 KiB heap per scroller at \(largestCount) scrollers attached to a shown window: \
      \(verdict(isHeapWithinBudget))
              (RSS reported, not judged: it moves by some 400 KB between identical processes)
              no object left after \(cycles.cycles) cycles: \(verdict(leavesNothing))
      \(hosted.map(hostedVerdicts).joined(separator: "\n"))
      """
  }

  /// A hosted scene's windows and cycles, for the text.
  private func hostedText(_ measurement: HostedMemoryMeasurement) -> String {
    let built = measurement.builtAttached
    let cycles = measurement.cycles
    let instances = built.scrollers / measurement.scene.scrollers
    return """
      \(measurement.scene.summary): \(instances) in each window, \(built.scrollers) scrollers, built attached \
      (\(built.attachedRounds.count) windows) against the same scrolled windows built stock \
      (\(built.unattachedRounds.count)), in alternation, each in a process of its own
        per scroller (median growth, attached less stock): RSS \(format(built.residentBytesPerScroller, 0)) B, \
      heap \(format(built.heapBytesPerScroller, 0)) B, alloc. \(format(built.allocatedBytesPerScroller, 0)) B; \
      heap per \(measurement.scene.rawValue) \(format(measurement.heapBytesPerInstance, 0)) B
        cycles: \(cycles.cycles) attach/detach (after \(cycles.warmUpCycles) warm-up): objects TopLock added: \
      \(cycles.objectsTracked), left alive: \(cycles.objectsLeftAlive); TopLock objects left alive: \
      \(cycles.topLockObjectsLeftAlive); window objects left after destroy: \(cycles.windowObjectsLeftAlive); \
      heap \(signed(cycles.after.heapBytes - cycles.before.heapBytes)) B \
      (\(format(cycles.heapBytesPerCycle, 2)) B per cycle)
      """
  }

  /// A hosted scene's verdicts, for the text.
  private func hostedVerdicts(_ measurement: HostedMemoryMeasurement) -> String {
    """
            < 4 KiB heap per scroller of a \(measurement.scene.rawValue) built attached: \
    \(verdict(measurement.isWithinBudget))
            no object left after \(measurement.cycles.cycles) \(measurement.scene.rawValue) cycles: \
    \(verdict(measurement.cycles.leavesNothing))
    """
  }

  /// The report as one JSON object on one line.
  var json: String {
    let document = Document(
      mode: "memory", builtAttached: builtAttached,
      builtAttachedResidentBytesPerScroller: builtAttached.residentBytesPerScroller,
      builtAttachedHeapBytesPerScroller: builtAttached.heapBytesPerScroller,
      builtAttachedAllocatedBytesPerScroller: builtAttached.allocatedBytesPerScroller,
      builtAttachedWithinBudget: isBuiltAttachedWithinBudget,
      scrollerCounts: scrollerCounts.map(Row.init), marginalResidentBytes: marginal?.resident,
      marginalHeapBytes: marginal?.heap, cycles: cycles, heapBytesPerCycle: cycles.heapBytesPerCycle,
      budgetBytesPerScroller: Self.bytesPerScrollerBudget, heapWithinBudget: isHeapWithinBudget,
      leavesNothing: leavesNothing, hosted: hosted.map(HostedRow.init))
    return JSONLine.encode(document, mode: "memory")
  }

  /// One scroller count in the JSON line, with its per-scroller figures.
  private struct Row: Encodable {
    let measurement: ScrollerCountMeasurement
    let residentBytesPerScroller: Double
    let heapBytesPerScroller: Double
    let allocatedBytesPerScroller: Double
    let heapBlocksPerScroller: Double
    let objectsPerScroller: Double

    init(_ measurement: ScrollerCountMeasurement) {
      self.measurement = measurement
      residentBytesPerScroller = measurement.residentBytesPerScroller
      heapBytesPerScroller = measurement.heapBytesPerScroller
      allocatedBytesPerScroller = measurement.allocatedBytesPerScroller
      heapBlocksPerScroller = measurement.heapBlocksPerScroller
      objectsPerScroller = measurement.objectsPerScroller
    }
  }

  /// One hosted scene in the JSON line, with its per-scroller figures and verdicts.
  private struct HostedRow: Encodable {
    let measurement: HostedMemoryMeasurement
    let residentBytesPerScroller: Double
    let heapBytesPerScroller: Double
    let allocatedBytesPerScroller: Double
    let heapBytesPerInstance: Double
    let withinBudget: Bool
    let leavesNothing: Bool

    init(_ measurement: HostedMemoryMeasurement) {
      self.measurement = measurement
      residentBytesPerScroller = measurement.builtAttached.residentBytesPerScroller
      heapBytesPerScroller = measurement.builtAttached.heapBytesPerScroller
      allocatedBytesPerScroller = measurement.builtAttached.allocatedBytesPerScroller
      heapBytesPerInstance = measurement.heapBytesPerInstance
      withinBudget = measurement.isWithinBudget
      leavesNothing = measurement.cycles.leavesNothing
    }
  }

  /// The JSON line's content.
  private struct Document: Encodable {
    let mode: String
    let builtAttached: BuiltAttachedMeasurement
    let builtAttachedResidentBytesPerScroller: Double
    let builtAttachedHeapBytesPerScroller: Double
    let builtAttachedAllocatedBytesPerScroller: Double
    let builtAttachedWithinBudget: Bool
    let scrollerCounts: [Row]
    let marginalResidentBytes: Double?
    let marginalHeapBytes: Double?
    let cycles: CycleMeasurement
    let heapBytesPerCycle: Double
    let budgetBytesPerScroller: Double
    let heapWithinBudget: Bool
    let leavesNothing: Bool
    let hosted: [HostedRow]
  }

  private func verdict(_ isMet: Bool) -> String { isMet ? "met" : "MISSED" }

  private func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }

  private func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}

extension MemoryReport: BenchReport {}
