import CTopLockGtk
import TopLock
import TopLockGObject

/// The heads-up display: a small translucent card over the bottom-right corner that shows what the trace
/// shows, live: the adjustment's value, its lower / upper / page, who owns the drag, the pull, the velocity
/// of the content on screen, and where the sheet is.
///
/// It takes no input (`can-target` off), so drags and clicks go through it. Main actor only; the widget is
/// floating until put in a parent.
@MainActor
final class Hud {
  /// The card (CSS classes `osd` and `demo-hud`).
  let widget: UnsafeMutablePointer<GtkWidget>
  private var valueLabels: [Field: UnsafeMutablePointer<GtkWidget>] = [:]

  /// The HUD's lines, in display order.
  private enum Field: String, CaseIterable {
    case value
    case range = "lower/upper/page"
    case owner
    case pull
    case velocity
    case live
    case detent = "detent/predicted"
  }

  /// A hidden HUD.
  init() {
    widget = gtk_grid_new()
    gtk_widget_add_css_class(widget, "osd")
    gtk_widget_add_css_class(widget, "demo-hud")
    gtk_widget_set_can_target(widget, 0)
    gtk_widget_set_halign(widget, GTK_ALIGN_END)
    gtk_widget_set_valign(widget, GTK_ALIGN_END)
    gtk_widget_set_visible(widget, 0)
    let grid = widget.cast(to: GtkGrid.self)
    gtk_grid_set_column_spacing(grid, 12)
    for (row, field) in Field.allCases.enumerated() {
      let name = gtk_label_new(field.rawValue)!
      gtk_widget_add_css_class(name, "dim-label")
      gtk_label_set_xalign(OpaquePointer(name), 1)
      let value = gtk_label_new(nil)!
      gtk_label_set_xalign(OpaquePointer(value), 0)
      gtk_grid_attach(grid, name, 0, Int32(row), 1, 1)
      gtk_grid_attach(grid, value, 1, Int32(row), 1, 1)
      valueLabels[field] = value
    }
  }

  /// Whether the HUD is shown.
  var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// Shows `state`, the content's on-screen `velocity` (px/s, positive downward) and the sheet's `phase`.
  func show(_ state: DemoState, velocity: Double, phase: String) {
    set(.value, px(state.value))
    set(.range, "\(Int(state.lower.rounded()))/\(Int(state.upper.rounded()))/\(px(state.page))")
    set(.owner, state.owner.traceName)
    set(.pull, px(state.pull))
    set(.velocity, "\(Int(velocity.rounded())) px/s")
    set(.live, "sheet \(px(state.sheet)), \(phase)")
    set(.detent, "\(state.detent)/\(state.predicted)")
  }

  private func set(_ field: Field, _ text: String) {
    guard let label = valueLabels[field] else { return }
    gtk_label_set_text(OpaquePointer(label), text)
  }

  private func px(_ length: Double) -> String {
    "\(Int(length.rounded())) px"
  }
}
