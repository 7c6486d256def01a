import CTopLock
import CTopLockGtk
import Foundation
import TopLockGObject

/// Gives one GtkScrolledWindow TopLock's behaviour: no overshoot at the top for any input, a downward drag
/// at the top handed to a host, and every other drag left to GTK, with mid-drag hand-off both ways.
///
/// Main actor only. Ownership: attaching makes the scrolled window keep the scroller alive (as object
/// data) until `detach()` or the widget's destruction; you may keep a reference too, and every method stays
/// safe after the widget is gone. The host is held weakly.
///
/// How it hooks in (all public GTK API): a capture-phase GtkGestureDrag on the window (a frame that does
/// not move with the host) that claims the drag when the core says so; a capture-phase scroll controller on
/// the scrolled window that runs before GTK's own; the vertical adjustment's `value-changed`, where GTK's
/// fling is stopped when it reaches the top; and GTK's own gestures, made to accept a mouse when asked.
@MainActor
public final class TopLockScroller {
  /// The attached scrolled window, or `nil` once detached or destroyed. Not owned.
  public private(set) var scrolledWindow: UnsafeMutablePointer<GtkWidget>?

  /// The options in force.
  public private(set) var options: TopLockOptions

  /// The container that receives pulls; held weakly.
  public weak var host: (any TopLockHost)?

  /// Called on the main actor after every input that may have changed `owner`, `pullTranslation` or the
  /// value (for a HUD or a trace). `detach()`, and so the widget's destruction, calls it once more with
  /// `scrolledWindow` already `nil`: the widget may then be half disposed, so leave it alone.
  public var onStateChange: (@MainActor (TopLockScroller) -> Void)?

  private var arbiter: DragArbiter
  private var internals: ScrolledWindowInternals
  private var handOffGestureReference: WeakObjectReference?
  private var gestureRoot: WeakObjectReference?
  private var scrollGuard: OpaquePointer?
  private var adjustment: UnsafeMutablePointer<GtkAdjustment>?
  private var dragStart = (x: 0.0, y: 0.0)
  /// The press's event time (ms) and the content's values then (px), for a pan that may follow.
  private var press = (time: 0.0, horizontalValue: 0.0, verticalValue: 0.0)
  /// TopLock's own pan of a horizontal drag in a scrolled window that scrolls both ways, and its fling.
  private var bothWaysPan: BothWaysPan?
  private var decayTicks: ElapsedFrameTicks?
  private var isResynchronising = false
  private var gtkDragStartValue = 0.0
  private var scrolledWindowOriginAtPress: (x: Double, y: Double)?
  private var addedCSSClass = false
  /// How many pulls the host has been told began.
  private var pullsBegun = 0
  /// The number of the pull the host was told began and not yet told ended, if any.
  private var openPull: Int?

  private static let attachmentKey = "toplock-scroller"
  /// How far GTK's drag offset may differ from the one worked out here, in px: GTK maps each event into
  /// the scrolled window's coordinates in single-precision floats, so a travel of exactly the threshold in
  /// the root's whole pixels can come out a hair above it there (8.0000019 px for 8), and GTK's drag claims
  /// one motion before the core decides.
  private static let gtkCoordinateSlack = 0.01

  /// Attaches TopLock to `widget`, a GtkScrolledWindow given as a raw pointer (from any Swift GTK binding
  /// or from a GtkBuilder file).
  ///
  /// - Parameters:
  ///   - widget: the GtkScrolledWindow; not retained.
  ///   - options: validated first.
  ///   - host: receives pulls; held weakly.
  /// - Throws: `TopLockError.nullWidget`, `.notAScrolledWindow`, `.alreadyAttached`, `.invalidOption`.
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
    let scroller = TopLockScroller(
      scrolledWindow: widget.assumingMemoryBound(to: GtkWidget.self), options: options, host: host)
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
    scrolledWindow: UnsafeMutablePointer<GtkWidget>, options: TopLockOptions, host: (any TopLockHost)?
  ) {
    self.scrolledWindow = scrolledWindow
    self.options = options
    self.host = host
    arbiter = DragArbiter(options: options)
    internals = ScrolledWindowInternals(scrolledWindow: scrolledWindow)
    TopLockStyle.retain()
    updateCosmeticNet()
    internals.allowMouseDrag(options.mouseDragEnabled)
    installScrollGuard(on: scrolledWindow)
    watchWidget(scrolledWindow)
    followAdjustment()
    moveHandOffGestureToRoot()
  }

  /// Only after `detach()` (the widget's destruction detaches) or after the widget was finalized: either
  /// way no handler of the widget or of its controllers is left. The root, which may outlive the widget,
  /// still holds the hand-off gesture, and the adjustment is still referenced: their handlers go here.
  isolated deinit {
    removeHandOffGesture()
    releaseAdjustment()
  }

  /// The hand-off gesture while it lives (the root owns it and may be finalized first).
  private var handOffGesture: OpaquePointer? { handOffGestureReference?.object.map(OpaquePointer.init) }

  /// Who the drag in progress belongs to.
  public var owner: DragOwner { arbiter.owner }

  /// The host translation of the pull in progress, in px (0 when nothing pulls).
  public var pullTranslation: Double { arbiter.pullTranslation }

  /// Whether the host follows a pull (a drag or a touchpad scroll) that has not ended.
  private var isPulling: Bool {
    switch arbiter.phase {
    case .claimed(let chain): chain.hasHost
    case .touchpadPulling: true
    default: false
    }
  }

  /// Changes the options; takes effect from the next input, mid-drag included. A no-op when unchanged.
  /// A pull in progress is cancelled when the new top policy has no host; a mouse drag in flight is
  /// cancelled when mouse drag is turned off or on (a gesture switched to touch-only would never see its
  /// release).
  ///
  /// - Throws: `TopLockError.invalidOption` (the options in force are then kept).
  public func setOptions(_ newOptions: TopLockOptions) throws(TopLockError) {
    try newOptions.validate()
    guard newOptions != options else { return }
    let dropsTheHost = newOptions.topPolicy != .lockAndHandOff && isPulling
    let stopsTheMouseDrag =
      newOptions.mouseDragEnabled != options.mouseDragEnabled
      && handOffGesture.map(ScrolledWindowInternals.isMouseDragInFlight(on:)) == true
    if dropsTheHost || stopsTheMouseDrag {
      cancelDrag()
    }
    options = newOptions
    arbiter.options = newOptions
    guard scrolledWindow != nil else { return }
    internals.allowMouseDrag(newOptions.mouseDragEnabled)
    updateCosmeticNet()
    if let handOffGesture {
      gtk_gesture_single_set_touch_only(handOffGesture, newOptions.mouseDragEnabled ? 0 : 1)
    }
    updateTouchpadKinetic()
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
      stopDecayTicks()
      stopPan()
      removeHandOffGesture()
      if let scrollGuard {
        BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(scrollGuard), of: self)
        gtk_widget_remove_controller(widget, scrollGuard)
        self.scrollGuard = nil
      }
      BorrowedSignalHandlers.disconnectAll(from: widget, of: self)
      if let dragGesture = internals.dragGesture {
        BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(dragGesture), of: self)
      }
      releaseAdjustment()
      internals.restore()
      if addedCSSClass {
        gtk_widget_remove_css_class(widget, TopLockStyle.cssClass)
        addedCSSClass = false
      }
      TopLockStyle.release()
      g_object_set_data(
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), Self.attachmentKey, nil)
      // Last: the host and `onStateChange` hear of the cancelled pull from a widget with nothing of this
      // scroller left on it, so they may attach a new scroller to it.
      apply(cancellation)
    }
  }

  // MARK: - Hooks

  /// Puts the cosmetic CSS class on the scrolled window while the top is locked, and takes it off (if
  /// TopLock added it) under the stock top policy, whose glow it would otherwise hide.
  private func updateCosmeticNet() {
    guard let widget = scrolledWindow else { return }
    let wanted = options.topPolicy != .stock
    if wanted, !addedCSSClass, gtk_widget_has_css_class(widget, TopLockStyle.cssClass) == 0 {
      gtk_widget_add_css_class(widget, TopLockStyle.cssClass)
      addedCSSClass = true
    } else if !wanted, addedCSSClass {
      gtk_widget_remove_css_class(widget, TopLockStyle.cssClass)
      addedCSSClass = false
    }
  }

  private func watchWidget(_ widget: UnsafeMutablePointer<GtkWidget>) {
    connect(widget, "destroy") { _, data in MainActor.assumeIsolated { scroller(data).detach() } }
    connect(widget, "unmap") { _, data in MainActor.assumeIsolated { scroller(data).cancelDrag() } }
    connect(widget, "map") { _, data in
      MainActor.assumeIsolated { scroller(data).moveHandOffGestureToRoot() }
    }
    connect(widget, "notify::vadjustment") { _, _, data in
      MainActor.assumeIsolated { scroller(data).followAdjustment() }
    }
    if let dragGesture = internals.dragGesture {
      // GTK 4.8 checks only the scrollbar widget itself when its drag begins: with touch-only off, a drag
      // on the slider inside it would scroll the content the wrong way.
      connect(UnsafeMutableRawPointer(dragGesture), "drag-begin") { gesture, x, y, data in
        MainActor.assumeIsolated { scroller(data).gtkDragBegan(OpaquePointer(gesture!), x: x, y: y) }
      }
    }
  }

  private func installScrollGuard(on widget: UnsafeMutablePointer<GtkWidget>) {
    let flags = GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
    let controller = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(flags))!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    connect(UnsafeMutableRawPointer(controller), "scroll") { controller, _, deltaY, data in
      MainActor.assumeIsolated {
        scroller(data).scrolled(deltaY: deltaY, controller: OpaquePointer(controller!)) ? 1 : 0
      }
    }
    connect(UnsafeMutableRawPointer(controller), "decelerate") { controller, _, velocityY, data in
      MainActor.assumeIsolated {
        scroller(data).touchpadLifted(velocityY: velocityY, controller: OpaquePointer(controller!))
      }
    }
    // Added last, so it runs before GTK's own capture-phase scroll controller (controllers are prepended).
    gtk_widget_add_controller(widget, controller)
    scrollGuard = controller
  }

  /// Puts the hand-off gesture on the scrolled window's current root, moving it when the widget has been
  /// re-parented into another window.
  private func moveHandOffGestureToRoot() {
    guard let widget = scrolledWindow, let root = gtk_widget_get_root(widget) else { return }
    let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    guard UnsafeMutableRawPointer(rootWidget) != gestureRoot?.object else { return }
    removeHandOffGesture()
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_touch_only(drag, options.mouseDragEnabled ? 0 : 1)
    gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
    let instance = UnsafeMutableRawPointer(drag)
    connect(instance, "drag-begin") { gesture, x, y, data in
      MainActor.assumeIsolated { scroller(data).dragBegan(x: x, y: y, gesture: OpaquePointer(gesture!)) }
    }
    connect(instance, "drag-update") { gesture, dx, dy, data in
      MainActor.assumeIsolated {
        scroller(data).dragMoved(offsetX: dx, offsetY: dy, gesture: OpaquePointer(gesture!))
      }
    }
    connect(instance, "drag-end") { gesture, dx, dy, data in
      MainActor.assumeIsolated {
        scroller(data).dragEnded(offsetX: dx, offsetY: dy, gesture: OpaquePointer(gesture!))
      }
    }
    connect(instance, "cancel") { _, _, data in MainActor.assumeIsolated { scroller(data).dragCancelled() } }
    gtk_widget_add_controller(rootWidget, drag)
    handOffGestureReference = WeakObjectReference(UnsafeMutableRawPointer(drag))
    gestureRoot = WeakObjectReference(rootWidget)
  }

  private func removeHandOffGesture() {
    if let handOffGesture {
      BorrowedSignalHandlers.disconnectAll(from: UnsafeMutableRawPointer(handOffGesture), of: self)
      if let root = gestureRoot?.object {
        gtk_widget_remove_controller(root.assumingMemoryBound(to: GtkWidget.self), handOffGesture)
      }
    }
    handOffGestureReference = nil
    gestureRoot = nil
  }

  /// Connects to the scrolled window's current vertical adjustment (it may be replaced at any time).
  private func followAdjustment() {
    guard let widget = scrolledWindow,
      let current = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)), current != adjustment
    else { return }
    releaseAdjustment()
    g_object_ref(current)
    adjustment = current
    connect(current, "value-changed") { _, data in
      MainActor.assumeIsolated { scroller(data).valueChanged() }
    }
    connect(current, "changed") { _, data in
      MainActor.assumeIsolated { scroller(data).contentSizeChanged() }
    }
    updateTouchpadKinetic()
  }

  private func releaseAdjustment() {
    if let adjustment {
      BorrowedSignalHandlers.disconnectAll(from: adjustment, of: self)
      g_object_unref(adjustment)
    }
    adjustment = nil
  }

  // MARK: - GTK events to core inputs

  private var metrics: ScrollMetrics {
    guard let adjustment else { return ScrollMetrics(value: 0, lower: 0, upper: 0, pageSize: 0) }
    return ScrollMetrics(adjustment)
  }

  private func eventTime(_ controller: OpaquePointer) -> Double {
    Double(gtk_event_controller_get_current_event_time(controller))
  }

  private func dragBegan(x: Double, y: Double, gesture: OpaquePointer) {
    stopPan()
    dragStart = (x, y)
    scrolledWindowOriginAtPress = scrolledWindowOrigin
    let horizontalValue =
      scrolledWindow.flatMap { gtk_scrolled_window_get_hadjustment(OpaquePointer($0)) }
      .map(gtk_adjustment_get_value) ?? 0
    press = (eventTime(gesture), horizontalValue, metrics.value)
    let start = DragStart(
      x: x, y: y, time: press.time, metrics: metrics, hostOffset: host?.hostOffset ?? 0,
      target: pressTarget(x: x, y: y), threshold: dragThreshold)
    apply(arbiter.handle(.dragBegan(start)))
  }

  private func dragMoved(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    let (x, y, time) = (dragStart.x + offsetX, dragStart.y + offsetY, eventTime(gesture))
    if let bothWaysPan, bothWaysPan.isDragging {
      bothWaysPan.move(x: x, y: y, time: time)
      onStateChange?(self)
      return
    }
    denyGTKDragBeforeItOvershoots(pointerTravelX: offsetX, pointerTravelY: offsetY)
    var decision = arbiter.handle(.dragMoved(x: x, y: y, time: time, metrics: metrics))
    guard decision.isHorizontalDrag, let widget = scrolledWindow, BothWaysPan.scrollsBothWays(widget) else {
      apply(decision)
      return
    }
    // GTK's drag would move the vertical axis too, past the top when the drag drifts down there; TopLock
    // pans this drag itself. Claiming the hand-off gesture cancels GTK's drag.
    decision.gesture = .claim
    let pan = BothWaysPan(
      scrolledWindow: widget, x: dragStart.x, y: dragStart.y, time: press.time,
      horizontalAtPress: press.horizontalValue, verticalAtPress: press.verticalValue)
    bothWaysPan = pan
    apply(decision)
    pan.move(x: x, y: y, time: time)
  }

  private func dragEnded(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    if let bothWaysPan, bothWaysPan.isDragging {
      bothWaysPan.release(x: dragStart.x + offsetX, y: dragStart.y + offsetY, time: eventTime(gesture))
    }
    // A press released before the core gave it an owner is a tap, and GTK must not fling it: GTK 4.8's
    // swipe keeps the history of a drag whose gesture group was denied (`gtk_gesture_swipe_end` returns
    // before clearing it, and `_gtk_gesture_swipe_clear_backlog` keeps one event older than its window),
    // so a tap after a pull or a hand-off measured a velocity from that drag's last motion, and GTK flung
    // from a tap, past the top when it was at the top. Denying the group before GTK sees the release
    // takes the swipe away (the hand-off gesture is a capture gesture on the root, so this runs first).
    if case .pending = arbiter.phase {
      denyGTKGestures()
    }
    apply(arbiter.handle(.dragEnded(y: dragStart.y + offsetY, time: eventTime(gesture), metrics: metrics)))
  }

  private func dragCancelled() {
    stopPan()
    apply(arbiter.handle(.dragCancelled))
  }

  /// Ends TopLock's own pan and its fling, if one runs.
  private func stopPan() {
    bothWaysPan?.stop()
    bothWaysPan = nil
  }

  /// Cancels a drag in progress (the widget was unmapped): the hand-off gesture is reset, which cancels it.
  private func cancelDrag() {
    if let handOffGesture {
      gtk_event_controller_reset(handOffGesture)
    }
    stopPan()
    apply(arbiter.handle(.dragCancelled))
  }

  private var dragThreshold: Double {
    if let threshold = options.dragThreshold { return threshold }
    guard let scrolledWindow else { return Tuning.defaultDragThreshold }
    return Double(toplock_drag_threshold(scrolledWindow))
  }

  /// Where a press at (`x`, `y`), in the root's coordinates, landed.
  private func pressTarget(x: Double, y: Double) -> PressTarget {
    guard let widget = scrolledWindow, let root = gestureRoot?.object,
      var picked = gtk_widget_pick(root.assumingMemoryBound(to: GtkWidget.self), x, y, GTK_PICK_DEFAULT)
    else { return .outside }
    let scrollbars = [
      gtk_scrolled_window_get_vscrollbar(OpaquePointer(widget)),
      gtk_scrolled_window_get_hscrollbar(OpaquePointer(widget)),
    ]
    while picked != widget {
      if scrollbars.contains(picked) { return .scrollbar }
      guard let parent = gtk_widget_get_parent(picked) else { return .outside }
      picked = parent
    }
    return .content
  }

  /// The scrolled window's top-left corner in the root's coordinates, in px; `nil` without a root.
  private var scrolledWindowOrigin: (x: Double, y: Double)? {
    guard let widget = scrolledWindow, let root = gestureRoot?.object else { return nil }
    var corner = graphene_point_t(x: 0, y: 0)
    var inRoot = graphene_point_t()
    let rootWidget = root.assumingMemoryBound(to: GtkWidget.self)
    guard gtk_widget_compute_point(widget, rootWidget, &corner, &inRoot) != 0 else { return nil }
    return (Double(inRoot.x), Double(inRoot.y))
  }

  /// GTK's own drag measures in the scrolled window's coordinates, which move with the host: under a still
  /// pointer, a sheet that settles during a press makes GTK see a drag of the sheet's travel that the core
  /// (in the root's frame) has not seen. GTK then sets the content to its drag's start value minus its
  /// offset (`scrolled_window_drag_update_cb`), past the top into its private overshoot value: the glow,
  /// `edge-overshot` at 100 px, and no `value-changed` for the kinetic guard. This runs first (the hand-off
  /// gesture is a capture gesture on the root), works out the offset GTK is about to see, and denies GTK's
  /// gesture group before it acts when that would carry the content past a locked edge.
  private func denyGTKDragBeforeItOvershoots(pointerTravelX: Double, pointerTravelY: Double) {
    if case .claimed = arbiter.phase { return }
    guard let widget = scrolledWindow, let dragGesture = internals.dragGesture,
      gtk_gesture_is_active(dragGesture) != 0, let atPress = scrolledWindowOriginAtPress,
      let now = scrolledWindowOrigin
    else { return }
    let gtkTravelX = pointerTravelX - (now.x - atPress.x)
    let gtkTravelY = pointerTravelY - (now.y - atPress.y)
    let gtkThreshold = Double(toplock_drag_threshold(widget)) - Self.gtkCoordinateSlack
    let gtkScrolls =
      gtk_gesture_get_sequence_state(dragGesture, gtk_gesture_single_get_current_sequence(dragGesture))
      == GTK_EVENT_SEQUENCE_CLAIMED || abs(gtkTravelX) > gtkThreshold || abs(gtkTravelY) > gtkThreshold
    if gtkScrolls && isPastLockedEdge(gtkDragStartValue - gtkTravelY) {
      denyGTKGestures()
    }
  }

  /// Whether `value` lies past an edge that the options lock.
  private func isPastLockedEdge(_ value: Double) -> Bool {
    let metrics = metrics
    return (options.topPolicy != .stock && value < metrics.lower)
      || (options.bottomPolicy == .clamp && value > metrics.maxValue)
  }

  /// Denies GTK's drag, pan, swipe and long-press group for the sequence in progress: GTK's drag ends, and
  /// no later update nor a fling follows. Clicks on children are untouched.
  private func denyGTKGestures() {
    guard let dragGesture = internals.dragGesture else { return }
    gtk_gesture_set_state(dragGesture, GTK_EVENT_SEQUENCE_DENIED)
  }

  /// GTK's drag began at (`x`, `y`) in the scrolled window: remembers the value it starts from, and denies
  /// it on a scrollbar, or off the scrolled window. GTK sends a press to the widget the pointer last moved
  /// over (`gtk_window_lookup_effective_pointer_focus_widget`), without a new pick: when a host has moved
  /// the scrolled window away from under a still pointer since, the press lands on it from outside. The
  /// core, which picks afresh, then leaves that drag alone, and GTK's would scroll past the top unguarded.
  private func gtkDragBegan(_ gesture: OpaquePointer, x: Double, y: Double) {
    gtkDragStartValue = metrics.value
    guard let widget = scrolledWindow else { return }
    guard let picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT) else {
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
      return
    }
    let onScrollbar = [
      gtk_scrolled_window_get_vscrollbar(OpaquePointer(widget)),
      gtk_scrolled_window_get_hscrollbar(OpaquePointer(widget)),
    ].contains { scrollbar in
      guard let scrollbar else { return false }
      return picked == scrollbar || gtk_widget_is_ancestor(picked, scrollbar) != 0
    }
    if onScrollbar {
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
    }
  }

  /// GTK turns a wheel click into `page^(2/3)` px and a touchpad delta into 2.5 px per unit
  /// (`get_wheel_detent_scroll_step` and `MAGIC_SCROLL_FACTOR` in gtkscrolledwindow.c).
  private func pixels(_ delta: Double, unit: GdkScrollUnit) -> (Double, ScrollSource) {
    if unit == GDK_SCROLL_UNIT_WHEEL {
      return (delta * pow(metrics.pageSize, GTKScrollUnits.wheelDetentExponent), .wheel)
    }
    return (delta * GTKScrollUnits.surfaceFactor, .touchpad)
  }

  private func scrolled(deltaY: Double, controller: OpaquePointer) -> Bool {
    scrollGuardReceived(
      deltaY: deltaY, unit: gtk_event_controller_scroll_get_unit(controller), time: eventTime(controller))
  }

  private func touchpadLifted(velocityY: Double, controller: OpaquePointer) {
    scrollGuardReceivedLift(velocityY: velocityY, unit: gtk_event_controller_scroll_get_unit(controller))
  }

  /// The scroll guard's `scroll` handling of one vertical delta in GTK's `unit`, at event time `time` ms;
  /// returns whether the event is consumed. Internal so that tests can feed smooth touchpad deltas, which
  /// XTest cannot produce.
  func scrollGuardReceived(deltaY: Double, unit: GdkScrollUnit, time: Double) -> Bool {
    stopPan()
    let (pixels, source) = pixels(deltaY, unit: unit)
    let decision = arbiter.handle(
      .scrolled(
        deltaY: pixels, source: source, time: time, metrics: metrics, hostOffset: host?.hostOffset ?? 0))
    apply(decision)
    return decision.scroll == .consume
  }

  /// The scroll guard's `decelerate` handling: the fingers left the touchpad at `velocityY` units/s.
  func scrollGuardReceivedLift(velocityY: Double, unit: GdkScrollUnit) {
    let (velocity, _) = pixels(velocityY, unit: unit)
    apply(arbiter.handle(.touchpadScrollEnded(velocityY: velocity, metrics: metrics)))
  }

  private func valueChanged() {
    guard !isResynchronising else { return }
    updateTouchpadKinetic()
    apply(arbiter.handle(.valueChanged(metrics)))
  }

  private func contentSizeChanged() {
    updateTouchpadKinetic()
    apply(arbiter.handle(.contentSizeChanged(metrics)))
  }

  /// GTK starts its touchpad fling from the scroll history at scroll end, without a `value-changed` first:
  /// at a locked edge the KINETIC flag is cleared so no spring can start there.
  private func updateTouchpadKinetic() {
    let current = metrics
    let atLockedTop = options.topPolicy != .stock && current.isAtTop
    let atLockedBottom = options.bottomPolicy == .clamp && current.isAtBottom
    internals.allowTouchpadKinetic(!atLockedTop && !atLockedBottom)
  }

  // MARK: - Core decisions to GTK

  private func apply(_ decision: ArbiterDecision) {
    if let handOffGesture {
      switch decision.gesture {
      case .unchanged: break
      case .claim: gtk_gesture_set_state(handOffGesture, GTK_EVENT_SEQUENCE_CLAIMED)
      case .deny: gtk_gesture_set_state(handOffGesture, GTK_EVENT_SEQUENCE_DENIED)
      }
    }
    if let newValue = decision.newValue, let adjustment {
      gtk_adjustment_set_value(adjustment, newValue)
    }
    if decision.stopsKinetic {
      stopGTKKineticScrolling()
    }
    if let pull = decision.pull {
      deliver(pull)
    }
    switch decision.decay {
    case .start: startDecayTicks()
    case .stop: stopDecayTicks()
    case nil: break
    }
    onStateChange?(self)
  }

  /// Tells the host of `pull`, keeping what it hears well formed: began, changed any number of times, then
  /// ended or cancelled. A host may call back into the scroller from a pull event (`detach()`,
  /// `setOptions(_:)`) and so end the pull inside `pullBegan`; what this delivery still had to say of that
  /// pull is then dropped.
  private func deliver(_ pull: PullEvent) {
    guard let host else { return }
    switch pull {
    case .began(let sample):
      pullsBegun += 1
      let pull = pullsBegun
      openPull = pull
      host.pullBegan()
      guard openPull == pull else { return }
      host.pullChanged(translation: sample.translation, velocity: sample.velocity)
    case .changed(let sample):
      guard openPull != nil else { return }
      host.pullChanged(translation: sample.translation, velocity: sample.velocity)
    case .ended(let velocity):
      guard openPull != nil else { return }
      openPull = nil
      host.pullEnded(velocity: velocity)
    case .cancelled:
      guard openPull != nil else { return }
      openPull = nil
      host.pullCancelled()
    }
  }

  /// Stops whatever moves the content on its own, through public API: toggling `kinetic-scrolling` cancels
  /// GTK's deceleration (`gtk_scrolled_window_cancel_deceleration`), setting the value ends an adjustment
  /// animation, then re-emitting `value-changed` makes the scrolled window copy the clamped value into its
  /// private overshoot value; without it the glow would stay on.
  private func stopGTKKineticScrolling() {
    guard let widget = scrolledWindow, let adjustment else { return }
    let scrolled = OpaquePointer(widget)
    let kinetic = gtk_scrolled_window_get_kinetic_scrolling(scrolled)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, kinetic == 0 ? 1 : 0)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, kinetic)
    internals.allowMouseDrag(options.mouseDragEnabled)
    // An animated value change (`gtk_adjustment_animate_to_value`: keyboard scrolling, or the viewport
    // bringing a child that took focus on the press into view) would go on moving the content under a
    // claimed drag.
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment))
    isResynchronising = true
    toplock_adjustment_emit_value_changed(adjustment)
    isResynchronising = false
  }

  // MARK: - The core's own fling

  private func startDecayTicks() {
    guard let widget = scrolledWindow else { return }
    stopDecayTicks()
    decayTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.decayTick(elapsed: elapsed) ?? false
    }
  }

  private func stopDecayTicks() {
    decayTicks?.remove()
    decayTicks = nil
  }

  /// One frame of the core's fling, `elapsed` s after its first; returns whether to keep ticking.
  private func decayTick(elapsed: Double) -> Bool {
    var decision = arbiter.handle(.decayFrame(elapsed: elapsed, metrics: metrics))
    let keepsTicking = decision.decay != DecayCommand.stop
    decision.decay = nil
    apply(decision)
    return keepsTicking
  }
}

// MARK: - Signal handlers

/// The C signatures of the signals TopLock handles; the last argument is the scroller.
extension TopLockScroller {
  /// `destroy`, `map`, `unmap`, `value-changed`, `changed`.
  fileprivate typealias InstanceHandler = @convention(c) (gpointer?, gpointer?) -> Void
  /// `notify::…`, `cancel`: one pointer argument, ignored.
  fileprivate typealias PointerArgumentHandler = @convention(c) (gpointer?, gpointer?, gpointer?) -> Void
  /// `drag-begin`, `drag-update`, `drag-end`, `decelerate`: two doubles (px or px/s).
  fileprivate typealias PairHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> Void
  /// `scroll`: two deltas, returns whether the event was handled.
  fileprivate typealias ScrollHandler = @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: InstanceHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: PointerArgumentHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: PairHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }

  fileprivate func connect(_ instance: gpointer, _ signal: String, _ handler: ScrollHandler) {
    BorrowedSignalHandlers.connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), owner: self)
  }
}

/// The scroller a handler's user data stands for: handlers hold it unretained, and the scroller
/// disconnects them all before it goes (`detach()`, `deinit`).
@MainActor
private func scroller(_ data: gpointer?) -> TopLockScroller {
  BorrowedSignalHandlers.owner(data, as: TopLockScroller.self)
}

/// GTK 4.8's conversion of scroll deltas into px (gtkscrolledwindow.c).
enum GTKScrollUnits {
  /// A wheel click scrolls `page size ^ wheelDetentExponent` px.
  static let wheelDetentExponent = 2.0 / 3.0
  /// A touchpad delta unit is this many px.
  static let surfaceFactor = 2.5
}
