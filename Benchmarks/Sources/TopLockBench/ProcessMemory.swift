import Foundation

/// This process's memory, as `memory` reads it: resident set size from `/proc/self/statm`, and the bytes
/// in use in glibc's heap from `malloc_info`. (`mallinfo2` would give the latter directly, but Swift does
/// not import `<malloc.h>`, and a C struct returned by value cannot be called through `dlsym`; `malloc_info`
/// and `malloc_trim` take and return only C scalars and pointers.)
enum ProcessMemory {
  private typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
  private typealias MallocTrim = @convention(c) (Int) -> Int32

  /// Resident set size, in bytes: the pages of this process in RAM (`/proc/self/statm`, second field).
  static func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }

  /// Bytes of glibc's heap handed out and not freed, all arenas and mmapped blocks: the memory the arenas
  /// took from the system less their free chunks (fast bins, other bins and the top chunk), plus mmapped
  /// blocks. Read from `malloc_info`'s totals; 0 when glibc lacks it.
  static func heapBytesInUse() -> Int {
    guard let symbol = dlsym(nil, "malloc_info") else { return 0 }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return 0 }
    _ = mallocInfo(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard let buffer else { return 0 }
    return heapBytesInUse(mallocInfoXML: String(cString: buffer))
  }

  /// Returns free memory at the top of the heap and whole free pages inside it to the system
  /// (`malloc_trim (0)`), so that the resident set follows the heap in use.
  static func trimHeap() {
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  }

  /// Heap bytes in use from `malloc_info`'s XML: its last `system type="current"` (all arenas) less its
  /// last `total` of types fast and rest (free chunks, top included), plus its `total type="mmap"`.
  static func heapBytesInUse(mallocInfoXML xml: String) -> Int {
    func lastSize(_ element: String) -> Int {
      guard let range = xml.range(of: element, options: .backwards) else { return 0 }
      let rest = xml[range.upperBound...]
      guard let sizeStart = rest.range(of: "size=\"") else { return 0 }
      let digits = rest[sizeStart.upperBound...].prefix { $0.isNumber }
      return Int(digits) ?? 0
    }
    return lastSize("<system type=\"current\"") - lastSize("<total type=\"fast\"")
      - lastSize("<total type=\"rest\"") + lastSize("<total type=\"mmap\"")
  }
}
