import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// The window `scale` measures: a 300 x 400 px scrolled window around a list of labels (the one the input
/// script plays over), beside `ScrollerGridWindow`'s grid of small scrolled windows, so that the window holds
/// `count` scrolled windows in all. Every scrolled window lets the mouse drag it (GTK's gestures not
/// touch-only), so that the unattached window scrolls under the script's mouse drag as TopLock's
/// `mouseDragEnabled` does.
///
/// Main actor only. Holds a reference on the window until `destroy()`.
@MainActor
final class ScaleWindow {
  /// The list's size, in px.
  static let listSize = (width: 300.0, height: 400.0)
  /// Labels in the list, 30 px each: enough to scroll several pages.
  private static let listRows = 60
  private static let rowHeight: Int32 = 30

  /// The top-level window.
  let window: UnsafeMutablePointer<GtkWidget>
  /// The list the script plays over.
  let list: UnsafeMutablePointer<GtkWidget>
  /// Every scrolled window, the list first.
  let scrolledWindows: [UnsafeMutablePointer<GtkWidget>]

  /// Builds the window of `count` (at least 1) scrolled windows, not yet shown. GTK must be started.
  ///
  /// - Throws: `ScrolledWindowGestures.NotFound` when a scrolled window lacks GTK's own gestures.
  init(count: Int) throws {
    window = gtk_window_new()
    g_object_ref(window)
    gtk_window_set_decorated(window.cast(to: GtkWindow.self), 0)
    list = Self.makeLabelList()
    gtk_widget_set_size_request(list, Int32(Self.listSize.width), Int32(Self.listSize.height))
    gtk_widget_set_valign(list, GTK_ALIGN_START)
    let (grid, others) = ScrollerGridWindow.makeGrid(count: count - 1)
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_box_append(row.cast(to: GtkBox.self), list)
    gtk_box_append(row.cast(to: GtkBox.self), grid)
    gtk_window_set_child(window.cast(to: GtkWindow.self), row)
    scrolledWindows = [list] + others
    for scrolledWindow in scrolledWindows {
      try ScrolledWindowGestures(scrolledWindow: scrolledWindow).setTouchOnly(false)
    }
  }

  /// A new GtkScrolledWindow (floating) around a box of 30 px labels, enough to scroll several pages.
  static func makeLabelList() -> UnsafeMutablePointer<GtkWidget> {
    let list = gtk_scrolled_window_new()!
    let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    for row in 0..<listRows {
      let label = gtk_label_new("row \(row)")!
      gtk_widget_set_size_request(label, -1, rowHeight)
      gtk_box_append(rows.cast(to: GtkBox.self), label)
    }
    gtk_scrolled_window_set_child(OpaquePointer(list), rows)
    return list
  }

  /// Shows the window and runs the main loop until it has painted three frames.
  ///
  /// - Throws: `TestSupportError.timedOut` when it does not within 5 s.
  func present() throws(TestSupportError) {
    try BenchWindow.present(window)
  }

  /// Puts the list back at the top and waits for the two frames that draw it.
  func scrollListToTop() throws(TestSupportError) {
    gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(list)), 0)
    try MainLoopPump.waitForFrames(2, of: window)
  }

  /// Destroys the window and drops the reference. The pointers are invalid afterwards.
  func destroy() {
    BenchWindow.destroy(window)
  }
}
