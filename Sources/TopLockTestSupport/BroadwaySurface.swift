/// A surface (a toplevel or a popup) the Broadway server told its client about, in the server's screen px.
public struct BroadwaySurface: Equatable, Sendable {
  /// The server's surface id, which touch events name.
  public var id: Int
  /// The surface's position on the Broadway screen, px.
  public var x: Int
  /// The surface's position on the Broadway screen, px.
  public var y: Int
  /// The surface's size, px.
  public var width: Int
  /// The surface's size, px.
  public var height: Int
  /// Whether the server showed it (and has not hidden it since).
  public var isVisible = false
}
