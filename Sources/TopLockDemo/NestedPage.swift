import CTopLockGtk

/// `--scene nested`'s page: a GtkScrolledWindow (vertical scrolling automatic, horizontal never) holding a
/// header, text, the inner list (`innerHeight` px tall), and more text below it, so that the page scrolls.
///
/// Main actor only. The tree is floating until put in a window, which then owns it.
@MainActor
struct NestedPage {
  /// The inner list's height on the page, px.
  static let innerHeight: Int32 = 300
  /// How many rows the inner list holds.
  static let innerRowCount = 50
  /// The page's text: a paragraph repeated above and below the list, enough to scroll.
  private static let paragraph =
    "A page that scrolls, holding a list that scrolls. Drag the list down at its top and the page "
    + "scrolls down with the rest of the drag; push back and the page returns, then the list scrolls again. "
    + "A fling of the list that reaches its top flings the page on."

  /// The page's GtkScrolledWindow (the trace's `page` rectangle).
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>

  /// Builds the page around `inner`, a scrolled window with no parent.
  init(inner: UnsafeMutablePointer<GtkWidget>) {
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_add_css_class(content, "demo-page")
    let title = gtk_label_new("A long page")!
    gtk_widget_add_css_class(title, "title-1")
    gtk_box_append(content.cast(to: GtkBox.self), title)
    for _ in 0..<4 { gtk_box_append(content.cast(to: GtkBox.self), Self.text()) }
    gtk_widget_set_size_request(inner, -1, Self.innerHeight)
    gtk_widget_add_css_class(inner, "demo-inner-list")
    gtk_box_append(content.cast(to: GtkBox.self), inner)
    for _ in 0..<8 { gtk_box_append(content.cast(to: GtkBox.self), Self.text()) }

    scrolledWindow = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), content)
  }

  private static func text() -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(paragraph)!
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    return label
  }
}
