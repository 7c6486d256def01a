import CTopLock
import CTopLockGtk
import Foundation
@_spi(Engine) import TopLockCore
import TopLockGObject

/// Gives one GtkScrolledWindow TopLock's behaviour: no overshoot at the top for any input, a downward drag
/// at the top handed to a host, and every other drag left to GTK, with mid-drag hand-off both ways.
///
/// Main actor only. Ownership: attaching makes the scrolled window keep the scroller alive (as object
/// data) until `detach()` or the widget's destruction; you may keep a reference too, and every method stays
/// safe after the widget is gone. The host is held weakly.
///
/// The scroller decides nothing itself: GTK's events become `ArbiterInput`s for the core's `DragArbiter`,
/// whose `ArbiterDecision`s it applies. Its parts, one concern a file: this public face and its lifecycle;
/// `TopLockScroller+Hooks.swift` (the controllers and handlers it installs and removes);
/// `TopLockScroller+Inputs.swift` (GTK events to core inputs); `TopLockScroller+Decisions.swift` (applying
/// decisions); `ScrolledWindowInternals.swift` (GTK 4.8's own controllers and quirks).
///
/// It relies on the controllers GTK 4.8 puts on every scrolled window: its drag, pan, swipe and long-press
/// gestures and its capture-phase scroll controller. `attach` checks that they are there.
@MainActor
public final class TopLockScroller {
  /// The attached scrolled window, or `nil` once detached or destroyed. Not owned.
  public internal(set) var scrolledWindow: UnsafeMutablePointer<GtkWidget>?

  /// The options in force.
  public private(set) var options: TopLockOptions

  /// The container that receives pulls at the top; held weakly.
  public weak var host: (any TopLockHost)?

  /// The container that receives pulls at the bottom under the bottom policy `.lockAndHandOff` (a chat
  /// view's "load more" footer); held weakly. It hears the top's rules mirrored: its offset, translation and
  /// velocities are positive upward, away from the content's bottom (docs/RULES.md B1).
  public weak var bottomHost: (any TopLockHost)?

  /// Called on the main actor after every input that may have changed `owner`, `pullTranslation` or the
  /// value (for a HUD or a trace). `detach()`, and so the widget's destruction, calls it once more with
  /// `scrolledWindow` already `nil`: the widget may then be half disposed, so leave it alone.
  public var onStateChange: (@MainActor (TopLockScroller) -> Void)?

  var arbiter: DragArbiter
  let internals: ScrolledWindowInternals
  /// The controllers and handlers installed on GTK's objects.
  var hooks = InstalledHooks()
  /// The closure the scroller's handlers (`signalHandlers`) are connected through; it passes the scroller
  /// unretained, so `detach()` and `deinit` disconnect them from whatever outlives the scroller.
  var signalClosure = SignalClosure(TopLockScroller.signalHandlers)
  /// The press in progress, in the input hub's frame.
  var press: PressState?
  /// The frame ticks of the core's own fling, while one runs.
  var flingTicks: ElapsedFrameTicks?
  /// What the host has been told of the pull in progress.
  var pullDelivery = PullDelivery()
  /// Whether a decision is being applied: the scroller's own value writes are not GTK motion.
  var isApplying = false
  /// GTK's drag threshold (px, `gtk-dnd-drag-threshold`) for the GTK drag in progress, read from the settings
  /// when it begins rather than on each of its motions.
  var gtkDragThreshold = Tuning.defaultDragThreshold
  /// Whether this scroller holds a use of TopLock's cosmetic stylesheet (`TopLockStyle.retain()`).
  private var usesStylesheet = false
  /// The timer that tells the core how long the touchpad sequence it follows has been quiet, while it does.
  var touchpadQuietTimer: MainLoopSource?
  /// When the last scroll input or quiet tick reached the core, in ms of `MonotonicClock`.
  var lastScrollInputMilliseconds = 0.0

  static let attachmentKey = "toplock-scroller"

  /// Attaches TopLock to `widget`, a GtkScrolledWindow given as a raw pointer (from any Swift GTK binding
  /// or from a GtkBuilder file).
  ///
  /// - Parameters:
  ///   - widget: the GtkScrolledWindow; not retained.
  ///   - options: validated first.
  ///   - host: receives pulls; held weakly.
  /// - Throws: `TopLockError.nullWidget`, `.notAScrolledWindow`, `.alreadyAttached`, `.invalidOption`, and
  ///   `.missingGTKController` when the scrolled window lacks one of the controllers GTK installs on every
  ///   scrolled window in the versions proven (4.8, 4.18 and 4.24; docs/ARCHITECTURE.md, "GTK versions").
  @discardableResult
  public static func attach(
    to widget: UnsafeMutableRawPointer?, options: TopLockOptions = TopLockOptions(),
    host: (any TopLockHost)? = nil
  ) throws(TopLockError) -> TopLockScroller {
    guard let widget else { throw .nullWidget }
    guard toplock_is_object(widget) != 0 else { throw .notAScrolledWindow(typeName: "(not a GObject)") }
    guard toplock_is_scrolled_window(widget) != 0 else {
      throw .notAScrolledWindow(typeName: GObjectType.typeName(of: widget))
    }
    guard g_object_get_data(widget.assumingMemoryBound(to: GObject.self), attachmentKey) == nil else {
      throw .alreadyAttached
    }
    try options.validate()
    let scrolledWindow = widget.assumingMemoryBound(to: GtkWidget.self)
    let internals = try ScrolledWindowInternals(scrolledWindow: scrolledWindow)
    let scroller = TopLockScroller(
      scrolledWindow: scrolledWindow, internals: internals, options: options, host: host)
    g_object_set_data_full(
      widget.assumingMemoryBound(to: GObject.self), attachmentKey,
      Unmanaged.passRetained(scroller).toOpaque(), { Unmanaged<TopLockScroller>.fromOpaque($0!).release() })
    return scroller
  }

  /// The scroller attached to `widget`, if any.
  public static func attached(to widget: UnsafeMutableRawPointer?) -> TopLockScroller? {
    guard let widget, toplock_is_object(widget) != 0,
      let data = g_object_get_data(widget.assumingMemoryBound(to: GObject.self), attachmentKey)
    else { return nil }
    return Unmanaged<TopLockScroller>.fromOpaque(data).takeUnretainedValue()
  }

  private init(
    scrolledWindow: UnsafeMutablePointer<GtkWidget>, internals: ScrolledWindowInternals,
    options: TopLockOptions, host: (any TopLockHost)?
  ) {
    self.scrolledWindow = scrolledWindow
    self.internals = internals
    self.options = options
    self.host = host
    arbiter = DragArbiter(options: options)
    updateCosmeticNet()
    internals.allowMouseDrag(options.mouseDragEnabled)
    installHooks(on: scrolledWindow)
  }

  /// Only after `detach()` (the widget's destruction detaches) or after the widget was finalized: either
  /// way no handler of the widget or of its controllers is left. The input hub, which may outlive
  /// the widget, still counts the scroller and the adjustment is still referenced: both are let go here.
  isolated deinit {
    leaveInputHub()
    releaseAdjustment()
  }

  /// Who the drag in progress belongs to.
  public var owner: DragOwner { arbiter.owner }

  /// The host translation of the pull in progress, in px (0 when nothing pulls).
  public var pullTranslation: Double { arbiter.pullTranslation }

  /// Changes the options; takes effect from the next input, mid-drag included. A no-op when unchanged.
  /// A pull in progress is cancelled when the new policy of its edge has no host; a mouse drag in flight is
  /// cancelled when mouse drag is turned off or on (a gesture switched to touch-only would never see its
  /// release).
  ///
  /// - Throws: `TopLockError.invalidOption` (the options in force are then kept).
  public func setOptions(_ newOptions: TopLockOptions) throws(TopLockError) {
    try newOptions.validate()
    guard newOptions != options else { return }
    let isMouseDragInFlight =
      hooks.hub?.gesture(followingPressOf: self).map(ScrolledWindowInternals.isMouseDragInFlight(on:)) == true
    options = newOptions
    guard scrolledWindow != nil else { return }
    apply(
      arbiter.handle(
        .optionsChanged(newOptions, isMouseDragInFlight: isMouseDragInFlight, metrics: metrics)))
    internals.allowMouseDrag(newOptions.mouseDragEnabled)
    updateCosmeticNet()
    hooks.hub?.mouseDragChanged(of: self)
  }

  /// Gives the pull in progress up, for a host sent elsewhere by its app mid-pull: the host hears
  /// `pullCancelled()`, and the rest of that drag, or of that touchpad scroll up to its end, moves neither
  /// the host nor the content. A no-op without a pull, or once detached.
  public func cancelPull() {
    guard scrolledWindow != nil else { return }
    apply(arbiter.handle(.pullDroppedByHost))
  }

  /// Whether the press of `sequence` (a `GdkEventSequence *`, `nil` for the mouse) is the one the input hub
  /// routed to this scroller: a press on the list, for a host that would otherwise hit-test it again.
  func isFollowingPress(of sequence: OpaquePointer?) -> Bool {
    press.map { $0.sequence == sequence } == true
  }

  /// Flings the list at `velocity` px/s of value (positive toward its bottom), with the friction of TopLock's
  /// own flings, up to an edge, a press, or a change of the value from elsewhere: a host hands its momentum
  /// to the list this way (the sheet, arriving open at speed). A no-op during a drag, a pan or a touchpad
  /// pull, for a non-finite velocity, or once detached.
  public func fling(velocity: Double) {
    guard scrolledWindow != nil else { return }
    apply(arbiter.handle(.momentumFromHost(velocity: velocity, metrics: metrics)))
  }

  /// Tells TopLock the host was pressed: the list's fling that `fling(velocity:)` or a release started
  /// stops (a hand that catches the host catches the list), and a fling of the list that reaches the top
  /// later is measured from then on. GTK's own kinetic scrolling is left alone. A no-op once detached.
  public func hostPressed() {
    guard scrolledWindow != nil else { return }
    apply(arbiter.handle(.hostPressed))
  }

  /// Restores stock behaviour: removes every controller and handler TopLock added, restores every flag it
  /// changed, cancels a pull in progress. Safe to call twice, and after the widget is gone.
  public func detach() {
    guard let widget = scrolledWindow else { return }
    // First, so that a handler that calls `detach()` again returns at once instead of recursing, and GTK's
    // getters are left alone: the widget may be in its dispose, its scrollbars gone.
    scrolledWindow = nil
    withExtendedLifetime(self) {
      let cancellation = arbiter.handle(.dragCancelled)
      press = nil
      stopFlingTicks()
      stopTouchpadQuietTimer()
      removeHooks(from: widget)
      internals.restore()
      removeCosmeticNet(from: widget)
      g_object_set_data(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), Self.attachmentKey, nil)
      // Last: the host and `onStateChange` hear of the cancelled pull from a widget with nothing of this
      // scroller left on it, so they may attach a new scroller to it.
      apply(cancellation)
    }
  }

  /// Puts the cosmetic CSS class on the scrolled window while the top is locked and the option asks for it,
  /// and takes it off (if TopLock added it) otherwise: under the stock top policy it would hide GTK's glow.
  func updateCosmeticNet() {
    guard let widget = scrolledWindow else { return }
    guard options.cosmeticNetEnabled, options.locksTop else {
      removeCosmeticNet(from: widget)
      return
    }
    if !usesStylesheet {
      TopLockStyle.retain()
      usesStylesheet = true
    }
    if !hooks.addedCSSClass, gtk_widget_has_css_class(widget, TopLockStyle.cssClass) == 0 {
      gtk_widget_add_css_class(widget, TopLockStyle.cssClass)
      hooks.addedCSSClass = true
    }
  }

  /// Takes the cosmetic CSS class off `widget` if TopLock added it, and gives up the stylesheet.
  private func removeCosmeticNet(from widget: UnsafeMutablePointer<GtkWidget>) {
    if hooks.addedCSSClass {
      gtk_widget_remove_css_class(widget, TopLockStyle.cssClass)
      hooks.addedCSSClass = false
    }
    if usesStylesheet {
      TopLockStyle.release()
      usesStylesheet = false
    }
  }
}

/// The press the scroller follows, as the input hub routed it: the one record of that press, which GTK's own
/// drag (`gtkDragBegan`) and the sheet (`TopLockScroller.isFollowingPress(of:)`) read rather than hit-test the
/// press again.
struct PressState {
  /// The pressed point, in the input hub's frame, px.
  var x: Double
  /// The pressed point, in the input hub's frame, px, growing downward.
  var y: Double
  /// Where in the scrolled window the press landed.
  var target: PressTarget
  /// The touch the press is (a `GdkEventSequence *`), `nil` for the mouse.
  var sequence: OpaquePointer?
}
