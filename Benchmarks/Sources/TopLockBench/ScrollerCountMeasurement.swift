/// What `memory` measured for windows of `scrollers` scrolled windows, each shown unattached and then
/// attached: one `Round` per window, each in a process of its own (`MemorySettings.ChildWindow.shown`), the
/// per-scroller figures their medians (a single reading of the heap also moves with the allocator's caches
/// and other threads' arenas, and of the resident set with page rounding).
struct ScrollerCountMeasurement: Encodable {
  /// One window: shown, read, attached, read, detached, destroyed.
  struct Round: Codable {
    /// The process's growth from the window shown unattached to the same window attached.
    let growth: MemoryGrowth
    /// Heap blocks the attach calls left allocated (allocations less frees counted by the malloc
    /// interposer), before GTK's next frame restyles the window.
    let attachHeapBlocks: Int
    /// Objects reachable from the window, unattached.
    let objectsUnattached: Int
    /// Objects reachable from the window, attached, counted alive through weak pointers.
    let objectsAttached: Int
    /// Objects of both counts still alive once every scroller was detached (`objectsUnattached` expected).
    let objectsAfterDetach: Int
    /// Objects of both counts still alive once the window was destroyed (0 expected).
    let objectsAfterDestroy: Int
  }

  /// Scrolled windows in each window.
  let scrollers: Int
  /// The windows measured, in order.
  let rounds: [Round]

  /// Resident bytes added per attached scroller: the rounds' median.
  var residentBytesPerScroller: Double { perScroller(\.residentBytes) }

  /// Heap bytes added per attached scroller: the rounds' median.
  var heapBytesPerScroller: Double { perScroller(\.heapBytes) }

  /// Allocated bytes added per attached scroller: the rounds' median.
  var allocatedBytesPerScroller: Double { perScroller(\.allocatedBytes) }

  /// Heap blocks the attach calls left allocated per scroller: the rounds' median.
  var heapBlocksPerScroller: Double {
    SampleSummary(rounds.map { Double($0.attachHeapBlocks) }).median / Double(scrollers)
  }

  /// The last round, whose object counts the report shows (each round counts the same objects).
  var lastRound: Round? { rounds.last }

  /// Objects added per attached scroller, in the last round.
  var objectsPerScroller: Double {
    Double((lastRound?.objectsAttached ?? 0) - (lastRound?.objectsUnattached ?? 0)) / Double(scrollers)
  }

  /// The median growth in `figure`, in bytes (not per scroller).
  func medianGrowth(_ figure: KeyPath<MemoryGrowth, Int>) -> Double {
    SampleSummary(rounds.map { Double($0.growth[keyPath: figure]) }).median
  }

  private func perScroller(_ figure: KeyPath<MemoryGrowth, Int>) -> Double {
    medianGrowth(figure) / Double(scrollers)
  }
}
