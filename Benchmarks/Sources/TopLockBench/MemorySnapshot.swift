/// The memory of the process at one moment of `memory`, read after the heap was trimmed.
struct MemorySnapshot: Encodable {
  /// Resident set size, in bytes.
  let residentBytes: Int
  /// glibc heap in use, in bytes.
  let heapBytes: Int

  /// Trims the heap (`ProcessMemory.trimHeap`), then reads the resident set and the heap in use.
  static func take() -> MemorySnapshot {
    ProcessMemory.trimHeap()
    return MemorySnapshot(
      residentBytes: ProcessMemory.residentBytes(), heapBytes: ProcessMemory.heapBytesInUse())
  }
}
