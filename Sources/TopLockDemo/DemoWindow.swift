import CTopLockGtk
import TopLock
@_spi(Engine) import TopLockCore
import TopLockGObject
import TopLockX11Geometry

/// The demo's one window: a header bar (with the recent picker, a list in a popover), the scene (background
/// and list, TopLock or stock), the HUD, and the trace that follows them.
///
/// Main actor only. The window owns its widget tree; the DemoWindow must live as long as the window (the
/// application keeps it).
@MainActor
final class DemoWindow {
  /// The window's size at start, in px: a phone-shaped column.
  static let defaultSize = (width: Int32(440), height: Int32(800))
  /// Distance from the top of the content area to the open sheet, in px: room for the background's header.
  static let sheetTopInset = 216.0
  /// How often the shown HUD refreshes on its own (so a stale velocity drops to 0), in ms.
  static let hudRefreshMilliseconds: guint = 100
  /// The window action (`win.hud`, also F1) that shows or hides the HUD.
  static let hudAction = "hud"

  /// The GtkApplicationWindow.
  let window: UnsafeMutablePointer<GtkWidget>
  private let options: DemoOptions
  /// The sheet scene's background; `nil` in the other scenes, where the list is alone or in a page.
  private let background: BackgroundArea?
  private let scene: any DemoScene
  private let recent: RecentPicker
  private let hud = Hud()
  private let trace: TraceWriter?
  private let quit: @MainActor (_ exitStatus: Int32) -> Void
  private var velocity = VelocityTracker()
  private var lastSample: (time: Double, position: Double)?
  private var connections: [SignalConnection] = []
  private var readyWatcher: ReadyWatcher?
  private var quitTimer: MainLoopSource?
  private var hudTimer: MainLoopSource?
  private var pendingState: MainLoopSource?

  /// Builds the window for `application` as `options` ask; `quit` ends the application with an exit status.
  ///
  /// - Throws: what building the scene throws (see `TopLockDemoScene` and `StockDemoScene`).
  init(
    application: UnsafeMutablePointer<GtkApplication>, options: DemoOptions,
    quit: @escaping @MainActor (_ exitStatus: Int32) -> Void
  ) throws {
    self.options = options
    self.quit = quit
    trace = options.isTracing ? TraceWriter(onFailure: quit) : nil
    window = gtk_application_window_new(application)
    let background = options.scene == .sheet ? BackgroundArea(isStock: options.isStock) : nil
    self.background = background
    let list = RowList(rowCount: options.scene == .nested ? NestedPage.innerRowCount : options.rowCount)
    recent = try RecentPicker(mode: options.mode)
    switch (background, options.mode) {
    case (let background?, .topLock):
      scene = try TopLockDemoScene(
        background: background.widget, scrolledWindow: list.scrolledWindow, topInset: Self.sheetTopInset,
        sheetOptions: options.sheetOptions)
    case (let background?, .stock):
      scene = try StockDemoScene(
        background: background.widget, scrolledWindow: list.scrolledWindow, topInset: Self.sheetTopInset)
    case (let background?, .unattached):
      scene = UnattachedDemoScene(
        background: background.widget, scrolledWindow: list.scrolledWindow, topInset: Self.sheetTopInset)
    case (nil, .topLock), (nil, .unattached):
      switch options.scene {
      case .nested: scene = try NestedDemoScene(list: list)
      case .more: scene = try RefreshDemoScene(list: list, edge: .bottom)
      case .sheet, .refresh: scene = try RefreshDemoScene(list: list, edge: .top)
      }
    case (nil, .stock) where options.scene == .nested:
      let page = NestedPage(inner: list.scrolledWindow)
      scene = try StockDemoScene(
        root: page.scrolledWindow, scrolledWindow: list.scrolledWindow, page: page.scrolledWindow)
    case (nil, .stock):
      scene = try StockDemoScene(root: list.scrolledWindow, scrolledWindow: list.scrolledWindow)
    }

    let gtkWindow = window.cast(to: GtkWindow.self)
    gtk_window_set_title(gtkWindow, options.isStock ? "\(AppIdentity.title) (stock)" : AppIdentity.title)
    gtk_window_set_icon_name(gtkWindow, AppIdentity.applicationID)
    gtk_window_set_default_size(gtkWindow, Self.defaultSize.width, Self.defaultSize.height)
    gtk_window_set_titlebar(gtkWindow, makeHeaderBar())
    let content = gtk_overlay_new()!
    gtk_overlay_set_child(OpaquePointer(content), scene.widget)
    gtk_overlay_add_overlay(OpaquePointer(content), hud.widget)
    gtk_window_set_child(gtkWindow, content)

    connections = list.connections
    addActions()
    connectState()
    connections.append(SignalConnection.connect(window, .destroy) { [weak self] in self?.closed() })
    readyWatcher = ReadyWatcher(window: window, scrolledWindow: scene.scrolledWindow) { [weak self] in
      self?.becameReady()
    }
  }

  /// Shows the window.
  func present() {
    gtk_window_present(window.cast(to: GtkWindow.self))
  }

  // MARK: - Building

  /// The header bar's subtitle: the scene and the mode.
  private var subtitle: String {
    switch (options.scene, options.mode) {
    case (.sheet, .topLock): "sheet with TopLock"
    case (.sheet, .unattached): "sheet, TopLock not attached"
    case (.refresh, .topLock), (.refresh, .unattached): "pull to refresh with TopLock"
    case (.more, .topLock), (.more, .unattached): "load more with TopLock"
    case (.nested, .topLock), (.nested, .unattached): "chained list with TopLock"
    case (_, .stock): "stock GtkScrolledWindow, no lock"
    }
  }

  private func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
    let headerBar = gtk_header_bar_new()!
    let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
    let title = gtk_label_new(AppIdentity.title)!
    gtk_widget_add_css_class(title, "title")
    let mode = gtk_label_new(subtitle)!
    gtk_widget_add_css_class(mode, "subtitle")
    // Ellipsized, as header bar titles are: the header never widens the window past its default size.
    for label in [title, mode] { gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END) }
    gtk_box_append(titles.cast(to: GtkBox.self), title)
    gtk_box_append(titles.cast(to: GtkBox.self), mode)
    gtk_header_bar_set_title_widget(OpaquePointer(headerBar), titles)
    gtk_header_bar_pack_start(OpaquePointer(headerBar), recent.button)

    let hudButton = gtk_toggle_button_new_with_label("HUD")!
    gtk_widget_set_tooltip_text(hudButton, "Show the HUD (F1)")
    gtk_actionable_set_action_name(OpaquePointer(hudButton), "win.\(Self.hudAction)")
    gtk_header_bar_pack_end(OpaquePointer(headerBar), hudButton)
    return headerBar
  }

  /// `win.hud` (stateful, toggled by the header button and F1) and `win.activate-row` (the rows' buttons).
  private func addActions() {
    let actionMap = OpaquePointer(window)
    let hudToggle = g_simple_action_new_stateful(Self.hudAction, nil, g_variant_new_boolean(0))!
    connections.append(
      SignalConnection.connect(UnsafeMutableRawPointer(hudToggle), .notify("state")) {
        [weak self] _ in self?.hudToggled(hudToggle)
      })
    g_action_map_add_action(actionMap, hudToggle)
    g_object_unref(UnsafeMutableRawPointer(hudToggle))

    let rowType = g_variant_type_new("u")
    let activateRow = g_simple_action_new(RowList.activateRowAction, rowType)!
    g_variant_type_free(rowType)
    connections.append(
      SignalConnection.connect(UnsafeMutableRawPointer(activateRow), .pointer("activate")) {
        [weak self] parameter in
        guard let parameter else { return }
        self?.rowActivated(Int(g_variant_get_uint32(OpaquePointer(parameter))))
      })
    g_action_map_add_action(actionMap, activateRow)
    g_object_unref(UnsafeMutableRawPointer(activateRow))

    let shortcuts = gtk_shortcut_controller_new()!
    let f1 = gtk_keyval_trigger_new(guint(GDK_KEY_F1), GdkModifierType(0))
    let toggleHud = gtk_named_action_new("win.\(Self.hudAction)")
    gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(f1, toggleHud))
    gtk_widget_add_controller(window, shortcuts)
  }

  private func connectState() {
    scene.onChange = { [weak self] in self?.stateChanged() }
    recent.onEvent = { [weak self] event in self?.trace?.recent(event) }
    scene.onSettled = { [weak self] detent in
      self?.stateChanged()
      self?.trace?.settled(detent: detent)
    }
    scene.onRefreshChange = { [weak self] isRefreshing in
      self?.stateChanged()
      self?.trace?.refresh(isRefreshing: isRefreshing)
    }
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scene.scrolledWindow))!
    connections += [
      SignalConnection.connect(adjustment, .valueChanged) { [weak self] in self?.stateChanged() },
      SignalConnection.connect(adjustment, .changed) { [weak self] in self?.stateChanged() },
      SignalConnection.connect(scene.scrolledWindow, .edgeOvershot) { [weak self] (position: UInt32) in
        self?.overshot(position, ofPage: false)
      },
    ]
    if let page = scene.pageScrolledWindow {
      let pageAdjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(page))!
      connections += [
        SignalConnection.connect(pageAdjustment, .valueChanged) { [weak self] in self?.stateChanged() },
        SignalConnection.connect(page, .edgeOvershot) { [weak self] (position: UInt32) in
          self?.overshot(position, ofPage: true)
        },
      ]
    }
  }

  // MARK: - Events

  private func becameReady() {
    guard let list = RootCoordinates.rectangle(of: scene.scrolledWindow),
      let sheet = RootCoordinates.rectangle(of: scene.sheetWidget),
      let recentButton = RootCoordinates.rectangle(of: recent.button)
    else { return }
    let page = scene.pageScrolledWindow.flatMap(RootCoordinates.rectangle(of:))
    trace?.ready(list: list, sheet: sheet, recent: recentButton, page: page, state: DemoState(of: scene))
    guard let milliseconds = options.quitAfterMilliseconds else { return }
    quitTimer = MainLoopSource(intervalMilliseconds: milliseconds) { [weak self] in
      self?.quit(0)
      return false
    }
  }

  /// Something the state reads changed: it is sampled once the GTK handler at work has returned, so that a
  /// change made of several steps (TopLock sets the value, then moves the sheet) shows as one.
  private func stateChanged() {
    guard pendingState == nil else { return }
    pendingState = MainLoopSource(idlePriority: G_PRIORITY_HIGH) { [weak self] in
      self?.pendingState = nil
      self?.sampleState()
      return false
    }
  }

  private func sampleState() {
    let state = DemoState(of: scene)
    trace?.state(state)
    let now = ProgramClock.elapsedMilliseconds
    if state.contentPosition != lastSample?.position {
      velocity.add(time: now, position: state.contentPosition)
      lastSample = (now, state.contentPosition)
    }
    refreshHud()
  }

  private func overshot(_ position: UInt32, ofPage isPage: Bool) {
    guard let edge = VerticalEdge(overshotPosition: position) else { return }
    trace?.overshoot(edge: edge, ofPage: isPage)
  }

  /// The window is going: nothing may read its widgets any more, so every handler and source goes first.
  private func closed() {
    readyWatcher = nil
    scene.onChange = nil
    scene.onSettled = nil
    scene.onRefreshChange = nil
    recent.close()
    for connection in connections { connection.disconnect() }
    connections = []
    for source in [pendingState, hudTimer, quitTimer] { source?.remove() }
    pendingState = nil
    hudTimer = nil
    quitTimer = nil
  }

  private func rowActivated(_ row: Int) {
    trace?.activated(row: row)
    background?.showActivated(row: row)
  }

  private func hudToggled(_ action: OpaquePointer) {
    guard let state = g_action_get_state(action) else { return }
    hud.isVisible = g_variant_get_boolean(state) != 0
    g_variant_unref(state)
    hudTimer?.remove()
    hudTimer = nil
    guard hud.isVisible else { return }
    refreshHud()
    hudTimer = MainLoopSource(intervalMilliseconds: Self.hudRefreshMilliseconds) { [weak self] in
      self?.refreshHud()
      return true
    }
  }

  /// Shows the current state; the velocity counts as 0 once no sample came within the velocity window.
  private func refreshHud() {
    guard hud.isVisible else { return }
    let window = Tuning.velocityWindow / .milliseconds(1)
    let isMoving = lastSample.map { ProgramClock.elapsedMilliseconds - $0.time <= window } ?? false
    hud.show(DemoState(of: scene), velocity: isMoving ? velocity.velocity : 0, phase: scene.sheetPhase)
  }
}
