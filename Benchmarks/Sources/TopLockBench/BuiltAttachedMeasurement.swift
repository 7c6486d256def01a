/// What `memory` measured for scrollers attached while their window is built, before it is first shown:
/// the usual way to use TopLock. Windows of the same scrolled windows are built, shown and settled in
/// alternation, unattached and attached, each in a process of its own (`MemorySettings.ChildWindow.built`)
/// for the reason the shown windows are (`ChildMeasurementProcess`); each round reads its process's growth
/// from before the window was built to after it settled.
struct BuiltAttachedMeasurement: Encodable {
  /// Scrolled windows in each window.
  let scrollers: Int
  /// Growth of each unattached round.
  let unattachedRounds: [MemoryGrowth]
  /// Growth of each attached round.
  let attachedRounds: [MemoryGrowth]

  /// Heap bytes per scroller: the attached rounds' median growth less the unattached rounds', per scroller.
  var heapBytesPerScroller: Double {
    perScroller(attachedRounds.map(\.heapBytes), unattachedRounds.map(\.heapBytes))
  }

  /// Resident bytes per scroller, worked out like `heapBytesPerScroller`.
  var residentBytesPerScroller: Double {
    perScroller(attachedRounds.map(\.residentBytes), unattachedRounds.map(\.residentBytes))
  }

  /// Allocated bytes per scroller, worked out like `heapBytesPerScroller`.
  var allocatedBytesPerScroller: Double {
    perScroller(attachedRounds.map(\.allocatedBytes), unattachedRounds.map(\.allocatedBytes))
  }

  private func perScroller(_ attached: [Int], _ unattached: [Int]) -> Double {
    let attachedMedian = SampleSummary(attached.map(Double.init)).median
    let unattachedMedian = SampleSummary(unattached.map(Double.init)).median
    return (attachedMedian - unattachedMedian) / Double(scrollers)
  }
}

/// How much the process grew between two readings, in bytes.
struct MemoryGrowth: Codable {
  let residentBytes: Int
  let heapBytes: Int
  let allocatedBytes: Int

  init(from before: MemorySnapshot, to after: MemorySnapshot) {
    residentBytes = after.residentBytes - before.residentBytes
    heapBytes = after.heapBytes - before.heapBytes
    allocatedBytes = after.allocatedBytes - before.allocatedBytes
  }
}
