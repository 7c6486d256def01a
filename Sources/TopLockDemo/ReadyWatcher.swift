import CTopLockGtk
import TopLockGObject

/// Calls `onReady` once, after the first frame painted with the list laid out (its vertical adjustment's
/// `upper > 0`): the moment the trace's `ready` line describes.
///
/// It waits for the window's `map`, then follows the window's frame clock `after-paint` signal, and lets go
/// of both once it has fired. Main actor only; holds no reference on the widgets.
@MainActor
final class ReadyWatcher {
  private let window: UnsafeMutablePointer<GtkWidget>
  private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  private var onReady: (@MainActor () -> Void)?
  private var mapConnection: SignalConnection?
  private var paintConnection: SignalConnection?

  /// Watches `window` until `scrolledWindow` has been painted with content.
  init(
    window: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    onReady: @escaping @MainActor () -> Void
  ) {
    self.window = window
    self.scrolledWindow = scrolledWindow
    self.onReady = onReady
    mapConnection = SignalConnection.connect(window, .map) { [weak self] in self?.windowMapped() }
  }

  private func windowMapped() {
    guard paintConnection == nil, let frameClock = gtk_widget_get_frame_clock(window) else { return }
    paintConnection = SignalConnection.connect(UnsafeMutableRawPointer(frameClock), .afterPaint) {
      [weak self] in self?.painted()
    }
  }

  private func painted() {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))
    guard gtk_adjustment_get_upper(adjustment) > 0, gtk_widget_get_mapped(scrolledWindow) != 0,
      let onReady
    else { return }
    self.onReady = nil
    mapConnection?.disconnect()
    paintConnection?.disconnect()
    onReady()
  }
}
