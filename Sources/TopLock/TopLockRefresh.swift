import CTopLock
import CTopLockGtk
@_spi(Engine) import TopLockCore
import TopLockGObject

/// A ready-made host: pull to refresh for a scrolled window, in any container (docs/RULES.md P1 to P4), at
/// its top, or at its bottom for "load more" (P5).
///
/// The refresh stacks an indicator above the scrolled window and attaches TopLock to it. Pull the list down
/// at its top and the indicator is revealed 1:1 with the pointer up to `TopLockRefreshOptions.triggerDistance`
/// (64 px by default), then with its resistance; the list moves down with it, and never overshoots. Release
/// past the trigger and a refresh starts: the indicator springs to the trigger's height and spins,
/// `onRefresh` is called once, and the refresh lasts until the app calls `endRefreshing()` (or, with
/// `onRefreshAsync`, until that returns). Release short of
/// it and the indicator springs back with nothing called. While refreshing, the list scrolls freely under the
/// indicator, which stays where it is; a pull there stretches it and springs back without another refresh.
/// A touchpad pull past the trigger refreshes at the lift; the wheel never pulls. Pushing a pull back up
/// hides the indicator and then scrolls the list, in the same drag.
///
/// At the bottom (`edge: .bottom`) the same holds mirrored: a push up at the list's bottom reveals the
/// indicator below the list, which moves up with it, and a release past the trigger starts the refresh (the
/// app loads more rows); the scroller's bottom policy must be `.lockAndHandOff`, and the refresh is its
/// `bottomHost`. As the indicator springs back there, the list scrolls down by as much as it hides, as far as
/// the list has rows below: the rows in view stay put, and the rows a load added come into view where the
/// indicator was.
///
/// The indicator is built the first time it shows and is hidden whenever none of it shows: a list never
/// pulled carries no indicator widgets, and a list at rest lays out no indicator as it scrolls.
///
/// Accessibility: the indicator (CSS class `toplock-refresh-indicator`) is labelled `indicatorAccessibleLabel`
/// (at the bottom, `bottomIndicatorAccessibleLabel`), the scrolled window's `GTK_ACCESSIBLE_STATE_BUSY` is set
/// while refreshing, and from GTK 4.14 the start and end are announced. With
/// `TopLockRefreshOptions.keyboardShortcut` set, that key refreshes from the keyboard while the focus is in
/// the list.
///
/// Main actor only. Ownership: the refresh keeps its widget tree (`widget`) alive while it lives; put
/// `widget` in a container to show it. The scrolled window's scroller keeps itself alive (see
/// `TopLockScroller`) and holds the refresh weakly, as its host.
@MainActor
public final class TopLockRefresh: TopLockHost {
  /// The indicator's accessible label at the top.
  public static let indicatorAccessibleLabel = "Pull to refresh"
  /// The indicator's accessible label at the bottom.
  public static let bottomIndicatorAccessibleLabel = "Push up to load more"
  /// What GTK 4.14 and later announce when a refresh starts.
  public static let refreshStartedAnnouncement = "Refreshing"
  /// What GTK 4.14 and later announce when a refresh ends.
  public static let refreshEndedAnnouncement = "Refreshed"

  /// The root of the refresh's widget tree (a GtkOverlay, CSS class `toplock-refresh`): the indicator, and
  /// beside it the scrolled window, moved away from the edge by `revealedHeight` px (down at the top, up at
  /// the bottom) and clipped.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The indicator (CSS class `toplock-refresh-indicator`) beyond the scrolled window's edge, holding a
  /// spinner: at least its natural height, its bottom on the list's top (at the bottom: its top on the list's
  /// bottom), and `revealedHeight` px of it in view; shown (`gtk_widget_get_visible`) only while some of it is
  /// revealed or a refresh runs. Built on first use: the first reveal, the first refresh or the first read of
  /// this property. Owned by `widget`'s tree.
  public var indicator: UnsafeMutablePointer<GtkWidget> { builtIndicator ?? buildIndicator() }
  /// The scroller attached to the scrolled window.
  public let scroller: TopLockScroller
  /// The edge the refresh is at: `.top` (pull to refresh, the scroller's `host`) or `.bottom` (load more,
  /// the scroller's `bottomHost`).
  public let edge: ScrollEdge
  /// Called once when a refresh starts from a pull, the touchpad or the key (not from
  /// `beginRefreshing()`); the refresh lasts until the app calls `endRefreshing()`.
  public var onRefresh: (@MainActor (TopLockRefresh) -> Void)?
  /// Run once, as a task on the main actor, when a refresh starts from a pull, the touchpad or the key (not
  /// from `beginRefreshing()`), after `onRefresh` when both are set; the refresh ends when it returns.
  /// `endRefreshing()` called before that ends the refresh at once and cancels the task, whose return then
  /// ends nothing (a later refresh goes on). TopLock drains the main actor's queue from GLib's main context
  /// for it, so it runs under a plain GTK main loop. Ownership: the task keeps the refresh until it returns.
  public var onRefreshAsync: (@MainActor (TopLockRefresh) async -> Void)?
  /// Called after a refresh starts and after it ends, however it starts (a pull, the touchpad, the key,
  /// `beginRefreshing()`) and ends (`endRefreshing()`, `onRefreshAsync`'s return); `isRefreshing` says which.
  public var onRefreshingChange: (@MainActor (TopLockRefresh) -> Void)?
  /// Called after every change of `revealedHeight`.
  public var onRevealChange: (@MainActor (TopLockRefresh) -> Void)?

  /// The indicator and its spinner, once built.
  private var builtIndicator: UnsafeMutablePointer<GtkWidget>?
  private var spinner: UnsafeMutablePointer<GtkWidget>?
  private var state: RefreshIndicator
  private var springTicks: ElapsedFrameTicks?
  private var shortcuts: OpaquePointer?
  /// The overlay's `get-child-position` handler, connected only while the indicator shows: at rest the
  /// overlay's own placement (the list over all of it) is the refresh's, without a call into Swift on every
  /// layout.
  private var positioning: SignalConnection?
  /// The task running `onRefreshAsync` for the refresh in progress; `nil` when none runs.
  private var asyncRefresh: Task<Void, Never>?

  /// Builds the refresh around `scrolledWindow` and attaches TopLock to it with `options`. The list fills the
  /// refresh (its `halign` and `valign` become `GTK_ALIGN_FILL`); the indicator is built when first used.
  /// Everything is checked before anything is built: when it throws, the scrolled window is left as it was.
  ///
  /// - Parameters:
  ///   - scrolledWindow: a GtkScrolledWindow not yet in a parent.
  ///   - edge: where the indicator is: `.top` (the default) or `.bottom`.
  ///   - options: the scroller's options (the policy of `edge` must hand off: `.lockAndHandOff`).
  ///   - refreshOptions: the trigger, the resistance and the key (`TopLockRefreshOptions`).
  /// - Throws: `TopLockError.invalidOption` for `refreshOptions` that do not validate, a
  ///   `keyboardShortcut` GTK cannot parse, or an edge policy that does not hand off; `.alreadyHasParent`
  ///   when the scrolled window has a parent; whatever `TopLockScroller.attach(to:options:host:)` throws.
  public init(
    scrolledWindow: UnsafeMutablePointer<GtkWidget>, edge: ScrollEdge = .top,
    options: TopLockOptions = TopLockOptions(),
    refreshOptions: TopLockRefreshOptions = TopLockRefreshOptions()
  ) throws(TopLockError) {
    try refreshOptions.validate()
    try Self.checkHandsOff(options, at: edge)
    let trigger = try Self.shortcutTrigger(refreshOptions.keyboardShortcut)
    let attached: TopLockScroller
    do {
      attached = try TopLockScroller.attach(to: scrolledWindow, options: options)
    } catch {
      if let trigger { g_object_unref(UnsafeMutableRawPointer(trigger)) }
      throw error
    }
    if let parent = gtk_widget_get_parent(scrolledWindow) {
      attached.detach()
      if let trigger { g_object_unref(UnsafeMutableRawPointer(trigger)) }
      throw .alreadyHasParent(parentTypeName: GObjectType.typeName(of: parent))
    }
    scroller = attached
    self.edge = edge
    state = RefreshIndicator(options: refreshOptions)

    let overlay = gtk_overlay_new()!
    g_object_ref_sink(overlay)
    widget = overlay
    gtk_widget_add_css_class(widget, "toplock-refresh")
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_halign(scrolledWindow, GTK_ALIGN_FILL)
    gtk_widget_set_valign(scrolledWindow, GTK_ALIGN_FILL)
    gtk_overlay_add_overlay(OpaquePointer(overlay), scrolledWindow)
    // The list gives the refresh its size, and keeps its own height whatever the indicator shows: a list
    // that shrank would move its rows (GtkListView keeps an anchor row in place) and its value.
    gtk_overlay_set_measure_overlay(OpaquePointer(overlay), scrolledWindow, 1)

    switch edge {
    case .top: scroller.host = self
    case .bottom: scroller.bottomHost = self
    }
    setShortcut(trigger)
    layOutIndicator()
  }

  isolated deinit {
    springTicks?.remove()
    positioning?.disconnect()
    g_object_unref(widget)
  }

  /// The options in force (`setOptions(_:)` changes them).
  public var options: TopLockRefreshOptions { state.options }
  /// Whether a refresh runs: from its start to `endRefreshing()`.
  public var isRefreshing: Bool { state.isRefreshing }
  /// How much of the indicator shows now, in px: live during a pull and a spring.
  public var revealedHeight: Double { state.revealedHeight }

  /// Changes the options; a no-op when unchanged. A refresh in progress stays; the indicator springs to its
  /// new rest at once when nothing pulls.
  ///
  /// - Throws: `TopLockError.invalidOption` when `newOptions` do not validate or GTK cannot parse their
  ///   `keyboardShortcut` (the options in force are then kept).
  public func setOptions(_ newOptions: TopLockRefreshOptions) throws(TopLockError) {
    try newOptions.validate()
    guard newOptions != state.options else { return }
    let trigger = try Self.shortcutTrigger(newOptions.keyboardShortcut)
    setShortcut(trigger)
    state.setOptions(newOptions)
    state.springToRest()
    startSpring()
  }

  /// Starts a refresh from code, without calling `onRefresh`: the indicator springs to the trigger's height
  /// and spins. Does nothing while a refresh runs.
  public func beginRefreshing() {
    guard state.beginRefreshing() else { return }
    refreshingChanged()
    startSpring()
  }

  /// Ends the refresh in progress: the indicator springs back (once the pull holding it, if any, is
  /// released). Does nothing when no refresh runs.
  public func endRefreshing() {
    guard state.endRefreshing() else { return }
    asyncRefresh?.cancel()
    asyncRefresh = nil
    refreshingChanged()
    startSpring()
  }

  // MARK: - TopLockHost

  public var hostOffset: Double { state.hostOffset }

  public func pullBegan() {
    stopSpring()
    state.pullBegan()
  }

  public func pullChanged(translation: Double, velocity: Double) {
    let before = state.revealedHeight
    state.pullChanged(translation: translation)
    if state.revealedHeight != before { layOutIndicator() }
  }

  public func pullEnded(velocity: Double) {
    let startsRefresh = state.pullEnded(velocity: velocity)
    if startsRefresh { refreshingChanged() }
    startSpring()
    if startsRefresh { callRefreshHandlers() }
  }

  public func pullCancelled() {
    state.pullCancelled()
    startSpring()
  }

  // MARK: - Private

  /// The key's refresh: as a release past the trigger, but from the keyboard. Returns whether it started one.
  private func keyPressed() -> Bool {
    guard state.beginRefreshing() else { return false }
    refreshingChanged()
    startSpring()
    callRefreshHandlers()
    return true
  }

  /// Calls `onRefresh`, then starts `onRefreshAsync`'s task, which ends the refresh at its return unless
  /// `endRefreshing()` cancelled it first.
  private func callRefreshHandlers() {
    onRefresh?(self)
    guard let onRefreshAsync, isRefreshing else { return }
    MainQueueDriver.start()
    asyncRefresh = Task { @MainActor in
      await onRefreshAsync(self)
      guard !Task.isCancelled else { return }
      asyncRefresh = nil
      endRefreshing()
    }
  }

  /// Runs the spring the state holds, on frames, or ends it at once without animations or off screen.
  private func startSpring() {
    stopSpring()
    guard case .springing = state.motion else { return }
    guard toplock_animations_enabled(widget) != 0, gtk_widget_get_mapped(widget) != 0 else {
      let before = state.revealedHeight
      state.finishSpring()
      keepRowsInView(whileHiding: before)
      layOutIndicator()
      return
    }
    springTicks = ElapsedFrameTicks(on: widget) { [weak self] elapsed in
      self?.springTick(elapsed: elapsed) ?? false
    }
  }

  private func stopSpring() {
    springTicks?.remove()
    springTicks = nil
  }

  private func springTick(elapsed: Double) -> Bool {
    let before = state.revealedHeight
    let keepsMoving = state.advance(to: elapsed)
    keepRowsInView(whileHiding: before)
    layOutIndicator()
    if !keepsMoving { springTicks = nil }
    return keepsMoving
  }

  /// At the bottom, as a spring hides the indicator from `before` px: scrolls the list down by as much as the
  /// indicator hid (whole px, as it is laid out), as far as the list has rows below, so that the rows in view
  /// stay where they are and the rows a load put below come into view where the indicator was. A list with
  /// no rows below (a push that loaded nothing) moves down with the indicator instead.
  private func keepRowsInView(whileHiding before: Double) {
    let hidden = before.rounded() - state.revealedHeight.rounded()
    guard edge == .bottom, hidden > 0, let list = scroller.scrolledWindow,
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(list))
    else { return }
    let metrics = ScrollMetrics(adjustment)
    guard metrics.value < metrics.maxValue else { return }
    gtk_adjustment_set_value(adjustment, min(metrics.value + hidden, metrics.maxValue))
  }

  /// Moves the list and the indicator to the revealed height, on the next layout (no size changes).
  private func layOutIndicator() {
    showIndicatorWhileInUse()
    gtk_widget_queue_allocate(widget)
    onRevealChange?(self)
  }

  /// Shows the indicator, and positions the overlay's children, while some of it is revealed or a refresh
  /// runs; hides it otherwise.
  private func showIndicatorWhileInUse() {
    let isInUse = state.revealedHeight > 0 || state.isRefreshing
    if isInUse && positioning == nil {
      gtk_widget_set_visible(indicator, 1)
      positioning = SignalConnection.connect(widget, .childPosition) { [weak self] child in
        self?.rectangle(for: child)
      }
    } else if !isInUse, let positioning {
      positioning.disconnect()
      self.positioning = nil
      if let builtIndicator { gtk_widget_set_visible(builtIndicator, 0) }
    }
  }

  /// Builds the indicator, hidden, under the list in the overlay's stack (drawn first, as the list's
  /// background would be).
  private func buildIndicator() -> UnsafeMutablePointer<GtkWidget> {
    let indicator = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_add_css_class(indicator, "toplock-refresh-indicator")
    gtk_widget_set_visible(indicator, 0)
    let spinner = gtk_spinner_new()!
    gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
    gtk_widget_set_vexpand(spinner, 1)
    gtk_box_append(indicator.cast(to: GtkBox.self), spinner)
    gtk_overlay_add_overlay(OpaquePointer(widget), indicator)
    if let list = scroller.scrolledWindow { gtk_widget_insert_before(indicator, widget, list) }
    AccessibleUpdate.setLabel(
      edge == .top ? Self.indicatorAccessibleLabel : Self.bottomIndicatorAccessibleLabel, of: indicator)
    builtIndicator = indicator
    self.spinner = spinner
    return indicator
  }

  /// Where the overlay puts `child`: the list `revealedHeight` px (whole px, as GTK lays out) away from the
  /// edge, at the refresh's full size; the indicator right beyond the list's edge.
  private func rectangle(for child: UnsafeMutablePointer<GtkWidget>?) -> GdkRectangle? {
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    let revealed = Int32(state.revealedHeight.rounded())
    let listTop = edge == .top ? revealed : -revealed
    if child == scroller.scrolledWindow {
      return GdkRectangle(x: 0, y: listTop, width: width, height: height)
    }
    guard let indicator = builtIndicator, child == indicator else { return nil }
    var naturalHeight: Int32 = 0
    gtk_widget_measure(indicator, GTK_ORIENTATION_VERTICAL, width, nil, &naturalHeight, nil, nil)
    let indicatorHeight = max(naturalHeight, revealed)
    let indicatorTop = edge == .top ? listTop - indicatorHeight : listTop + height
    return GdkRectangle(x: 0, y: indicatorTop, width: width, height: indicatorHeight)
  }

  /// The spinner spins, the list is busy, and the change is announced.
  private func refreshingChanged() {
    let isRefreshing = state.isRefreshing
    showIndicatorWhileInUse()
    gtk_widget_queue_allocate(widget)
    if let spinner { gtk_spinner_set_spinning(OpaquePointer(spinner), isRefreshing ? 1 : 0) }
    if let list = scroller.scrolledWindow {
      AccessibleUpdate.setState(GTK_ACCESSIBLE_STATE_BUSY, as: .boolean, to: isRefreshing, of: list)
    }
    _ = toplock_accessible_announce(
      indicator, isRefreshing ? Self.refreshStartedAnnouncement : Self.refreshEndedAnnouncement)
    onRefreshingChange?(self)
  }

  /// Puts the key's shortcut on the refresh's tree in place of any earlier one; `trigger` is consumed.
  private func setShortcut(_ trigger: OpaquePointer?) {
    if let shortcuts { gtk_widget_remove_controller(widget, shortcuts) }
    shortcuts = nil
    guard let trigger else { return }
    let controller = gtk_shortcut_controller_new()!
    let run: GtkShortcutFunc = { _, _, data in
      MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.unbox(data)() } ? 1 : 0
    }
    let handler: @MainActor () -> Bool = { [weak self] in self?.keyPressed() ?? false }
    let action = gtk_callback_action_new(run, ClosureBox(handler).retainedUserData(), { releaseBox($0) })
    gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
    gtk_widget_add_controller(widget, controller)
    shortcuts = controller
  }

  /// GTK's trigger for `shortcut`, owned by the caller; `nil` for no shortcut.
  private static func shortcutTrigger(_ shortcut: String?) throws(TopLockError) -> OpaquePointer? {
    guard let shortcut else { return nil }
    guard let trigger = gtk_shortcut_trigger_parse_string(shortcut) else {
      throw .invalidOption(
        name: "keyboardShortcut",
        reason: "must be a GTK shortcut trigger such as \"F5\" or \"<Control>r\", got \"\(shortcut)\"")
    }
    return trigger
  }

  private static func checkHandsOff(_ options: TopLockOptions, at edge: ScrollEdge) throws(TopLockError) {
    guard !options.handsOff(at: edge) else { return }
    switch edge {
    case .top:
      throw .invalidOption(
        name: "topPolicy", reason: "must be .lockAndHandOff for pull to refresh, got \(options.topPolicy)")
    case .bottom:
      throw .invalidOption(
        name: "bottomPolicy",
        reason: "must be .lockAndHandOff for a refresh at the bottom, got \(options.bottomPolicy)")
    }
  }
}
