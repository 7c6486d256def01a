import CTopLockGtk
import TopLock
import TopLockGObject

/// The `--no-attach` mode, a measurement aid: the TopLock mode's widgets (the background, and the sheet's
/// panel with its handle over the list, at the open sheet's place) with TopLock not attached to the list.
/// `toplock-bench startup` times the demo against it, so that the difference is TopLock's alone. The list
/// scrolls as GTK makes it (touch drag only), the panel never moves and the handle does nothing.
///
/// `owner` is always `.none`, `pullTranslation` and `sheetOffset` 0. Main actor only. The widget tree is
/// owned by the window it is put in.
@MainActor
final class UnattachedDemoScene: DemoScene {
  let widget: UnsafeMutablePointer<GtkWidget>
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  let sheetWidget: UnsafeMutablePointer<GtkWidget>
  var onChange: (@MainActor () -> Void)?

  /// Builds the scene over `background` with the panel `topInset` px below the top.
  init(
    background: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    topInset: Double
  ) {
    self.scrolledWindow = scrolledWindow
    let handle = gtk_button_new()!
    gtk_widget_add_css_class(handle, "toplock-sheet-handle")
    let grip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(grip, "toplock-sheet-grip")
    gtk_widget_set_halign(grip, GTK_ALIGN_CENTER)
    gtk_button_set_child(handle.cast(to: GtkButton.self), grip)
    let layout = StillPanelLayout(
      background: background, header: handle, scrolledWindow: scrolledWindow, topInset: topInset)
    widget = layout.overlay
    sheetWidget = layout.panel
  }

  var owner: DragOwner { .none }
  var pullTranslation: Double { 0 }
  var sheetOffset: Double { 0 }
  var sheetPhase: String { "open (TopLock not attached)" }
}
