import CTopLockGtk
import TopLockGObject

/// The tree of the scenes whose panel never moves (`StockDemoScene`, `UnattachedDemoScene`): the background
/// under a panel (CSS class `toplock-sheet`, as `TopLockSheet`'s) held `topInset` px below the top, with a
/// header widget above the scrolled window.
///
/// Main actor only. The tree is floating until put in a window, which then owns it.
@MainActor
struct StillPanelLayout {
  /// The root of the tree (a GtkOverlay).
  let overlay: UnsafeMutablePointer<GtkWidget>
  /// The panel: `header` over the scrolled window.
  let panel: UnsafeMutablePointer<GtkWidget>

  /// Builds the tree; `background`, `header` and `scrolledWindow` must have no parent.
  init(
    background: UnsafeMutablePointer<GtkWidget>, header: UnsafeMutablePointer<GtkWidget>,
    scrolledWindow: UnsafeMutablePointer<GtkWidget>, topInset: Double
  ) {
    overlay = gtk_overlay_new()
    gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
    gtk_overlay_set_child(OpaquePointer(overlay), background)
    panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_add_css_class(panel, "toplock-sheet")
    gtk_widget_set_margin_top(panel, Int32(topInset))
    gtk_box_append(panel.cast(to: GtkBox.self), header)
    gtk_widget_set_vexpand(scrolledWindow, 1)
    gtk_box_append(panel.cast(to: GtkBox.self), scrolledWindow)
    gtk_overlay_add_overlay(OpaquePointer(overlay), panel)
  }
}
