/// A point in a surface's px.
public struct SurfacePoint: Codable, Equatable, Sendable {
  public var x: Double
  public var y: Double

  /// The point `x` px right of and `y` px below the surface's top-left corner.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// Where the pointer was last seen over the fixture's window, as GTK saw it.
public struct PointerReport: Codable, Equatable, Sendable {
  /// Which of the scene's widgets GTK picks at a point.
  public enum Target: String, Codable, Sendable {
    /// The scene's (first) scrolled window or a widget inside it.
    case list
    /// A `two-lists` scene's second scrolled window or a widget inside it.
    case secondList
    /// The `sheet` scene's handle.
    case handle
    /// Anything else in the window.
    case other
  }

  /// The pointer's position from GTK's last motion event in the window, in the surface's px.
  public var position: SurfacePoint
  /// The widget GTK picks there now.
  public var target: Target

  /// A pointer as seen.
  public init(position: SurfacePoint, target: Target) {
    self.position = position
    self.target = target
  }
}

/// One `scroll` signal of a GtkEventControllerScroll (vertical, kinetic) on the fixture's window in the
/// capture phase: what GTK's own scroll controllers and TopLock's scroll guard receive for the same event.
public struct ScrollRecord: Codable, Equatable, Sendable {
  /// `GdkScrollUnit`: `wheel` (steps) or `surface` (touchpad, surface px).
  public enum Unit: String, Codable, Sendable {
    case wheel
    case surface
  }

  /// The vertical delta, in `unit`s; negative toward the top.
  public var deltaY: Double
  public var unit: Unit
  /// The event's time, ms.
  public var time: UInt32

  /// A delta as received.
  public init(deltaY: Double, unit: Unit, time: UInt32) {
    self.deltaY = deltaY
    self.unit = unit
    self.time = time
  }
}
