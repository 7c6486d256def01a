import CTopLockAllocCounter

/// A heap object made on purpose, to prove that the allocation counter sees Swift's allocations: a count of
/// 0 per event means nothing only if this one is seen.
final class AllocationProbe {
  /// A value the probe carries, so that it is a real object with storage.
  let marker: Int

  private init(marker: Int) {
    self.marker = marker
  }

  /// The allocations the counter saw while one probe was made (1 when the interposer works: one
  /// `swift_allocObject`, which calls malloc).
  static func allocationsForOneProbe() -> UInt64 {
    let before = toplock_alloc_count()
    let probe = make(marker: CommandLine.arguments.count)
    let after = toplock_alloc_count()
    withExtendedLifetime(probe) {}
    return after - before
  }

  /// Out of line, so that the optimizer can neither see that the probe dies young nor keep it on the stack.
  @inline(never)
  private static func make(marker: Int) -> AllocationProbe {
    AllocationProbe(marker: marker)
  }
}
