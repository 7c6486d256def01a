import CTopLockGtk
import TopLockGObject

/// A stock test window: an undecorated `GtkWindow` filled by a `GtkScrolledWindow` (vertical scrolling
/// automatic, horizontal never) holding a vertical `GtkBox` of fixed-height label rows.
///
/// Create one per test and `destroy()` it at the end: with no window manager every window opens at (0,0), so
/// a window left behind would lie under the next test's pointer. Main actor only. The fixture holds a
/// reference on the window until `destroy()`; the window owns the scrolled window and the rows.
@MainActor
public final class ScrolledListFixture {
  /// The layout of the default fixture, in px and rows.
  public enum Defaults {
    /// Window width, px.
    public static let windowWidth = 400
    /// Window height, px; the scrolled window fills it, so this is also the page size.
    public static let windowHeight = 700
    /// Number of rows.
    public static let rowCount = 120
    /// Height of each row, px.
    public static let rowHeight = 30
  }

  /// How long `destroy()` waits for a press GTK's gestures follow to be released, in ms.
  public static let releaseWaitMilliseconds = 300.0

  /// The top-level `GtkWindow`.
  public let window: UnsafeMutablePointer<GtkWidget>
  /// The `GtkScrolledWindow` that fills the window.
  public let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  /// The number of rows in the list.
  public let rowCount: Int
  /// The height of each row, in px.
  public let rowHeight: Int
  /// The scrolled window while it lives: a test may destroy it, or move it elsewhere, before `destroy()`.
  private let scrolledWindowReference: WeakObjectReference
  /// Whether `destroy()` ran.
  public private(set) var isDestroyed = false

  /// The scrolled window's current vertical adjustment.
  public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> {
    gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))
  }

  /// The vertical adjustment's value, in px from the top of the content.
  public var scrollValue: Double {
    gtk_adjustment_get_value(verticalAdjustment)
  }

  /// The largest value the vertical adjustment accepts (`upper - page`), in px.
  public var maximumScrollValue: Double {
    gtk_adjustment_get_upper(verticalAdjustment) - gtk_adjustment_get_page_size(verticalAdjustment)
  }

  /// Builds the window, not yet shown: `windowWidth` x `windowHeight` px, `rowCount` rows of `rowHeight` px.
  /// GTK must be started (`GtkRuntime.start()`).
  public init(
    windowWidth: Int = Defaults.windowWidth, windowHeight: Int = Defaults.windowHeight,
    rowCount: Int = Defaults.rowCount, rowHeight: Int = Defaults.rowHeight
  ) {
    self.rowCount = rowCount
    self.rowHeight = rowHeight
    window = gtk_window_new()
    g_object_ref(window)
    let gtkWindow = window.cast(to: GtkWindow.self)
    gtk_window_set_decorated(gtkWindow, 0)
    gtk_window_set_default_size(gtkWindow, Int32(windowWidth), Int32(windowHeight))

    scrolledWindow = gtk_scrolled_window_new()
    scrolledWindowReference = WeakObjectReference(scrolledWindow)
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(
      OpaquePointer(scrolledWindow), Self.makeRows(count: rowCount, height: rowHeight))
    gtk_window_set_child(gtkWindow, scrolledWindow)
  }

  /// Takes the scrolled window out of the window, gives it to `build` (which puts it in a tree of its own and
  /// returns what holds that tree and its root), puts that root in the window, and returns the holder. The
  /// window is not shown; when `build` throws, it is left without a child.
  public func moveScrolledWindow<Holder>(
    into build: (UnsafeMutablePointer<GtkWidget>) throws -> (
      holder: Holder, root: UnsafeMutablePointer<GtkWidget>
    )
  ) rethrows -> Holder {
    g_object_ref(scrolledWindow)
    defer { g_object_unref(scrolledWindow) }
    let gtkWindow = window.cast(to: GtkWindow.self)
    gtk_window_set_child(gtkWindow, nil)
    let built = try build(scrolledWindow)
    gtk_window_set_child(gtkWindow, built.root)
    return built.holder
  }

  /// Shows the window and runs the main loop until it is mapped, laid out (the vertical adjustment has a page
  /// size, which GTK sets when it allocates the viewport; short content is fine) and painted at least twice.
  ///
  /// - Throws: `TestSupportError.timedOut` when that takes longer than `timeoutMilliseconds` ms.
  public func present(timeoutMilliseconds: Double = 5000) throws(TestSupportError) {
    gtk_window_present(window.cast(to: GtkWindow.self))
    let isLaidOut = MainLoopPump.run(timeoutMilliseconds: timeoutMilliseconds) {
      gtk_widget_get_mapped(scrolledWindow) != 0 && gtk_adjustment_get_page_size(verticalAdjustment) > 0
    }
    guard isLaidOut else { throw .timedOut(waitingFor: "the fixture window to map and lay out") }
    try MainLoopPump.waitForFrames(2, of: scrolledWindow, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Sets the vertical adjustment's value (px; GTK clamps it) and waits for two frames so the scrolled window
  /// has drawn it.
  ///
  /// - Throws: `TestSupportError.timedOut` when the frames do not come within `timeoutMilliseconds` ms.
  public func scroll(to value: Double, timeoutMilliseconds: Double = 2000) throws(TestSupportError) {
    gtk_adjustment_set_value(verticalAdjustment, value)
    try MainLoopPump.waitForFrames(2, of: scrolledWindow, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Destroys the window (`gtk_window_destroy`), lets GTK process the unmap, and drops the fixture's
  /// reference. Safe to call twice; the widget pointers are invalid afterwards.
  ///
  /// A release the test has sent (an XTest button, a Broadway lift) may not have reached GTK yet: the window
  /// is destroyed once GTK's scrolling gestures on the list follow no press, or after
  /// `releaseWaitMilliseconds` ms when a press is still held. On GTK 4.18 (not on 4.8 nor 4.24), a stock
  /// scrolled window finalized while its swipe gesture holds a press raises GTK criticals
  /// (`StockGTKCriticalTests`); a test that destroys a stock list mid-press on purpose must expect them.
  public func destroy() {
    guard !isDestroyed else { return }
    isDestroyed = true
    waitUntilGesturesFollowNoPress()
    gtk_window_destroy(window.cast(to: GtkWindow.self))
    MainLoopPump.run(timeoutMilliseconds: 500) { g_main_context_pending(nil) == 0 }
    g_object_unref(window)
  }

  /// Pumps the main loop until GTK's scrolling gestures on the list follow no press, at most
  /// `releaseWaitMilliseconds` ms; at once when the scrolled window is gone. A test that takes the list out
  /// of its window before `destroy()` calls it first.
  public func waitUntilGesturesFollowNoPress() {
    guard let alive = scrolledWindowReference.object,
      let gestures = try? ScrolledWindowGestures(
        scrolledWindow: alive.assumingMemoryBound(to: GtkWidget.self))
    else { return }
    MainLoopPump.run(timeoutMilliseconds: Self.releaseWaitMilliseconds) {
      !gestures.all.contains { gtk_gesture_is_active($0) != 0 }
    }
  }

  /// A vertical box of `count` labels ("row 0", ...) `height` px tall each, floating.
  public static func makeRows(count: Int, height: Int) -> UnsafeMutablePointer<GtkWidget> {
    let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let box = rows.cast(to: GtkBox.self)
    for index in 0..<count {
      let label = gtk_label_new("row \(index)")
      gtk_widget_set_size_request(label, -1, Int32(height))
      gtk_box_append(box, label)
    }
    return rows
  }
}
