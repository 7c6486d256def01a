import CTopLock
import CTopLockGtk
import TopLockGObject

/// Frame ticks on a widget that count the time since their first frame: the handler gets the seconds
/// elapsed since then and returns whether to go on. For the flings TopLock runs itself.
///
/// Main actor only. Not owning: the widget is watched weakly (see `TickCallback`).
@MainActor
final class ElapsedFrameTicks {
  private let callback: TickCallback

  /// Calls `handler` once per frame of `widget`, before layout and paint, while it returns `true`.
  init(on widget: UnsafeMutablePointer<GtkWidget>, handler: @escaping @MainActor (_ elapsed: Double) -> Bool)
  {
    var firstFrameTime: gint64?
    callback = TickCallback(on: widget) { clock in
      let frameTime = gdk_frame_clock_get_frame_time(clock)
      let first = firstFrameTime ?? frameTime
      firstFrameTime = first
      return handler(Double(frameTime - first) / Double(G_USEC_PER_SEC))
    }
  }

  /// Stops the ticks; safe to call twice.
  func remove() {
    callback.remove()
  }
}
