import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockX11Geometry

/// The header bar's Recent button (a clock icon) and its popover: a list of recent items, a GtkScrolledWindow in a
/// popover, which is a native of its own. With TopLock (the default mode), the list has its rules there too:
/// its top never springs, and a pull down at its top moves the list 1:1 (the popover's host), closing the
/// popover when released past `PopoverPullHost.closeDistance` px or flung down; a shorter pull puts the list
/// back. In `--stock`, GTK's own drag follows the mouse there too, as on the stock sheet's list; with
/// `--no-attach`, the list is GTK's, untouched.
///
/// Main actor only. The menu button owns its popover and the list; the picker must live as long as the
/// window (the window keeps it), and `close()` lets go of its handlers when the window goes.
@MainActor
final class RecentPicker {
  /// What the trace hears of the picker.
  enum Event {
    /// The popover opened and its list was laid out, at `list` (root-window px on X11).
    case opened(list: RootRectangle)
    /// The popover closed.
    case closed
    /// GTK's `edge-overshot` on the list, at `edge`.
    case overshot(edge: VerticalEdge)
  }

  /// Items in the list.
  static let itemCount = 40
  /// The list's size in the popover, px.
  static let listSize = (width: Int32(280), height: Int32(320))

  /// The GtkMenuButton, to pack in the header bar.
  let button: UnsafeMutablePointer<GtkWidget>
  /// The list's GtkScrolledWindow.
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  /// The list's host in the TopLock mode, held here: TopLock holds its host weakly.
  private let host: PopoverPullHost?
  private var connections: [SignalConnection] = []
  private var layoutWatch: TickCallback?
  /// Called with each event; set by the window.
  var onEvent: (@MainActor (Event) -> Void)?

  /// Builds the button, its popover and the list, as `mode` asks.
  ///
  /// - Throws: what `TopLockScroller.attach` or `ScrolledWindowGestures` throws (nothing, for a new
  ///   scrolled window).
  init(mode: DemoMode) throws {
    let items = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    for index in 1...Self.itemCount {
      let label = gtk_label_new("Recent item \(index)")!
      gtk_label_set_xalign(OpaquePointer(label), 0)
      gtk_widget_add_css_class(label, "demo-recent-item")
      gtk_box_append(items.cast(to: GtkBox.self), label)
    }
    scrolledWindow = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), items)
    gtk_widget_set_size_request(scrolledWindow, Self.listSize.width, Self.listSize.height)

    let popover = gtk_popover_new()!
    gtk_popover_set_child(popover.cast(to: GtkPopover.self), scrolledWindow)
    button = gtk_menu_button_new()!
    // An icon, not a label: the header bar keeps the width the window opens with in every mode.
    gtk_menu_button_set_icon_name(OpaquePointer(button), "document-open-recent-symbolic")
    gtk_widget_set_tooltip_text(button, "Recent items: a list in a popover")
    gtk_menu_button_set_popover(OpaquePointer(button), popover)

    switch mode {
    case .topLock:
      let host = PopoverPullHost(list: scrolledWindow, popover: popover)
      var options = TopLockOptions()
      options.mouseDragEnabled = true
      _ = try TopLockScroller.attach(to: scrolledWindow, options: options, host: host)
      self.host = host
    case .stock:
      try ScrolledWindowGestures(scrolledWindow: scrolledWindow).setTouchOnly(false)
      host = nil
    case .unattached:
      host = nil
    }
    connections = [
      SignalConnection.connect(scrolledWindow, .map) { [weak self] in self?.mapped() },
      SignalConnection.connect(scrolledWindow, .unmap) { [weak self] in self?.unmapped() },
      SignalConnection.connect(scrolledWindow, .edgeOvershot) { [weak self] (position: UInt32) in
        self?.overshot(position)
      },
    ]
  }

  /// Lets go of the handlers and the layout watch: nothing is told after.
  func close() {
    onEvent = nil
    for connection in connections { connection.disconnect() }
    connections = []
    layoutWatch?.remove()
    layoutWatch = nil
  }

  /// The list was mapped: it is told as opened on the first frame it has been laid out in.
  private func mapped() {
    layoutWatch?.remove()
    layoutWatch = TickCallback(on: scrolledWindow) { [weak self] _ in
      guard let self else { return false }
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(self.scrolledWindow))
      guard gtk_adjustment_get_page_size(adjustment) > 0,
        let list = RootCoordinates.rectangle(of: self.scrolledWindow)
      else { return true }
      self.layoutWatch = nil
      self.onEvent?(.opened(list: list))
      return false
    }
  }

  private func unmapped() {
    layoutWatch?.remove()
    layoutWatch = nil
    onEvent?(.closed)
  }

  private func overshot(_ position: UInt32) {
    guard let edge = VerticalEdge(overshotPosition: position) else { return }
    onEvent?(.overshot(edge: edge))
  }
}

/// The host of the recent list: moves the list down inside its popover 1:1 with the pull (a top margin),
/// and on release closes the popover past `closeDistance` or on a fling down past `closeVelocity`, else puts the
/// list back. Main actor only; holds the list and the popover unretained (the menu button owns them, and
/// TopLock cancels a pull before they go).
@MainActor
private final class PopoverPullHost: TopLockHost {
  /// A release this far down (px), or flung down this fast (px/s), closes the popover.
  static let closeDistance = 96.0
  static let closeVelocity = 800.0

  private let list: UnsafeMutablePointer<GtkWidget>
  private let popover: UnsafeMutablePointer<GtkWidget>
  private var translation = 0.0

  init(list: UnsafeMutablePointer<GtkWidget>, popover: UnsafeMutablePointer<GtkWidget>) {
    self.list = list
    self.popover = popover
  }

  var hostOffset: Double { translation }

  func pullBegan() {}

  func pullChanged(translation: Double, velocity: Double) {
    move(to: max(0, translation))
  }

  func pullEnded(velocity: Double) {
    let closes = translation >= Self.closeDistance || velocity >= Self.closeVelocity
    move(to: 0)
    if closes { gtk_popover_popdown(popover.cast(to: GtkPopover.self)) }
  }

  func pullCancelled() {
    move(to: 0)
  }

  private func move(to offset: Double) {
    translation = offset
    gtk_widget_set_margin_top(list, Int32(offset.rounded()))
  }
}
