import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// The window `frames-instructions` plays the frames script on, for one scene, and the set-up of each round.
/// The list is always `ListViewWindow`'s (1,000,000 rows by default), where the script's strokes land:
/// alone in the window (no scene); the inner of a chained pair, an outer scrolled window filling the window
/// whose content is a `chainedHeaderHeight` px label above the list at the window's height, the outer scrolled
/// to its bottom before each round so that the list fills the window and the script's strokes land where
/// they do alone, and a pull at the list's top scrolls the outer (chained) or overshoots (stock); or a
/// refreshing list, the list alone in the window in stock's rounds and under a `TopLockRefresh` in TopLock's.
/// Stock rounds let the mouse drag GTK's own gestures of the list (touch-only off); TopLock's attach the
/// scene's host with mouse drag on, and detach it after. A chained pair's outer keeps GTK's gestures touch
/// only in stock's rounds: GTK's drag gestures run in the capture phase, so with the outer's on for the
/// mouse, the outer's claimed every drag over the list, which never moved (the first run: 340 stock frames
/// on the matched gestures against TopLock's 450, 172,944 instructions at the median against 3,706,628).
///
/// Main actor only. The fixture owns the window; `destroy()` it at the end.
@MainActor
final class FramesInstructionScene {
  /// The label above the chained pair's list, in px: how far the outer scrolls.
  static let chainedHeaderHeight: Int32 = 300

  /// The scene; `nil` for the list alone.
  let scene: HostedScene?
  /// The window and its list.
  let list: ListViewWindow
  /// The chained pair's outer scrolled window; `nil` for the other scenes.
  private let outer: UnsafeMutablePointer<GtkWidget>?
  /// GTK's scrolling gestures of the list.
  private let gestures: ScrolledWindowGestures

  /// The window and its list.
  var fixture: ScrolledListFixture { list.fixture }

  /// Builds the window, not yet shown, its scrolled windows' overlay scrollbars off (their fade runs on
  /// timers). GTK must be started.
  ///
  /// - Throws: `ScrolledWindowGestures.NotFound`.
  init(_ scene: HostedScene?, rowCount: Int) throws {
    self.scene = scene
    list = ListViewWindow(rowCount: rowCount)
    outer = scene == .chainedPair ? Self.makeOuter(around: list.fixture) : nil
    let scrolledWindows = [list.fixture.scrolledWindow] + (outer.map { [$0] } ?? [])
    for scrolledWindow in scrolledWindows {
      gtk_scrolled_window_set_overlay_scrolling(OpaquePointer(scrolledWindow), 0)
    }
    gestures = try ScrolledWindowGestures(scrolledWindow: list.fixture.scrolledWindow)
  }

  /// Puts the fixture's list in an outer scrolled window, below a `chainedHeaderHeight` px label, at the
  /// window's height; the outer fills the window. Returns the outer.
  private static func makeOuter(around fixture: ScrolledListFixture) -> UnsafeMutablePointer<GtkWidget> {
    fixture.moveScrolledWindow { list in
      let outer = gtk_scrolled_window_new()!
      gtk_scrolled_window_set_policy(OpaquePointer(outer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      let header = gtk_label_new("outer")!
      gtk_widget_set_size_request(header, -1, chainedHeaderHeight)
      gtk_widget_set_size_request(list, -1, Int32(ScrolledListFixture.Defaults.windowHeight))
      let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      gtk_box_append(content.cast(to: GtkBox.self), header)
      gtk_box_append(content.cast(to: GtkBox.self), list)
      gtk_scrolled_window_set_child(OpaquePointer(outer), content)
      return (outer, outer)
    }
  }

  /// Brings the outer to its bottom, where the list fills the window; nothing for the other scenes.
  func scrollOuterToBottom() {
    guard let outer else { return }
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(outer))!
    gtk_adjustment_set_value(
      adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
  }

  /// Sets the window up for a round of `kind`: stock lets the mouse drag GTK's gestures, TopLock attaches
  /// the scene's host with mouse drag on. Returns the attachment; `nil` for stock.
  ///
  /// - Throws: what the attach throws.
  func prepare(_ kind: RoundKind) throws -> TopLockAttachment? {
    guard kind.attachesTopLock else {
      gestures.setTouchOnly(false)
      return nil
    }
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    return try TopLockAttachment.attach(
      scene, list: fixture.scrolledWindow, outer: outer, in: fixture, options: options)
  }

  /// Undoes `prepare`: takes `attachment` off, and gives GTK's gestures back to touch only.
  func finish(_ attachment: TopLockAttachment?) {
    attachment?.takeOff(in: fixture)
    gestures.setTouchOnly(true)
  }
}
