import CTopLockGtk
import TopLockGObject

/// Counts GObjects that are still alive, with one GLib weak reference each: `watch` them, drop every
/// reference the test holds, and `aliveTypeNames` lists those not finalized. (`g_type_get_instance_count`
/// counts nothing on Debian's GLib, built without instance counting.)
///
/// Main actor only. Not owning: watching adds no reference.
@MainActor
public final class FinalizationWatch {
  private var references: [(reference: WeakObjectReference, typeName: String)] = []

  /// How many objects were ever watched.
  public private(set) var watchedCount = 0

  /// An empty watch.
  public init() {}

  /// Watches `object`, a GObject instance.
  public func watch(_ object: UnsafeMutableRawPointer) {
    references.append((WeakObjectReference(object), GObjectType.typeName(of: object)))
    watchedCount += 1
  }

  /// The type names of the watched objects not yet finalized, one per object.
  public var aliveTypeNames: [String] {
    references.filter { $0.reference.object != nil }.map(\.typeName)
  }

  /// Forgets the finalized objects, so that a long run does not keep one entry per object ever watched.
  public func forgetFinalized() {
    references.removeAll { $0.reference.object == nil }
  }
}
