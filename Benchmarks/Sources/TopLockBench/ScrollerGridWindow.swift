import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// A window holding `count` small scrolled windows in a grid of ten columns, each a 36 x 60 px
/// GtkScrolledWindow around a box of a few labels (enough to scroll): what `memory` attaches TopLock to
/// (`scale` puts the same grid beside a list). The grid may hold other cells instead, each built around such
/// a scrolled window (`HostedCell`: a chained pair, a refreshing list).
///
/// Main actor only. Holds a reference on the window until `destroy()`.
@MainActor
final class ScrollerGridWindow {
  /// Columns of the grid.
  private static let columns = 10
  /// Size of each scrolled window, in px.
  static let scrollerSize = (width: Int32(36), height: Int32(60))
  /// Labels in each scrolled window.
  private static let labelsPerScroller = 6

  /// The top-level window.
  let window: UnsafeMutablePointer<GtkWidget>
  /// The widgets in the grid's cells, in grid order: the scrolled windows, for a window of `init(count:)`.
  let cells: [UnsafeMutablePointer<GtkWidget>]

  /// Builds the window around `count` scrolled windows, not yet shown. GTK must be started.
  convenience init(count: Int) {
    self.init(cells: (0..<count).map { _ in Self.makeScrolledWindow() })
  }

  /// Builds the window with `cells` (floating or parentless widgets) in the grid, not yet shown. GTK must be
  /// started.
  init(cells: [UnsafeMutablePointer<GtkWidget>]) {
    window = gtk_window_new()
    g_object_ref(window)
    self.cells = cells
    gtk_window_set_child(window.cast(to: GtkWindow.self), Self.makeGrid(cells: cells))
  }

  /// A GtkGrid of `count` small scrolled windows (floating, for a parent to take), and the scrolled windows
  /// in grid order. GTK must be started.
  static func makeGrid(count: Int) -> (
    grid: UnsafeMutablePointer<GtkWidget>, [UnsafeMutablePointer<GtkWidget>]
  ) {
    let scrolledWindows = (0..<count).map { _ in makeScrolledWindow() }
    return (makeGrid(cells: scrolledWindows), scrolledWindows)
  }

  /// A GtkGrid (floating) holding `cells` in rows of `columns`, in order.
  private static func makeGrid(cells: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<GtkWidget> {
    let grid = gtk_grid_new()!
    for (index, cell) in cells.enumerated() {
      gtk_grid_attach(
        grid.cast(to: GtkGrid.self), cell, Int32(index % columns), Int32(index / columns), 1, 1)
    }
    return grid
  }

  /// One small scrolled window of the grid (floating): `scrollerSize` around a box of `labelsPerScroller`
  /// labels. GTK must be started.
  static func makeScrolledWindow() -> UnsafeMutablePointer<GtkWidget> {
    let scrolledWindow = gtk_scrolled_window_new()!
    gtk_widget_set_size_request(scrolledWindow, scrollerSize.width, scrollerSize.height)
    let labels = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    for line in 0..<labelsPerScroller {
      gtk_box_append(labels.cast(to: GtkBox.self), gtk_label_new("\(line)"))
    }
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), labels)
    return scrolledWindow
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
