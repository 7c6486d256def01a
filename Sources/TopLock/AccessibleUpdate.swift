import CTopLockGtk

/// Sets a widget's accessible label and boolean states. GTK's setters are variadic; their `_value` forms take
/// GValues of the type GTK collects each state as.
///
/// Main actor only; holds nothing.
@MainActor
enum AccessibleUpdate {
  /// How GTK collects a boolean state's value.
  enum StateType {
    /// A `gboolean` (`GTK_ACCESSIBLE_STATE_BUSY`).
    case boolean
    /// "Boolean or undefined", an `int` where undefined is -1 (`GTK_ACCESSIBLE_STATE_EXPANDED`).
    case booleanOrUndefined
  }

  /// Sets `widget`'s accessible label to `label`.
  static func setLabel(_ label: String, of widget: UnsafeMutablePointer<GtkWidget>) {
    var value = GValue()
    g_value_init(&value, g_type_from_name("gchararray"))
    g_value_set_string(&value, label)
    var properties = [GTK_ACCESSIBLE_PROPERTY_LABEL]
    gtk_accessible_update_property_value(OpaquePointer(widget), 1, &properties, &value)
    g_value_unset(&value)
  }

  /// Sets `widget`'s accessible `state`, collected as `type`, to `isSet`.
  static func setState(
    _ state: GtkAccessibleState, as type: StateType, to isSet: Bool,
    of widget: UnsafeMutablePointer<GtkWidget>
  ) {
    var value = GValue()
    switch type {
    case .boolean:
      g_value_init(&value, g_type_from_name("gboolean"))
      g_value_set_boolean(&value, isSet ? 1 : 0)
    case .booleanOrUndefined:
      g_value_init(&value, g_type_from_name("gint"))
      g_value_set_int(&value, isSet ? 1 : 0)
    }
    var states = [state]
    gtk_accessible_update_state_value(OpaquePointer(widget), 1, &states, &value)
    g_value_unset(&value)
  }
}
