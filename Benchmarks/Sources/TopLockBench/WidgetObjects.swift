import CTopLockGtk
import TopLockGObject

/// The GObjects reachable from a widget: the widget and its descendants, their event controllers, and the
/// scroll adjustments of the scrolled windows among them. What `memory` counts as a window's live objects.
///
/// Main actor only. The pointers are not retained.
@MainActor
enum WidgetObjects {
  /// Every object reachable from `root`, each once.
  static func all(from root: UnsafeMutablePointer<GtkWidget>) -> [gpointer] {
    var objects: [gpointer] = []
    var seen: Set<UnsafeMutableRawPointer> = []
    func add(_ object: gpointer?) {
      guard let object, seen.insert(object).inserted else { return }
      objects.append(object)
    }
    var pending = [root]
    while let widget = pending.popLast() {
      add(widget)
      for controller in controllers(of: widget) { add(controller) }
      if GObjectType.isInstance(widget, of: gtk_scrolled_window_get_type()) {
        add(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)))
        add(gtk_scrolled_window_get_hadjustment(OpaquePointer(widget)))
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        pending.append(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    return objects
  }

  /// The event controllers of `widget`, unretained (`gtk_widget_observe_controllers`).
  static func controllers(of widget: UnsafeMutablePointer<GtkWidget>) -> [gpointer] {
    WidgetControllers.all(of: widget).map(UnsafeMutableRawPointer.init)
  }
}
