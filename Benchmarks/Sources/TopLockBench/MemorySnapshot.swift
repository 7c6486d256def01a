import CTopLockAllocCounter

/// The memory of the process at one moment of `memory`, read after the heap was trimmed.
struct MemorySnapshot: Encodable {
  /// Resident set size, in bytes.
  let residentBytes: Int
  /// glibc heap in use, in bytes, as the allocator's state tells it.
  let heapBytes: Int
  /// The usable bytes of the blocks allocated and not yet freed, as the malloc interposer counted them.
  let allocatedBytes: Int

  /// Trims the heap (`ProcessMemory.trimHeap`), then reads the resident set, the heap in use and the
  /// interposer's count.
  static func take() -> MemorySnapshot {
    ProcessMemory.trimHeap()
    return MemorySnapshot(
      residentBytes: ProcessMemory.residentBytes(), heapBytes: ProcessMemory.heapBytesInUse(),
      allocatedBytes: Int(toplock_allocated_bytes()))
  }
}
