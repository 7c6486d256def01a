/// What `memory` measured over many attach/detach cycles of one `CycleTarget`: a scroller on one scrolled
/// window, or a host (`scene`) over its scrolled windows.
struct CycleMeasurement: Encodable {
  /// The host attached and taken off in each cycle; `nil` for a lone scroller.
  let scene: HostedScene?
  /// Cycles run (after a few unmeasured warm-up cycles).
  let cycles: Int
  /// Unmeasured cycles run first.
  let warmUpCycles: Int
  /// The process before the first measured cycle.
  let before: MemorySnapshot
  /// The process after the last.
  let after: MemorySnapshot
  /// Objects TopLock added to the widgets during the cycles (new controllers on the scrolled windows and
  /// their root; a refresh's widgets), each tracked with a weak pointer.
  let objectsTracked: Int
  /// Of those, the ones still alive after the last detach (0 expected).
  let objectsLeftAlive: Int
  /// `TopLockScroller` instances, and the chains or refreshes made, still alive after the cycles (0
  /// expected), tracked with Swift weak references.
  let topLockObjectsLeftAlive: Int
  /// The window, its scrolled windows and their adjustments, alive after the window was destroyed (0
  /// expected: TopLock references the root and the adjustment while attached).
  let windowObjectsLeftAlive: Int

  /// Whether nothing TopLock made, nor the window, outlived the cycles.
  var leavesNothing: Bool {
    objectsLeftAlive == 0 && topLockObjectsLeftAlive == 0 && windowObjectsLeftAlive == 0
  }

  /// Heap bytes added per cycle.
  var heapBytesPerCycle: Double { Double(after.heapBytes - before.heapBytes) / Double(cycles) }

  /// Resident bytes added per cycle.
  var residentBytesPerCycle: Double { Double(after.residentBytes - before.residentBytes) / Double(cycles) }
}
