import CTopLockAccessibleCheck
import CTopLockGtk
import TopLock
import TopLockAdwaitaSupport
import TopLockGObject
import TopLockTestInvariants
import TopLockTestSupport

/// One shown window of the touch fixture: a `ScrolledListFixture`, stock, with TopLock attached, or in a
/// `TopLockSheet`, with a `GlowFrameCounter` and, with TopLock, a `PullRecorder` as the host (forwarding to
/// the sheet), and, when asked, an `InvariantMonitor` between the scroller and that host. `tearDown()` undoes
/// it all. Main actor only.
@MainActor
final class TouchFixtureScene {
  /// The distance from the window's top to the open sheet, in px.
  static let sheetTopInset = 60.0
  private static let stillMilliseconds = 300.0
  private static let stillTimeoutMilliseconds = 4000.0

  let fixture: ScrolledListFixture
  private let glowCounter: GlowFrameCounter
  private let inputRecorder: BoundaryInputRecorder
  private let buttonRows: ButtonRows?
  private let recorder: PullRecorder?
  private let scroller: TopLockScroller?
  private let sheet: TopLockSheet?
  private let refresh: TopLockRefresh?
  /// The refreshes started since measuring started.
  private var refreshCount = 0
  private var secondList: SecondList?
  /// Where the list is, when the command put it in a container, GTK's or libadwaita's.
  private let placed: (any ListPlacement)?
  /// The smallest offset the sheet took since measuring started, px.
  private var smallestSheetOffset: Double?
  /// Each detent the sheet settled at since measuring started, oldest first.
  private var settledDetents: [Int] = []
  /// The list's value at each of those settles, px.
  private var valuesWhenSettled: [Double] = []
  /// Each predicted detent the sheet reported since measuring started, oldest first.
  private var predictedDetents: [Int] = []
  /// The monitor the `scene` command asked for (`monitor`), with TopLock only.
  let monitor: InvariantMonitor?

  /// Builds, shows and scrolls the scene `command` asks for, and starts measuring.
  ///
  /// - Throws: `TopLockError` from attaching; `TestSupportError.timedOut` when the window does not show.
  init(_ command: TouchFixtureCommand) throws {
    fixture = ScrolledListFixture(rowCount: command.rowCount ?? ScrolledListFixture.Defaults.rowCount)
    let containerCount = [command.container != nil, command.adwaitaContainer != nil].count { $0 }
    if containerCount > 1 || (containerCount == 1 && ![.stock, .toplock].contains(command.scene ?? .stock)) {
      fixture.destroy()
      throw TouchFixtureSceneError.containerNeedsOneList
    }
    if let adwaitaContainer = command.adwaitaContainer {
      do {
        placed = try AdwaitaPlacedList(fixture, in: adwaitaContainer)
      } catch {
        fixture.destroy()
        throw error
      }
    } else if let container = command.container {
      placed = PlacedList(fixture, in: container)
    } else {
      placed = nil
    }
    buttonRows =
      command.rows == .buttons
      ? ButtonRows(count: fixture.rowCount, in: fixture.scrolledWindow) : nil
    let horizontalPolicy = command.horizontalPolicy == .always ? GTK_POLICY_ALWAYS : GTK_POLICY_NEVER
    gtk_scrolled_window_set_policy(
      OpaquePointer(fixture.scrolledWindow), horizontalPolicy, GTK_POLICY_AUTOMATIC)
    if let overlayScrolling = command.overlayScrolling {
      gtk_scrolled_window_set_overlay_scrolling(
        OpaquePointer(fixture.scrolledWindow), overlayScrolling ? 1 : 0)
    }
    var options = TopLockOptions()
    options.mouseDragEnabled = command.options?.mouseDragEnabled ?? false
    options.dragThreshold = command.options?.dragThreshold
    options.touchpadPullEnabled = command.options?.touchpadPullEnabled ?? true
    options.cosmeticNetEnabled = command.cosmeticNet == .kept
    switch command.scene ?? .stock {
    case .stock:
      (scroller, sheet, refresh, recorder) = (nil, nil, nil, nil)
      if options.mouseDragEnabled {
        try ScrolledWindowGestures(scrolledWindow: fixture.scrolledWindow).setTouchOnly(false)
      }
    case .toplock:
      let recorder = PullRecorder()
      if command.options?.bottomHandOff == true {
        options.bottomPolicy = .lockAndHandOff
        let scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: options)
        scroller.bottomHost = recorder
        self.scroller = scroller
      } else {
        scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: options, host: recorder)
      }
      (sheet, refresh, self.recorder) = (nil, nil, recorder)
    case .sheet:
      let sheet = try Self.sheet(around: fixture, options: options, sheetOptions: Self.sheetOptions(command))
      let recorder = PullRecorder(forwardingTo: sheet)
      sheet.scroller.host = recorder
      (scroller, self.sheet, refresh, self.recorder) = (sheet.scroller, sheet, nil, recorder)
    case .refresh:
      let refresh = try Self.refresh(around: fixture, options: options)
      let recorder = PullRecorder(forwardingTo: refresh)
      refresh.scroller.host = recorder
      (scroller, sheet, self.refresh, self.recorder) = (refresh.scroller, nil, refresh, recorder)
    case .twoLists, .twoListsStock:
      let attaching = command.scene == .twoLists
      let recorder = attaching ? PullRecorder() : nil
      let scrolledWindow = fixture.scrolledWindow
      scroller = try recorder.map {
        try TopLockScroller.attach(to: scrolledWindow, options: options, host: $0)
      }
      (sheet, refresh, self.recorder) = (nil, nil, recorder)
      secondList = try SecondList(
        beside: fixture, nested: command.secondListNested == true, attaching: attaching, options: options)
    }
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    inputRecorder = BoundaryInputRecorder(
      list: fixture.scrolledWindow, placeholder: placed?.window ?? fixture.window)
    monitor =
      if command.monitor == true, let scroller, let recorder {
        InvariantMonitor(scroller: scroller, forwardingTo: recorder, glowCounter: glowCounter)
      } else {
        nil
      }
    do {
      if let placed {
        try fixture.present(revealing: placed, afterTheWindowPaints: true)
      } else {
        try fixture.present()
      }
      try fixture.scroll(to: command.value ?? 0)
      if command.collapsed == true, let sheet {
        sheet.toggle()
        waitUntilStill()
      }
    } catch {
      tearDown()
      throw error
    }
    glowCounter.reset()
    inputRecorder.reset()
    secondList?.startMeasuring()
    smallestSheetOffset = sheet?.offset
    sheet?.onOffsetChange = { [weak self] sheet in
      self?.smallestSheetOffset = min(self?.smallestSheetOffset ?? sheet.offset, sheet.offset)
    }
    sheet?.onSettled = { [weak self] _, detent in
      self?.settledDetents.append(detent)
      self?.valuesWhenSettled.append(self?.fixture.scrollValue ?? .nan)
    }
    sheet?.onPredictedDetentChange = { [weak self] _, detent in self?.predictedDetents.append(detent) }
    refresh?.onRefresh = { [weak self] _ in self?.refreshCount += 1 }
  }

  /// The scrolled window's rectangle in its surface's px (widget bounds in the window, plus the window's
  /// surface transform: a client-side shadow, none for the undecorated fixture window).
  var listRectangle: SurfaceRectangle {
    surfaceRectangle(of: fixture.scrolledWindow)
  }

  /// The `ready` answer: the list's rectangle and value, and the second list's or the handle's rectangle.
  var readyReply: TouchFixtureReply {
    TouchFixtureReply(
      .ready, list: listRectangle, value: fixture.scrollValue,
      secondList: secondList.map { surfaceRectangle(of: $0.scrolledWindow) },
      handle: sheet.map { surfaceRectangle(of: $0.handle) }, maximumValue: fixture.maximumScrollValue,
      nativeOrigin: listNativeOrigin)
  }

  /// Where the surface of the list's native lies in the window's surface, px: the sum of the popup positions
  /// from that surface up to the window's; `nil` when the list is in the window.
  private var listNativeOrigin: SurfacePoint? {
    guard let native = gtk_widget_get_native(fixture.scrolledWindow),
      var surface = gtk_native_get_surface(native)
    else { return nil }
    var origin: SurfacePoint?
    while g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(surface), gdk_popup_get_type()) != 0,
      let parent = gdk_popup_get_parent(surface)
    {
      origin = SurfacePoint(
        x: (origin?.x ?? 0) + Double(gdk_popup_get_position_x(surface)),
        y: (origin?.y ?? 0) + Double(gdk_popup_get_position_y(surface)))
      surface = parent
    }
    return origin
  }

  /// `widget`'s rectangle in its native's surface px (the window's, or a popover's).
  private func surfaceRectangle(of widget: UnsafeMutablePointer<GtkWidget>) -> SurfaceRectangle {
    guard let native = gtk_widget_get_native(widget) else {
      return SurfaceRectangle(x: 0, y: 0, width: 0, height: 0)
    }
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget, UnsafeMutablePointer<GtkWidget>(native), &bounds)
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
    return SurfaceRectangle(
      x: Double(bounds.origin.x) + surfaceX, y: Double(bounds.origin.y) + surfaceY,
      width: Double(bounds.size.width), height: Double(bounds.size.height))
  }

  /// What was measured since the scene started.
  func report() -> TouchFixtureReport {
    TouchFixtureReport(
      value: fixture.scrollValue, frames: glowCounter.frameCount,
      topGlowFrames: glowCounter.topGlowFrameCount,
      bottomGlowFrames: glowCounter.bottomGlowFrameCount, topOvershot: glowCounter.topOvershotCount,
      bottomOvershot: glowCounter.bottomOvershotCount, pullEvents: recorder?.events ?? [],
      hostOffsets: recorder?.offsets ?? [], activatedRows: buttonRows?.clickedRows ?? [],
      state: ListState(of: fixture.scrolledWindow, scroller: scroller), secondList: secondList?.report(),
      largestFrameValue: glowCounter.samples.map(\.adjustmentValue).max(), hostOffset: recorder?.hostOffset,
      smallestHostOffset: smallestSheetOffset, collapsedOffset: sheet?.collapsedOffset,
      pointer: inputRecorder.pointerReport(targets: pointerTargets, nativeOrigin: listNativeOrigin),
      scrollDeltas: inputRecorder.scrollDeltas,
      decelerateVelocities: inputRecorder.decelerateVelocities,
      detent: sheet?.currentDetent, predictedDetent: sheet?.predictedDetent,
      settledDetents: sheet.map { _ in settledDetents },
      predictedDetents: sheet.map { _ in predictedDetents },
      detentOffsets: sheet?.layout.offsets, visiblePanelHeight: sheet.map(Self.visiblePanelHeight(of:)),
      availableHeight: sheet.map { Double(gtk_widget_get_height($0.widget)) - $0.topInset },
      valuesWhenSettled: sheet.map { _ in valuesWhenSettled },
      scrimOpacity: sheet.map { gtk_widget_get_opacity($0.scrim) },
      refreshCount: refresh.map { _ in refreshCount }, isRefreshing: refresh?.isRefreshing,
      revealedHeight: refresh?.revealedHeight)
  }

  /// The scene's widgets a pointer report names, the handle before the list it lies in.
  private var pointerTargets: [(PointerReport.Target, UnsafeMutablePointer<GtkWidget>)] {
    (sheet.map { [(.handle, $0.handle)] } ?? []) + [(.list, fixture.scrolledWindow)]
      + (secondList.map { [(.secondList, $0.scrolledWindow)] } ?? [])
  }

  /// Changes the scroller's options: the fields `changes` gives replace those in force.
  ///
  /// - Throws: `TouchFixtureSceneError.noScroller` for the stock scene; `TopLockError.invalidOption`.
  func changeOptions(_ changes: TouchFixtureCommand.Options?) throws {
    guard let scroller else { throw TouchFixtureSceneError.noScroller }
    var options = scroller.options
    if let mouseDragEnabled = changes?.mouseDragEnabled { options.mouseDragEnabled = mouseDragEnabled }
    if let dragThreshold = changes?.dragThreshold { options.dragThreshold = dragThreshold }
    if let touchpadPullEnabled = changes?.touchpadPullEnabled {
      options.touchpadPullEnabled = touchpadPullEnabled
    }
    try scroller.setOptions(options)
  }

  /// Detaches the scroller (the recording host hears `pullCancelled` for a pull in progress).
  ///
  /// - Throws: `TouchFixtureSceneError.noScroller` for the stock scene.
  func detach() throws {
    guard let scroller else { throw TouchFixtureSceneError.noScroller }
    scroller.detach()
  }

  /// The px of `sheet`'s panel that show in its area, as laid out.
  private static func visiblePanelHeight(of sheet: TopLockSheet) -> Double {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(sheet.panel, sheet.widget, &bounds)
    return Double(gtk_widget_get_height(sheet.widget)) - Double(bounds.origin.y)
  }

  /// Sends the sheet to `detent` (`TopLockSheet.settle(to:animated:)`).
  ///
  /// - Throws: `TouchFixtureSceneError.noSheet` without a sheet; `TopLockError.invalidOption` for an index
  ///   the sheet refuses.
  func settle(to detent: Int?, animated: Bool) throws {
    guard let sheet else { throw TouchFixtureSceneError.noSheet }
    try sheet.settle(to: detent ?? -1, animated: animated)
  }

  /// Gives the sheet's area `height` px, aligned to the window's top: a size request, so the window keeps
  /// its size.
  ///
  /// - Throws: `TouchFixtureSceneError.noSheet` without a sheet.
  func resizeSheet(height: Double) throws {
    guard let sheet else { throw TouchFixtureSceneError.noSheet }
    gtk_widget_set_valign(sheet.widget, GTK_ALIGN_START)
    gtk_widget_set_size_request(sheet.widget, -1, Int32(height.rounded()))
  }

  /// The handle's accessible expanded state (`nil` when it reads as neither) and whether its label is the
  /// sheet's, read back from GTK's test accessibility context (`GTK_A11Y=test`).
  ///
  /// - Throws: `TouchFixtureSceneError.noSheet` without a sheet.
  func handleAccessibleState() throws -> (expanded: Bool?, labelMatches: Bool) {
    guard let sheet else { throw TouchFixtureSceneError.noSheet }
    let expanded = Self.booleanState { toplock_accessible_expanded_is(sheet.handle, $0) }
    return (expanded, toplock_accessible_label_is(sheet.handle, TopLockSheet.handleAccessibleLabel) != 0)
  }

  /// The list's accessible busy state (`nil` when it reads as neither) and whether the indicator's label is
  /// the refresh's, read back from GTK's test accessibility context (`GTK_A11Y=test`).
  ///
  /// - Throws: `TouchFixtureSceneError.noRefresh` without pull to refresh.
  func refreshAccessibleState() throws -> (busy: Bool?, labelMatches: Bool) {
    guard let refresh else { throw TouchFixtureSceneError.noRefresh }
    let busy = Self.booleanState { toplock_accessible_busy_is(fixture.scrolledWindow, $0) }
    return (
      busy, toplock_accessible_label_is(refresh.indicator, TopLockRefresh.indicatorAccessibleLabel) != 0
    )
  }

  /// What a state `check` reads back (`check(value)` is whether the state is `value`): `true`, `false`, or
  /// `nil` when it reads as neither.
  private static func booleanState(_ check: (gboolean) -> gboolean) -> Bool? {
    if check(1) != 0 { return true }
    if check(0) != 0 { return false }
    return nil
  }

  /// Whether the scene has pull to refresh.
  var hasRefresh: Bool { refresh != nil }

  /// Ends the refresh in progress.
  ///
  /// - Throws: `TouchFixtureSceneError.noRefresh` without pull to refresh.
  func endRefresh() throws {
    guard let refresh else { throw TouchFixtureSceneError.noRefresh }
    refresh.endRefreshing()
  }

  /// Shows or hides the scrolled window.
  func setListVisible(_ visible: Bool) {
    gtk_widget_set_visible(fixture.scrolledWindow, visible ? 1 : 0)
  }

  /// What the monitor found since the scene started, or `nil` without one.
  func invariants() -> TouchFixtureInvariants? {
    guard let monitor else { return nil }
    return TouchFixtureInvariants(
      violations: monitor.violations,
      counts: Dictionary(
        uniqueKeysWithValues: InvariantMonitor.Check.allCases.compactMap { check in
          let count = monitor.violationCount(check)
          return count > 0 ? (check.rawValue, count) : nil
        }),
      pullsBegan: monitor.pullsBegan, pullsEnded: monitor.pullsEnded, pullsCancelled: monitor.pullsCancelled,
      translationChecks: monitor.translationChecks, translationChecksSkipped: monitor.translationChecksSkipped
    )
  }

  /// Runs GTK until the value and the host's offset have not moved for `stillMilliseconds` ms (no fling or
  /// spring runs), at most `stillTimeoutMilliseconds` ms.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(
      steadyMilliseconds: Self.stillMilliseconds, timeoutMilliseconds: Self.stillTimeoutMilliseconds
    ) { [fixture.scrollValue, recorder?.hostOffset ?? 0] }
  }

  /// Removes the counter, detaches TopLock and destroys the window. Safe to call twice.
  func tearDown() {
    monitor?.remove()
    glowCounter.remove()
    inputRecorder.remove()
    scroller?.detach()
    secondList?.tearDown()
    placed?.closeAndRemove()
    fixture.destroy()
  }

  /// Moves `fixture`'s scrolled window into a new `TopLockSheet` that fills the window, `sheetTopInset` px
  /// below its top, with a label as the background.
  private static func refresh(around fixture: ScrolledListFixture, options: TopLockOptions) throws
    -> TopLockRefresh
  {
    try fixture.moveScrolledWindow { scrolledWindow in
      let refresh = try TopLockRefresh(scrolledWindow: scrolledWindow, options: options)
      return (refresh, refresh.widget)
    }
  }

  private static func sheet(
    around fixture: ScrolledListFixture, options: TopLockOptions, sheetOptions: TopLockSheetOptions
  ) throws -> TopLockSheet {
    try fixture.moveScrolledWindow { scrolledWindow in
      let sheet = try TopLockSheet(
        background: gtk_label_new("background")!, scrolledWindow: scrolledWindow, topInset: sheetTopInset,
        options: options, sheetOptions: sheetOptions)
      return (sheet, sheet.widget)
    }
  }
}

extension TouchFixtureScene {
  /// The sheet options a `scene` command asks for: its `detents` and `flickVelocity` over the defaults.
  ///
  /// - Throws: `TouchFixtureSceneError.notADetent` for a `detents` entry that does not read.
  fileprivate static func sheetOptions(_ command: TouchFixtureCommand) throws -> TopLockSheetOptions {
    var options = TopLockSheetOptions()
    if let texts = command.detents {
      options.detents = try texts.map { text in
        guard let detent = SheetDetent(text) else { throw TouchFixtureSceneError.notADetent(text) }
        return detent
      }
    }
    if let flickVelocity = command.flickVelocity { options.flickVelocity = flickVelocity }
    options.sheetToListMomentumVelocity = command.sheetToListMomentumVelocity
    options.listToSheetMomentumVelocity = command.listToSheetMomentumVelocity
    options.scrimDetent = command.scrimDetent
    return options
  }
}

/// Why the touch fixture's scene refused a command.
enum TouchFixtureSceneError: Error, CustomStringConvertible {
  /// The command needs TopLock, and the scene is stock.
  case noScroller
  /// The command needs a sheet, and the scene has none.
  case noSheet
  /// The command needs pull to refresh, and the scene has none.
  case noRefresh
  /// A `detents` entry that is no detent's text.
  case notADetent(String)
  /// A `container` or `adwaitaContainer` asked for a scene other than `stock` or `toplock`, whose list cannot
  /// move, or both asked for at once.
  case containerNeedsOneList

  var description: String {
    switch self {
    case .noScroller: "the stock scene has no TopLock scroller"
    case .noSheet: "the scene has no sheet"
    case .noRefresh: "the scene has no pull to refresh"
    case .notADetent(let text): "not a detent: \(text) (96px, 50% or hidden)"
    case .containerNeedsOneList: "a container holds the stock or toplock scene's one list, in one container"
    }
  }
}
