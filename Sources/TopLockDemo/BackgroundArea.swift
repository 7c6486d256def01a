import CTopLockGtk
import TopLock
import TopLockGObject

/// What lies behind the sheet: a header (the mode, a title, what to do, the last row activated) in the part
/// the open sheet leaves visible, and at the bottom a few things to try, uncovered when the sheet collapses.
///
/// Main actor only. The widget is floating until put in a parent.
@MainActor
struct BackgroundArea {
  /// The area (CSS class `demo-background`).
  let widget: UnsafeMutablePointer<GtkWidget>
  private let status: UnsafeMutablePointer<GtkWidget>

  /// The area for the TopLock mode, or for the stock mode when `isStock`.
  init(isStock: Bool) {
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
    gtk_widget_add_css_class(widget, "demo-background")
    let badge = Self.label(isStock ? "Stock GtkScrolledWindow" : "TopLock", classes: ["demo-badge"])
    gtk_widget_set_halign(badge, GTK_ALIGN_START)
    if isStock {
      gtk_widget_add_css_class(badge, "stock")
    }
    status = Self.label(isStock ? Self.stockHint : Self.keyHint, classes: ["demo-status", "dim-label"])
    let header = [
      badge,
      Self.label(isStock ? "No lock: watch the top" : "Pull the list down", classes: ["title-1"]),
      Self.label(isStock ? Self.stockSummary : Self.summary, classes: ["demo-summary"]),
      status,
    ]
    for row in header {
      gtk_box_append(widget.cast(to: GtkBox.self), row)
    }
    gtk_box_append(widget.cast(to: GtkBox.self), Self.makeTips())
  }

  /// Shows that row `row`'s button was clicked.
  func showActivated(row: Int) {
    gtk_label_set_text(OpaquePointer(status), "Row \(row) opened: presses reach the list at once")
  }

  private static let summary =
    "At the top of the list, drag down: the sheet follows the pointer and the list never overshoots. "
    + "Push back up and the list scrolls again, in the same drag."
  private static let stockSummary =
    "A plain GtkScrolledWindow with mouse drag on. At the top, a drag down only glows; "
    + "run toplock-demo beside it to compare."
  private static let keyHint =
    "The handle moves the sheet · Escape in the sheet collapses it · F1 shows the HUD"
  private static let stockHint = "F1 shows the HUD"
  private static let tips = [
    "Fling the list back into the top: it stops dead, no glow, no bounce.",
    "Wheel or touchpad up at the top: nothing moves, nothing glows.",
    "Scroll to the bottom: GTK's own glow is still there.",
    "Pull the sheet down, then push it up without letting go.",
  ]

  /// The height of the sheet's lowest detent, px: the tips stay above it.
  private static let peekHeight = 96

  /// The tips, at the bottom of the area, above the collapsed sheet's peek: the open sheet hides them.
  private static func makeTips() -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
    gtk_widget_add_css_class(box, "demo-tips")
    gtk_widget_set_vexpand(box, 1)
    gtk_widget_set_valign(box, GTK_ALIGN_END)
    gtk_widget_set_margin_bottom(box, Int32(peekHeight))
    let lines = [label("Try", classes: ["heading"])] + tips.map { label("• " + $0, classes: ["demo-tip"]) }
    for line in lines {
      gtk_box_append(box.cast(to: GtkBox.self), line)
    }
    return box
  }

  private static func label(_ text: String, classes: [String]) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(text)!
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    for cssClass in classes {
      gtk_widget_add_css_class(label, cssClass)
    }
    return label
  }
}
