import CTopLockGtk
import TopLock
import TopLockGObject

/// The `--stock` mode, for comparison: the same background, and in front of it a panel that never moves
/// holding a plain GtkScrolledWindow. Mouse drag-to-scroll is on (touch-only off on its drag, pan, swipe and
/// long-press gestures); nothing else is changed.
///
/// `owner` is `.content` from the moment GTK's drag gesture claims a drag (past the drag threshold) to the
/// release, `.none` otherwise; `pullTranslation` and `sheetOffset` are always 0. The release is watched by
/// a capture-phase event controller on the window that stops nothing: GTK 4.8 loses the release for the
/// scrolled window's own gestures when the row pressed has scrolled out of the GtkListView (it revokes the
/// implicit grab) and the pointer is let go outside the list, and then ends nothing. (A drag gesture on the
/// window would not do: GTK 4.24 cancels it as soon as the scrolled window's drag claims the press.)
///
/// Main actor only. The widget tree is owned by the window it is put in.
@MainActor
final class StockDemoScene: DemoScene {
  let widget: UnsafeMutablePointer<GtkWidget>
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  let pageScrolledWindow: UnsafeMutablePointer<GtkWidget>?
  private(set) var owner = DragOwner.none
  var onChange: (@MainActor () -> Void)?
  private var connections: [SignalConnection] = []
  private var releaseWatch: (root: UnsafeMutablePointer<GtkWidget>, controller: OpaquePointer)?

  /// Builds the scene over `background` with the panel `topInset` px below the top.
  ///
  /// - Throws: `ScrolledWindowGestures.NotFound` when the scrolled window lacks one of GTK's four gestures.
  convenience init(
    background: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    topInset: Double
  ) throws(ScrolledWindowGestures.NotFound) {
    let caption = gtk_label_new("GtkScrolledWindow · no TopLock")!
    gtk_widget_add_css_class(caption, "demo-stock-caption")
    let layout = StillPanelLayout(
      background: background, header: caption, scrolledWindow: scrolledWindow, topInset: topInset)
    try self.init(root: layout.overlay, scrolledWindow: scrolledWindow)
  }

  /// Builds the scene whose tree is `root`, holding `scrolledWindow`: the list alone (`--scene refresh
  /// --stock`), or in `page`, a stock scrolled window too, mouse drag on (`--scene nested --stock`).
  ///
  /// - Throws: `ScrolledWindowGestures.NotFound` when a scrolled window lacks one of GTK's four gestures.
  init(
    root: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    page: UnsafeMutablePointer<GtkWidget>? = nil
  ) throws(ScrolledWindowGestures.NotFound) {
    self.scrolledWindow = scrolledWindow
    pageScrolledWindow = page
    widget = root
    let gestures = try ScrolledWindowGestures(scrolledWindow: scrolledWindow)
    gestures.setTouchOnly(false)
    if let page { try ScrolledWindowGestures(scrolledWindow: page).setTouchOnly(false) }
    watch(gestures.drag)
  }

  var sheetWidget: UnsafeMutablePointer<GtkWidget> { scrolledWindow }
  var pullTranslation: Double { 0 }
  var sheetOffset: Double { 0 }
  var sheetPhase: String { "no sheet (stock)" }

  /// Follows GTK's drag gesture: its handlers run before these (connected at the scrolled window's
  /// creation), so on `drag-update` the claim GTK makes past the threshold is already visible. A cancel ends
  /// the drag; so does the release, seen by the window's release watch.
  private func watch(_ drag: OpaquePointer) {
    let instance = UnsafeMutableRawPointer(drag)
    connections = [
      SignalConnection.connect(instance, .dragUpdate) { [weak self] (_: Double, _: Double) -> Void in
        let sequence = gtk_gesture_single_get_current_sequence(drag)
        if gtk_gesture_get_sequence_state(drag, sequence) == GTK_EVENT_SEQUENCE_CLAIMED {
          self?.setOwner(.content)
        }
      },
      SignalConnection.connect(instance, .cancel) { [weak self] _ in self?.setOwner(.none) },
      SignalConnection.connect(scrolledWindow, .map) { [weak self] in self?.watchReleases() },
    ]
  }

  /// Adds the release watch to the window, once it is known.
  private func watchReleases() {
    guard releaseWatch == nil, let root = gtk_widget_get_root(scrolledWindow) else { return }
    let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    let watch = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(watch, GTK_PHASE_CAPTURE)
    connections.append(
      SignalConnection.connect(
        UnsafeMutableRawPointer(watch), .event
      ) { [weak self] event in
        let type = gdk_event_get_event_type(event)
        if type == GDK_BUTTON_RELEASE || type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL {
          self?.setOwner(.none)
        }
        return false
      })
    g_object_ref(rootWidget)
    gtk_widget_add_controller(rootWidget, watch)
    releaseWatch = (rootWidget, watch)
  }

  isolated deinit {
    guard let releaseWatch else { return }
    gtk_widget_remove_controller(releaseWatch.root, releaseWatch.controller)
    g_object_unref(releaseWatch.root)
  }

  private func setOwner(_ newOwner: DragOwner) {
    guard newOwner != owner else { return }
    owner = newOwner
    onChange?()
  }
}
