import CTopLockGtk

/// A GLib weak pointer to a GObject: `object` turns `nil` when the object is finalized. The slot GLib clears
/// lives on the heap, so it stays valid for as long as GLib may write to it.
///
/// Main actor only. Not owning.
@MainActor
public final class WeakObjectReference {
  private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

  /// Watches `object`.
  public init(_ object: gpointer) {
    slot.initialize(to: object)
    g_object_add_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
  }

  isolated deinit {
    clear()
    slot.deallocate()
  }

  /// The object, or `nil` once it was finalized or `clear()` was called.
  public var object: gpointer? { slot.pointee }

  /// Stops watching; `object` becomes `nil`. Safe to call twice.
  public func clear() {
    guard let object = slot.pointee else { return }
    g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
    slot.pointee = nil
  }
}
