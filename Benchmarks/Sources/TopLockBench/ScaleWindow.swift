import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// The window `scale` measures: a 300 x 400 px scrolled window around a list of labels (the one the input
/// script plays over), beside `ScrollerGridWindow`'s grid of small scrolled windows, so that the window holds
/// `count` scrolled windows in all. Every scrolled window lets the mouse drag it (GTK's gestures not
/// touch-only), so that the unattached window scrolls under the script's mouse drag as TopLock's
/// `mouseDragEnabled` does.
///
/// With popovers, the grid's scrolled windows are shared out between the window and that many GtkPopovers
/// (autohide off, each a native of its own), on buttons at the window's right edge and open to its right,
/// clear of the list.
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
  /// The natives holding the scrolled windows: the window and its popovers.
  var natives: Int { 1 + popovers.count }
  private let popovers: [UnsafeMutablePointer<GtkWidget>]

  /// Builds the window of `count` (at least 1) scrolled windows, `popovers` of them holding a share of the
  /// grid, not yet shown. GTK must be started.
  ///
  /// - Throws: `ScrolledWindowGestures.NotFound` when a scrolled window lacks GTK's own gestures.
  init(count: Int, popovers popoverCount: Int = 0) throws {
    window = gtk_window_new()
    g_object_ref(window)
    gtk_window_set_decorated(window.cast(to: GtkWindow.self), 0)
    list = Self.makeLabelList()
    gtk_widget_set_size_request(list, Int32(Self.listSize.width), Int32(Self.listSize.height))
    gtk_widget_set_valign(list, GTK_ALIGN_START)
    let perPopover = (count - 1) / (popoverCount + 1)
    let (grid, inWindow) = ScrollerGridWindow.makeGrid(count: count - 1 - perPopover * popoverCount)
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_box_append(row.cast(to: GtkBox.self), list)
    gtk_box_append(row.cast(to: GtkBox.self), grid)
    let buttons = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_valign(buttons, GTK_ALIGN_START)
    gtk_box_append(row.cast(to: GtkBox.self), buttons)
    var inPopovers: [UnsafeMutablePointer<GtkWidget>] = []
    popovers = (0..<popoverCount).map { index in
      let (popoverGrid, scrolledWindows) = ScrollerGridWindow.makeGrid(count: perPopover)
      inPopovers += scrolledWindows
      let button = gtk_button_new_with_label("\(index + 1)")!
      gtk_box_append(buttons.cast(to: GtkBox.self), button)
      let popover = gtk_popover_new()!
      gtk_popover_set_autohide(popover.cast(to: GtkPopover.self), 0)
      gtk_popover_set_position(popover.cast(to: GtkPopover.self), GTK_POS_RIGHT)
      gtk_popover_set_child(popover.cast(to: GtkPopover.self), popoverGrid)
      gtk_widget_set_parent(popover, button)
      return popover
    }
    gtk_window_set_child(window.cast(to: GtkWindow.self), row)
    scrolledWindows = [list] + inWindow + inPopovers
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

  /// Shows the window, runs the main loop until it has painted three frames, then pops its popovers up and
  /// waits until each is mapped and has painted.
  ///
  /// - Throws: `TestSupportError.timedOut` when they do not within 5 s (times `BenchWindow.timeoutScale`).
  func present() throws(TestSupportError) {
    try BenchWindow.present(window)
    for popover in popovers {
      gtk_popover_popup(popover.cast(to: GtkPopover.self))
    }
    guard
      MainLoopPump.run(
        timeoutMilliseconds: 5_000 * BenchWindow.timeoutScale,
        until: { popovers.allSatisfy { gtk_widget_get_mapped($0) != 0 } })
    else { throw .timedOut(waitingFor: "the scale window's popovers to map") }
    try MainLoopPump.waitForFrames(2, of: window, timeoutMilliseconds: 2_000 * BenchWindow.timeoutScale)
  }

  /// Puts the list back at the top and waits for the two frames that draw it.
  func scrollListToTop() throws(TestSupportError) {
    gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(list)), 0)
    try MainLoopPump.waitForFrames(2, of: window, timeoutMilliseconds: 2_000 * BenchWindow.timeoutScale)
  }

  /// Takes the popovers down (`PopoverTeardown`), then destroys the window and drops the reference. The
  /// pointers are invalid afterwards.
  func destroy() {
    PopoverTeardown.popDownAndUnparent(popovers)
    BenchWindow.destroy(window)
  }
}
