/// The pointer travel of a drag the core owns, shared out between the host above the content and the
/// content itself, in px.
///
/// While the host is away from rest it takes every movement; at rest the content takes it, and a downward
/// movement that reaches the content's top hands the remainder to the host. Upward movement returns the
/// host to rest first, then scrolls the content. What the content cannot take at its bottom is dropped,
/// and so is what reaches the top when there is no host (the `clamp` policy), and what would take the host
/// past `hostOffsetLimit` (a host with an end, such as an outer scroller at its own top): pushing back then
/// moves the host at once.
@_spi(Engine)
public struct HandOffChain: Sendable, Equatable {
  /// The host's offset from rest when the drag began, in px.
  public var hostOffsetAtPress: Double
  /// The host translation since the press, in px, positive downward; never below `-hostOffsetAtPress`.
  public var translation: Double
  /// Whether a host takes what the content cannot (`lockAndHandOff`), or it is dropped (`clamp`).
  public var hasHost: Bool
  /// The pointer position of the last movement applied, in px.
  public var lastPointerY: Double
  /// How far from rest the host can go, in px, at least `hostOffsetAtPress`; `infinity` for no end.
  public var hostOffsetLimit: Double

  /// A chain; see each field.
  public init(
    hostOffsetAtPress: Double, translation: Double, hasHost: Bool, lastPointerY: Double,
    hostOffsetLimit: Double = .infinity
  ) {
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
    var remainder = delta
    if isHostAway {
      let hostShare =
        remainder > 0 ? min(remainder, hostOffsetLimit - hostOffset) : max(remainder, -hostOffset)
      // Back at rest exactly: adding `-hostOffset` can leave a rounding residue that keeps the host away.
      translation = hostShare == -hostOffset ? -hostOffsetAtPress : translation + hostShare
      remainder -= hostShare
    }
    // The edges are set, not reached by subtraction, which can round past them.
    var value = metrics.value
    if remainder > 0 {
      let contentShare = min(remainder, max(0, value - metrics.lower))
      value = max(value - contentShare, min(value, metrics.lower))
      if hasHost {
        translation = min(translation + remainder - contentShare, largestTranslation)
      }
    } else if remainder < 0 {
      value = min(value - remainder, max(value, metrics.maxValue))
    }
    return value
  }
}
