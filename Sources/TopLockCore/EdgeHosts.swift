/// Where one edge's host stands at an input, in px: its offset from rest, positive outward (down for the
/// top's host, up for the bottom's), and how far from rest it can go.
@_spi(Engine)
public struct HostPlace: Sendable, Equatable {
  /// How far the host is from its rest position, in px, positive outward. A pull toward the content on a
  /// displaced host first returns it.
  public var offset: Double
  /// How far from its rest the host can go, in px; `infinity` when it has no end. A pull stops there, and
  /// pushing back moves the host at once.
  public var limit: Double

  /// A host `offset` px from rest that can go `limit` px from it.
  public init(offset: Double = 0, limit: Double = .infinity) {
    self.offset = offset
    self.limit = limit
  }

  /// The same place with its limit at least its offset (a host already past its end can stay there).
  public var limitCoveringOffset: HostPlace { HostPlace(offset: offset, limit: max(limit, offset)) }
}

/// Where the hosts of both edges stand at an input (`HostPlace`): what the GTK layer reads from the scroller's
/// `host` and `bottomHost` at each press and scroll event, at rest for an edge with no host.
@_spi(Engine)
public struct EdgeHosts: Sendable, Equatable {
  /// The top edge's host.
  public var top: HostPlace
  /// The bottom edge's host.
  public var bottom: HostPlace

  /// Both hosts; each at rest with no end unless given.
  public init(top: HostPlace = HostPlace(), bottom: HostPlace = HostPlace()) {
    self.top = top
    self.bottom = bottom
  }

  /// The top's host `offset` px from rest, able to go `limit` px; the bottom's at rest.
  public static func top(offset: Double, limit: Double = .infinity) -> EdgeHosts {
    EdgeHosts(top: HostPlace(offset: offset, limit: limit))
  }

  /// The bottom's host `offset` px from rest, able to go `limit` px; the top's at rest.
  public static func bottom(offset: Double, limit: Double = .infinity) -> EdgeHosts {
    EdgeHosts(bottom: HostPlace(offset: offset, limit: limit))
  }

  /// `edge`'s host.
  public subscript(edge: ScrollEdge) -> HostPlace {
    get { edge == .top ? top : bottom }
    set {
      switch edge {
      case .top: top = newValue
      case .bottom: bottom = newValue
      }
    }
  }

  /// The two hosts swapped: what the same hosts are for the content turned upside down.
  public var swapped: EdgeHosts { EdgeHosts(top: bottom, bottom: top) }
}
