import CTopLockGtk

/// Taking shown popovers down before their window goes: a popover unparented while shown leaves its surface
/// behind, so it is popped down and the main loop runs `closingMilliseconds` ms before it is unparented.
/// Main actor.
@MainActor
public enum PopoverTeardown {
  /// How long the main loop runs between a popover's pop-down and its removal, ms.
  public static let closingMilliseconds = 50.0

  /// Pops `popovers` down, runs the main loop `closingMilliseconds` ms, then unparents them (popovers set
  /// on plain widgets, which GTK leaves to the app).
  public static func popDownAndUnparent(_ popovers: [UnsafeMutablePointer<GtkWidget>]) {
    for popover in popovers {
      gtk_popover_popdown(popover.cast(to: GtkPopover.self))
    }
    MainLoopPump.run(forMilliseconds: closingMilliseconds)
    for popover in popovers {
      gtk_widget_unparent(popover)
    }
  }
}
