/// The line protocol between a touch test and the `TopLockTouchFixture` executable, which shows the GTK
/// side on a Broadway display (touch tests) or on headless sway (`HeadlessSway`, the Wayland tests). One JSON
/// object a line: the test writes `TouchFixtureCommand`s on the fixture's standard input, the fixture answers
/// each with one `TouchFixtureReply` on its standard output.
///
/// - `{"command":"scene","scene":"stock"|"toplock"|"sheet","value":0,"rows":"labels"|"buttons",
///   "options":{"mouseDragEnabled":false,"dragThreshold":8,"touchpadPullEnabled":true,"bottomHandOff":false}}`
///   destroys the scene before, builds a `ScrolledListFixture` (400 x 700 px, undecorated) as asked, scrolls it to `value` px and
///   answers
///   `{"event":"ready","list":{...},"value":...}` once it is shown and painted: `list` is the scrolled window's
///   rectangle in its surface's px. `stock` is GTK alone (its gestures touch-only, as GTK sets them, unless
///   `options` turns `mouseDragEnabled` on: then a mouse drags it too, as a pointer's stock control needs);
///   `toplock` attaches TopLock (default options unless `options` says otherwise) with a recording host;
///   `sheet` puts the list in a `TopLockSheet` 60 px below the window's top (`ready` adds the sheet's
///   `handle` rectangle). `two-lists` shows two lists side by side (200 px wide each, the second at value 0),
///   each with TopLock attached and its own recording host; `two-lists-stock` shows them stock; `ready` adds
///   `secondList`. Measuring starts then.
/// - `{"command":"report"}` answers `{"event":"report",...}`: what was measured since the scene started
///   (`TouchFixtureReport`).
/// - `{"command":"wait-still"}` runs GTK until the value and the host offset have not moved for 300 ms (at
///   most 4 s) and answers `{"event":"still","value":...}`.
/// - `{"command":"options","options":{...}}` changes the scene's TopLock options at once, mid-gesture
///   included (`TopLockScroller.setOptions`): the fields given replace those in force, the others stay. Answers
///   `{"event":"done"}`.
/// - `{"command":"detach"}` detaches the scene's scroller (`TopLockScroller.detach()`) and answers `done`.
/// - `{"command":"visible","visible":false}` hides the scene's scrolled window (`true` shows it again) and
///   answers `done`.
/// - `"monitor":true` in a `scene` command (`toplock` or `sheet`) puts an `InvariantMonitor` between the
///   scroller and its host for the scene's life (the gesture fuzz). The driver tells it of the drag it runs,
///   giving the owning finger's y in the surface's px: `{"command":"pressed","y":..,"context":".."}` just
///   before the finger goes down (`context` prefixes the violation lines from then on),
///   `{"command":"checkpoint","y":..}` once the finger rested 40 ms, `{"command":"releasing","y":..}` just
///   before it lifts; each is answered `{"event":"done"}`. `{"command":"invariants"}` answers
///   `{"event":"invariants","invariants":{...}}` (`TouchFixtureInvariants`): the scene's violations so far.
///   These four are refused without a monitor.
/// - `ready` also gives `maximumValue`, the largest value the list scrolls to, px.
/// - `{"command":"quit"}` ends the fixture (status 0); so does the end of its standard input.
///
/// A `scene` command may also give `rowCount` (rows in the list, `ScrolledListFixture`'s 120 by default: a few
/// rows make content shorter than the page), `horizontalPolicy` (`never`, the default, or `always`: the
/// scrolled window then scrolls both ways for GTK's drag, though the content is no wider than the page),
/// `overlayScrolling: false` (a scrollbar always shown beside the content instead of GTK's overlay indicator)
/// `cosmeticNet: "kept"` (with TopLock: `TopLockOptions.cosmeticNetEnabled` on, the list gets the `toplock` CSS
/// class that TopLock's cosmetic stylesheet matches; `removed` or no field: the default, off, so that only the
/// mechanism can keep the top glow away) and, for `sheet`,
/// `collapsed: true` (the sheet rests collapsed before measuring starts). For `two-lists` and
/// `two-lists-stock`, `secondListNested: true` puts the second list (200 px high, the list's full width) at the
/// top of the first list's content instead of beside it: a scrolled window nested in another's content.
///
/// The sheet (`TopLockSheet`, its detents and API):
/// - a `sheet` scene may give `detents` (each `96px`, `50%` or `hidden`, as `SheetDetent` reads them; the
///   sheet's default options otherwise), `flickVelocity`, `sheetToListMomentumVelocity` and
///   `listToSheetMomentumVelocity` (px/s), and `scrimDetent`; the report adds `scrimOpacity`;
/// - `{"command":"settle","detent":1,"animated":true}` calls `settle(to:animated:)` (mid-gesture included)
///   and answers `done`, or `error` when the sheet refuses the index;
/// - `{"command":"resize","height":500}` gives the sheet's area `height` px (a size request, aligned to the
///   window's top; the window keeps its size) and answers `done`;
/// - the report adds `detent` and `predictedDetent` (the sheet's current and predicted detent now),
///   `settledDetents` (each `onSettled`, oldest first), `predictedDetents` (each `onPredictedDetentChange`),
///   `detentOffsets` (each detent's offset at the current size, px), `visiblePanelHeight` (the px of the
///   panel that show, as laid out), `availableHeight` (the sheet's area below its top inset, px) and
///   `valuesWhenSettled` (the list's value at each `onSettled`, px);
/// - `{"command":"accessible"}` reads the handle's accessible state back (the fixture must run with
///   `GTK_A11Y=test`) and answers `done` with `expanded` (the handle's `GTK_ACCESSIBLE_STATE_EXPANDED`, absent
///   when it reads as neither) and `labelMatches` (whether its label is `TopLockSheet.handleAccessibleLabel`).
///
/// Pull to refresh (`TopLockRefresh`, default refresh options):
/// - a `refresh` scene puts the list under a refresh indicator filling the window, with TopLock attached and a
///   recording host forwarding to the refresh; its refreshes last until `end-refresh`;
/// - `{"command":"end-refresh"}` calls `endRefreshing()` and answers `done`;
/// - the report adds `refreshCount` (each `onRefresh` since the scene started), `isRefreshing` and
///   `revealedHeight` (px);
/// - `{"command":"accessible"}` answers `done` with `busy` (the list's `GTK_ACCESSIBLE_STATE_BUSY`, absent when
///   it reads as neither) and `labelMatches` (whether the indicator's label is
///   `TopLockRefresh.indicatorAccessibleLabel`).
///
/// A line that does not parse, or a command in the wrong state, is answered `{"event":"error","message":...}`
/// and changes nothing.
public struct TouchFixtureCommand: Codable, Equatable, Sendable {
  /// What to do.
  public enum Kind: String, Codable, Sendable {
    case scene
    case report
    case waitStill = "wait-still"
    case quit
    case options
    case detach
    case visible
    case pressed
    case checkpoint
    case releasing
    case invariants
    case settle
    case resize
    case accessible
    case endRefresh = "end-refresh"
  }

  /// Which window a `scene` command builds.
  public enum Scene: String, Codable, Sendable {
    case stock
    case toplock
    case sheet
    /// The list under a `TopLockRefresh` indicator.
    case refresh
    /// Two lists side by side in one window, each with TopLock and a recording host.
    case twoLists = "two-lists"
    /// Two stock lists side by side in one window.
    case twoListsStock = "two-lists-stock"
  }

  /// What the list's rows are.
  public enum Rows: String, Codable, Sendable {
    /// 120 labels of 30 px (`ScrolledListFixture`'s default).
    case labels
    /// 120 `ButtonRows` buttons of 40 px, whose clicks the report lists.
    case buttons
  }

  /// The scrolled window's horizontal scrollbar policy (its vertical one is automatic).
  public enum HorizontalPolicy: String, Codable, Sendable {
    /// `GTK_POLICY_NEVER`: the list scrolls up and down only.
    case never
    /// `GTK_POLICY_ALWAYS`: GTK's drag moves both axes.
    case always
  }

  /// Whether TopLock's cosmetic stylesheet may act on the scene's list.
  public enum CosmeticNet: String, Codable, Sendable, CaseIterable {
    /// `TopLockOptions.cosmeticNetEnabled` on: the list has the `toplock` CSS class.
    case kept
    /// The option off (TopLock's default): only the mechanism can keep the top glow away.
    case removed
  }

  /// The TopLock options a scene may change; the rest keep `TopLockOptions`' defaults.
  public struct Options: Codable, Equatable, Sendable {
    /// `TopLockOptions.mouseDragEnabled`; default false.
    public var mouseDragEnabled: Bool?
    /// `TopLockOptions.dragThreshold`, px; default GTK's.
    public var dragThreshold: Double?
    /// `TopLockOptions.touchpadPullEnabled`; default true.
    public var touchpadPullEnabled: Bool?
    /// `scene` `toplock` only: the bottom policy `.lockAndHandOff`, the scene's recording host the
    /// scroller's `bottomHost` rather than its top `host`; default false.
    public var bottomHandOff: Bool?

    /// Options as given; `nil` keeps the default.
    public init(
      mouseDragEnabled: Bool? = nil, dragThreshold: Double? = nil, touchpadPullEnabled: Bool? = nil,
      bottomHandOff: Bool? = nil
    ) {
      self.mouseDragEnabled = mouseDragEnabled
      self.dragThreshold = dragThreshold
      self.touchpadPullEnabled = touchpadPullEnabled
      self.bottomHandOff = bottomHandOff
    }
  }

  public var command: Kind
  public var scene: Scene?
  /// The value to scroll to before measuring, px.
  public var value: Double?
  public var rows: Rows?
  public var options: Options?
  /// `scene`: whether an `InvariantMonitor` watches the scene; default false.
  public var monitor: Bool?
  /// `pressed`, `checkpoint`, `releasing`: the owning finger's y, in the surface's px.
  public var y: Double?
  /// `pressed`: what the driver does, prefixed to the violation lines.
  public var context: String?

  /// `scene`: the number of rows; `nil` keeps `ScrolledListFixture`'s default.
  public var rowCount: Int?
  /// `scene` `sheet`: whether the sheet rests collapsed before measuring starts; `nil` is open.
  public var collapsed: Bool?
  /// `visible`: whether the scrolled window is shown.
  public var visible: Bool?
  /// `scene`: the horizontal scrollbar policy; `nil` is `never`.
  public var horizontalPolicy: HorizontalPolicy?
  /// `scene`: whether the scrollbar is GTK's overlay indicator; `nil` is GTK's default, yes.
  public var overlayScrolling: Bool?
  /// `scene` with TopLock: whether its cosmetic stylesheet may act; `nil` is `removed`, the option's default.
  public var cosmeticNet: CosmeticNet?
  /// `scene` `two-lists`, `two-lists-stock`: whether the second list sits in the first list's content; `nil`
  /// is beside it.
  public var secondListNested: Bool?
  /// `scene` `sheet`: the sheet's detents as text (`96px`, `50%`, `hidden`); `nil` keeps the defaults.
  public var detents: [String]?
  /// `scene` `sheet`: the sheet's flick velocity, px/s; `nil` keeps the default.
  public var flickVelocity: Double?
  /// `settle`: the detent's index.
  public var detent: Int?
  /// `settle`: whether to animate; `nil` is yes.
  public var animated: Bool?
  /// `resize`: the sheet's area's height, px.
  public var height: Double?
  /// `scene` `sheet`: `TopLockSheetOptions.sheetToListMomentumVelocity`, px/s; `nil` keeps it off.
  public var sheetToListMomentumVelocity: Double?
  /// `scene` `sheet`: `TopLockSheetOptions.listToSheetMomentumVelocity`, px/s; `nil` keeps it off.
  public var listToSheetMomentumVelocity: Double?
  /// `scene` `sheet`: `TopLockSheetOptions.scrimDetent`; `nil`, no scrim.
  public var scrimDetent: Int?
  /// `scene` `stock`, `toplock`: where the list is (`PlacedList`), shown before `ready`; `nil` fills the window.
  /// The list's rectangle is then in the surface of the list's native (a popover's own).
  public var container: ListContainer?
  /// `scene` `stock`, `toplock`: the libadwaita container the list is in instead (an AdwWindow of its own, with
  /// libadwaita started in the fixture's process), shown before `ready`; `nil`, none.
  public var adwaitaContainer: AdwaitaContainer?

  /// A command; the scene fields only matter for `.scene`, `options` for `.scene` and `.options`,
  /// `visible` for `.visible`, `y` and `context` for the monitor's commands.
  public init(
    _ command: Kind, scene: Scene? = nil, value: Double? = nil, rows: Rows? = nil, options: Options? = nil,
    rowCount: Int? = nil, collapsed: Bool? = nil, visible: Bool? = nil,
    horizontalPolicy: HorizontalPolicy? = nil, overlayScrolling: Bool? = nil, monitor: Bool? = nil,
    y: Double? = nil, context: String? = nil, cosmeticNet: CosmeticNet? = nil, secondListNested: Bool? = nil,
    detents: [String]? = nil, flickVelocity: Double? = nil,
    detent: Int? = nil, animated: Bool? = nil, height: Double? = nil,
    sheetToListMomentumVelocity: Double? = nil, listToSheetMomentumVelocity: Double? = nil,
    scrimDetent: Int? = nil, container: ListContainer? = nil, adwaitaContainer: AdwaitaContainer? = nil
  ) {
    self.command = command
    self.scene = scene
    self.value = value
    self.rows = rows
    self.options = options
    self.rowCount = rowCount
    self.collapsed = collapsed
    self.visible = visible
    self.horizontalPolicy = horizontalPolicy
    self.overlayScrolling = overlayScrolling
    self.monitor = monitor
    self.y = y
    self.context = context
    self.cosmeticNet = cosmeticNet
    self.secondListNested = secondListNested
    self.detents = detents
    self.flickVelocity = flickVelocity
    self.detent = detent
    self.animated = animated
    self.height = height
    self.sheetToListMomentumVelocity = sheetToListMomentumVelocity
    self.listToSheetMomentumVelocity = listToSheetMomentumVelocity
    self.scrimDetent = scrimDetent
    self.container = container
    self.adwaitaContainer = adwaitaContainer
  }
}

/// A rectangle in a surface's px.
public struct SurfaceRectangle: Codable, Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  /// The rectangle's left, top, width and height, px.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// What the fixture measured since its scene started.
public struct TouchFixtureReport: Codable, Equatable, Sendable {
  /// The vertical adjustment's value now, px.
  public var value: Double
  /// Frames sampled by the `GlowFrameCounter`.
  public var frames: Int
  /// Frames that drew the top glow.
  public var topGlowFrames: Int
  /// Frames that drew the bottom glow.
  public var bottomGlowFrames: Int
  /// `edge-overshot` emissions for the top edge.
  public var topOvershot: Int
  /// `edge-overshot` emissions for the bottom edge.
  public var bottomOvershot: Int
  /// Pull events the host received, in order: `began`, `changed` (translation px, velocity px/s), `ended`
  /// (velocity px/s), `cancelled`. Empty for the stock scene.
  public var pullEvents: [PullRecord]
  /// The host's offset at each `changed`, px (the sheet's offset; 0 for the recording host).
  public var hostOffsets: [Double]
  /// The button rows clicked, oldest first (with `rows: buttons`).
  public var activatedRows: [Int]
  /// The list's state now: who owns the drag (TopLock's `DragOwner`) and whether GTK's drag is active.
  public var state: ListState?
  /// The second list of a `two-lists` scene.
  public var secondList: ListReport?
  /// The largest value any sampled frame showed, px; `nil` when no frame was sampled.
  public var largestFrameValue: Double?
  /// The host's offset now, px (the sheet's offset; 0 for the recording host; `nil` for the stock scene).
  public var hostOffset: Double?
  /// The smallest offset the sheet took, px, counting every change, its settling included (sheet only).
  public var smallestHostOffset: Double?
  /// The sheet's collapsed offset, px (sheet only).
  public var collapsedOffset: Double?
  /// Where GTK last saw the pointer over the window and what it picks there; `nil` before any motion.
  public var pointer: PointerReport?
  /// The vertical scroll deltas GTK delivered in the window, oldest first (`ScrollRecord`).
  public var scrollDeltas: [ScrollRecord] = []
  /// The velocities of the window's scroll controller's `decelerate` signals (a touchpad's scroll stop),
  /// vertical, in units/s, oldest first.
  public var decelerateVelocities: [Double] = []
  /// The sheet's current detent now (sheet only).
  public var detent: Int?
  /// The sheet's predicted detent now (sheet only).
  public var predictedDetent: Int?
  /// Each detent the sheet settled at, oldest first (sheet only).
  public var settledDetents: [Int]?
  /// Each predicted detent the sheet reported during pulls, oldest first (sheet only).
  public var predictedDetents: [Int]?
  /// Each detent's offset at the current size, px (sheet only).
  public var detentOffsets: [Double]?
  /// The px of the sheet's panel that show in its area, as laid out (sheet only).
  public var visiblePanelHeight: Double?
  /// The height available to the sheet (its area below its top inset), as laid out, px (sheet only).
  public var availableHeight: Double?
  /// The list's value at each `onSettled`, px, oldest first (sheet only).
  public var valuesWhenSettled: [Double]?
  /// The scrim's opacity now, 0 to 1 (sheet only).
  public var scrimOpacity: Double?
  /// The refreshes started since the scene started (refresh only).
  public var refreshCount: Int?
  /// Whether a refresh runs now (refresh only).
  public var isRefreshing: Bool?
  /// The refresh indicator's revealed height now, px (refresh only).
  public var revealedHeight: Double?

  /// The report's figures.
  public init(
    value: Double, frames: Int, topGlowFrames: Int, bottomGlowFrames: Int, topOvershot: Int,
    bottomOvershot: Int, pullEvents: [PullRecord], hostOffsets: [Double], activatedRows: [Int],
    state: ListState? = nil, secondList: ListReport? = nil,
    largestFrameValue: Double? = nil, hostOffset: Double? = nil, smallestHostOffset: Double? = nil,
    collapsedOffset: Double? = nil, pointer: PointerReport? = nil, scrollDeltas: [ScrollRecord] = [],
    decelerateVelocities: [Double] = [], detent: Int? = nil, predictedDetent: Int? = nil,
    settledDetents: [Int]? = nil, predictedDetents: [Int]? = nil, detentOffsets: [Double]? = nil,
    visiblePanelHeight: Double? = nil, availableHeight: Double? = nil, valuesWhenSettled: [Double]? = nil,
    scrimOpacity: Double? = nil, refreshCount: Int? = nil, isRefreshing: Bool? = nil,
    revealedHeight: Double? = nil
  ) {
    self.value = value
    self.frames = frames
    self.topGlowFrames = topGlowFrames
    self.bottomGlowFrames = bottomGlowFrames
    self.topOvershot = topOvershot
    self.bottomOvershot = bottomOvershot
    self.pullEvents = pullEvents
    self.hostOffsets = hostOffsets
    self.activatedRows = activatedRows
    self.state = state
    self.secondList = secondList
    self.largestFrameValue = largestFrameValue
    self.hostOffset = hostOffset
    self.smallestHostOffset = smallestHostOffset
    self.collapsedOffset = collapsedOffset
    self.pointer = pointer
    self.scrollDeltas = scrollDeltas
    self.decelerateVelocities = decelerateVelocities
    self.detent = detent
    self.predictedDetent = predictedDetent
    self.settledDetents = settledDetents
    self.predictedDetents = predictedDetents
    self.detentOffsets = detentOffsets
    self.visiblePanelHeight = visiblePanelHeight
    self.availableHeight = availableHeight
    self.valuesWhenSettled = valuesWhenSettled
    self.scrimOpacity = scrimOpacity
    self.refreshCount = refreshCount
    self.isRefreshing = isRefreshing
    self.revealedHeight = revealedHeight
  }
}

/// Who holds a list's drag now.
public struct ListState: Codable, Equatable, Sendable {
  /// TopLock's `DragOwner` (`none`, `content`, `host`); `nil` for a stock list.
  public var owner: String?
  /// Whether GTK's own drag gesture on the scrolled window is active (`gtk_gesture_is_active`).
  public var isGTKDragActive: Bool

  /// A state as measured.
  public init(owner: String?, isGTKDragActive: Bool) {
    self.owner = owner
    self.isGTKDragActive = isGTKDragActive
  }
}

/// What was measured on a scene's second list since the scene started.
public struct ListReport: Codable, Equatable, Sendable {
  /// The vertical adjustment's value now, px.
  public var value: Double
  /// Frames sampled.
  public var frames: Int
  /// Frames that drew the top glow.
  public var topGlowFrames: Int
  /// `edge-overshot` emissions for the top edge.
  public var topOvershot: Int
  /// Pull events its host received, in order; empty when stock.
  public var pullEvents: [PullRecord]
  /// Who holds its drag now.
  public var state: ListState

  /// The figures.
  public init(
    value: Double, frames: Int, topGlowFrames: Int, topOvershot: Int, pullEvents: [PullRecord],
    state: ListState
  ) {
    self.value = value
    self.frames = frames
    self.topGlowFrames = topGlowFrames
    self.topOvershot = topOvershot
    self.pullEvents = pullEvents
    self.state = state
  }
}

/// One pull event as the host received it.
public struct PullRecord: Codable, Equatable, Sendable {
  /// Which event.
  public enum Kind: String, Codable, Sendable {
    case began
    case changed
    case ended
    case cancelled
  }

  public var kind: Kind
  /// The translation of a `changed`, px.
  public var translation: Double?
  /// The velocity of a `changed` or `ended`, px/s.
  public var velocity: Double?

  /// An event with its figures.
  public init(_ kind: Kind, translation: Double? = nil, velocity: Double? = nil) {
    self.kind = kind
    self.translation = translation
    self.velocity = velocity
  }
}

/// One line of the fixture's answer.
public struct TouchFixtureReply: Codable, Equatable, Sendable {
  /// Which answer.
  public enum Kind: String, Codable, Sendable {
    case ready
    case report
    case still
    case error
    /// `options`, `detach`, `visible`: done.
    case done
    case invariants
  }

  public var event: Kind
  /// `ready`: the scrolled window's rectangle in its surface's px.
  public var list: SurfaceRectangle?
  /// `ready`, `still`: the value, px.
  public var value: Double?
  /// `ready` for `two-lists` scenes: the second scrolled window's rectangle in the surface's px.
  public var secondList: SurfaceRectangle?
  /// `ready` for the `sheet` scene: the sheet's handle button's rectangle in the surface's px, the sheet open.
  public var handle: SurfaceRectangle?
  /// `report`: the figures.
  public var report: TouchFixtureReport?
  /// `error`: what was wrong.
  public var message: String?
  /// `ready`: the largest value the list scrolls to, px.
  public var maximumValue: Double?
  /// `invariants`: what the scene's monitor found.
  public var invariants: TouchFixtureInvariants?
  /// `accessible`: the handle's accessible expanded state.
  public var expanded: Bool?
  /// `accessible`: whether the handle's (refresh: the indicator's) accessible label is the sheet's (the
  /// refresh's).
  public var labelMatches: Bool?
  /// `accessible` in the refresh scene: the list's accessible busy state.
  public var busy: Bool?
  /// `ready`, when the list is in a native other than the window (a popover): where that native's surface
  /// lies in the window's surface, px (its popup position, which the compositor chose). Surface px plus this
  /// are the output's px on headless sway.
  public var nativeOrigin: SurfacePoint?

  /// An answer.
  public init(
    _ event: Kind, list: SurfaceRectangle? = nil, value: Double? = nil, report: TouchFixtureReport? = nil,
    message: String? = nil, secondList: SurfaceRectangle? = nil, handle: SurfaceRectangle? = nil,
    maximumValue: Double? = nil, invariants: TouchFixtureInvariants? = nil, expanded: Bool? = nil,
    labelMatches: Bool? = nil, busy: Bool? = nil, nativeOrigin: SurfacePoint? = nil
  ) {
    self.event = event
    self.list = list
    self.value = value
    self.secondList = secondList
    self.handle = handle
    self.report = report
    self.message = message
    self.maximumValue = maximumValue
    self.invariants = invariants
    self.expanded = expanded
    self.labelMatches = labelMatches
    self.busy = busy
    self.nativeOrigin = nativeOrigin
  }
}

/// What a scene's `InvariantMonitor` found since the scene started.
public struct TouchFixtureInvariants: Codable, Equatable, Sendable {
  /// Every violation, one line each, prefixed with the driver's context at the time.
  public var violations: [String]
  /// Violations by the monitor's check (`InvariantMonitor.Check`'s raw value); checks with none are left out.
  public var counts: [String: Int]
  /// Pulls begun, ended with a release, and cancelled.
  public var pullsBegan: Int
  public var pullsEnded: Int
  public var pullsCancelled: Int
  /// Translation checks made, and skipped (content moved before the drag had an owner, or reached the bottom).
  public var translationChecks: Int
  public var translationChecksSkipped: Int

  /// The monitor's findings.
  public init(
    violations: [String], counts: [String: Int], pullsBegan: Int, pullsEnded: Int, pullsCancelled: Int,
    translationChecks: Int, translationChecksSkipped: Int
  ) {
    self.violations = violations
    self.counts = counts
    self.pullsBegan = pullsBegan
    self.pullsEnded = pullsEnded
    self.pullsCancelled = pullsCancelled
    self.translationChecks = translationChecks
    self.translationChecksSkipped = translationChecksSkipped
  }
}
