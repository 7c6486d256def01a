import CTopLockGtk
import TopLock

/// What a refresh does in the demo: it takes `duration` and then puts `rowCount` new rows at the top (at the
/// bottom, for load more).
enum DemoRefresh {
  /// How long a refresh takes.
  static let duration = Duration.milliseconds(1_500)
  /// How many rows a refresh puts at the top of the list (a load at the bottom).
  static let rowCount: UInt32 = 5
  /// The keys that refresh with the focus in the list (`TopLockRefreshOptions.keyboardShortcut`).
  static let keyboardShortcut = "F5|<Control>r"
}

/// `--scene refresh` and `--scene more`: the list alone in the window, with pull to refresh
/// (`TopLockRefresh`) at its top, or load more at its bottom (the bottom policy `.lockAndHandOff`), mouse
/// drag-to-scroll on and the refresh keys on.
///
/// `pullTranslation` is the indicator's revealed height (the trace's `pull`); there is no sheet.
///
/// Main actor only. Owns the refresh, which owns the widget tree. A refresh is the refresh's async handler
/// (`TopLockRefresh.onRefreshAsync`): it sleeps, then puts the rows in, and its return ends the refresh.
@MainActor
final class RefreshDemoScene: DemoScene {
  /// The pull to refresh around the list.
  let refresh: TopLockRefresh
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  var onChange: (@MainActor () -> Void)?
  var onRefreshChange: (@MainActor (_ isRefreshing: Bool) -> Void)?
  private let model: OpaquePointer

  /// Builds pull to refresh around `list`, at `edge`.
  ///
  /// - Throws: what `TopLockRefresh.init` throws (nothing, for a new scrolled window and these options).
  init(list: RowList, edge: ScrollEdge) throws(TopLockError) {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    if edge == .bottom { options.bottomPolicy = .lockAndHandOff }
    scrolledWindow = list.scrolledWindow
    model = list.model
    refresh = try TopLockRefresh(
      scrolledWindow: list.scrolledWindow, edge: edge, options: options,
      refreshOptions: TopLockRefreshOptions(keyboardShortcut: DemoRefresh.keyboardShortcut))
    refresh.onRevealChange = { [weak self] _ in self?.onChange?() }
    refresh.onRefreshAsync = { [weak self] _ in
      try? await Task.sleep(for: DemoRefresh.duration)
      self?.putNewRows()
    }
    refresh.onRefreshingChange = { [weak self] refresh in self?.onRefreshChange?(refresh.isRefreshing) }
    refresh.scroller.onStateChange = { [weak self] _ in self?.onChange?() }
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

  private func putNewRows() {
    switch refresh.edge {
    case .top: RowListModel.prependRows(DemoRefresh.rowCount, to: model)
    case .bottom: RowListModel.appendRows(DemoRefresh.rowCount, to: model)
    }
  }
}
