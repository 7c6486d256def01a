import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// Records the pointer input GTK delivers to the list's event boundary (`EventBoundary.enclosing`: its window,
/// the popover that holds it, or on GTK 4.18 and later a widget that limits events, such as AdwDialog, whose
/// events its window's controllers never see), in the capture phase, before any widget under it (TopLock's
/// scroll guard included) can stop it: the last pointer position (a motion controller), every vertical scroll
/// delta and every `decelerate` velocity of a vertical, kinetic scroll controller, the kind that GTK's scrolled
/// window and TopLock's scroll guard use, so its `decelerate` sees the same history.
/// Neither controller claims an event.
///
/// The boundary owns the controllers; `remove()` takes them off before it goes. Main actor only.
@MainActor
final class BoundaryInputRecorder {
  private let list: UnsafeMutablePointer<GtkWidget>
  private var boundary: UnsafeMutablePointer<GtkWidget>
  private let motion: OpaquePointer
  private let scroll: OpaquePointer
  private var connections: [SignalConnection] = []
  private var isRemoved = false
  /// The pointer's last position, in the px of the boundary's native.
  private var pointerPosition: (x: Double, y: Double)?
  private(set) var scrollDeltas: [ScrollRecord] = []
  /// `decelerate`'s vertical velocities, units/s.
  private(set) var decelerateVelocities: [Double] = []

  /// Records what reaches `list`'s event boundary, or `placeholder` (the window that will hold it) while
  /// `list` is in no native yet: a container that takes its list in only when revealed (a dialog, a pushed
  /// page). `reset()` moves to the boundary the list has then.
  init(list: UnsafeMutablePointer<GtkWidget>, placeholder: UnsafeMutablePointer<GtkWidget>) {
    self.list = list
    boundary = EventBoundary.enclosing(list) ?? placeholder
    motion = gtk_event_controller_motion_new()
    let flags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))
    for controller in [motion, scroll] {
      gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    }
    for signal in [Signal.pair("enter"), .pair("motion")] {
      connections.append(
        SignalConnection.connect(UnsafeMutableRawPointer(motion), signal) { [weak self] x, y in
          self?.recordPointer(x: x, y: y)
        })
    }
    connections.append(
      SignalConnection.connect(
        UnsafeMutableRawPointer(scroll), .scroll
      ) { [weak self] _, deltaY in
        self?.recordScroll(deltaY: deltaY)
        return false
      })
    connections.append(
      SignalConnection.connect(UnsafeMutableRawPointer(scroll), .decelerate) { [weak self] _, velocityY in
        self?.decelerateVelocities.append(velocityY)
      })
    gtk_widget_add_controller(boundary, motion)
    gtk_widget_add_controller(boundary, scroll)
  }

  /// Forgets the deltas and velocities recorded so far (measuring starts); keeps the pointer's position.
  ///
  /// Also puts the controllers back on the list's boundary (the one it has now), so that they run before every
  /// controller added to it since (GTK runs a widget's controllers of one phase last added first): TopLock puts
  /// its hub's watch on the boundary when the list is mapped, which for a list attached before it had a window
  /// (the sheet scene) is after the recorder came, and the watch stops a followed pull's deltas there (R13a).
  func reset() {
    scrollDeltas.removeAll()
    decelerateVelocities.removeAll()
    guard !isRemoved else { return }
    let current = EventBoundary.enclosing(list) ?? boundary
    for controller in [motion, scroll] {
      // The boundary holds the controller's only reference: keep one across the move.
      g_object_ref(UnsafeMutableRawPointer(controller))
      gtk_widget_remove_controller(boundary, controller)
      gtk_widget_add_controller(current, controller)
    }
    boundary = current
  }

  /// Where the pointer was last seen, in the window's surface px (the native's surface px plus
  /// `nativeOrigin`, where the native's surface lies in the window's), and which of `targets` GTK picks there
  /// (the first that is or contains the picked widget), `nil` before any motion.
  func pointerReport(
    targets: [(PointerReport.Target, UnsafeMutablePointer<GtkWidget>)], nativeOrigin: SurfacePoint?
  ) -> PointerReport? {
    guard let pointerPosition, let native = gtk_widget_get_native(boundary) else { return nil }
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
    let picked = gtk_widget_pick(
      UnsafeMutablePointer<GtkWidget>(native), pointerPosition.x, pointerPosition.y, GTK_PICK_DEFAULT)
    let target =
      targets.first { _, widget in
        picked.map { $0 == widget || gtk_widget_is_ancestor($0, widget) != 0 } ?? false
      }?.0 ?? .other
    return PointerReport(
      position: SurfacePoint(
        x: pointerPosition.x + surfaceX + (nativeOrigin?.x ?? 0),
        y: pointerPosition.y + surfaceY + (nativeOrigin?.y ?? 0)), target: target
    )
  }

  /// Takes the controllers off the boundary. Safe to call twice.
  func remove() {
    guard !isRemoved else { return }
    isRemoved = true
    for connection in connections { connection.disconnect() }
    gtk_widget_remove_controller(boundary, motion)
    gtk_widget_remove_controller(boundary, scroll)
  }

  /// Keeps the pointer's position, given in the boundary's px, in its native's.
  private func recordPointer(x: Double, y: Double) {
    guard let native = gtk_widget_get_native(boundary) else { return }
    var point = graphene_point_t()
    var inBoundary = graphene_point_t(x: Float(x), y: Float(y))
    guard
      gtk_widget_compute_point(boundary, UnsafeMutablePointer<GtkWidget>(native), &inBoundary, &point) != 0
    else { return }
    pointerPosition = (Double(point.x), Double(point.y))
  }

  private func recordScroll(deltaY: Double) {
    let unit: ScrollRecord.Unit =
      gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL ? .wheel : .surface
    scrollDeltas.append(
      ScrollRecord(deltaY: deltaY, unit: unit, time: gtk_event_controller_get_current_event_time(scroll)))
  }
}
