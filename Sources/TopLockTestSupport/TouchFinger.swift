/// One finger on a `BroadwayTouchscreen`, from its `down` to its `up`: its touch sequence, the surface it
/// touches and where it is, in that surface's px.
public struct TouchFinger: Equatable, Sendable {
  /// The touch sequence id GDK sees (`gdk_event_get_event_sequence`), 1 or more.
  public let sequence: Int32
  /// The Broadway surface the finger touches.
  public let surface: Int
  /// Whether this finger emulates the pointer: it went down while no other finger was down. Every event of
  /// such a finger, its end included, carries `is_emulated = 1`, as a browser's client sends.
  public let emulatesPointer: Bool
  /// Where the finger is, in the surface's px.
  public internal(set) var position: WidgetPoint
}
