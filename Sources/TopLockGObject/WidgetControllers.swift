import CTopLockGtk

/// The event controllers of a widget, read through `gtk_widget_observe_controllers`.
///
/// Main actor only.
@MainActor
public enum WidgetControllers {
  /// The controllers of `widget` in GTK's order (each a `GtkEventController *`), not retained: the widget
  /// owns them, so they stay valid while it keeps them.
  public static func all(of widget: UnsafeMutablePointer<GtkWidget>) -> [OpaquePointer] {
    let model = gtk_widget_observe_controllers(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    return (0..<g_list_model_get_n_items(model)).compactMap { index in
      guard let controller = g_list_model_get_item(model, index) else { return nil }
      g_object_unref(controller)
      return OpaquePointer(controller)
    }
  }
}
