import TopLockCore

/// The parsed command line: run the demo, or print the help.
///
/// The demo parses its own arguments (GApplication's parser exits 1 with no hint): each flag may be
/// written `--flag value` or `--flag=value`; a later flag overrides an earlier one.
enum DemoCommand: Equatable {
  /// Print `usage` and exit 0.
  case help
  /// Open the window with these options.
  case run(DemoOptions)

  /// The text `--help` prints: every flag.
  static let usage = """
    Usage: toplock-demo [OPTION…]

    A bottom sheet over a long list: pull the list down at its top and the sheet follows.

    Options:
      --scene NAME           what the window shows (default sheet; --rows is the sheet's and the
                             refresh and more lists'):
                               sheet    the bottom sheet over a background, holding the list
                               refresh  the list alone, with pull to refresh: pull it down past 64 px at
                                        its top and let go, or press F5 or Ctrl+R in it; a refresh takes
                                        1.5 s and puts 5 new rows at the top
                               more     the list alone, with load more at its bottom: push it up past
                                        64 px at its bottom and let go, or press F5 or Ctrl+R in it; a
                                        load takes 1.5 s and puts 5 new rows at the bottom
                               nested   a long page holding a 300 px list of 50 rows chained to it:
                                        at the list's top, the rest of a drag scrolls the page
      --rows N               rows in the list, 1 to \(DemoOptions.maximumRowCount) \
    (default \(DemoOptions.defaultRowCount))
      --stock                a plain GtkScrolledWindow (mouse drag on, no TopLock), for comparison
      --no-attach            a measurement aid: the same window as without it, but TopLock is not
                             attached to the list (the sheet stays still; GTK's own scrolling);
                             sheet scene only
      --detents LIST         the sheet's rest positions, lowest first: px and % of the height below the
                             header, comma-separated, optionally hidden (default 96px,50%,100%)
      --scrim                dim the background as the sheet opens above its first visible detent; a
                             click on the dimmed background collapses the sheet
      --trace                print one JSON object a line on standard output: ready, state, overshoot,
                             activated, settled
      --quit-after SECONDS   quit with status 0 this many seconds after the first frame: a decimal
                             from \(quitAfterBounds) (one day)
      -h, --help             print this help and exit

    The header's Recent button opens a list in a popover, with the same rules unless --stock: its top
    never springs, and a pull down there moves the list and, past 96 px, closes the popover.
    Keys: with the focus in the sheet, Escape collapses it; on the handle, Enter, Up and Page Up move the
    sheet up, Down and Page Down move it down; F1 shows or hides the HUD.
    A bad flag or value prints one line on standard error and exits with status 2.
    """

  /// Parses the arguments that follow the program name.
  ///
  /// - Throws: `DemoUsageError` naming the first unknown flag, stray argument, missing or bad value.
  init(arguments: [String]) throws(DemoUsageError) {
    var options = DemoOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (flag, attachedValue) = Self.split(argument)
      func value() throws(DemoUsageError) -> String {
        if let attachedValue { return attachedValue }
        guard let next = remaining.popFirst() else { throw DemoUsageError(problem: "\(flag) needs a value") }
        return next
      }
      func noValue() throws(DemoUsageError) {
        guard attachedValue == nil else { throw DemoUsageError(problem: "\(flag) takes no value") }
      }
      switch flag {
      case "-h", "--help":
        try noValue()
        self = .help
        return
      case "--rows": options.rowCount = try Self.rowCount(try value())
      case "--quit-after": options.quitAfterSeconds = try Self.seconds(try value())
      case "--stock":
        try noValue()
        options.mode = .stock
      case "--no-attach":
        try noValue()
        options.mode = .unattached
      case "--trace":
        try noValue()
        options.isTracing = true
      case "--detents": options.detents = try Self.detents(try value())
      case "--scrim":
        try noValue()
        options.hasScrim = true
      case "--scene": options.scene = try Self.scene(try value())
      default:
        guard flag.hasPrefix("-") else { throw DemoUsageError(problem: "unexpected argument '\(argument)'") }
        throw DemoUsageError(problem: "unknown option '\(flag)'")
      }
    }
    if options.mode == .unattached, options.scene != .sheet {
      throw DemoUsageError(problem: "--no-attach needs --scene sheet, got --scene \(options.scene.rawValue)")
    }
    self = .run(options)
  }

  /// A scene's name, as `--help` lists them.
  private static func scene(_ text: String) throws(DemoUsageError) -> DemoSceneKind {
    guard let scene = DemoSceneKind(rawValue: text) else {
      let names = DemoSceneKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw DemoUsageError(problem: "--scene needs one of \(names), got '\(text)'")
    }
    return scene
  }

  /// `DemoOptions.quitAfterRange` as the help and the error write it: `0.001 to 86400`.
  private static var quitAfterBounds: String {
    "\(DemoOptions.quitAfterRange.lowerBound) to \(Int(DemoOptions.quitAfterRange.upperBound))"
  }

  /// `--flag=value` as (`--flag`, `value`); anything else as (argument, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// A whole number of rows from 1 to `DemoOptions.maximumRowCount`, digits only.
  private static func rowCount(_ text: String) throws(DemoUsageError) -> Int {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let count = Int(text),
      (1...DemoOptions.maximumRowCount).contains(count)
    else {
      throw DemoUsageError(
        problem: "--rows needs a whole number from 1 to \(DemoOptions.maximumRowCount), got '\(text)'")
    }
    return count
  }

  /// A comma-separated list of detents (`96px`, `50%`, `hidden`) that `TopLockSheetOptions` accepts.
  private static func detents(_ text: String) throws(DemoUsageError) -> [SheetDetent] {
    let problem = DemoUsageError(
      problem:
        "--detents needs a comma-separated list of px and % heights (96px,50%,100%), optionally hidden, "
        + "with one visible, got '\(text)'")
    var detents: [SheetDetent] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let detent = SheetDetent(String(item)) else { throw problem }
      detents.append(detent)
    }
    do {
      try TopLockSheetOptions(detents: detents).validate()
    } catch {
      throw problem
    }
    return detents
  }

  /// A decimal number of seconds in `DemoOptions.quitAfterRange`: digits with at most one decimal point (`3`,
  /// `0.5`, `.25`).
  private static func seconds(_ text: String) throws(DemoUsageError) -> Double {
    let digits = text.filter(\.isASCIIDigit)
    guard !digits.isEmpty, text.count - digits.count <= 1, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
      let seconds = Double(text), DemoOptions.quitAfterRange.contains(seconds)
    else {
      throw DemoUsageError(
        problem: "--quit-after needs a number of seconds from \(quitAfterBounds), got '\(text)'")
    }
    return seconds
  }
}

extension Character {
  /// Whether this is one of `0`…`9` (`isNumber` also accepts other scripts' digits and fractions).
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
