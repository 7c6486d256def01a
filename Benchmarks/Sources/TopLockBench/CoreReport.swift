import Foundation
@_spi(Engine) import TopLockCore

/// The outcome of `toplock-bench core`, as plain text and as one JSON line for `make bench`.
struct CoreReport {
  /// What the timed loop measured.
  struct Measurement {
    /// Wall time of the loop, in s (`ContinuousClock`).
    var seconds: Double
    /// Heap allocations made during the loop, by any thread.
    var allocations: UInt64
    /// Blocks freed during the loop.
    var frees: UInt64
    /// The decisions of the timed arbiter, folded.
    var checksum: DecisionChecksum
  }

  /// The budget per event, in ns (docs/RULES.md, "Budgets").
  static let nanosecondsPerEventBudget = 100.0

  let eventCount: Int
  /// Time taken to generate the inputs, in s.
  let generationSeconds: Double
  let mix: InputMix
  let warmUpCount: Int
  let warmUpChecksum: DecisionChecksum
  let measurement: Measurement
  /// Allocations counted for one deliberate heap object: at least 1 when the counter works.
  let proofAllocations: UInt64
  /// The decisions of the generating arbiter, folded: the timed arbiter must match them.
  let expectedChecksum: DecisionChecksum

  /// Time per event, in ns.
  var nanosecondsPerEvent: Double { measurement.seconds * 1e9 / Double(eventCount) }

  var allocationsPerEvent: Double { Double(measurement.allocations) / Double(eventCount) }

  /// Whether the figures mean anything: the counter saw the deliberate allocation and the timed arbiter
  /// decided as the generating one did.
  var isTrustworthy: Bool { proofAllocations > 0 && measurement.checksum == expectedChecksum }

  var isWithinBudget: Bool {
    nanosecondsPerEvent < Self.nanosecondsPerEventBudget && measurement.allocations == 0
  }

  /// The report for a reader.
  var text: String {
    let inputBytes = MemoryLayout<ArbiterInput>.stride
    let checksumNote = measurement.checksum == expectedChecksum ? "same as the generating run" : "DIFFERS"
    let proofNote = proofAllocations > 0 ? "counter works" : "COUNTER SAW NOTHING: no figure below holds"
    let verdict =
      isTrustworthy ? (isWithinBudget ? "within budget" : "OVER BUDGET") : "measurement not trustworthy"
    return """
      toplock-bench core: DragArbiter.handle(_:) over generated inputs
      events:           \(eventCount) (\(inputBytes) bytes each, generated in \(format(generationSeconds, 2)) s)
      mix:              \(mix.summary)
      warm-up:          \(warmUpCount) events through a separate arbiter (checksum \(hex(warmUpChecksum)))
      total time:       \(format(measurement.seconds, 4)) s
      time per event:   \(format(nanosecondsPerEvent, 2)) ns (budget < \(format(Self.nanosecondsPerEventBudget, 0)) ns)
      allocations:      \(measurement.allocations) in the timed loop (\(measurement.frees) frees), \
      \(format(allocationsPerEvent, 6)) per event (budget 0)
      allocation proof: \(proofAllocations) counted for one deliberate heap object (\(proofNote))
      checksum:         \(hex(measurement.checksum)) (\(checksumNote))
      verdict:          \(verdict)
      """
  }

  /// The report as one JSON object on one line.
  var json: String {
    let fields = [
      "\"mode\":\"core\"",
      "\"events\":\(eventCount)",
      "\"seconds\":\(format(measurement.seconds, 6))",
      "\"nsPerEvent\":\(format(nanosecondsPerEvent, 3))",
      "\"allocations\":\(measurement.allocations)",
      "\"allocationsPerEvent\":\(format(allocationsPerEvent, 9))",
      "\"proofAllocations\":\(proofAllocations)",
      "\"checksumMatches\":\(measurement.checksum == expectedChecksum)",
      "\"budgetNsPerEvent\":\(format(Self.nanosecondsPerEventBudget, 0))",
      "\"budgetAllocationsPerEvent\":0",
      "\"withinBudget\":\(isTrustworthy && isWithinBudget)",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }

  private func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }

  private func hex(_ checksum: DecisionChecksum) -> String {
    "0x" + String(checksum.value, radix: 16)
  }
}

extension CoreReport: BenchReport {}
