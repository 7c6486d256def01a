import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// The hand-off gesture and the event watch of one event boundary, shared by every scroller attached under
/// it, so that a press or a motion costs the same whatever the number of scrollers there. The boundary is
/// the innermost ancestor of the scrolled windows that bounds event delivery
/// (`EventBoundary.enclosing(_:)`): their window, or the popover they are in, or on GTK 4.18 and
/// later a widget that limits events (AdwDialog does). Controllers higher up see none of the events there:
/// a window's controllers, with GTK's default propagation limit, see nothing of a popover, a native of its
/// own, nor, from GTK 4.18, anything inside a widget that limits events. So each boundary has its own hub:
///
/// - the hand-off gesture, a capture-phase exclusive GtkGestureDrag on the boundary, follows the mouse or the
///   one touch that emulates the pointer. On each press it finds the scroller under it (the innermost
///   attached scrolled window holding the pressed widget, read from the active state GTK gives the pressed
///   widget's ancestors, so that a press costs no hit test of the whole boundary when that settles it) and
///   feeds that one alone until the release: an outer list never sees a press that lands on a list nested in
///   its content, though GTK's own drag of the outer list does (the event watch tells its scroller what that
///   drag is about to do, so it is denied before it would pass a locked edge). A press on no attached list is
///   denied, and so is a mouse press on a list whose scroller has mouse drag off;
/// - the event watch, a capture-phase GtkEventControllerLegacy on the boundary, tells the scrollers under
///   each press that it landed (before their scrolled windows' gestures see it; only while a scroller's core
///   awaits that, each registering while it does, so that a press is not looked up for nothing), feeds each
///   motion and release to the scrollers whose GTK drag follows the event's sequence (each scroller registers
///   when its GTK drag begins, and leaves the list when that drag has ended): each touch sequence reaches the
///   scrollers it drives, and no other; and it hands every scroll event and press inside the boundary to the
///   scrollers that follow a touchpad sequence (each registers while its core follows one): GTK 4.8 has no
///   scroll grab and sends a scroll event to the widget under the pointer, which stops being the list once the
///   host has moved it, so the sequence of a touchpad pull is taken here.
///
/// Main actor only. Ownership: the boundary keeps the hub (object data) and its controllers; each attached
/// scroller under it keeps the hub too, and leaves it on detach or when its scrolled window is mapped under
/// another boundary (moved into a popover, or another window). The last scroller to leave takes the
/// controllers off the boundary and the hub off its data. The hub holds the boundary, its controllers and the
/// scrollers weakly: a destroyed boundary is never kept alive, and its controllers go with it.
@MainActor
final class InputHub {
  private static let boundaryDataKey = "toplock-input-hub"

  private let boundaryReference: WeakObjectReference
  /// The closure the hub's handlers (`signalHandlers`) are connected through, passing the hub unretained.
  private var signalClosure = SignalClosure(InputHub.signalHandlers)
  private let gestureReference: WeakObjectReference
  private let watchReference: WeakObjectReference
  /// The attached scrollers that use the hub, with whether each lets a mouse drag.
  private var members: [Member] = []
  /// The scroller the hand-off gesture feeds, from a press to its release.
  private weak var pressedScroller: TopLockScroller?
  /// The press the event watch follows for a scroller after GTK cancelled the hand-off gesture for it (GTK's
  /// own drag claimed the press, GTK 4.24): its motions and its release go to that scroller. The sequence is
  /// the touch's, `nil` for the mouse.
  private var watchedPress: (scroller: WeakScroller, sequence: OpaquePointer?)?
  /// The scrollers whose GTK drag is active, to be told of the motions that drive it.
  private var gtkDraggingScrollers: [WeakScroller] = []
  /// The scrollers whose core follows a touchpad scroll sequence, to be told of the boundary's scroll events
  /// and presses.
  private var touchpadFollowers: [WeakScroller] = []
  /// The scrollers whose core awaits a press landing on their list: while there is none, the event watch
  /// does not look for the lists under a press.
  private var pressLandingAwaiters: [WeakScroller] = []
  /// The widget the press the event watch saw last landed on, with that press's event, when the watch looked
  /// for it (for the press-landing watch): the hand-off gesture, which GTK runs after the watch, takes it
  /// rather than look again. Cleared at every event the watch sees.
  private var pressSeenByTheWatch: (event: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>?)?
  /// How many runs of the event watch's handler are in progress (more than one when a callback it made runs
  /// a nested main loop, as a modal dialog does, and that loop dispatches another event): GTK is then going
  /// through the boundary's controllers, and taking the hand-off gesture off would free it under GTK's feet
  /// (the last scroller detached from a callback of a motion's decision).
  private var eventsBeingSeen = 0
  /// Takes the controllers off the boundary once the event the watch saw has been dispatched; it holds the
  /// hub until then.
  private var deferredRemoval: MainLoopSource?

  /// The hub of `boundary`, made and put on the boundary when it has none; `scroller`, attached to a scrolled
  /// window under the boundary, joins it.
  static func join(boundary: UnsafeMutablePointer<GtkWidget>, scroller: TopLockScroller) -> InputHub {
    let boundaryObject = UnsafeMutableRawPointer(boundary).assumingMemoryBound(to: GObject.self)
    let hub: InputHub
    if let data = g_object_get_data(boundaryObject, boundaryDataKey) {
      hub = Unmanaged<InputHub>.fromOpaque(data).takeUnretainedValue()
    } else {
      hub = InputHub(boundary: boundary)
      g_object_set_data_full(
        boundaryObject, boundaryDataKey, Unmanaged.passRetained(hub).toOpaque(),
        { Unmanaged<InputHub>.fromOpaque($0!).release() })
    }
    let member = Member(scroller: ObjectIdentifier(scroller), takesMouse: scroller.options.mouseDragEnabled)
    if let index = hub.memberIndex(of: scroller) {
      hub.members[index] = member
    } else {
      hub.members.append(member)
    }
    hub.updateTouchOnly()
    return hub
  }

  /// The hub on `boundary`, if any scroller under it is attached.
  static func installed(on boundary: UnsafeMutableRawPointer) -> InputHub? {
    g_object_get_data(boundary.assumingMemoryBound(to: GObject.self), boundaryDataKey).map {
      Unmanaged<InputHub>.fromOpaque($0).takeUnretainedValue()
    }
  }

  private init(boundary: UnsafeMutablePointer<GtkWidget>) {
    boundaryReference = WeakObjectReference(boundary)
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_exclusive(drag, 1)
    gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
    let watch = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(watch, GTK_PHASE_CAPTURE)
    gestureReference = WeakObjectReference(UnsafeMutableRawPointer(drag))
    watchReference = WeakObjectReference(UnsafeMutableRawPointer(watch))
    connectHandlers(gesture: UnsafeMutableRawPointer(drag), watch: UnsafeMutableRawPointer(watch))
    gtk_widget_add_controller(boundary, drag)
    gtk_widget_add_controller(boundary, watch)
  }

  /// Only once no scroller uses the hub, or once the boundary was finalized: either way its handlers are gone.
  isolated deinit {
    removeControllers()
  }

  /// The boundary, while it lives.
  var boundary: UnsafeMutableRawPointer? { boundaryReference.object }

  /// Where `event` happened, in the boundary's coordinates (px); `nil` once the boundary is gone.
  func point(of event: OpaquePointer) -> (x: Double, y: Double)? {
    boundary.flatMap { ScrolledWindowInternals.point(of: event, inBoundary: $0) }
  }

  /// Where `event` happened, in `widget`'s coordinates (px); `nil` once the boundary is gone.
  func point(of event: OpaquePointer, in widget: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
    boundary.flatMap { ScrolledWindowInternals.point(of: event, inBoundary: $0, in: widget) }
  }

  /// The hand-off gesture, while it lives.
  var gesture: OpaquePointer? { gestureReference.object.map(OpaquePointer.init) }

  /// The hand-off gesture while it follows a press of `scroller`'s: the scroller may claim, deny or reset it
  /// then, and only then.
  func gesture(followingPressOf scroller: TopLockScroller) -> OpaquePointer? {
    pressedScroller === scroller ? gesture : nil
  }

  /// `scroller` leaves the hub; the last one takes the controllers off the boundary and the hub off its data. A
  /// drag of the scroller's in progress is cancelled (the gesture is reset).
  func leave(_ scroller: TopLockScroller) {
    guard let index = memberIndex(of: scroller) else { return }
    members.remove(at: index)
    gtkDraggingScrollers.removeAll { $0.scroller == nil || $0.scroller === scroller }
    stopFollowingTouchpad(by: scroller)
    stopAwaitingPressLanding(by: scroller)
    stopWatchingPress(of: scroller)
    if pressedScroller === scroller {
      pressedScroller = nil
      if let gesture { gtk_event_controller_reset(gesture) }
    }
    guard members.isEmpty else {
      updateTouchOnly()
      return
    }
    removeControllers()
    if let boundary {
      g_object_set_data(boundary.assumingMemoryBound(to: GObject.self), Self.boundaryDataKey, nil)
    }
  }

  /// `scroller`'s mouse drag option changed.
  func mouseDragChanged(of scroller: TopLockScroller) {
    guard let index = memberIndex(of: scroller) else { return }
    members[index].takesMouse = scroller.options.mouseDragEnabled
    updateTouchOnly()
  }

  private func memberIndex(of scroller: TopLockScroller) -> Int? {
    members.firstIndex { $0.scroller == ObjectIdentifier(scroller) }
  }

  /// `scroller`'s GTK drag began: the motions of its sequence go to the scroller until it ends.
  func gtkDragBegan(by scroller: TopLockScroller) {
    guard !gtkDraggingScrollers.contains(where: { $0.scroller === scroller }) else { return }
    gtkDraggingScrollers.append(WeakScroller(scroller: scroller))
  }

  /// The event watch no longer follows a press of `scroller`'s (its drag was cancelled or ended).
  func stopWatchingPress(of scroller: TopLockScroller) {
    if let watched = watchedPress, watched.scroller.scroller == nil || watched.scroller.scroller === scroller
    {
      watchedPress = nil
    }
  }

  /// `scroller`'s core follows a touchpad scroll sequence: the boundary's scroll events and presses go to the
  /// scroller until `stopFollowingTouchpad(by:)`.
  func followTouchpad(by scroller: TopLockScroller) {
    guard !touchpadFollowers.contains(where: { $0.scroller === scroller }) else { return }
    touchpadFollowers.append(WeakScroller(scroller: scroller))
  }

  /// `scroller`'s core no longer follows a touchpad scroll sequence.
  func stopFollowingTouchpad(by scroller: TopLockScroller) {
    touchpadFollowers.removeAll { $0.scroller == nil || $0.scroller === scroller }
  }

  /// `scroller`'s core awaits a press landing on its list: the presses in the boundary are picked, and the
  /// scrollers under each told, until `stopAwaitingPressLanding(by:)`.
  func awaitPressLanding(by scroller: TopLockScroller) {
    guard !pressLandingAwaiters.contains(where: { $0.scroller === scroller }) else { return }
    pressLandingAwaiters.append(WeakScroller(scroller: scroller))
  }

  /// `scroller`'s core no longer awaits a press landing.
  func stopAwaitingPressLanding(by scroller: TopLockScroller) {
    pressLandingAwaiters.removeAll { $0.scroller == nil || $0.scroller === scroller }
  }

  /// The gesture follows the mouse when any scroller lets a mouse drag; touches only otherwise.
  private func updateTouchOnly() {
    guard let gesture else { return }
    gtk_gesture_single_set_touch_only(gesture, members.contains { $0.takesMouse } ? 0 : 1)
  }

  /// Disconnects the hub's handlers and takes its controllers off the boundary: at once, or, while GTK
  /// dispatches an event to them, once that dispatch has returned.
  private func removeControllers() {
    for controller in [gestureReference.object, watchReference.object].compactMap({ $0 }) {
      signalClosure.disconnect(from: controller)
    }
    guard eventsBeingSeen == 0 else {
      deferredRemoval = MainLoopSource(idlePriority: G_PRIORITY_HIGH) { [self] in
        takeControllersOffTheBoundary()
        deferredRemoval = nil
        return false
      }
      return
    }
    takeControllersOffTheBoundary()
  }

  private func takeControllersOffTheBoundary() {
    for controller in [gestureReference.object, watchReference.object].compactMap({ $0 }) {
      if let boundary {
        gtk_widget_remove_controller(
          boundary.assumingMemoryBound(to: GtkWidget.self), OpaquePointer(controller))
      }
    }
    gestureReference.clear()
    watchReference.clear()
  }

  // MARK: - The hand-off gesture

  /// A press at (`x`, `y`) in the boundary: the innermost attached scrolled window holding the pressed widget
  /// gets it, provided it takes this kind of press; otherwise the gesture is denied for the sequence.
  private func pressed(x: Double, y: Double, gesture: OpaquePointer) {
    pressedScroller = nil
    watchedPress = nil
    guard let boundary else { return }
    let event = gtk_event_controller_get_current_event(gesture)
    let picked =
      pressSeenByTheWatch.flatMap { $0.event == event ? $0.widget : nil }
      ?? pressedWidget(x: x, y: y, boundary: boundary.assumingMemoryBound(to: GtkWidget.self))
    let isMousePress = ScrolledWindowInternals.isMouseDragInFlight(on: gesture)
    guard let (scroller, target) = innermostScroller(holding: picked),
      !isMousePress || scroller.options.mouseDragEnabled
    else {
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
      return
    }
    pressedScroller = scroller
    scroller.dragBegan(x: x, y: y, target: target, gesture: gesture)
  }

  /// The widget a press at (`x`, `y`) in `boundary` landed on: from GTK's active state when that settles it,
  /// otherwise by a hit test of the whole boundary.
  private func pressedWidget(
    x: Double, y: Double, boundary: UnsafeMutablePointer<GtkWidget>
  ) -> UnsafeMutablePointer<GtkWidget>? {
    Self.activePressTarget(x: x, y: y, boundary: boundary)
      ?? gtk_widget_pick(boundary, x, y, GTK_PICK_DEFAULT)
  }

  /// The widget a press at (`x`, `y`) in `boundary` landed on, found without hit-testing the whole boundary
  /// (which costs more with every widget in it): GTK marks the widget it delivers a press or a touch to, and each of its
  /// ancestors, active before any controller sees the event, so the one active child of each widget, from the
  /// boundary down, leads to it. `nil` when that does not settle it: a widget with two active children (each
  /// from a finger of its own), or an active widget at the end that does not hold the point (another finger's
  /// press, under the one that landed on its ancestor).
  private static func activePressTarget(
    x: Double, y: Double, boundary: UnsafeMutablePointer<GtkWidget>
  ) -> UnsafeMutablePointer<GtkWidget>? {
    var target = boundary
    while true {
      var activeChild: UnsafeMutablePointer<GtkWidget>?
      var child = gtk_widget_get_first_child(target)
      while let candidate = child {
        if isActive(candidate) {
          guard activeChild == nil else { return nil }
          activeChild = candidate
        }
        child = gtk_widget_get_next_sibling(candidate)
      }
      guard let activeChild else { break }
      target = activeChild
    }
    guard target != boundary,
      let point = ScrolledWindowInternals.point(x: x, y: y, inBoundary: boundary, in: target),
      gtk_widget_contains(target, point.x, point.y) != 0
    else { return nil }
    return target
  }

  private static func isActive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0
  }

  /// The scroller attached to `widget` or to its nearest ancestor that has one of this hub's, and where in
  /// its scrolled window `widget` is, from the same walk: on one of its scrollbars when the walk came up
  /// through one, on its content otherwise.
  private func innermostScroller(holding widget: UnsafeMutablePointer<GtkWidget>?)
    -> (scroller: TopLockScroller, target: PressTarget)?
  {
    var current = widget
    var cameFrom: UnsafeMutablePointer<GtkWidget>?
    while let candidate = current {
      if let scroller = TopLockScroller.attached(to: candidate), scroller.hub === self {
        let isOnScrollbar = cameFrom.map { ScrolledWindowInternals.isScrollbar($0, of: candidate) } == true
        return (scroller, isOnScrollbar ? .scrollbar : .content)
      }
      cameFrom = candidate
      current = gtk_widget_get_parent(candidate)
    }
    return nil
  }

  private func released(offsetX: Double, offsetY: Double, gesture: OpaquePointer) {
    let scroller = pressedScroller
    pressedScroller = nil
    scroller?.dragEnded(offsetX: offsetX, offsetY: offsetY, gesture: gesture)
  }

  /// The hand-off gesture was cancelled for `sequence`. When GTK's own drag of the pressed scroller claimed
  /// that sequence (GTK 4.24 cancels an ancestor's unclaimed gesture then), the scroller's core may go on
  /// following the press: the event watch then feeds it the press's motions and release.
  private func cancelled(sequence: OpaquePointer?) {
    let scroller = pressedScroller
    pressedScroller = nil
    guard let scroller else { return }
    guard scroller.isGTKDragClaimed(sequence: sequence) else {
      scroller.dragCancelled()
      return
    }
    if scroller.handOffGestureTakenByGTK() {
      watchedPress = (WeakScroller(scroller: scroller), sequence)
    }
  }

  // MARK: - The event watch

  /// The boundary saw `event` before any gesture below it. A motion of the routed press goes to its scroller
  /// as one input (with its GTK drag's part); any other motion, and a release, to the scrollers whose GTK drag
  /// is active (each checks that its drag follows the event's sequence); a scroll event or a press to the
  /// scrollers that follow a touchpad sequence. Returns whether the event stops at the boundary (a scroll
  /// event the followed sequence's pull took).
  private func sawEvent(_ event: OpaquePointer) -> Bool {
    eventsBeingSeen += 1
    defer { eventsBeingSeen -= 1 }
    pressSeenByTheWatch = nil
    let type = gdk_event_get_event_type(event)
    if type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN, !pressLandingAwaiters.isEmpty {
      tellScrollersUnder(event, isMouse: type == GDK_BUTTON_PRESS)
    }
    if type == GDK_SCROLL || type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN {
      return !touchpadFollowers.isEmpty && handToTouchpadFollowers(event)
    }
    let isMotion = type == GDK_MOTION_NOTIFY || type == GDK_TOUCH_UPDATE
    let isRelease = type == GDK_BUTTON_RELEASE || type == GDK_TOUCH_END
    guard isMotion || isRelease,
      !gtkDraggingScrollers.isEmpty || pressedScroller != nil || watchedPress != nil
    else {
      return false
    }
    let sequence = gdk_event_get_event_sequence(event)
    let routed = isMotion ? routedScroller(of: sequence) : nil
    var hasEndedDrag = false
    for entry in gtkDraggingScrollers {
      guard let scroller = entry.scroller, scroller.isGTKDragActive else {
        hasEndedDrag = true
        continue
      }
      if !isMotion {
        scroller.gtkDragWillEnd(event)
      } else if scroller !== routed {
        scroller.gtkDragWillMove(event)
      }
    }
    if hasEndedDrag {
      gtkDraggingScrollers.removeAll { $0.scroller?.isGTKDragActive != true }
    }
    routed?.routedPressMoved(event)
    if isRelease, let watched = watchedPress, sequence == watched.sequence {
      watchedPress = nil
      watched.scroller.scroller?.watchedPressReleased(event)
    }
    return false
  }

  /// The scroller the press of `sequence` (`nil`: the mouse) was routed to, while the hand-off gesture
  /// follows it or, once GTK took the gesture from it (GTK 4.24), while the event watch does.
  /// Whether the press GTK's drag of `scroller` began for (`sequence`, at `x`, `y` in its scrolled window)
  /// belongs to a list nested in it: the innermost attached list takes a press, and its ancestors' own drags
  /// must not (GTK's drag gestures run in the capture phase, so an outer scrolled window's would claim the
  /// press first). That is the press routed to a nested list, or, while one is, another finger landing on it
  /// (the hand-off gesture follows one finger: the other is found by a pick).
  func pressBelongsInside(_ scroller: TopLockScroller, sequence: OpaquePointer?, x: Double, y: Double) -> Bool
  {
    guard let outer = scroller.scrolledWindow else { return false }
    if let routed = routedScroller(of: sequence) {
      return routed !== scroller
        && routed.scrolledWindow.map { gtk_widget_is_ancestor($0, outer) != 0 } == true
    }
    guard let pressed = pressedScroller, pressed !== scroller, let inner = pressed.scrolledWindow,
      gtk_widget_is_ancestor(inner, outer) != 0
    else { return false }
    var current = gtk_widget_pick(outer, x, y, GTK_PICK_DEFAULT)
    while let widget = current, widget != outer {
      if TopLockScroller.attached(to: widget) != nil { return true }
      current = gtk_widget_get_parent(widget)
    }
    return false
  }

  private func routedScroller(of sequence: OpaquePointer?) -> TopLockScroller? {
    if let watched = watchedPress, watched.sequence == sequence { return watched.scroller.scroller }
    guard let scroller = pressedScroller, scroller.isFollowingPress(of: sequence), let gesture,
      gtk_gesture_handles_sequence(gesture, sequence) != 0
    else { return nil }
    return scroller
  }

  /// Tells every attached scroller whose scrolled window holds the pressed point (the innermost and those
  /// it is nested in: GTK's drag of each takes the press) that a press landed, before their gestures see it.
  private func tellScrollersUnder(_ event: OpaquePointer, isMouse: Bool) {
    guard let boundary, let point = point(of: event) else { return }
    var current = pressedWidget(
      x: point.x, y: point.y, boundary: boundary.assumingMemoryBound(to: GtkWidget.self))
    pressSeenByTheWatch = (event, current)
    while let widget = current {
      if let scroller = TopLockScroller.attached(to: widget), scroller.hub === self {
        scroller.pressLanding(isMouse: isMouse)
      }
      current = gtk_widget_get_parent(widget)
    }
  }

  /// Hands a scroll event or a press to every scroller that follows a touchpad sequence; returns whether
  /// one of them took it.
  private func handToTouchpadFollowers(_ event: OpaquePointer) -> Bool {
    var isTaken = false
    for entry in touchpadFollowers {
      if entry.scroller?.windowSawScrollOrPress(event) == true { isTaken = true }
    }
    return isTaken
  }

  // MARK: - Signal handlers

  /// The hub's handlers: `drag-begin`, `drag-end` (start point and offsets, px) and `cancel` of the hand-off
  /// gesture, `event` of the event watch (which brings the press's motions).
  private static let signalHandlers = SignalHandlers<InputHub> { handlers in
    handlers.on(.dragBegin) { hub, gesture, x, y in hub.pressed(x: x, y: y, gesture: OpaquePointer(gesture)) }
    handlers.on(.dragEnd) { hub, gesture, offsetX, offsetY in
      hub.released(offsetX: offsetX, offsetY: offsetY, gesture: OpaquePointer(gesture))
    }
    handlers.on(.cancel) { hub, _, sequence in hub.cancelled(sequence: sequence.map(OpaquePointer.init)) }
    handlers.on(.event) { hub, _, event in hub.sawEvent(event) }
  }

  private func connectHandlers(gesture: gpointer, watch: gpointer) {
    for signal in [Signal.dragBegin, .dragEnd] {
      signalClosure.connect(signal, of: gesture, owner: self)
    }
    signalClosure.connect(.cancel, of: gesture, owner: self)
    signalClosure.connect(.event, of: watch, owner: self)
  }
}

/// A scroller held weakly.
@MainActor
private struct WeakScroller {
  weak var scroller: TopLockScroller?
}

/// An attached scroller of the hub's, by identity, with whether it lets a mouse drag.
private struct Member {
  let scroller: ObjectIdentifier
  var takesMouse: Bool
}
