/// The pointer travel of a drag the core owns, shared out between the host at one edge of the content
/// (`edge`) and the content itself, in px.
///
/// The rules are the same at either edge, mirrored: a movement "outward" is one toward the edge's host,
/// downward at the top and upward at the bottom. While the host is away from rest it takes every movement;
/// at rest the content takes it, and an outward movement that reaches the content's edge hands the
/// remainder to the host. An inward movement returns the host to rest first, then scrolls the content.
/// What the content cannot take at the other edge is dropped (a drag hands off at one edge), and so is what
/// reaches the edge when there is no host (a `clamp` policy), and what would take the host past
/// `hostOffsetLimit` (a host with an end, such as an outer scroller at its own top): pushing back then
/// moves the host at once.
@_spi(Engine)
public struct HandOffChain: Sendable, Equatable {
  /// The host's offset from rest when the drag began, in px.
  public var hostOffsetAtPress: Double
  /// The host translation since the press, in px, positive outward; never below `-hostOffsetAtPress`.
  public var translation: Double
  /// Whether a host takes what the content cannot (`lockAndHandOff`), or it is dropped (`clamp`).
  public var hasHost: Bool
  /// The pointer position of the last movement applied, in px.
  public var lastPointerY: Double
  /// The edge whose host takes what the content cannot.
  public var edge: ScrollEdge
  /// How far from rest the host can go, in px, at least `hostOffsetAtPress`; `infinity` for no end.
  public var hostOffsetLimit: Double

  /// A chain; see each field.
  public init(
    hostOffsetAtPress: Double, translation: Double, hasHost: Bool, lastPointerY: Double,
    hostOffsetLimit: Double = .infinity, edge: ScrollEdge = .top
  ) {
    self.edge = edge
    self.hostOffsetAtPress = hostOffsetAtPress
    self.hostOffsetLimit = max(hostOffsetLimit, hostOffsetAtPress)
    self.hasHost = hasHost
    self.lastPointerY = lastPointerY
    self.translation =
      hasHost ? min(max(translation, -hostOffsetAtPress), self.hostOffsetLimit - hostOffsetAtPress) : 0
  }

  /// The largest translation the host can take, in px.
  private var largestTranslation: Double { hostOffsetLimit - hostOffsetAtPress }

  /// The host's current offset from rest, in px (0 when there is no host).
  public var hostOffset: Double { hasHost ? max(0, hostOffsetAtPress + translation) : 0 }

  /// Whether the host is away from its rest position.
  public var isHostAway: Bool { hostOffset > 0 }

  /// Shares out a pointer movement of `delta` px (positive downward) and returns the content's new value.
  public mutating func move(by delta: Double, metrics: ScrollMetrics) -> Double {
    var outward = edge.outwardSign * delta
    if isHostAway {
      let hostShare = outward > 0 ? min(outward, hostOffsetLimit - hostOffset) : max(outward, -hostOffset)
      // Back at rest exactly: adding `-hostOffset` can leave a rounding residue that keeps the host away.
      translation = hostShare == -hostOffset ? -hostOffsetAtPress : translation + hostShare
      outward -= hostShare
    }
    if outward > 0 {
      let contentShare = min(outward, metrics.room(toward: edge))
      if hasHost {
        translation = min(translation + outward - contentShare, largestTranslation)
      }
      return metrics.value(movedToward: edge, by: contentShare)
    }
    return outward < 0 ? metrics.value(movedToward: edge.opposite, by: -outward) : metrics.value
  }
}
