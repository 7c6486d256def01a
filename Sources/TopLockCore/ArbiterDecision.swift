/// What the GTK layer does with its hand-off gesture for this input.
@_spi(Engine)
public enum GestureVerdict: Sendable, Equatable {
  /// Nothing: the gesture stays as it is (GTK keeps or gets the drag).
  case unchanged
  /// Claim the sequence: GTK's own drag is cancelled and the core drives from now on.
  case claim
  /// Deny the sequence: TopLock will take no part in this drag.
  case deny
}

/// A host translation sample: `translation` px (pointer travel since the press minus content travel) at
/// `velocity` px/s (pointer velocity), both positive outward: downward for the top's host, upward for the
/// bottom's.
@_spi(Engine)
public struct PullSample: Sendable, Equatable {
  /// Pointer travel since the press minus content travel, in px, positive outward.
  public var translation: Double
  /// The pointer's velocity, in px/s, positive outward.
  public var velocity: Double

  /// A sample; see each field.
  public init(translation: Double, velocity: Double) {
    self.translation = translation
    self.velocity = velocity
  }
}

/// A pull event for the host.
@_spi(Engine)
public enum PullEvent: Sendable, Equatable {
  /// The host takes the drag; the sample is its first position.
  case began(PullSample)
  /// The host's translation moved.
  case changed(PullSample)
  /// The pointer was released; velocity in px/s, positive outward (0 when the content had the drag).
  case ended(velocity: Double)
  /// The drag was taken away: the host should return to where it was.
  case cancelled
}

/// What the core's own fling does.
@_spi(Engine)
public enum FlingCommand: Sendable, Equatable {
  /// Start ticking frames into `flingFrame` inputs: the content flings on its vertical axis.
  case start(KineticDecay)
  /// Start ticking frames into `flingFrame` inputs: the content flings on both axes after a pan.
  case startPan(ContentPanFling)
  /// Stop ticking.
  case stop
}

/// Whether a scroll event goes on to GTK.
@_spi(Engine)
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

/// Everything the GTK layer does after one input: a fixed-size value, so deciding never allocates. What
/// the GTK layer mirrors of the core's state (`DragArbiter.allowsTouchpadFling`, `.watchesTouchpadQuiet`,
/// `.awaitsPressLanding`) is not in it: the GTK layer reads that after every decision.
@_spi(Engine)
public struct ArbiterDecision: Sendable, Equatable {
  /// What to do with the hand-off gesture.
  public var gesture: GestureVerdict = .unchanged
  /// A value to set on the adjustment, in px, or `nil` to leave it.
  public var newValue: Double?
  /// A value to set on the horizontal adjustment (a pan on both axes), in px, or `nil` to leave it.
  public var newHorizontalValue: Double?
  /// Whether to deny GTK's own drag, pan, swipe and long-press group for the sequence in progress: GTK's
  /// drag ends, and no later update nor a fling follows. Clicks on children are untouched.
  public var deniesGTKDrag = false
  /// Whether to reset the hand-off gesture, which cancels the drag it follows.
  public var resetsHandOffGesture = false
  /// Whether to stop GTK's kinetic scrolling (and resynchronise its overshoot).
  public var stopsKinetic = false
  /// Whether to re-emit the value, so that GTK copies it into the private value its next drag starts from
  /// (GTK does after each change unless it decelerates). Changes no gesture: safe while an event is being
  /// dispatched to the scrolled window's gestures.
  public var resyncsGTKValue = false
  /// A pull event for the host, if any.
  public var pull: PullEvent?
  /// The edge whose host `pull` and `momentumToHost` are for: the host's numbers are the top's, mirrored at
  /// the bottom (translations and pointer velocities positive outward, downward at the top and upward at
  /// the bottom; the content's velocity negative toward the edge).
  public var hostEdge: ScrollEdge = .top
  /// A change to the core's own fling, if any.
  public var fling: FlingCommand?
  /// For scroll inputs: whether GTK sees the event.
  public var scroll: ScrollVerdict = .propagate
  /// The content's fling (GTK's kinetic scrolling or the core's own) reached the edge `hostEdge` with no
  /// drag in progress, at this velocity, px/s: the value's at the top (negative, toward the top), mirrored
  /// at the bottom (the value's negated, negative toward the bottom): momentum the host may take on
  /// (`TopLockSheetOptions.listFlingStepsSheetDown(velocityAtTop:)`). `nil` otherwise.
  public var momentumToHost: Double?

  /// The decision that changes nothing.
  public init() {}
}
