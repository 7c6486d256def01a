import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// A window holding `count` small scrolled windows in a grid of ten columns, each a 36 x 60 px
/// GtkScrolledWindow around a box of a few labels (enough to scroll): what `memory` attaches TopLock to
/// (`scale` puts the same grid beside a list).
///
/// Main actor only. Holds a reference on the window until `destroy()`.
@MainActor
final class ScrollerGridWindow {
  /// Columns of the grid.
  private static let columns = 10
  /// Size of each scrolled window, in px.
  private static let scrollerSize = (width: Int32(36), height: Int32(60))
  /// Labels in each scrolled window.
  private static let labelsPerScroller = 6

  /// The top-level window.
  let window: UnsafeMutablePointer<GtkWidget>
  /// The scrolled windows, in grid order.
  let scrolledWindows: [UnsafeMutablePointer<GtkWidget>]

  /// Builds the window, not yet shown. GTK must be started.
  init(count: Int) {
    window = gtk_window_new()
    g_object_ref(window)
    let (grid, scrolledWindows) = Self.makeGrid(count: count)
    self.scrolledWindows = scrolledWindows
    gtk_window_set_child(window.cast(to: GtkWindow.self), grid)
  }

  /// A GtkGrid of `count` small scrolled windows (floating, for a parent to take), and the scrolled windows
  /// in grid order. GTK must be started.
  static func makeGrid(count: Int) -> (
    grid: UnsafeMutablePointer<GtkWidget>, [UnsafeMutablePointer<GtkWidget>]
  ) {
    let grid = gtk_grid_new()!
    let scrolledWindows = (0..<count).map { index in
      let scrolledWindow = gtk_scrolled_window_new()!
      gtk_widget_set_size_request(scrolledWindow, scrollerSize.width, scrollerSize.height)
      let labels = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      for line in 0..<labelsPerScroller {
        gtk_box_append(labels.cast(to: GtkBox.self), gtk_label_new("\(line)"))
      }
      gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), labels)
      gtk_grid_attach(
        grid.cast(to: GtkGrid.self), scrolledWindow, Int32(index % columns), Int32(index / columns), 1, 1)
      return scrolledWindow
    }
    return (grid, scrolledWindows)
  }

  /// Shows the window and runs the main loop until it has painted three frames.
  ///
  /// - Throws: `TestSupportError.timedOut` when it does not within 5 s.
  func present() throws(TestSupportError) {
    try BenchWindow.present(window)
  }

  /// Destroys the window and drops the reference. The pointers are invalid afterwards.
  func destroy() {
    BenchWindow.destroy(window)
  }
}
