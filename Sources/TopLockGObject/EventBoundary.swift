import CTopLock
import CTopLockGtk

/// Where GTK bounds the delivery of a widget's events, shared by TopLock's input hub and the tests that record
/// what reaches it.
///
/// Main actor only.
@MainActor
public enum EventBoundary {
  /// The widget whose controllers see `widget`'s events first: the innermost ancestor that bounds event
  /// delivery (`toplock_is_event_boundary`: the window, a popover, or on GTK 4.18 and later a widget that
  /// limits events, such as AdwDialog). `nil` while `widget` is in no native. Not retained.
  public static func enclosing(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
  {
    var current = gtk_widget_get_parent(widget)
    while let candidate = current {
      if toplock_is_event_boundary(candidate) != 0 { return candidate }
      current = gtk_widget_get_parent(candidate)
    }
    return nil
  }
}
