import CTopLockGtk
import TopLock

/// The TopLock mode: the list in a `TopLockSheet` over the background, mouse drag-to-scroll on.
///
/// Main actor only. Owns the sheet, which owns the widget tree.
@MainActor
final class TopLockDemoScene: DemoScene {
  /// The sheet holding the list.
  let sheet: TopLockSheet
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  var onChange: (@MainActor () -> Void)?
  var onSettled: (@MainActor (_ detent: Int) -> Void)?

  /// Builds the sheet over `background` with the open panel `topInset` px below the top, with
  /// `sheetOptions`.
  ///
  /// - Throws: what `TopLockSheet.init` throws (nothing, for a new scrolled window and these options).
  init(
    background: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    topInset: Double, sheetOptions: TopLockSheetOptions
  ) throws(TopLockError) {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    self.scrolledWindow = scrolledWindow
    sheet = try TopLockSheet(
      background: background, scrolledWindow: scrolledWindow, topInset: topInset, options: options,
      sheetOptions: sheetOptions)
    sheet.onOffsetChange = { [weak self] _ in self?.onChange?() }
    sheet.onPredictedDetentChange = { [weak self] _, _ in self?.onChange?() }
    sheet.onSettled = { [weak self] _, detent in self?.onSettled?(detent) }
    sheet.scroller.onStateChange = { [weak self] _ in self?.onChange?() }
  }

  var widget: UnsafeMutablePointer<GtkWidget> { sheet.widget }
  var sheetWidget: UnsafeMutablePointer<GtkWidget> { sheet.panel }
  var owner: DragOwner { sheet.scroller.owner }
  var pullTranslation: Double { sheet.scroller.pullTranslation }
  var sheetOffset: Double { sheet.offset }
  var detent: Int { sheet.currentDetent }
  var predictedDetent: Int { sheet.predictedDetent }

  var sheetPhase: String {
    if owner == .host { return "following the pull" }
    if sheet.offset == 0 { return "open" }
    if sheet.offset == sheet.collapsedOffset { return "collapsed" }
    return "settling"
  }
}
