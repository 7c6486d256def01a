import CTopLockGtk
import TopLockGObject

/// The sheet's content: a GtkScrolledWindow holding a GtkListView of `rowCount` recycled rows, each a label
/// and an "Open" button.
///
/// Rows are made by a GtkSignalListItemFactory: `setup` builds a row's widgets once, `bind` fills them for
/// the row it now shows, so the widgets in memory are those of the visible rows whatever the count. A
/// button activates the window action `activateRowAction` with its row index (from 0) as parameter.
///
/// Main actor only. The scrolled window is floating until put in a parent, which then owns the tree.
@MainActor
struct RowList {
  /// The action (on the window, prefix `win.`) each row's button activates, with a `u` (row) parameter.
  static let activateRowAction = "activate-row"

  /// The GtkScrolledWindow around the list (vertical scrolling automatic, horizontal never).
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  /// The item factory's `setup` and `bind` handlers, to be kept as long as the list is shown.
  let connections: [SignalConnection]
  /// The rows (`RowListModel`), owned by the list view.
  let model: OpaquePointer

  /// Builds the list of `rowCount` rows.
  init(rowCount: Int) {
    let factory = gtk_signal_list_item_factory_new()!
    let factoryInstance = UnsafeMutableRawPointer(factory)
    connections = [
      SignalConnection.connect(factoryInstance, .pointer("setup")) { listItem in
        Self.setUp(OpaquePointer(listItem))
      },
      SignalConnection.connect(factoryInstance, .pointer("bind")) { listItem in
        Self.bind(OpaquePointer(listItem))
      },
    ]
    model = RowListModel.make(count: UInt32(rowCount))
    let selection = gtk_no_selection_new(model)
    let listView = gtk_list_view_new(selection, factory)!
    gtk_widget_add_css_class(listView, "demo-rows")

    scrolledWindow = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolledWindow), listView)
  }

  /// Builds a row's widgets: a label that fills the row, then the button.
  private static func setUp(_ listItem: OpaquePointer?) {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_add_css_class(row, "demo-row")
    let label = gtk_label_new(nil)!
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_widget_set_hexpand(label, 1)
    let button = gtk_button_new_with_label("Open")!
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    // A target of the action's type before the name: GTK warns of a mismatch for a button named without one.
    gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_uint32(0))
    gtk_actionable_set_action_name(OpaquePointer(button), "win.\(activateRowAction)")
    gtk_box_append(row.cast(to: GtkBox.self), label)
    gtk_box_append(row.cast(to: GtkBox.self), button)
    gtk_list_item_set_child(listItem, row)
    gtk_list_item_set_activatable(listItem, 0)
  }

  /// Shows row `position` in a row's widgets: the item's text in the label, the index in the button's action.
  private static func bind(_ listItem: OpaquePointer?) {
    guard let row = gtk_list_item_get_child(listItem), let label = gtk_widget_get_first_child(row),
      let button = gtk_widget_get_last_child(row), let item = gtk_list_item_get_item(listItem)
    else { return }
    gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(item)))
    let position = gtk_list_item_get_position(listItem)
    gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_uint32(position))
  }
}
