import CTopLockGtk

/// One `gtk_widget_add_tick_callback` registration: the handler runs once per frame, before layout and
/// paint, while it returns `true`. Its closure box is released by the destroy-notify GTK calls when the
/// callback goes (removed, returned `false`, or the widget destroyed).
///
/// Main actor only. Not owning: the widget is watched with a weak reference, so `remove()` is safe to call
/// twice, after the handler returned `false`, and after the widget was finalized (GTK drops a destroyed
/// widget's tick callbacks itself).
@MainActor
public final class TickCallback {
  private let widget: WeakObjectReference
  private var callbackID: guint

  /// Adds `handler`, called with the widget's `GdkFrameClock` every frame while it returns `true`.
  public init(
    on widget: UnsafeMutablePointer<GtkWidget>,
    handler: @escaping @MainActor (_ frameClock: OpaquePointer) -> Bool
  ) {
    self.widget = WeakObjectReference(widget)
    callbackID = 0
    let isRunning: @MainActor (OpaquePointer) -> Bool = { [weak self] clock in
      let keepsRunning = handler(clock)
      if !keepsRunning {
        self?.callbackID = 0
      }
      return keepsRunning
    }
    let trampoline: GtkTickCallback = { _, clock, data in
      MainActor.assumeIsolated { ClosureBox<@MainActor (OpaquePointer) -> Bool>.unbox(data)(clock!) } ? 1 : 0
    }
    callbackID = gtk_widget_add_tick_callback(
      widget, trampoline, ClosureBox(isRunning).retainedUserData(), { releaseBox($0) })
  }

  /// Whether the callback is still registered.
  public var isActive: Bool { callbackID != 0 }

  /// Removes the callback; GTK then releases its box. A no-op once the widget was finalized.
  public func remove() {
    guard callbackID != 0 else { return }
    if let widget = widget.object {
      gtk_widget_remove_tick_callback(widget.assumingMemoryBound(to: GtkWidget.self), callbackID)
    }
    callbackID = 0
  }
}
