import Testing
import TopLockTestSupport

/// The GTK rule scenarios that run alike under every `ContactInput` (a finger on Broadway, a mouse on
/// Wayland), each with its checks, measured as the X11 tests measure them: a test calls one for its input,
/// and the figures it prints name that input. Each glow scenario runs the same input on a stock scrolled
/// window first and requires it to glow, so that it can fail.
struct ContactRuleScenarios {
  /// The largest accepted difference between a host translation or content travel and the contact's travel,
  /// px (rules R6 to R9).
  static let contactTolerance = 1.0
  /// A point in the list's upper part, in the list's px.
  static let upperListPoint = WidgetPoint(x: 200, y: 150)
  /// A point in the list's lower part, in the list's px: room for a pull down, then a push up past it.
  static let lowerListPoint = WidgetPoint(x: 200, y: 550)
  /// A value well inside the list, px.
  static let midListValue = 1200.0
  /// A pull down at the top: 200 px, resting 100 ms before the release.
  static let pullDown = DragStroke.drag(dy: 200, holdBeforeReleaseMilliseconds: 100)

  let input: ContactInput

  /// A new session of the input, showing nothing yet; the caller stops it.
  private func newSession() throws -> any ContactFixtureSession {
    try input.newSession()
  }

  // MARK: - R1, R5: the top

  /// R1: a pull down at the top draws no top glow nor `edge-overshot` with TopLock (with its cosmetic
  /// stylesheet in play or not); the stock list under the same pull glows.
  func R1_pullDownAtTheTop_drawsNoTopGlow(cosmeticNet: TouchFixtureCommand.CosmeticNet) throws {
    let session = try newSession()
    defer { session.stop() }
    let stock = try session.measure(
      TouchFixtureCommand(.scene, scene: .stock), stroke: Self.pullDown, from: Self.upperListPoint)
    let toplock = try session.measure(
      TouchFixtureCommand(.scene, scene: .toplock, cosmeticNet: cosmeticNet), stroke: Self.pullDown,
      from: Self.upperListPoint)

    print(
      "figure: \(input) pull at the top (cosmetic net \(cosmeticNet)): top-glow frames stock "
        + "\(stock.topGlowFrames), TopLock \(toplock.topGlowFrames) of \(toplock.frames); edge-overshot stock "
        + "\(stock.topOvershot), TopLock \(toplock.topOvershot); pull events \(toplock.pullKinds)")
    #expect(stock.topGlowFrames > 0, "the stock scrolled window must glow under the same input")
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.topOvershot == 0)
    #expect(toplock.count(.began) == 1, "the pull went to the host")
  }

  /// R5: a pull at the top never moves the content, even when its first motion past the threshold is large
  /// (TopLock's cosmetic stylesheet out of play): no glow, no `edge-overshot`; every frame's value 0 is only a
  /// sanity check, which stock passes too.
  func R5_pullAtTheTop_neverMovesTheContent_evenInOneBigStep() throws {
    let session = try newSession()
    defer { session.stop() }
    let pull = DragStroke.drag(dy: 180, holdBeforeReleaseMilliseconds: 100)
    let bigStepPull = DragStroke.drag(dy: 180, stepPixels: 60, holdBeforeReleaseMilliseconds: 100)
    let stock = try session.measure(
      TouchFixtureCommand(.scene, scene: .stock), stroke: pull, from: Self.upperListPoint)
    try session.show(TouchFixtureCommand(.scene, scene: .toplock, cosmeticNet: .removed))
    for stroke in [pull, bigStepPull] {
      try session.drag(stroke, from: session.point(Self.upperListPoint))
      try session.waitUntilStill()
    }
    let toplock = try session.report()

    print(
      "figure: \(input) pull at the top (5 and 60 px steps): top-glow frames stock \(stock.topGlowFrames), "
        + "TopLock \(toplock.topGlowFrames) of \(toplock.frames); edge-overshot stock \(stock.topOvershot), "
        + "TopLock \(toplock.topOvershot); largest frame value stock \(stock.largestFrameValue ?? .nan), "
        + "TopLock \(toplock.largestFrameValue ?? .nan)")
    #expect(stock.topGlowFrames > 0)
    #expect(stock.topOvershot > 0)
    #expect(stock.largestFrameValue == 0, "the adjustment clamps: the value sanity check cannot fail")
    #expect(toplock.frames > 0)
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.topOvershot == 0)
    #expect(toplock.largestFrameValue == 0)
    #expect(toplock.count(.began) == 2)
    #expect(toplock.count(.ended) == 2)
  }

  // MARK: - R6: the pull follows the contact 1:1

  /// R6 with a host that does not move (the recording host): each translation is the contact's travel.
  func R6_stillHost_translationFollowsTheContact1to1() throws {
    let session = try newSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .toplock))
    let pull = 160.0
    let contact = try ListContact(on: session, at: Self.upperListPoint, nudge: ListContact.downward)
    try contact.move(dy: pull - 1)
    let report = try session.report()
    try contact.liftAndSettle()

    let error = abs(report.lastTranslation - contact.travel)
    let translations = report.pullEvents.compactMap(\.translation)
    print(
      "figure: \(input) contact-vs-host error, still host = \(error) px (translation "
        + "\(report.lastTranslation) px for \(contact.travel) px)")
    #expect(abs(contact.travel - pull) <= Self.contactTolerance)
    #expect(error <= Self.contactTolerance)
    #expect(translations.allSatisfy { $0 >= 0 && $0 <= pull + Self.contactTolerance })
    #expect(report.value == 0)
  }

  // MARK: - R8, R9: hand-off and hand-back in one drag

  /// R8: a drag that scrolls up to the top and keeps going hands the rest to the host: the contact's travel
  /// is the content's plus the translation, in small steps and in 40 px steps.
  func R8_scrollUpToTheTopThenKeepPulling_losesNoPixel() throws {
    let session = try newSession()
    defer { session.stop() }
    let startValue = 100.0
    var figures: [String] = []
    for stepPixels in [5.0, 40] {
      try session.show(TouchFixtureCommand(.scene, scene: .toplock, value: startValue))
      let contact = try ListContact(on: session, at: Self.upperListPoint, nudge: ListContact.downward)
      try contact.move(dy: 249, stepPixels: stepPixels)
      let report = try session.report()
      try contact.liftAndSettle()

      let lostPixels = contact.travel - startValue - report.lastTranslation
      figures.append("steps of \(stepPixels) px: \(lostPixels)")
      #expect(report.value == 0)
      #expect(report.count(.began) == 1)
      #expect(abs(lostPixels) <= Self.contactTolerance, "steps of \(stepPixels) px")
      #expect(report.topGlowFrames == 0)
    }
    print("figure: \(input) hand-off mid-drag, lost pixels: \(figures.joined(separator: "; "))")
  }

  /// R9: a pull pushed back past rest scrolls the list by the rest in the same drag, and the release flings
  /// it.
  func R9_pushTheHostBackThenKeepGoing_scrollsTheListAndFlings() throws {
    let contact = try ListContact(
      onANewSessionOf: input, showing: TouchFixtureCommand(.scene, scene: .toplock), at: Self.lowerListPoint,
      nudge: ListContact.downward)
    let session = contact.session
    defer { session.stop() }
    try contact.move(dy: 99)
    try contact.move(dy: -250)
    let afterHandBack = try session.report()
    // Lifted right after the last motion: a report in between would make the release come late enough, on a
    // loaded machine, for the velocity to have fallen.
    let flick = 300.0
    try contact.move(dy: -flick, stepPixels: 20, stepMilliseconds: 8, holdMilliseconds: 0)
    let final = try contact.liftAndSettle()
    let atRelease = afterHandBack.value + flick

    print(
      "figure: \(input) hand-back: value after pushing back \(afterHandBack.value) px (contact 150 px past "
        + "rest), at release \(atRelease) (the flick's 1:1 travel), after the fling \(final.value); last "
        + "translation \(final.lastTranslation) px")
    #expect(abs(afterHandBack.value - 150) <= Self.contactTolerance)
    #expect(final.lastTranslation <= 0)
    #expect(final.value > atRelease + 100, "the release flings the list")
    #expect(final.count(.began) == 1)
    #expect(final.topGlowFrames == 0)
  }

  // MARK: - R10, R11: children and scrollbars

  /// R10: a tap (a click) on a row's button activates it at once, and pulls nothing.
  func R10_tapOnARowButton_activatesIt() throws {
    let session = try newSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .toplock, rows: .buttons))
    let row = 2
    try session.press(at: session.point(Self.center(ofButtonRow: row, scrolledTo: 0)))
    session.hold(milliseconds: 60)
    try session.lift()
    session.hold(milliseconds: 100)
    let report = try session.report()

    print("figure: \(input) tap on row \(row)'s button: activated rows \(report.activatedRows)")
    #expect(report.activatedRows == [row])
    #expect(report.pullEvents.isEmpty)
    #expect(report.value == 0)
  }

  /// R10: a drag that starts on a button pulls (at the top) or scrolls (mid-list) and never activates it.
  func R10_dragFromARowButton_pullsOrScrollsWithoutActivatingIt() throws {
    let session = try newSession()
    defer { session.stop() }
    let pull = try session.measure(
      TouchFixtureCommand(.scene, scene: .toplock, rows: .buttons), stroke: .drag(dy: 150),
      from: Self.center(ofButtonRow: 3, scrolledTo: 0))
    let startValue = 400.0
    let scroll = try session.measure(
      TouchFixtureCommand(.scene, scene: .toplock, value: startValue, rows: .buttons),
      stroke: .drag(dy: -150), from: Self.center(ofButtonRow: 14, scrolledTo: startValue))

    print(
      "figure: \(input) drag from a button: at the top \(pull.count(.began)) pull(s), activated "
        + "\(pull.activatedRows); mid-list value \(scroll.value) (from \(startValue)), activated "
        + "\(scroll.activatedRows)")
    #expect(pull.count(.began) == 1, "a pull down at the top goes to the host")
    #expect(pull.activatedRows.isEmpty)
    #expect(abs(scroll.value - (startValue + 150)) <= Self.contactTolerance)
    #expect(scroll.activatedRows.isEmpty)
    #expect(scroll.pullEvents.isEmpty)
  }

  /// The middle of button row `row`, in the list's px, with the list scrolled to `value` px.
  private static func center(ofButtonRow row: Int, scrolledTo value: Double) -> WidgetPoint {
    WidgetPoint(x: 150, y: (Double(row) + 0.5) * ButtonRows.rowHeight - value)
  }

  /// R11: a drag on the scrollbar (a classic one, always shown: GTK's overlay indicator shows only for a
  /// pointer's motion) moves the scrollbar's thumb, which scrolls the list by about upper / page (here
  /// 3,600 / 700) times the contact's travel, and never pulls the host. Stock GTK 4.8 is no reference here:
  /// its drag checks only the scrollbar widget itself, not the thumb and trough inside it, so under the same
  /// touches it drags the content instead (measured and printed beside).
  func R11_dragOnTheScrollbar_movesTheThumbAndNeverPullsTheHost() throws {
    let session = try newSession()
    defer { session.stop() }
    let onScrollbar = WidgetPoint(x: 396, y: 100)
    let travel = 120.0
    let stroke = DragStroke.drag(dy: travel)
    let stock = try session.measure(
      TouchFixtureCommand(.scene, scene: .stock, overlayScrolling: false), stroke: stroke, from: onScrollbar)
    let toplock = try session.measure(
      TouchFixtureCommand(.scene, scene: .toplock, overlayScrolling: false), stroke: stroke, from: onScrollbar
    )

    print(
      "figure: \(input) drag of \(travel) px on a classic scrollbar: TopLock value \(toplock.value), pull "
        + "events \(toplock.pullEvents.count), top-glow frames \(toplock.topGlowFrames); stock GTK 4.8 value "
        + "\(stock.value), top-glow frames \(stock.topGlowFrames)")
    #expect(toplock.value > 4 * travel, "the thumb moves the list by page-sized steps, not 1:1")
    #expect(toplock.pullEvents.isEmpty)
    #expect(toplock.topGlowFrames == 0)
    #expect(toplock.topOvershot == 0)
  }
}

extension TouchFixtureReport {
  /// The last translation the host heard, px (NaN before any).
  var lastTranslation: Double {
    pullEvents.last { $0.kind == .changed }?.translation ?? .nan
  }

  /// The pull events' kinds, a run of `changed` written once with its count: "began, changed x15, ended".
  var pullKinds: String {
    var runs: [(kind: PullRecord.Kind, count: Int)] = []
    for event in pullEvents {
      if runs.last?.kind == event.kind {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((event.kind, 1))
      }
    }
    return runs.map { $0.count > 1 ? "\($0.kind.rawValue) x\($0.count)" : $0.kind.rawValue }
      .joined(separator: ", ")
  }

  /// How many pull events of `kind` the host heard.
  func count(_ kind: PullRecord.Kind) -> Int {
    pullEvents.count { $0.kind == kind }
  }
}
