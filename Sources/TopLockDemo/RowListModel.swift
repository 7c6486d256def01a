import CTopLockGtk

/// A GListModel of `count` rows whose items are made on demand: item `i` is a new GtkStringObject
/// "Row i". It stores only the count, so a list of a million rows costs what a list of ten does; GtkListView
/// asks for the items of the rows it shows, and drops them when they scroll away.
///
/// A GObject type registered from Swift (`g_type_register_static_simple` and the GListModel interface
/// vtable): GtkStringList would keep one string per row. The instance is a GObject followed by the count.
enum RowListModel {
  /// A new model of `count` rows (transfer full, as GtkNoSelection's constructor takes it).
  static func make(count: UInt32) -> OpaquePointer {
    let instance = OpaquePointer(g_object_new_with_properties(modelType, 0, nil, nil)!)
    countSlot(of: instance).pointee = count
    return instance
  }

  /// The row count stored just after the GObject header of `model` (a `GListModel *`).
  private static func countSlot(of model: OpaquePointer?) -> UnsafeMutablePointer<UInt32> {
    (UnsafeMutableRawPointer(model!) + MemoryLayout<GObject>.stride).assumingMemoryBound(to: UInt32.self)
  }

  private static let modelType: GType = {
    let type = g_type_register_static_simple(
      g_type_from_name("GObject"), "ToplockDemoRowListModel", guint(MemoryLayout<GObjectClass>.size), nil,
      guint(MemoryLayout<GObject>.stride + MemoryLayout<UInt32>.size), nil, toplock_type_flags_none)
    var listModel = GInterfaceInfo(
      interface_init: { vtable, _ in
        let interface = vtable!.assumingMemoryBound(to: GListModelInterface.self)
        interface.pointee.get_item_type = { _ in gtk_string_object_get_type() }
        interface.pointee.get_n_items = { model in RowListModel.countSlot(of: model).pointee }
        interface.pointee.get_item = { model, position in
          guard position < RowListModel.countSlot(of: model).pointee else { return nil }
          return UnsafeMutableRawPointer(gtk_string_object_new("Row \(position)"))
        }
      }, interface_finalize: nil, interface_data: nil)
    g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
    return type
  }()
}
