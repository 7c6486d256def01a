import Foundation

/// The address ranges where the running executable's file is mapped, read once from `/proc/self/maps`:
/// tells code linked into this executable (TopLock, TopLockGObject) from code in a shared library (GTK).
/// (`dladdr` would say the same, but Swift does not import it: glibc declares it only under `_GNU_SOURCE`.)
struct ExecutableImage: Sendable {
  private let ranges: [Range<UInt>]

  /// Reads the mappings of `/proc/self/exe`'s file; empty when either cannot be read.
  init() {
    let executablePath = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    ranges = maps.split(separator: "\n").compactMap { line in
      Self.range(ofMapping: line, backedBy: executablePath)
    }
  }

  /// Whether `address` lies in the executable's mapped file.
  func contains(_ address: UnsafeRawPointer) -> Bool {
    let value = UInt(bitPattern: address)
    return ranges.contains { $0.contains(value) }
  }

  /// The range of one `/proc/self/maps` line ("start-end perms offset dev inode path") when its file is
  /// `path`.
  private static func range(ofMapping line: Substring, backedBy path: String?) -> Range<UInt>? {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard let path, fields.count >= 6, fields[5...].joined(separator: " ") == path else { return nil }
    let bounds = fields[0].split(separator: "-")
    guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
      start < end
    else { return nil }
    return start..<end
  }
}
