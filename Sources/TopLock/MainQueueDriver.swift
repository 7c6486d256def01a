import CTopLock
import CTopLockGtk
import Dispatch
import Glibc

/// Drains the main dispatch queue from GLib's main context, so that main-actor tasks run in a GTK app.
///
/// Swift runs the main actor's jobs on the main dispatch queue, which only `dispatch_main()` or a Foundation
/// run loop drain; a GTK app runs GLib's main loop instead, where a task started on the main actor would never
/// run. The driver watches the queue's wake-up descriptor in GLib's default main context and drains the
/// queue when it is readable. It is started once per process, by the first async refresh
/// (`TopLockRefresh.onRefreshAsync`), and stays: an app that drains the queue itself loses nothing, since a
/// drain finds the queue empty or, nested in another drain, returns at once.
///
/// Main actor only (GLib's default main context runs on the main thread in a GTK app).
@MainActor
enum MainQueueDriver {
  private static var isStarted = false

  /// Starts draining the main queue from GLib's default main context; a no-op once started.
  static func start() {
    guard !isStarted else { return }
    isStarted = true
    let wakeUp: GUnixFDSourceFunc = { descriptor, _, _ in
      var count: UInt64 = 0
      _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
      _dispatch_main_queue_callback_4CF(nil)
      return 1
    }
    g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), toplock_io_condition_readable, wakeUp, nil)
  }
}
