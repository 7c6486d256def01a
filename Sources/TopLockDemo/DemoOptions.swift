import TopLockCore

/// What the command line asks the demo to do (docs/RULES.md, "Command line").
struct DemoOptions: Equatable, Sendable {
  /// The sheet's detents when `--detents` is not given: a peek, half and fully open.
  static let defaultDetents: [SheetDetent] = [.height(96), .fraction(0.5), .fraction(1)]

  /// The list's length when `--rows` is not given.
  static let defaultRowCount = 10_000
  /// The longest list `--rows` accepts: GtkListView lays rows out in `int` px, and ten million rows of
  /// about 50 px stay well inside that.
  static let maximumRowCount = 10_000_000
  /// The seconds `--quit-after` accepts: from one millisecond, the step of the GLib timeout that quits, to
  /// one day, whose milliseconds a `guint` holds.
  static let quitAfterRange = 0.001...86_400.0

  /// Which scene to show (`--scene sheet|refresh|more|nested`).
  var scene = DemoSceneKind.sheet
  /// How many rows the list holds (`--rows N`).
  var rowCount = defaultRowCount
  /// Which window to build: TopLock's, the stock one (`--stock`) or TopLock's without TopLock attached
  /// (`--no-attach`).
  var mode = DemoMode.topLock
  /// Whether to print the JSON trace on standard output (`--trace`).
  var isTracing = false
  /// The sheet's detents (`--detents 96px,50%,100%`), lowest first.
  var detents = defaultDetents
  /// Whether the sheet has a scrim over the background (`--scrim`), above its first visible detent.
  var hasScrim = false

  /// The sheet's options these ask for.
  var sheetOptions: TopLockSheetOptions {
    var options = TopLockSheetOptions(detents: detents)
    options.scrimDetent = hasScrim ? detents.firstIndex(where: \.isVisible) : nil
    return options
  }
  /// Seconds after `ready` at which the app quits with status 0 (`--quit-after SECONDS`); `nil` runs on.
  var quitAfterSeconds: Double?

  /// Whether to build the plain GtkScrolledWindow for comparison instead of TopLock (`--stock`).
  var isStock: Bool { mode == .stock }

  /// `quitAfterSeconds` rounded to whole ms, what the GLib timeout takes; any value in `quitAfterRange` fits.
  var quitAfterMilliseconds: UInt32? {
    quitAfterSeconds.map { UInt32(($0 * 1000).rounded()) }
  }
}
