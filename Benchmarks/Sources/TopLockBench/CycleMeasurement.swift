/// What `memory` measured over many attach/detach cycles on one scrolled window.
struct CycleMeasurement: Encodable {
  /// Cycles run (after a few unmeasured warm-up cycles).
  let cycles: Int
  /// Unmeasured cycles run first.
  let warmUpCycles: Int
  /// The process before the first measured cycle.
  let before: MemorySnapshot
  /// The process after the last.
  let after: MemorySnapshot
  /// Objects TopLock added to the widgets during the cycles (new controllers on the scrolled window and its
  /// root), each tracked with a weak pointer.
  let objectsTracked: Int
  /// Of those, the ones still alive after the last detach (0 expected).
  let objectsLeftAlive: Int
  /// `TopLockScroller` instances still alive after the cycles (0 expected), tracked with Swift weak
  /// references.
  let scrollersLeftAlive: Int
  /// The window, its scrolled window and the adjustment, alive after the window was destroyed (0 expected:
  /// TopLock references the root and the adjustment while attached).
  let windowObjectsLeftAlive: Int

  /// Heap bytes added per cycle.
  var heapBytesPerCycle: Double { Double(after.heapBytes - before.heapBytes) / Double(cycles) }

  /// Resident bytes added per cycle.
  var residentBytesPerCycle: Double { Double(after.residentBytes - before.residentBytes) / Double(cycles) }
}
