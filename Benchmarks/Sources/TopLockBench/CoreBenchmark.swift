import CTopLockAllocCounter
@_spi(Engine) import TopLockCore

/// `toplock-bench core`: the core decision budget of docs/RULES.md ("Budgets"), under 100 ns and zero heap
/// allocations per event. Generates every input ahead of time, warms up, then times one `DragArbiter` over
/// all of them and counts the allocations made meanwhile with the malloc interposer of CTopLockAllocCounter.
struct CoreBenchmark {
  /// The most inputs fed to a throwaway arbiter before timing, to fault in pages and warm caches and
  /// branch predictors.
  static let warmUpLimit = 1_000_000

  /// How many inputs to time.
  let eventCount: Int

  /// Generates the inputs, warms up and times them; the report says whether the figures can be trusted.
  func measure() -> CoreReport {
    let clock = ContinuousClock()
    let generationStart = clock.now
    let workload = WorkloadGenerator(eventCount: eventCount, seed: WorkloadTuning.seed)
    let generationTime = generationStart.duration(to: clock.now)
    let proofAllocations = AllocationProbe.allocationsForOneProbe()
    let warmUpCount = min(eventCount, Self.warmUpLimit)
    let (warmUpChecksum, measurement) = workload.inputs.withUnsafeBufferPointer { inputs in
      let warmUpChecksum = Self.feed(UnsafeBufferPointer(rebasing: inputs[..<warmUpCount]))
      return (warmUpChecksum, Self.measure(inputs))
    }
    return CoreReport(
      eventCount: eventCount, generationSeconds: Self.seconds(generationTime), mix: InputMix(workload.inputs),
      warmUpCount: warmUpCount, warmUpChecksum: warmUpChecksum, measurement: measurement,
      proofAllocations: proofAllocations, expectedChecksum: workload.checksum)
  }

  /// Times `inputs` through one fresh arbiter, counting the heap allocations made meanwhile.
  private static func measure(_ inputs: UnsafeBufferPointer<ArbiterInput>) -> CoreReport.Measurement {
    let clock = ContinuousClock()
    let allocationsBefore = toplock_alloc_count()
    let freesBefore = toplock_free_count()
    let start = clock.now
    let checksum = feed(inputs)
    let end = clock.now
    return CoreReport.Measurement(
      seconds: seconds(start.duration(to: end)), allocations: toplock_alloc_count() - allocationsBefore,
      frees: toplock_free_count() - freesBefore, checksum: checksum)
  }

  /// Feeds `inputs` to one fresh arbiter and folds every decision into a checksum. Out of line, so that
  /// the timed work is this one call and its result must be computed.
  @inline(never)
  private static func feed(_ inputs: UnsafeBufferPointer<ArbiterInput>) -> DecisionChecksum {
    var arbiter = DragArbiter()
    var checksum = DecisionChecksum()
    for input in inputs {
      checksum.fold(arbiter.handle(input))
    }
    return checksum
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
