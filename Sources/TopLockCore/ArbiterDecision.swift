/// What the GTK layer does with its hand-off gesture for this input.
public enum GestureVerdict: Sendable, Equatable {
  /// Nothing: the gesture stays as it is (GTK keeps or gets the drag).
  case unchanged
  /// Claim the sequence: GTK's own drag is cancelled and the core drives from now on.
  case claim
  /// Deny the sequence: TopLock will take no part in this drag.
  case deny
}

/// A host translation sample: `translation` px (pointer travel since the press minus content travel,
/// positive downward) at `velocity` px/s (pointer velocity, positive downward).
public struct PullSample: Sendable, Equatable {
  /// Pointer travel since the press minus content travel, in px, positive downward.
  public var translation: Double
  /// The pointer's velocity, in px/s, positive downward.
  public var velocity: Double

  /// A sample; see each field.
  public init(translation: Double, velocity: Double) {
    self.translation = translation
    self.velocity = velocity
  }
}

/// A pull event for the host.
public enum PullEvent: Sendable, Equatable {
  /// The host takes the drag; the sample is its first position.
  case began(PullSample)
  /// The host's translation moved.
  case changed(PullSample)
  /// The pointer was released; velocity in px/s, positive downward (0 when the content had the drag).
  case ended(velocity: Double)
  /// The drag was taken away: the host should return to where it was.
  case cancelled
}

/// What the core's own fling does.
public enum DecayCommand: Sendable, Equatable {
  /// Start ticking frames into `decayFrame` inputs.
  case start(KineticDecay)
  /// Stop ticking.
  case stop
}

/// Whether a scroll event goes on to GTK.
public enum ScrollVerdict: Sendable, Equatable {
  /// Let GTK scroll.
  case propagate
  /// Stop the event: the core handled it.
  case consume
}

/// Who a drag belongs to, for display and tracing.
public enum DragOwner: Sendable, Equatable {
  /// No drag, or one not yet decided.
  case none
  /// The content scrolls.
  case content
  /// The host moves.
  case host
}

/// Everything the GTK layer applies after one input: a fixed-size value, so deciding never allocates.
public struct ArbiterDecision: Sendable, Equatable {
  /// What to do with the hand-off gesture.
  public var gesture: GestureVerdict = .unchanged
  /// A value to set on the adjustment, in px, or `nil` to leave it.
  public var newValue: Double?
  /// Whether to stop GTK's kinetic scrolling (and resynchronise its overshoot).
  public var stopsKinetic = false
  /// A pull event for the host, if any.
  public var pull: PullEvent?
  /// A change to the core's own fling, if any.
  public var decay: DecayCommand?
  /// For scroll inputs: whether GTK sees the event.
  public var scroll: ScrollVerdict = .propagate
  /// Whether the drag was found horizontal at the threshold (with `gesture == .deny`): the core takes no
  /// part in it, and the GTK layer leaves it to horizontal scrolling (R11).
  public var isHorizontalDrag = false

  /// The decision that changes nothing.
  public init() {}
}
