import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// Where a press on the sheet landed.
private enum PressedPart {
  /// On the scrolled window (the scroller decides).
  case list
  /// On the panel outside the scrolled window: the handle and any other chrome.
  case chrome
  /// On the scrim, while it dims the background.
  case scrim
}

/// A ready-made host: a bottom sheet over a background, holding a scrolled window with TopLock attached.
///
/// The sheet rests at one of its detents (`TopLockSheetOptions.detents`: heights in px or fractions of the
/// height available to it, and optionally `.hidden`); it follows the allocation, so after a resize it
/// rests at the same detent. Pull the list down at its top and the sheet follows the pointer 1:1; release
/// and it settles on a detent chosen from its position and release velocity (`SheetSettling`), with a
/// critically damped spring (a jump when `gtk-enable-animations` is off). A drag that starts on the handle
/// or anywhere on the panel outside the list moves it the same way, in every state. A press on the panel
/// while it settles catches it where it is (a pull then starts from there; a release without one lets it
/// settle on). A click on the handle (or Enter on it) moves it one detent up, and from the highest back to
/// the lowest visible one; Escape toggles it; a pull up on a collapsed sheet opens it and then scrolls the
/// list in the same drag. `settle(to:animated:)` moves it from code, at any time.
///
/// Main actor only. Ownership: the sheet keeps its widget tree (`widget`) alive while the sheet lives; put
/// `widget` in a window to show it. The scrolled window's scroller keeps itself alive (see
/// `TopLockScroller`).
@MainActor
public final class TopLockSheet: TopLockHost {
  /// The height of the sheet left visible when collapsed under the default options, in px: their lowest
  /// detent, `SheetDetent.height(96)`.
  @available(
    *, deprecated, message: "the peek is a detent: TopLockSheetOptions.detents, .height(96) by default"
  )
  public static let peekHeight = 96.0
  /// The largest `topInset` the sheet takes, in px: beyond any screen, and small enough that every position
  /// the sheet lays out stays within GTK's `int` px.
  nonisolated public static let maximumTopInset = 100_000.0

  /// The root of the sheet's widget tree (a GtkOverlay): the background under a sliding panel.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The sliding panel (CSS class `toplock-sheet`): the handle button over the scrolled window.
  public let panel: UnsafeMutablePointer<GtkWidget>
  /// The scrim between the background and the panel (CSS class `toplock-sheet-scrim`): black, its opacity
  /// following `TopLockSheetOptions.scrimDetent`; it takes clicks only while it dims.
  public let scrim: UnsafeMutablePointer<GtkWidget>
  /// The handle button at the top of the panel (CSS class `toplock-sheet-handle`): a click moves the sheet
  /// one detent up (`activateHandle()`), a drag moves the sheet.
  public let handle: UnsafeMutablePointer<GtkWidget>
  /// The scroller attached to the scrolled window.
  public let scroller: TopLockScroller
  /// The distance from the top of `widget` to the open panel's top, in px.
  public let topInset: Double
  /// The sheet's options in force (`setOptions(_:)` changes them).
  public private(set) var options: TopLockSheetOptions

  /// The detent the sheet rests at or settles to, an index into `options.detents`; during a pull, the one
  /// the pull started from. Until the first settle, the highest detent at the current size.
  public var currentDetent: Int { settledDetent ?? layout.highestDetent }
  /// During a pull, the detent a release right now would settle on; `currentDetent` otherwise.
  public var predictedDetent: Int { pullPrediction ?? currentDetent }
  /// Called after every change of `offset`, the moves a resize makes included (on the next frame).
  public var onOffsetChange: (@MainActor (TopLockSheet) -> Void)?
  /// Called when the sheet comes to rest at a detent (its index), once the spring is at rest, or at once
  /// for a settle without animation.
  public var onSettled: (@MainActor (TopLockSheet, _ detent: Int) -> Void)?
  /// Called during a pull whenever `predictedDetent` changes, and at the pull's start: the detent (its
  /// index) a release right now would settle on. Lets an app fade a scrim or load content ahead of time.
  public var onPredictedDetentChange: (@MainActor (TopLockSheet, _ detent: Int) -> Void)?

  /// What the panel does now.
  private enum Motion {
    /// At rest at `currentDetent`: its offset follows the allocation.
    case resting
    /// Following a pull that started at `startOffset` px.
    case pulling(startOffset: Double)
    /// Springing to `currentDetent`.
    case settling(CriticallyDampedSpring)
    /// Flinging with the list's friction to `currentDetent`, the highest, whose arrival velocity flings
    /// the list on (`TopLockSheetOptions.sheetToListMomentumVelocity`).
    case flingingToTop(KineticDecay)
  }

  private var motion = Motion.resting
  /// The detent of the latest settle; `nil` before the first (the sheet then rests at its highest).
  private var settledDetent: Int? {
    didSet { updateAccessibleState() }
  }
  /// The widget that last had the focus outside the sheet, which closing the sheet from the keyboard gives
  /// it back to.
  var focusOutside: WeakObjectReference?
  /// The connection that follows the root's focus, once the sheet is mapped.
  var rootFocusConnection: SignalConnection?
  /// The predicted detent of the pull in progress.
  private var pullPrediction: Int?
  /// The offset the panel has while pulled or settling, px.
  private var movingOffset = 0.0
  /// The latest velocity of the pull in progress, px/s, positive downward.
  private var pullVelocity = 0.0
  /// Seconds since the spring started, at its latest frame.
  private var springElapsed = 0.0
  /// The area's height at the latest layout, px.
  private var laidOutHeight: Int32 = 0
  private var connections: [SignalConnection] = []
  private var animationTicks: ElapsedFrameTicks?
  private var resizeNotice: ElapsedFrameTicks?
  /// The detent a spring a press caught was going to, until the press ends.
  private var caughtDetent: Int?
  /// The press on the panel's chrome in progress, in the sheet's area (which does not move with the panel).
  private var chromeDrag: SheetChromeDrag?
  /// Whether the press in progress began on the scrim.
  private var isScrimPressed = false

  /// Builds a sheet over `background` holding `scrolledWindow`, and attaches TopLock to it with `options`.
  /// The sheet starts at its highest detent. Everything is checked before anything is built: when it
  /// throws, both widgets are left as they were.
  ///
  /// - Parameters:
  ///   - background: the widget under the sheet, not yet in a parent; the sheet's tree takes a reference.
  ///   - scrolledWindow: a GtkScrolledWindow not yet in a parent.
  ///   - topInset: px between the top of the sheet's area and the open panel, from 0 to `maximumTopInset`.
  ///   - options: the scroller's options.
  ///   - sheetOptions: the sheet's detents and settling (`TopLockSheetOptions`).
  /// - Throws: `TopLockError.invalidOption` for a `topInset` out of range or `sheetOptions` that do not
  ///   validate; `.alreadyHasParent` when either widget has a parent; whatever
  ///   `TopLockScroller.attach(to:options:host:)` throws.
  public init(
    background: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    topInset: Double = 0, options: TopLockOptions = TopLockOptions(),
    sheetOptions: TopLockSheetOptions = TopLockSheetOptions()
  ) throws(TopLockError) {
    guard (0...Self.maximumTopInset).contains(topInset) else {
      throw .invalidOption(
        name: "topInset", reason: "must be a number of px from 0 to \(Self.maximumTopInset), got \(topInset)")
    }
    try sheetOptions.validate()
    if let parent = gtk_widget_get_parent(background) {
      throw .alreadyHasParent(parentTypeName: GObjectType.typeName(of: parent))
    }
    scroller = try TopLockScroller.attach(to: scrolledWindow, options: options)
    if let parent = gtk_widget_get_parent(scrolledWindow) {
      scroller.detach()
      throw .alreadyHasParent(parentTypeName: GObjectType.typeName(of: parent))
    }

    let overlay = gtk_overlay_new()!
    g_object_ref_sink(overlay)
    widget = overlay
    self.topInset = topInset
    self.options = sheetOptions
    gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
    gtk_overlay_set_child(OpaquePointer(overlay), background)

    panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_add_css_class(panel, "toplock-sheet")
    handle = gtk_button_new()
    gtk_widget_add_css_class(handle, "toplock-sheet-handle")
    gtk_widget_set_tooltip_text(handle, Self.handleTooltip)
    let grip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(grip, "toplock-sheet-grip")
    gtk_widget_set_halign(grip, GTK_ALIGN_CENTER)
    gtk_button_set_child(handle.cast(to: GtkButton.self), grip)
    gtk_box_append(panel.cast(to: GtkBox.self), handle)
    gtk_widget_set_vexpand(scrolledWindow, 1)
    gtk_box_append(panel.cast(to: GtkBox.self), scrolledWindow)
    scrim = gtk_drawing_area_new()
    gtk_widget_add_css_class(scrim, "toplock-sheet-scrim")
    gtk_drawing_area_set_draw_func(
      scrim.cast(to: GtkDrawingArea.self),
      { _, cairo, _, _, _ in
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_paint(cairo)
      }, nil, nil)
    gtk_widget_set_opacity(scrim, 0)
    gtk_widget_set_can_target(scrim, 0)
    gtk_overlay_add_overlay(OpaquePointer(overlay), scrim)
    gtk_overlay_add_overlay(OpaquePointer(overlay), panel)

    scroller.host = self
    connectSignals()
    updateAccessibleState()
  }

  isolated deinit {
    stopAnimation()
    resizeNotice?.remove()
    for connection in connections { connection.disconnect() }
    g_object_unref(widget)
  }

  /// The detents laid out against the height available now (`widget`'s height below `topInset`).
  public var layout: SheetDetentLayout {
    SheetDetentLayout(
      detents: options.detents, availableHeight: Double(gtk_widget_get_height(widget)) - topInset)
  }

  /// The panel's offset below fully open, in px: live during a pull and a settle; at rest, the current
  /// detent's offset at the current size.
  public var offset: Double {
    if case .resting = motion { return layout.offsets[currentDetent] }
    return movingOffset
  }

  /// The offset at which the sheet is collapsed, in px: its lowest visible detent's.
  public var collapsedOffset: Double {
    let layout = layout
    return layout.offsets[layout.lowestVisibleDetent]
  }

  /// Whether the sheet rests at (or settles to) its lowest visible detent or lower, and that is below its
  /// highest detent.
  public var isCollapsed: Bool {
    let layout = layout
    let collapsedOffset = layout.offsets[layout.lowestVisibleDetent]
    return layout.offsets[currentDetent] >= collapsedOffset - SheetSettling.settledDistance
      && collapsedOffset > layout.offsets[layout.highestDetent]
  }

  /// Changes the sheet's options; a no-op when unchanged. The sheet settles at once (without animation) at
  /// the new detent nearest its offset; a pull in progress is given up (`TopLockScroller.cancelPull()`).
  ///
  /// - Throws: `TopLockError.invalidOption` when `newOptions` do not validate (the options in force are
  ///   then kept).
  public func setOptions(_ newOptions: TopLockSheetOptions) throws(TopLockError) {
    try newOptions.validate()
    guard newOptions != options else { return }
    let previousOffset = offset
    dropPull()
    stopAnimation()
    options = newOptions
    settledDetent = layout.nearestDetent(to: previousOffset)
    rest(from: previousOffset)
    gtk_widget_queue_allocate(widget)
  }

  /// Settles at the highest detent if collapsed, at the lowest visible one otherwise.
  public func toggle() {
    let layout = layout
    let target = isCollapsed ? layout.highestDetent : layout.lowestVisibleDetent
    settle(atDetent: target, velocity: 0, animated: true)
  }

  /// What a click on the handle does: one visible detent up, and from the highest back to the lowest
  /// visible one (`SheetDetentLayout.detentAfterHandleActivation(from:)`).
  public func activateHandle() {
    settle(atDetent: layout.detentAfterHandleActivation(from: currentDetent), velocity: 0, animated: true)
  }

  /// Sends the sheet to detent `index` of `options.detents`. During a settle, the spring is retargeted from
  /// the panel's current position and velocity; during a pull, the pull is given up
  /// (`TopLockScroller.cancelPull()`: the host hears `pullCancelled()`, and the rest of that drag moves
  /// nothing) and the sheet settles from where it is. `onSettled` follows once it rests.
  ///
  /// - Parameters:
  ///   - index: an index into `options.detents`.
  ///   - animated: whether to spring there (also subject to `gtk-enable-animations`) or jump.
  /// - Throws: `TopLockError.invalidOption` (named `detent`) for an index outside `options.detents`.
  public func settle(to index: Int, animated: Bool = true) throws(TopLockError) {
    guard options.detents.indices.contains(index) else {
      throw .invalidOption(
        name: "detent", reason: "must be an index into the \(options.detents.count) detents, got \(index)")
    }
    dropPull()
    settle(atDetent: index, velocity: currentVelocity, animated: animated)
  }

  // MARK: - TopLockHost

  /// The panel's offset below its highest detent, in px.
  public var hostOffset: Double {
    let layout = layout
    return offset - layout.offsets[layout.highestDetent]
  }

  /// Stops any settling and remembers where the pull starts.
  public func pullBegan() {
    let startOffset = offset
    stopAnimation()
    caughtDetent = nil
    pullVelocity = 0
    movingOffset = startOffset
    motion = .pulling(startOffset: startOffset)
    pullPrediction = currentDetent
    onPredictedDetentChange?(self, currentDetent)
  }

  /// Moves the panel 1:1 with `translation` px, between the highest and the lowest detent, and updates the
  /// predicted detent from `velocity` px/s. A non-finite `translation` is ignored (the panel stays where
  /// it is); so is a call outside a pull.
  public func pullChanged(translation: Double, velocity: Double) {
    guard case .pulling(let startOffset) = motion, translation.isFinite else { return }
    let layout = layout
    pullVelocity = SheetSettling.releaseVelocity(velocity)
    let range = layout.offsetRange
    setMovingOffset(min(max(startOffset + translation, range.lowerBound), range.upperBound))
    let predicted = layout.restingDetent(
      offset: movingOffset, velocity: pullVelocity, flickVelocity: options.flickVelocity)
    guard predicted != pullPrediction else { return }
    pullPrediction = predicted
    onPredictedDetentChange?(self, predicted)
  }

  /// Settles at the detent `SheetSettling` chooses from the panel's offset and `velocity` px/s. A
  /// non-finite `velocity` counts as 0; a finite one is held within `SheetSettling.maximumReleaseSpeed`.
  public func pullEnded(velocity: Double) {
    guard case .pulling = motion else { return }
    let velocity = SheetSettling.releaseVelocity(velocity)
    let layout = layout
    let target = layout.restingDetent(
      offset: offset, velocity: velocity, flickVelocity: options.flickVelocity)
    if target == layout.highestDetent,
      options.listFlingVelocity(
        releasedAt: offset, velocity: velocity, highestOffset: layout.offsets[target]) != nil
    {
      flingToTop(detent: target, velocity: velocity)
      return
    }
    settle(atDetent: target, velocity: velocity, animated: true)
  }

  /// Moves one visible detent down when a fling of the list reaching the top at `velocity` px/s of value is
  /// fast enough (`TopLockSheetOptions.listFlingStepsSheetDown(velocityAtTop:)`), unless a press holds the
  /// sheet.
  public func listFlingReachedTop(velocity: Double) {
    guard chromeDrag == nil, !isPulled, options.listFlingStepsSheetDown(velocityAtTop: velocity),
      let below = layout.detent(below: currentDetent, includingHidden: false)
    else { return }
    settle(atDetent: below, velocity: 0, animated: true)
  }

  /// Returns to the detent the pull started from.
  public func pullCancelled() {
    guard case .pulling = motion else { return }
    settle(atDetent: currentDetent, velocity: 0, animated: true)
  }

  // MARK: - Layout and animation

  private func connectSignals() {
    connections = [
      SignalConnection.connect(widget, .childPosition) { [weak self] child in
        self?.panelRectangle(for: child)
      },
      SignalConnection.connect(handle, .clicked) { [weak self] in self?.activateHandle() },
    ]
    connections.append(installKeys())
    watchPresses()
  }

  /// A capture-phase drag gesture on the sheet's area (which does not move with the panel): it sees every
  /// press, lets a press on the panel catch a settling sheet, and turns a drag on the panel's chrome into a
  /// pull. Catching is what a hand expects, and keeps the scrolled window still under a pressed pointer:
  /// GTK's own gestures measure in its coordinates, and would take the sheet's travel for a drag of the
  /// list. It claims only a chrome drag, past the drag threshold (which cancels the handle's click).
  private func watchPresses() {
    let presses = gtk_gesture_drag_new()!
    gtk_gesture_single_set_touch_only(presses, 0)
    gtk_event_controller_set_propagation_phase(presses, GTK_PHASE_CAPTURE)
    let instance = UnsafeMutableRawPointer(presses)
    connections += [
      SignalConnection.connect(instance, .dragBegin) { [weak self] (x: Double, y: Double) in
        self?.pressed(x: x, y: y, gesture: presses)
      },
      SignalConnection.connect(instance, .dragUpdate) { [weak self] (_: Double, offsetY: Double) in
        self?.pressMoved(offsetY: offsetY, gesture: presses)
      },
      SignalConnection.connect(instance, .dragEnd) { [weak self] (_: Double, offsetY: Double) in
        self?.pressEnded(offsetY: offsetY, gesture: presses)
      },
      SignalConnection.connect(instance, .cancel) { [weak self] _ in self?.pressCancelled() },
    ]
    gtk_widget_add_controller(widget, presses)
  }

  /// Where a press at (`x`, `y`) in the sheet's area landed: on the list, on the panel's chrome, on the
  /// scrim, or elsewhere (`nil`). A press the scroller follows is on the list (the input hub routed it
  /// there); any other is hit-tested in the sheet's area.
  private func pressedPart(x: Double, y: Double, gesture: OpaquePointer) -> PressedPart? {
    if scroller.isFollowingPress(of: gtk_gesture_single_get_current_sequence(gesture)) { return .list }
    guard let picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT) else { return nil }
    if picked == scrim { return .scrim }
    guard picked == panel || gtk_widget_is_ancestor(picked, panel) != 0 else { return nil }
    if let list = scroller.scrolledWindow, picked == list || gtk_widget_is_ancestor(picked, list) != 0 {
      return .list
    }
    return .chrome
  }

  /// Catches a settling sheet where it is, and starts following a press on the chrome, unless another
  /// pointer or finger pulls the sheet.
  private func pressed(x: Double, y: Double, gesture: OpaquePointer) {
    chromeDrag = nil
    isScrimPressed = false
    guard let part = pressedPart(x: x, y: y, gesture: gesture) else { return }
    if part == .scrim {
      isScrimPressed = !isPulled
      return
    }
    scroller.hostPressed()
    if case .pulling = motion { return }
    if isMovingOnItsOwn {
      caughtDetent = currentDetent
      stopAnimation()
      motion = .pulling(startOffset: movingOffset)
    }
    guard part == .chrome else { return }
    chromeDrag = SheetChromeDrag(
      pressY: y, time: eventTime(gesture), threshold: Double(toplock_drag_threshold(widget)))
  }

  /// A chrome press moved `offsetY` px: past the threshold, it claims the sequence and pulls the sheet.
  private func pressMoved(offsetY: Double, gesture: OpaquePointer) {
    guard var drag = chromeDrag else { return }
    let wasDragging = drag.isDragging
    let translation = drag.move(y: drag.pressY + offsetY, time: eventTime(gesture))
    chromeDrag = drag
    guard let translation else { return }
    if !wasDragging {
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
      pullBegan()
    }
    pullChanged(translation: translation, velocity: drag.velocity)
  }

  /// The press ended `offsetY` px from where it began: a chrome drag settles as a pull does; a press that
  /// caught the sheet without a pull lets it settle on where it was going.
  private func pressEnded(offsetY: Double, gesture: OpaquePointer) {
    if var drag = chromeDrag, drag.isDragging {
      chromeDrag = nil
      _ = drag.move(y: drag.pressY + offsetY, time: eventTime(gesture))
      pullEnded(velocity: drag.velocity)
      return
    }
    chromeDrag = nil
    if isScrimPressed {
      isScrimPressed = false
      settle(atDetent: layout.lowestVisibleDetent, velocity: 0, animated: true)
      return
    }
    settleWhereCaught()
  }

  /// The press was taken away: a chrome drag returns to where it began, a caught sheet settles on.
  private func pressCancelled() {
    let wasDragging = chromeDrag?.isDragging == true
    chromeDrag = nil
    isScrimPressed = false
    if wasDragging {
      pullCancelled()
    } else {
      settleWhereCaught()
    }
  }

  /// A press that caught the sheet ended without a pull: the sheet settles on where it was going.
  private func settleWhereCaught() {
    guard let caughtDetent else { return }
    self.caughtDetent = nil
    settle(atDetent: caughtDetent, velocity: 0, animated: true)
  }

  private func eventTime(_ gesture: OpaquePointer) -> Double {
    Double(gtk_event_controller_get_current_event_time(gesture))
  }

  private func panelRectangle(for child: UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle? {
    guard child == panel else { return nil }
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    if height != laidOutHeight {
      laidOutHeight = height
      noticeResize()
    }
    updateScrim()
    let top = Int32((topInset + offset).rounded())
    return GdkRectangle(x: 0, y: top, width: width, height: max(0, height - Int32(topInset)))
  }

  /// Sets the scrim's opacity from how far the sheet is open above the scrim's detent; it takes clicks
  /// only while it dims.
  private func updateScrim() {
    let fraction = options.scrimDetent.map { layout.openFraction(offset: offset, above: $0) } ?? 0
    gtk_widget_set_opacity(scrim, SheetDetentLayout.scrimOpacity * fraction)
    gtk_widget_set_can_target(scrim, fraction > 0 ? 1 : 0)
  }

  /// The area changed height during a layout: at rest the panel already follows its detent; a settle is
  /// retargeted, and `onOffsetChange` hears of it, on the next frame (a layout is no time to call an app).
  private func noticeResize() {
    guard resizeNotice == nil else { return }
    resizeNotice = ElapsedFrameTicks(on: widget) { [weak self] _ in
      self?.resizeNotice = nil
      self?.resized()
      return false
    }
  }

  private func resized() {
    switch motion {
    case .resting:
      onOffsetChange?(self)
    case .settling, .flingingToTop:
      settle(atDetent: currentDetent, velocity: currentVelocity, animated: true)
    case .pulling:
      return
    }
  }

  private func setMovingOffset(_ newOffset: Double) {
    guard newOffset != movingOffset else { return }
    movingOffset = newOffset
    gtk_widget_queue_allocate(widget)
    onOffsetChange?(self)
  }

  /// The panel's velocity now, px/s, positive downward: the spring's while settling, the pointer's while
  /// pulled, 0 at rest.
  private var currentVelocity: Double {
    switch motion {
    case .resting: 0
    case .pulling: pullVelocity
    case .settling(let spring): spring.velocity(after: springElapsed)
    case .flingingToTop(let decay): decay.velocity(after: springElapsed)
    }
  }

  /// Whether a pull (or a press that caught the panel) holds the panel.
  private var isPulled: Bool {
    if case .pulling = motion { true } else { false }
  }

  /// Whether the panel springs or flings on its own.
  private var isMovingOnItsOwn: Bool {
    switch motion {
    case .settling, .flingingToTop: true
    case .resting, .pulling: false
    }
  }

  /// Gives a pull in progress up: the scroller stops feeding it. The panel goes on from where the pull
  /// left it at the pull's velocity, as a spring that has not started: `offset` and `currentVelocity` keep
  /// their values for the settle that follows, and the host's `pullCancelled()` finds no pull to undo.
  private func dropPull() {
    guard case .pulling = motion else { return }
    motion = .settling(
      CriticallyDampedSpring(from: movingOffset, target: movingOffset, velocity: pullVelocity))
    springElapsed = 0
    caughtDetent = nil
    pullPrediction = nil
    scroller.cancelPull()
  }

  /// Settles at detent `index`, from the panel's offset with `velocity` px/s, with the spring or at once.
  func settle(atDetent index: Int, velocity: Double, animated: Bool) {
    let startOffset = offset
    stopAnimation()
    settledDetent = index
    pullPrediction = nil
    let target = layout.offsets[index]
    guard animated, toplock_animations_enabled(widget) != 0, gtk_widget_get_mapped(widget) != 0 else {
      rest(from: startOffset)
      return
    }
    movingOffset = startOffset
    motion = .settling(CriticallyDampedSpring(from: startOffset, target: target, velocity: velocity))
    springElapsed = 0
    animationTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.animationTick(elapsed: elapsed) ?? false
    }
  }

  /// Comes to rest at `currentDetent`, from `previousOffset` px, and tells the app.
  private func rest(from previousOffset: Double) {
    motion = .resting
    movingOffset = offset
    if movingOffset != previousOffset {
      gtk_widget_queue_allocate(widget)
      onOffsetChange?(self)
    }
    onSettled?(self, currentDetent)
  }

  /// Flings from the panel's offset at `velocity` px/s (upward) to the highest detent, `index`, and hands the
  /// velocity it arrives with to the list (`TopLockScroller.fling(velocity:)`). Without animations, it jumps
  /// there.
  private func flingToTop(detent index: Int, velocity: Double) {
    let startOffset = offset
    stopAnimation()
    settledDetent = index
    pullPrediction = nil
    guard toplock_animations_enabled(widget) != 0, gtk_widget_get_mapped(widget) != 0 else {
      rest(from: startOffset)
      return
    }
    movingOffset = startOffset
    motion = .flingingToTop(KineticDecay(startPosition: startOffset, startVelocity: velocity))
    springElapsed = 0
    animationTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.flingToTopTick(elapsed: elapsed) ?? false
    }
  }

  /// One frame of the fling to the top, `elapsed` s after its first; returns whether to keep ticking. On arrival the
  /// sheet rests and the list flings on with the velocity the sheet arrived with.
  private func flingToTopTick(elapsed: Double) -> Bool {
    guard case .flingingToTop(let decay) = motion else { return false }
    springElapsed = elapsed
    let target = layout.offsets[currentDetent]
    let position = decay.position(after: elapsed)
    guard position <= target else {
      setMovingOffset(position)
      return true
    }
    animationTicks = nil
    rest(from: movingOffset)
    scroller.fling(velocity: -decay.velocity(after: elapsed))
    return false
  }

  /// One frame of the settling spring, `elapsed` s after its first; returns whether to keep ticking.
  private func animationTick(elapsed: Double) -> Bool {
    guard case .settling(let spring) = motion else { return false }
    springElapsed = elapsed
    guard !spring.isSettled(after: elapsed) else {
      animationTicks = nil
      rest(from: movingOffset)
      return false
    }
    // A settle that starts fast toward its detent overshoots it once (critically damped, not
    // overdamped): held within the detents, the panel never leaves the range a pull can keep.
    let range = layout.offsetRange
    setMovingOffset(min(max(spring.position(after: elapsed), range.lowerBound), range.upperBound))
    return true
  }

  private func stopAnimation() {
    if isMovingOnItsOwn { motion = .resting }
    animationTicks?.remove()
    animationTicks = nil
  }
}
