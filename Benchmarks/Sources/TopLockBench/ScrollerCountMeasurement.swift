/// What `memory` measured for one window of `scrollers` scrolled windows, unattached and then attached.
struct ScrollerCountMeasurement: Encodable {
  /// Scrolled windows in the window.
  let scrollers: Int
  /// The process with the window shown, TopLock not attached.
  let unattached: MemorySnapshot
  /// The same, with TopLock attached to every scrolled window.
  let attached: MemorySnapshot
  /// Heap blocks the attach calls left allocated (allocations less frees counted by the malloc interposer),
  /// before GTK's next frame restyles the window.
  let attachHeapBlocks: Int
  /// Objects reachable from the window, unattached.
  let objectsUnattached: Int
  /// Objects reachable from the window, attached, counted alive through weak pointers.
  let objectsAttached: Int
  /// Objects of both counts still alive once every scroller was detached (`objectsUnattached` expected).
  let objectsAfterDetach: Int
  /// Objects of both counts still alive once the window was destroyed (0 expected).
  let objectsAfterDestroy: Int

  /// Resident bytes added per attached scroller.
  var residentBytesPerScroller: Double {
    Double(attached.residentBytes - unattached.residentBytes) / Double(scrollers)
  }

  /// Heap bytes added per attached scroller.
  var heapBytesPerScroller: Double { Double(attached.heapBytes - unattached.heapBytes) / Double(scrollers) }

  /// Heap blocks the attach calls left allocated per scroller.
  var heapBlocksPerScroller: Double { Double(attachHeapBlocks) / Double(scrollers) }

  /// Objects added per attached scroller.
  var objectsPerScroller: Double { Double(objectsAttached - objectsUnattached) / Double(scrollers) }
}
