import Glibc

/// Standard input, read without blocking, line by line, so the GTK main loop keeps turning between commands.
@MainActor
final class CommandInput {
  private var pending: [UInt8] = []
  private var isAtEnd = false

  /// Whether `nextLine()` will answer at once: a whole line is buffered, or the input ended. Reads what
  /// standard input has without waiting.
  var isReady: Bool {
    if pending.contains(UInt8(ascii: "\n")) || isAtEnd { return true }
    var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 0) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count <= 0 {
      isAtEnd = count == 0 || errno != EINTR
    } else {
      pending += chunk[..<count]
    }
    return pending.contains(UInt8(ascii: "\n")) || isAtEnd
  }

  /// The next line without its newline; `nil` once the input ended (a last line without a newline counts).
  func nextLine() -> String? {
    if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      defer { pending.removeSubrange(...newline) }
      return String(decoding: pending[..<newline], as: UTF8.self)
    }
    guard isAtEnd, !pending.isEmpty else { return nil }
    defer { pending.removeAll() }
    return String(decoding: pending, as: UTF8.self)
  }
}
