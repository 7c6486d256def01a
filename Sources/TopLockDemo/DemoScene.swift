import CTopLockGtk
import TopLock

/// What the window shows: the list and what is around it, and what the trace and the HUD read from it.
/// `TopLockDemoScene` puts the list in a TopLockSheet over the background; `RefreshDemoScene` puts pull to
/// refresh above it; `NestedDemoScene` chains it to a page holding it; `StockDemoScene` leaves a plain GtkScrolledWindow in a panel that never moves, or
/// alone.
///
/// Main actor only. The scene's widget tree owns the background and the list once built.
@MainActor
protocol DemoScene: AnyObject {
  /// The root of the scene's widget tree, to put in the window.
  var widget: UnsafeMutablePointer<GtkWidget> { get }
  /// The list's GtkScrolledWindow (the trace's `list` rectangle).
  var scrolledWindow: UnsafeMutablePointer<GtkWidget> { get }
  /// The page's GtkScrolledWindow holding the list (the trace's `page` rectangle and `outer` value), in the
  /// nested scene; `nil` otherwise.
  var pageScrolledWindow: UnsafeMutablePointer<GtkWidget>? { get }
  /// The widget whose rectangle the trace reports as `sheet`: the sliding panel, or the list itself in
  /// `--stock`.
  var sheetWidget: UnsafeMutablePointer<GtkWidget> { get }
  /// Who the drag in progress belongs to (`.none` between drags).
  var owner: DragOwner { get }
  /// The host translation of the drag in progress, in px (0 when nothing pulls).
  var pullTranslation: Double { get }
  /// The sheet's offset below fully open, in px.
  var sheetOffset: Double { get }
  /// The detent the sheet rests at or settles to (index, 0 the lowest); 0 without a sheet.
  var detent: Int { get }
  /// During a pull, the detent a release now would settle on; `detent` otherwise; 0 without a sheet.
  var predictedDetent: Int { get }
  /// Called with the detent each time the sheet comes to rest; never without a sheet.
  var onSettled: (@MainActor (_ detent: Int) -> Void)? { get set }
  /// A few words on where the sheet is ("open", "following", "settling", …) for the HUD.
  var sheetPhase: String { get }
  /// Called after anything above may have changed.
  var onChange: (@MainActor () -> Void)? { get set }
  /// Called when a refresh starts (`true`) and when it ends (`false`); never without pull to refresh.
  var onRefreshChange: (@MainActor (_ isRefreshing: Bool) -> Void)? { get set }
}

extension DemoScene {
  /// No page around the list.
  var pageScrolledWindow: UnsafeMutablePointer<GtkWidget>? { nil }
  /// No sheet rests anywhere: detent 0.
  var detent: Int { 0 }
  var predictedDetent: Int { 0 }
  /// No sheet settles: never called.
  var onSettled: (@MainActor (_ detent: Int) -> Void)? {
    get { nil }
    set {}
  }
  /// No pull to refresh: never called.
  var onRefreshChange: (@MainActor (_ isRefreshing: Bool) -> Void)? {
    get { nil }
    set {}
  }
}
