import CTopLockGtk
import Synchronization

/// Records the warnings and criticals that GLib, GObject, GIO, GDK, GSK and GTK log, and passes every message
/// on to GLib's default writer unchanged: messages still print, and `G_DEBUG=fatal-criticals` still aborts
/// on a critical (after it was recorded).
///
/// GLib accepts one log writer per process (`g_log_set_writer_func` aborts when called twice), so `install()`
/// installs it the first time and does nothing later. Messages logged through the older `g_log` API reach
/// the writer too, unless a program sets its own handler with `g_log_set_handler`. The writer may run on any
/// thread: the record is guarded by a mutex, and every member is safe from any thread.
public enum GLibWarningRecorder {
  /// The recorded log domains: every domain that starts with one of these (`GLib-GObject`, `Gtk`, ...).
  public static let domainPrefixes = ["GLib", "Gtk", "Gdk", "Gsk"]

  private struct Record {
    var isInstalled = false
    var messages: [String] = []
  }

  private static let record = Mutex(Record())

  /// Installs the recorder as GLib's log writer; later calls do nothing. Calls `g_log_set_writer_func`.
  public static func install() {
    let isFirstCall = record.withLock { record in
      defer { record.isInstalled = true }
      return !record.isInstalled
    }
    guard isFirstCall else { return }
    g_log_set_writer_func(
      { level, fields, fieldCount, userData in
        GLibWarningRecorder.inspect(level: level, fields: fields, count: Int(fieldCount))
        return g_log_writer_default(level, fields, fieldCount, userData)
      }, nil, nil)
  }

  /// How many warnings and criticals were recorded since `install()`.
  public static var count: Int { record.withLock { $0.messages.count } }

  /// The recorded messages from number `start` on (0 is the first), each as `domain: message`.
  public static func messages(since start: Int) -> [String] {
    record.withLock { Array($0.messages.dropFirst(start)) }
  }

  /// Runs `body` with GLib's warnings and criticals not fatal, whatever `G_DEBUG` says, and returns the
  /// messages recorded meanwhile (`install()` first); the fatal levels are restored afterwards. For a test
  /// that shows a GTK critical which stock GTK raises: under `G_DEBUG=fatal-criticals` it would abort the
  /// test process instead. Calls `g_log_set_always_fatal`. Main actor only (GTK's thread), since the
  /// fatal levels are the whole process's.
  @MainActor
  public static func recordingNonFatally(_ body: () throws -> Void) rethrows -> [String] {
    install()
    let first = count
    let fatalLevels = g_log_set_always_fatal(toplock_log_level_none)
    defer { g_log_set_always_fatal(fatalLevels) }
    try body()
    return messages(since: first)
  }

  private static func inspect(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) {
    let recordedLevels = toplock_log_level_warning.rawValue | toplock_log_level_critical.rawValue
    guard level.rawValue & recordedLevels != 0, let fields else { return }
    var domain = ""
    var message = ""
    for field in UnsafeBufferPointer(start: fields, count: count) {
      switch String(cString: field.key) {
      case "GLIB_DOMAIN": domain = text(of: field)
      case "MESSAGE": message = text(of: field)
      default: break
      }
    }
    guard domainPrefixes.contains(where: domain.hasPrefix) else { return }
    record.withLock { $0.messages.append("\(domain): \(message)") }
  }

  /// A field's value as text: NUL-terminated when its length is negative.
  private static func text(of field: GLogField) -> String {
    guard let value = field.value else { return "" }
    guard field.length >= 0 else { return String(cString: value.assumingMemoryBound(to: CChar.self)) }
    let bytes = UnsafeRawBufferPointer(start: value, count: Int(field.length))
    return String(decoding: bytes, as: UTF8.self)
  }
}
