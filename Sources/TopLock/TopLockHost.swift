/// The container around a scrolled window (a bottom sheet, a panel, a drawer) that moves when TopLock
/// hands it a drag.
///
/// A scroller's `host` takes pulls at the top, as written below. Its `bottomHost` (bottom policy
/// `.lockAndHandOff`) hears the same, mirrored: "downward" reads "upward", away from the content's bottom,
/// and `listFlingReachedTop(velocity:)` is called when a fling reaches the bottom, its velocity negative
/// toward the bottom.
///
/// Main actor only. TopLock keeps a weak reference: the app owns the host.
@MainActor
public protocol TopLockHost: AnyObject {
  /// How far the host is from its rest position, in px, positive downward (a collapsed sheet's offset).
  /// Read at each press and touchpad scroll, so that a pull up on a displaced host returns it first.
  var hostOffset: Double { get }

  /// How far from its rest the host can go, in px (at least `hostOffset`), read with `hostOffset`: a pull
  /// stops there, and pushing it back moves the host at once, with no travel lost (an outer scroller at its
  /// own top). Its default is `infinity`: no end.
  var hostOffsetLimit: Double { get }

  /// A drag now belongs to the host; `pullChanged` follows at once with its first translation.
  func pullBegan()

  /// The pull moved: `translation` px is the pointer travel since the press minus the content's travel,
  /// positive downward; `velocity` is the pointer's, in px/s, positive downward.
  func pullChanged(translation: Double, velocity: Double)

  /// The pointer was released with `velocity` px/s, positive downward (0 when the content had the drag
  /// at release).
  func pullEnded(velocity: Double)

  /// The pull was taken away (the widget went away, the grab broke, the scroller was detached): return to
  /// where the pull began.
  func pullCancelled()

  /// The list's fling (GTK's kinetic scrolling or TopLock's own) reached the top at `velocity` px/s of value
  /// (negative: toward the top), with no drag in progress: momentum the host may take on (the sheet moves
  /// a detent down when `TopLockSheetOptions.listFlingStepsSheetDown(velocityAtTop:)` says so). Its
  /// default does nothing.
  func listFlingReachedTop(velocity: Double)
}

extension TopLockHost {
  /// No end: a pull goes as far as the pointer.
  public var hostOffsetLimit: Double { .infinity }

  /// Does nothing: a host takes no momentum from the list unless it says how.
  public func listFlingReachedTop(velocity: Double) {}
}
