import CTopLockGtk
import TopLockGObject

/// Replaces a scrolled window's content with rows that are buttons (`rowHeight` px each) and counts their
/// clicks. Main actor only; the scrolled window owns the rows, the instance keeps the click handlers.
@MainActor
public final class ButtonRows {
  /// The height of one row, in px.
  nonisolated public static let rowHeight = 40.0

  /// The rows clicked (`clicked` emitted), oldest first.
  public private(set) var clickedRows: [Int] = []
  private var connections: [SignalConnection] = []

  /// Builds `count` button rows as the child of `scrolledWindow`, a `GtkScrolledWindow`.
  public init(count: Int, in scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    for row in 0..<count {
      let button = gtk_button_new_with_label("row \(row)")!
      gtk_widget_set_size_request(button, -1, Int32(Self.rowHeight))
      connections.append(
        SignalConnection.connect(button, .clicked) { [weak self] in self?.clickedRows.append(row) })
      gtk_box_append(box.cast(to: GtkBox.self), button)
    }
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), box)
  }

  /// The middle of row `row`, in the content's px, when the content is scrolled to `value` px.
  public func center(ofRow row: Int, scrolledTo value: Double) -> WidgetPoint {
    WidgetPoint(x: 150, y: (Double(row) + 0.5) * Self.rowHeight - value)
  }
}
