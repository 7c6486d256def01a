import CTopLockGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The same instance seen as a GTK subclass (`GtkBox`, `GtkButton`, …): the C cast macros
  /// (`GTK_BOX (w)`) have no Swift import. The caller knows the instance's type.
  public func cast<Subclass>(to _: Subclass.Type) -> UnsafeMutablePointer<Subclass> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: Subclass.self)
  }
}
