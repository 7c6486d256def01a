/// The line protocol between a touch test and the `TopLockTouchFixture` executable, which shows the GTK
/// side on a Broadway display. One JSON object a line: the test writes `TouchFixtureCommand`s on the
/// fixture's standard input, the fixture answers each with one `TouchFixtureReply` on its standard output.
///
/// - `{"command":"scene","scene":"stock"|"toplock"|"sheet","value":0,"rows":"labels"|"buttons",
///   "options":{"mouseDragEnabled":false,"dragThreshold":8}}` destroys the scene before, builds a
///   `ScrolledListFixture` (400 x 700 px, undecorated) as asked, scrolls it to `value` px and answers
///   `{"event":"ready","list":{...},"value":...}` once it is shown and painted: `list` is the scrolled window's
///   rectangle in its surface's px. `stock` is GTK alone (its gestures touch-only, as GTK sets them);
///   `toplock` attaches TopLock (default options unless `options` says otherwise) with a recording host;
///   `sheet` puts the list in a `TopLockSheet` 60 px below the window's top. Measuring starts then.
/// - `{"command":"report"}` answers `{"event":"report",...}`: what was measured since the scene started
///   (`TouchFixtureReport`).
/// - `{"command":"wait-still"}` runs GTK until the value and the host offset have not moved for 300 ms (at
///   most 4 s) and answers `{"event":"still","value":...}`.
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
/// A line that does not parse, or a command in the wrong state, is answered `{"event":"error","message":...}`
/// and changes nothing.
public struct TouchFixtureCommand: Codable, Equatable, Sendable {
  /// What to do.
  public enum Kind: String, Codable, Sendable {
    case scene
    case report
    case waitStill = "wait-still"
    case quit
    case pressed
    case checkpoint
    case releasing
    case invariants
  }

  /// Which window a `scene` command builds.
  public enum Scene: String, Codable, Sendable {
    case stock
    case toplock
    case sheet
  }

  /// What the list's rows are.
  public enum Rows: String, Codable, Sendable {
    /// 120 labels of 30 px (`ScrolledListFixture`'s default).
    case labels
    /// 120 `ButtonRows` buttons of 40 px, whose clicks the report lists.
    case buttons
  }

  /// The TopLock options a scene may change; the rest keep `TopLockOptions`' defaults.
  public struct Options: Codable, Equatable, Sendable {
    /// `TopLockOptions.mouseDragEnabled`; default false.
    public var mouseDragEnabled: Bool?
    /// `TopLockOptions.dragThreshold`, px; default GTK's.
    public var dragThreshold: Double?

    /// Options as given; `nil` keeps the default.
    public init(mouseDragEnabled: Bool? = nil, dragThreshold: Double? = nil) {
      self.mouseDragEnabled = mouseDragEnabled
      self.dragThreshold = dragThreshold
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

  /// A command; the scene fields only matter for `.scene`, `y` and `context` for the monitor's commands.
  public init(
    _ command: Kind, scene: Scene? = nil, value: Double? = nil, rows: Rows? = nil, options: Options? = nil,
    monitor: Bool? = nil, y: Double? = nil, context: String? = nil
  ) {
    self.command = command
    self.scene = scene
    self.value = value
    self.rows = rows
    self.options = options
    self.monitor = monitor
    self.y = y
    self.context = context
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

  /// The report's figures.
  public init(
    value: Double, frames: Int, topGlowFrames: Int, bottomGlowFrames: Int, topOvershot: Int,
    bottomOvershot: Int, pullEvents: [PullRecord], hostOffsets: [Double], activatedRows: [Int]
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
    case done
    case invariants
  }

  public var event: Kind
  /// `ready`: the scrolled window's rectangle in its surface's px.
  public var list: SurfaceRectangle?
  /// `ready`, `still`: the value, px.
  public var value: Double?
  /// `report`: the figures.
  public var report: TouchFixtureReport?
  /// `error`: what was wrong.
  public var message: String?
  /// `ready`: the largest value the list scrolls to, px.
  public var maximumValue: Double?
  /// `invariants`: what the scene's monitor found.
  public var invariants: TouchFixtureInvariants?

  /// An answer.
  public init(
    _ event: Kind, list: SurfaceRectangle? = nil, value: Double? = nil, report: TouchFixtureReport? = nil,
    message: String? = nil, maximumValue: Double? = nil, invariants: TouchFixtureInvariants? = nil
  ) {
    self.event = event
    self.list = list
    self.value = value
    self.report = report
    self.message = message
    self.maximumValue = maximumValue
    self.invariants = invariants
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
