import CTopLock
import CTopLockGtk
import TopLockGObject

/// A ready-made host: a bottom sheet over a background, holding a scrolled window with TopLock attached.
///
/// Pull the list down at its top and the sheet follows the pointer 1:1; release and it settles open
/// (offset 0) or collapsed (`peekHeight` px left visible) from its position and release velocity, with a
/// critically damped spring (a jump when `gtk-enable-animations` is off). A press on the panel while it
/// settles catches it where it is (a pull then starts from there; a release without one lets it settle on). Escape and the
/// handle button toggle it; a pull up on a collapsed sheet opens it and then scrolls the list in the same
/// drag.
///
/// Main actor only. Ownership: the sheet keeps its widget tree (`widget`) alive while the sheet lives; put
/// `widget` in a window to show it. The scrolled window's scroller keeps itself alive (see
/// `TopLockScroller`).
@MainActor
public final class TopLockSheet: TopLockHost {
  /// The height of the sheet left visible when collapsed, in px.
  public static let peekHeight = 96.0
  /// The largest `topInset` the sheet takes, in px: beyond any screen, and small enough that every position
  /// the sheet lays out stays within GTK's `int` px.
  nonisolated public static let maximumTopInset = 100_000.0

  /// The root of the sheet's widget tree (a GtkOverlay): the background under a sliding panel.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The sliding panel (CSS class `toplock-sheet`): the handle button over the scrolled window.
  public let panel: UnsafeMutablePointer<GtkWidget>
  /// The handle button at the top of the panel (CSS class `toplock-sheet-handle`); it toggles the sheet.
  public let handle: UnsafeMutablePointer<GtkWidget>
  /// The scroller attached to the scrolled window.
  public let scroller: TopLockScroller
  /// The distance from the top of `widget` to the open panel's top, in px.
  public let topInset: Double

  /// The panel's offset below its open position, in px (0 open, `collapsedOffset` collapsed).
  public private(set) var offset = 0.0
  /// Called after every change of `offset`.
  public var onOffsetChange: (@MainActor (TopLockSheet) -> Void)?

  private var pullStartOffset = 0.0
  private var connections: [SignalConnection] = []
  private var animationTicks: ElapsedFrameTicks?
  private var spring: CriticallyDampedSpring?
  /// Where a spring a press caught was going, in px, until the press ends.
  private var caughtTarget: Double?

  /// Builds a sheet over `background` holding `scrolledWindow`, and attaches TopLock to it with `options`.
  /// Everything is checked before anything is built: when it throws, both widgets are left as they were.
  ///
  /// - Parameters:
  ///   - background: the widget under the sheet, not yet in a parent; the sheet's tree takes a reference.
  ///   - scrolledWindow: a GtkScrolledWindow not yet in a parent.
  ///   - topInset: px between the top of the sheet's area and the open panel, from 0 to `maximumTopInset`.
  ///   - options: the scroller's options.
  /// - Throws: `TopLockError.invalidOption` for a `topInset` out of range; `.alreadyHasParent` when either
  ///   widget has a parent; whatever `TopLockScroller.attach(to:options:host:)` throws.
  public init(
    background: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
    topInset: Double = 0, options: TopLockOptions = TopLockOptions()
  ) throws(TopLockError) {
    guard (0...Self.maximumTopInset).contains(topInset) else {
      throw .invalidOption(
        name: "topInset", reason: "must be a number of px from 0 to \(Self.maximumTopInset), got \(topInset)")
    }
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
    gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
    gtk_overlay_set_child(OpaquePointer(overlay), background)

    panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_add_css_class(panel, "toplock-sheet")
    handle = gtk_button_new()
    gtk_widget_add_css_class(handle, "toplock-sheet-handle")
    gtk_widget_set_tooltip_text(handle, "Open or collapse the sheet (Escape)")
    let grip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(grip, "toplock-sheet-grip")
    gtk_widget_set_halign(grip, GTK_ALIGN_CENTER)
    gtk_button_set_child(handle.cast(to: GtkButton.self), grip)
    gtk_box_append(panel.cast(to: GtkBox.self), handle)
    gtk_widget_set_vexpand(scrolledWindow, 1)
    gtk_box_append(panel.cast(to: GtkBox.self), scrolledWindow)
    gtk_overlay_add_overlay(OpaquePointer(overlay), panel)

    scroller.host = self
    connectSignals()
  }

  isolated deinit {
    stopAnimation()
    for connection in connections { connection.disconnect() }
    g_object_unref(widget)
  }

  /// The offset at which the sheet is collapsed, in px: all but `peekHeight` of the panel below the area.
  public var collapsedOffset: Double {
    max(0, Double(gtk_widget_get_height(widget)) - topInset - Self.peekHeight)
  }

  /// Whether the sheet rests collapsed (or is settling there).
  public var isCollapsed: Bool {
    (spring?.target ?? offset) >= collapsedOffset - SheetSettling.settledDistance && collapsedOffset > 0
  }

  /// Settles open if collapsed, collapsed otherwise.
  public func toggle() {
    settle(at: isCollapsed ? 0 : collapsedOffset, velocity: 0)
  }

  // MARK: - TopLockHost

  /// The panel's offset below open, in px.
  public var hostOffset: Double { offset }

  /// Stops any settling and remembers where the pull starts.
  public func pullBegan() {
    stopAnimation()
    caughtTarget = nil
    pullStartOffset = offset
  }

  /// Moves the panel 1:1 with `translation` px, within open ... collapsed. A non-finite `translation` is
  /// ignored (the panel stays where it is).
  public func pullChanged(translation: Double, velocity: Double) {
    guard translation.isFinite else { return }
    setOffset(min(max(pullStartOffset + translation, 0), collapsedOffset))
  }

  /// Settles at the rest position nearest where `velocity` px/s would carry the panel. A non-finite
  /// `velocity` counts as 0; a finite one is held within `SheetSettling.maximumReleaseSpeed`.
  public func pullEnded(velocity: Double) {
    let velocity = SheetSettling.releaseVelocity(velocity)
    let target = SheetSettling.restPosition(
      offset: offset, velocity: velocity, restPositions: [0, collapsedOffset])
    settle(at: target, velocity: velocity)
  }

  /// Returns to where the pull began.
  public func pullCancelled() {
    settle(at: pullStartOffset, velocity: 0)
  }

  // MARK: - Layout and animation

  private func connectSignals() {
    connections = [
      SignalConnection.connectChildPosition(widget) { [weak self] child in
        self?.panelRectangle(for: child)
      },
      SignalConnection.connect(handle, "clicked") { [weak self] in self?.toggle() },
    ]
    let escape = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_set_scope(escape, GTK_SHORTCUT_SCOPE_GLOBAL)
    let toggleAction: GtkShortcutFunc = { _, _, data in
      MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.unbox(data)() }
      return 1
    }
    let toggle: @MainActor () -> Void = { [weak self] in self?.toggle() }
    let action = gtk_callback_action_new(
      toggleAction, ClosureBox(toggle).retainedUserData(), { releaseBox($0) })
    let trigger = gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0))
    gtk_shortcut_controller_add_shortcut(escape, gtk_shortcut_new(trigger, action))
    gtk_widget_add_controller(widget, escape)
    watchPresses()
  }

  /// A capture-phase drag gesture on the panel that never claims: it sees every press on the panel, and
  /// lets a press catch a settling sheet. Besides being what a hand expects, this keeps the scrolled window
  /// still under a pressed pointer: GTK's own gestures measure in its coordinates, and would take the
  /// sheet's travel for a drag of the list.
  private func watchPresses() {
    let presses = gtk_gesture_drag_new()!
    gtk_gesture_single_set_touch_only(presses, 0)
    gtk_event_controller_set_propagation_phase(presses, GTK_PHASE_CAPTURE)
    let instance = UnsafeMutableRawPointer(presses)
    connections += [
      SignalConnection.connect(instance, "drag-begin") { [weak self] (_: Double, _: Double) in
        self?.pressed()
      },
      SignalConnection.connect(instance, "drag-end") { [weak self] (_: Double, _: Double) in
        self?.pressEnded()
      },
      SignalConnection.connectIgnoringArgument(instance, "cancel") { [weak self] in self?.pressEnded() },
    ]
    gtk_widget_add_controller(panel, presses)
  }

  /// Catches a settling sheet where it is.
  private func pressed() {
    guard let spring else { return }
    caughtTarget = spring.target
    stopAnimation()
  }

  /// A press that caught the sheet ended without a pull: the sheet settles on where it was going.
  private func pressEnded() {
    guard let caughtTarget else { return }
    self.caughtTarget = nil
    settle(at: caughtTarget, velocity: 0)
  }

  private func panelRectangle(for child: UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle? {
    guard child == panel else { return nil }
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    let top = Int32((topInset + offset).rounded())
    return GdkRectangle(x: 0, y: top, width: width, height: max(0, height - Int32(topInset)))
  }

  private func setOffset(_ newOffset: Double) {
    guard newOffset != offset else { return }
    offset = newOffset
    gtk_widget_queue_allocate(widget)
    onOffsetChange?(self)
  }

  private func settle(at target: Double, velocity: Double) {
    stopAnimation()
    guard toplock_animations_enabled(widget) != 0, gtk_widget_get_mapped(widget) != 0 else {
      setOffset(target)
      return
    }
    spring = CriticallyDampedSpring(from: offset, target: target, velocity: velocity)
    animationTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.animationTick(elapsed: elapsed) ?? false
    }
  }

  /// One frame of the settling spring, `elapsed` s after its first; returns whether to keep ticking.
  private func animationTick(elapsed: Double) -> Bool {
    guard let spring else { return false }
    guard !spring.isSettled(after: elapsed) else {
      setOffset(spring.target)
      self.spring = nil
      return false
    }
    // A settle that starts fast toward its rest position overshoots it once (critically damped, not
    // overdamped): held at the rest positions, the panel never leaves open ... collapsed, where a pull
    // would start from an offset it cannot keep.
    setOffset(min(max(spring.position(after: elapsed), 0), collapsedOffset))
    return true
  }

  private func stopAnimation() {
    spring = nil
    animationTicks?.remove()
    animationTicks = nil
  }
}
