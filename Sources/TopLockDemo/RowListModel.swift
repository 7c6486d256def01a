import CTopLockGtk

/// A GListModel of `count` rows whose items are made on demand: item `i` is a new GtkStringObject
/// "Row i", after the rows a refresh put above them ("New row n", the newest first, n counting from 1). It
/// stores only the two counts, so a list of a million rows costs what a list of ten does; GtkListView asks
/// for the items of the rows it shows, and drops them when they scroll away.
///
/// A GObject type registered from Swift (`g_type_register_static_simple` and the GListModel interface
/// vtable): GtkStringList would keep one string per row. The instance is a GObject followed by the count of
/// rows and the count of new rows among them.
enum RowListModel {
  /// A new model of `count` rows (transfer full, as GtkNoSelection's constructor takes it).
  static func make(count: UInt32) -> OpaquePointer {
    let instance = OpaquePointer(g_object_new_with_properties(modelType, 0, nil, nil)!)
    countSlot(of: instance).pointee = count
    return instance
  }

  /// Puts `count` new rows at the top of `model` (from `make`), and tells its views that every row changed:
  /// a view at its top then shows the new rows. (Told of rows added at 0 alone, GtkListView would keep the
  /// rows in view where they are and the new ones above them, out of view.)
  static func prependRows(_ count: UInt32, to model: OpaquePointer) {
    let previousCount = countSlot(of: model).pointee
    countSlot(of: model).pointee += count
    newRowCountSlot(of: model).pointee += count
    g_list_model_items_changed(model, 0, previousCount, previousCount + count)
  }

  /// Puts `count` more rows at the bottom of `model` (from `make`), numbered on from the last.
  static func appendRows(_ count: UInt32, to model: OpaquePointer) {
    let previousCount = countSlot(of: model).pointee
    countSlot(of: model).pointee += count
    g_list_model_items_changed(model, previousCount, 0, count)
  }

  /// The row count stored just after the GObject header of `model` (a `GListModel *`).
  private static func countSlot(of model: OpaquePointer?) -> UnsafeMutablePointer<UInt32> {
    (UnsafeMutableRawPointer(model!) + MemoryLayout<GObject>.stride).assumingMemoryBound(to: UInt32.self)
  }

  /// The count of new rows, stored after the row count.
  private static func newRowCountSlot(of model: OpaquePointer?) -> UnsafeMutablePointer<UInt32> {
    countSlot(of: model) + 1
  }

  /// The text of the row at `position` of `model`.
  private static func text(at position: UInt32, of model: OpaquePointer?) -> String {
    let newRows = newRowCountSlot(of: model).pointee
    return position < newRows ? "New row \(newRows - position)" : "Row \(position - newRows)"
  }

  private static let modelType: GType = {
    let type = g_type_register_static_simple(
      g_type_from_name("GObject"), "ToplockDemoRowListModel", guint(MemoryLayout<GObjectClass>.size), nil,
      guint(MemoryLayout<GObject>.stride + 2 * MemoryLayout<UInt32>.size), nil, toplock_type_flags_none)
    var listModel = GInterfaceInfo(
      interface_init: { vtable, _ in
        let interface = vtable!.assumingMemoryBound(to: GListModelInterface.self)
        interface.pointee.get_item_type = { _ in gtk_string_object_get_type() }
        interface.pointee.get_n_items = { model in RowListModel.countSlot(of: model).pointee }
        interface.pointee.get_item = { model, position in
          guard position < RowListModel.countSlot(of: model).pointee else { return nil }
          return UnsafeMutableRawPointer(gtk_string_object_new(RowListModel.text(at: position, of: model)))
        }
      }, interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
    return type
  }()
}
