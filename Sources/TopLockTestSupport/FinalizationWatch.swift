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

  /// Watches every widget of the tree under `root` (`root` included) and every event controller they hold.
  /// Call it while the tree is whole: what is added later is not watched. A tooltip window under a window
  /// is left out: GTK's tooltip, kept on the display once the pointer has moved, owns it and outlives the
  /// window (seen with GTK 4.8).
  public func watchWidgetTree(_ root: UnsafeMutablePointer<GtkWidget>) {
    watch(root)
    for controller in WidgetControllers.all(of: root) {
      watch(UnsafeMutableRawPointer(controller))
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      if GObjectType.typeName(of: current) != Self.tooltipWindowTypeName {
        watchWidgetTree(current)
      }
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// The type name of GTK's tooltip window (its type function is private).
  private static let tooltipWindowTypeName = "GtkTooltipWindow"

  /// The type names of the watched objects not yet finalized, one per object.
  public var aliveTypeNames: [String] {
    references.filter { $0.reference.object != nil }.map(\.typeName)
  }

  /// Forgets the finalized objects, so that a long run does not keep one entry per object ever watched.
  public func forgetFinalized() {
    references.removeAll { $0.reference.object == nil }
  }
}
