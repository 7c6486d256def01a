import CTopLockGtk
import TopLock

/// `--scene nested`: a long page that scrolls (`NestedPage`) holding a 300 px tall inner list of 50 rows,
/// chained to it (`TopLockScrollChain`), mouse drag-to-scroll on for both. The page's top never overshoots
/// (`.clamp`); its bottom keeps GTK's glow.
///
/// `pullTranslation` is 0 (the trace's `pull`); there is no sheet. Main actor only. Owns the chain; the
/// window owns the widget tree.
@MainActor
final class NestedDemoScene: DemoScene {
  /// The chain from the inner list to the page.
  let chain: TopLockScrollChain
  let widget: UnsafeMutablePointer<GtkWidget>
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  let pageScrolledWindow: UnsafeMutablePointer<GtkWidget>?
  var onChange: (@MainActor () -> Void)?

  /// Builds the page around `list` and chains them.
  ///
  /// - Throws: what `TopLockScrollChain.init` throws (nothing, for these new scrolled windows and options).
  init(list: RowList) throws(TopLockError) {
    let page = NestedPage(inner: list.scrolledWindow)
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    var pageOptions = options
    pageOptions.topPolicy = .clamp
    scrolledWindow = list.scrolledWindow
    pageScrolledWindow = page.scrolledWindow
    widget = page.scrolledWindow
    chain = try TopLockScrollChain(
      inner: list.scrolledWindow, outer: page.scrolledWindow, innerOptions: options, outerOptions: pageOptions
    )
    chain.inner.onStateChange = { [weak self] _ in self?.onChange?() }
  }

  var sheetWidget: UnsafeMutablePointer<GtkWidget> { scrolledWindow }
  var owner: DragOwner { chain.inner.owner }
  var pullTranslation: Double { 0 }
  var sheetOffset: Double { 0 }
  var sheetPhase: String { owner == .host ? "the page follows the list" : "no sheet (nested)" }
}
