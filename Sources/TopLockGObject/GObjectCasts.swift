import CTopLockGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The same instance seen as a GTK subclass (`GtkBox`, `GtkWindow`, …): the C cast macros
  /// (`GTK_BOX (w)`) have no Swift import. The caller knows the instance's type.
  public func cast<Subclass>(to _: Subclass.Type) -> UnsafeMutablePointer<Subclass> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: Subclass.self)
  }
}

/// GObject type queries that C spells as macros (`G_OBJECT_TYPE`, `G_OBJECT_TYPE_NAME`,
/// `G_TYPE_CHECK_INSTANCE_TYPE`), done through the instance's class pointer.
public enum GObjectType {
  /// The exact GType of `instance`: a subclass does not match its parent's type.
  public static func exactType(of instance: UnsafeMutableRawPointer) -> GType {
    instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
  }

  /// Whether `instance` is of `type` or a subtype.
  public static func isInstance(_ instance: UnsafeMutableRawPointer, of type: GType) -> Bool {
    g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  /// The registered name of `instance`'s type.
  public static func typeName(of instance: UnsafeMutableRawPointer) -> String {
    String(cString: g_type_name(exactType(of: instance)))
  }
}
