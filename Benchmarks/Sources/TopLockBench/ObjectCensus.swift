import CTopLockGtk

/// Counts which of the GObjects it was shown are still alive, through GObject weak pointers
/// (`g_object_add_weak_pointer`: GLib clears the pointer when the object is finalized).
/// `g_type_get_instance_count` cannot do it: Debian's GLib is built without instance counting.
///
/// The pointer slots live in fixed chunks that never move (GLib writes into them); `reserve(_:)` makes
/// room ahead of a measured stretch so that tracking allocates nothing of the census's own there. Main
/// actor only. `release()` removes every weak pointer still set; call it before dropping the census.
@MainActor
final class ObjectCensus {
  private static let slotsPerChunk = 4_096

  private var chunks: [UnsafeMutablePointer<gpointer?>] = []
  private var slotCount = 0

  /// Objects shown so far (alive or not).
  var trackedCount: Int { slotCount }

  /// How many of the objects shown are alive.
  var aliveCount: Int {
    (0..<slotCount).count { slot(at: $0).pointee != nil }
  }

  /// Makes room for `count` more objects without allocating.
  func reserve(_ count: Int) {
    while chunks.count * Self.slotsPerChunk < slotCount + count {
      let chunk = UnsafeMutablePointer<gpointer?>.allocate(capacity: Self.slotsPerChunk)
      chunk.initialize(repeating: nil, count: Self.slotsPerChunk)
      chunks.append(chunk)
    }
  }

  /// Watches `object` (a GObject); the same object shown twice counts twice.
  func track(_ object: gpointer) {
    reserve(1)
    let slot = slot(at: slotCount)
    slotCount += 1
    slot.pointee = object
    g_object_add_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
  }

  /// Removes the weak pointers of the objects still alive and frees the slots. Safe to call twice.
  func release() {
    for index in 0..<slotCount {
      let slot = slot(at: index)
      if let object = slot.pointee {
        g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
      }
    }
    for chunk in chunks { chunk.deallocate() }
    chunks = []
    slotCount = 0
  }

  private func slot(at index: Int) -> UnsafeMutablePointer<gpointer?> {
    chunks[index / Self.slotsPerChunk] + index % Self.slotsPerChunk
  }
}
