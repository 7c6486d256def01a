import CTopLockGtk
import TopLock
import TopLockGObject

/// One cell of `memory`'s grid (`ScrollerGridWindow`) holding a `HostedScene`, stock or with TopLock: a
/// chained pair is an outer small scrolled window whose content holds a label and an inner one, chained by
/// `TopLockScrollChain` when attached; a refreshing list is one small scrolled window, under a
/// `TopLockRefresh` when attached. The stock cell holds the same scrolled windows without TopLock (the
/// refreshing list's, no refresh around it): the attached cell's growth over it is the scene's cost.
///
/// Main actor only. The cell keeps its host (the chain or the refresh) alive, as an app does.
@MainActor
final class HostedCell {
  /// What goes in the grid's cell: the outer scrolled window, the refresh's widget, or the plain list.
  let root: UnsafeMutablePointer<GtkWidget>
  /// The chain or the refresh; `nil` in a stock cell.
  let host: TopLockHost?

  /// Builds the cell (floating, not in a parent), TopLock attached when `attached`. GTK must be started.
  ///
  /// - Throws: what `TopLockScrollChain` or `TopLockRefresh` throw.
  init(_ scene: HostedScene, attached: Bool) throws {
    switch scene {
    case .chainedPair:
      let (outer, inner) = Self.makeChainedPair()
      root = outer
      host = attached ? try TopLockScrollChain(inner: inner, outer: outer) : nil
    case .refreshingList:
      let list = ScrollerGridWindow.makeScrolledWindow()
      let refresh = attached ? try TopLockRefresh(scrolledWindow: list) : nil
      root = refresh?.widget ?? list
      host = refresh
    }
  }

  /// An outer small scrolled window (floating) holding `makeOuterContent()`, taller than it, so that both
  /// scroll.
  private static func makeChainedPair() -> (
    outer: UnsafeMutablePointer<GtkWidget>, inner: UnsafeMutablePointer<GtkWidget>
  ) {
    let outer = gtk_scrolled_window_new()!
    let size = ScrollerGridWindow.scrollerSize
    gtk_widget_set_size_request(outer, size.width, size.height)
    let (content, inner) = makeOuterContent()
    gtk_scrolled_window_set_child(OpaquePointer(outer), content)
    return (outer, inner)
  }

  /// A chained pair's outer content (floating): a label above an inner small scrolled window
  /// (`ScrollerGridWindow.makeScrolledWindow`), and that inner one.
  static func makeOuterContent() -> (
    content: UnsafeMutablePointer<GtkWidget>, inner: UnsafeMutablePointer<GtkWidget>
  ) {
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let inner = ScrollerGridWindow.makeScrolledWindow()
    gtk_box_append(content.cast(to: GtkBox.self), gtk_label_new("outer"))
    gtk_box_append(content.cast(to: GtkBox.self), inner)
    return (content, inner)
  }
}
