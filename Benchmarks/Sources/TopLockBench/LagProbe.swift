import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// Counts, for one input event, the frames from the one during which GDK dispatched it to the one that
/// painted what it moved: `lag`'s measuring instrument.
///
/// `arm(position:)` remembers where a widget is now (a closure the caller gives, read from GTK's layout) and
/// waits for the next event. An emission hook on `GdkSurface::event`, which runs before GTK's own handler,
/// reads the window's frame counter when the event is dispatched: a frame's counter during its phases (an
/// event flushed in a frame's flush-events phase can be painted by that same frame), the last frame's
/// between frames. A handler on the frame clock's `after-paint` reads the position again after each paint:
/// the layout of that frame, which its snapshot drew. The first frame whose position differs from the armed
/// one is the frame that painted the move.
///
/// Main actor only. Holds a reference on the frame clock until `remove()`; call it before the window goes.
@MainActor
final class LagProbe {
  /// A move smaller than this, in px, is not a move.
  private static let tolerance = 0.5

  private let frameClock: OpaquePointer
  private var hook: EmissionHook?
  private var connection: SignalConnection?
  private var position: () -> Double
  private var armedPosition: Double?

  /// The frame counter when the armed event was dispatched; `nil` until then.
  private(set) var eventFrame: Int64?
  /// The counter of the frame that painted the move; `nil` until then.
  private(set) var paintedFrame: Int64?

  /// Watches `window`, which must be realized; `position` reads the watched widget's position, px.
  init(window: UnsafeMutablePointer<GtkWidget>, position: @escaping @MainActor () -> Double) {
    guard let clock = gtk_widget_get_frame_clock(window) else {
      preconditionFailure("toplock-bench: the window has no frame clock (not realized)")
    }
    frameClock = clock
    self.position = position
    g_object_ref(UnsafeMutableRawPointer(clock))
    let surface = UnsafeMutableRawPointer(gtk_native_get_surface(OpaquePointer(window)))
    hook = EmissionHook(type: gdk_surface_get_type(), signal: "event") { [weak self] instance in
      guard let self, instance == surface, self.armedPosition != nil, self.eventFrame == nil else { return }
      self.eventFrame = Int64(gdk_frame_clock_get_frame_counter(self.frameClock))
    }
    connection = SignalConnection.connect(UnsafeMutableRawPointer(clock), .afterPaint) { [weak self] in
      self?.painted()
    }
  }

  /// Changes what the probe reads.
  func watch(_ newPosition: @escaping @MainActor () -> Double) {
    position = newPosition
  }

  /// Remembers the position now and waits for the next event.
  func arm() {
    armedPosition = position()
    eventFrame = nil
    paintedFrame = nil
  }

  /// Frames from the event's dispatch to the paint of its move; `nil` until both were seen.
  var lag: Int64? {
    guard let eventFrame, let paintedFrame else { return nil }
    return paintedFrame - eventFrame
  }

  /// Stops watching and drops the reference on the frame clock. Safe to call twice.
  func remove() {
    guard let hook else { return }
    hook.remove()
    self.hook = nil
    connection?.disconnect()
    connection = nil
    g_object_unref(UnsafeMutableRawPointer(frameClock))
  }

  private func painted() {
    guard let armed = armedPosition, eventFrame != nil, paintedFrame == nil else { return }
    if abs(position() - armed) > Self.tolerance {
      paintedFrame = Int64(gdk_frame_clock_get_frame_counter(frameClock))
      armedPosition = nil
    }
  }
}
