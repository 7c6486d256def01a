import CTopLockGtk
import TopLock
import TopLockGObject

/// What a refresh does in the demo: it takes `duration` and then puts `rowCount` new rows at the top.
enum DemoRefresh {
  /// How long a refresh takes, in ms.
  static let duration: guint = 1_500
  /// How many rows a refresh puts at the top of the list.
  static let rowCount: UInt32 = 5
  /// The keys that refresh with the focus in the list (`TopLockRefreshOptions.keyboardShortcut`).
  static let keyboardShortcut = "F5|<Control>r"
}

/// `--scene refresh`: the list alone in the window, with pull to refresh (`TopLockRefresh`), mouse
/// drag-to-scroll on and the refresh keys on.
///
/// `pullTranslation` is the indicator's revealed height (the trace's `pull`); there is no sheet.
///
/// Main actor only. Owns the refresh, which owns the widget tree; the refresh's timer is removed when the
/// scene goes.
@MainActor
final class RefreshDemoScene: DemoScene {
  /// The pull to refresh around the list.
  let refresh: TopLockRefresh
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  var onChange: (@MainActor () -> Void)?
  var onRefreshChange: (@MainActor (_ isRefreshing: Bool) -> Void)?
  private let model: OpaquePointer
  private var refreshTimer: MainLoopSource?

  /// Builds pull to refresh around `list`.
  ///
  /// - Throws: what `TopLockRefresh.init` throws (nothing, for a new scrolled window and these options).
  init(list: RowList) throws(TopLockError) {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    scrolledWindow = list.scrolledWindow
    model = list.model
    refresh = try TopLockRefresh(
      scrolledWindow: list.scrolledWindow, options: options,
      refreshOptions: TopLockRefreshOptions(keyboardShortcut: DemoRefresh.keyboardShortcut))
    refresh.onRevealChange = { [weak self] _ in self?.onChange?() }
    refresh.onRefresh = { [weak self] _ in self?.refreshBegan() }
    refresh.scroller.onStateChange = { [weak self] _ in self?.onChange?() }
  }

  isolated deinit {
    refreshTimer?.remove()
  }

  var widget: UnsafeMutablePointer<GtkWidget> { refresh.widget }
  var sheetWidget: UnsafeMutablePointer<GtkWidget> { scrolledWindow }
  var owner: DragOwner { refresh.scroller.owner }
  var pullTranslation: Double { refresh.revealedHeight }
  var sheetOffset: Double { 0 }

  var sheetPhase: String {
    if refresh.isRefreshing { return "refreshing" }
    if owner == .host { return "revealing the indicator" }
    return refresh.revealedHeight > 0 ? "springing back" : "at rest"
  }

  private func refreshBegan() {
    onRefreshChange?(true)
    refreshTimer = MainLoopSource(intervalMilliseconds: DemoRefresh.duration) { [weak self] in
      self?.refreshEnded()
      return false
    }
  }

  private func refreshEnded() {
    refreshTimer = nil
    RowListModel.prependRows(DemoRefresh.rowCount, to: model)
    refresh.endRefreshing()
    onRefreshChange?(false)
  }
}
