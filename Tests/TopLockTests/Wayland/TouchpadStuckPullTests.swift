import Glibc
import Testing
import TopLockTestSupport

/// Rule R13a with real smooth scrolling on Wayland (sway's virtual pointer, the touch fixture's `sheet`
/// scene, TopLock's default options): a touchpad pull lives exactly as long as its scroll sequence.
///
/// The stuck pull: on a touchpad the pointer stays still while two fingers scroll, and the sheet, following
/// the pull, moves the list out from under it; GTK 4.8 has no scroll grab, so the rest of the sequence goes
/// to whatever is under the pointer by then. The pull must still follow every delta GTK delivered in the
/// window (2.5 px a unit) and end at the scroll stop: the owner none, no pull left, the sheet at one of its
/// rest positions. Each case starts with the pointer near the list's top and checks, as its premise, that the
/// pointer ended outside the list.
///
/// The sequence's other ends (R13a's table) with the pointer over the list's middle, which a short pull leaves
/// under it: a button press cancels the pull and the rest of the sequence moves nothing; a wheel step settles
/// it; a second without a delta settles it, half a second keeps it.
///
/// Serialized: the streams run in real time. Each test's sway is private; no X server is needed.
@Suite(.serialized)
struct TouchpadStuckPullTests {
  /// GTK's scrolled window moves this many px per touchpad unit.
  private static let pixelsPerUnit = TouchpadRuleTests.pixelsPerUnit
  /// The largest accepted difference between the host's translation and 2.5 x the deltas, px (R13a).
  private static let translationTolerance = 1.0
  /// A long pull: 62 units (155 px), fingers moving down at a touchpad's pace, lifted at full speed.
  private static let longPull = TouchpadSwipe(
    deltas: [-2, -3, -4, -5, -6, -6, -6, -6, -5, -5, -4, -4, -3, -3],
    stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
  /// A short pull: 12 units (30 px), more than the 10 px that take the list from under a pointer 10 px below
  /// its top, less than that and the handle's height; in small deltas, so that most of them come after that.
  private static let shortPull = TouchpadSwipe(
    deltas: Array(repeating: -1, count: 12), stopAfterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
  /// The start of a pull that an event then ends, units; and the rest of its sequence, units.
  private static let pullStart: [Double] = [-4, -8, -8]
  private static let sequenceRest: [Double] = [-8, -8, -8]
  /// A pause without deltas that ends the pull (more than `Tuning.touchpadQuietLimit`'s second), ms, and one
  /// that keeps it, ms.
  private static let endingPauseMilliseconds = 1400.0
  private static let keptPauseMilliseconds = 500.0
  /// How long a test waits at most for the fixture to show what the input it sent did, ms: the fixture reads
  /// its commands and sway's events on separate channels, and a loaded machine delays either.
  private static let reactionMilliseconds = 1000.0

  /// Where a stuck-pull case rests the pointer, and where GTK must pick it once the sheet has moved.
  struct StartingPoint: CustomTestStringConvertible, Sendable {
    /// What the case is called in the figures.
    var name: String
    /// Where the pointer rests, from the list's left edge, px (`nil`: the list's horizontal middle).
    var x: Double?
    /// How far below the list's top the pointer rests, px.
    var belowListTop: Double
    /// The pull.
    var swipe: TouchpadSwipe
    /// Where the pointer is at the end of the deltas.
    var ending: Ending

    var testDescription: String { name }
  }

  /// Where the pointer is once the sheet has moved the list from under it.
  enum Ending: String, Sendable {
    /// Over the sheet's handle (which spans the sheet's width).
    case overTheHandle
    /// Above the sheet, over the background.
    case aboveTheSheet
  }

  private static let startingPoints = [
    StartingPoint(
      name: "10 px below the list's top", belowListTop: 10, swipe: shortPull, ending: .overTheHandle),
    StartingPoint(
      name: "40 px below the list's top", belowListTop: 40, swipe: longPull, ending: .aboveTheSheet),
    StartingPoint(
      name: "the list's left edge, 10 px below its top", x: 0, belowListTop: 10, swipe: longPull,
      ending: .aboveTheSheet),
  ]

  // MARK: - The stuck pull

  @Test(arguments: startingPoints)
  func touchpad_R13a_pullWhoseListLeavesThePointer_followsEveryDeltaAndEndsAtTheStop(
    start: StartingPoint
  ) throws {
    let session = try WaylandFixtureSession()
    defer { session.stop() }
    try session.show(.sheet)
    let startPoint = WidgetPoint(x: start.x ?? session.list.width / 2, y: start.belowListTop)
    let placed = try session.placePointer(inList: startPoint)
    try #require(placed?.target == .list, "the pointer must start on the list: \(String(describing: placed))")
    try session.pointer.swipe(deltas: start.swipe.deltas, stepMilliseconds: start.swipe.stepMilliseconds)
    let atTheLastDelta = try report(session, within: Self.reactionMilliseconds) {
      $0.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY).reduce(0, +) == start.swipe.total
    }
    try session.pointer.scrollStop(afterMilliseconds: start.swipe.stopAfterMilliseconds)
    let report = try session.settledReport()

    let follow = PullFollowing(report)
    let handle = try #require(session.ready.handle)
    let sheetTop = handle.y + (atTheLastDelta.hostOffset ?? .nan)
    print(
      "figure: touchpad pull on the sheet, pointer at \(start.name): \(follow.describe()); at the last delta "
        + "the pointer at y \(atTheLastDelta.pointer?.position.y ?? .nan) over "
        + "\(atTheLastDelta.pointer?.target.rawValue ?? "nothing"), the sheet's top at y \(sheetTop) (handle "
        + "\(handle) open); after "
        + "the stop: pull events \(report.pullEvents.first?.kind.rawValue ?? "none")..."
        + "\(report.pullEvents.last?.kind.rawValue ?? "none"), owner \(report.state?.owner ?? "nil"), sheet "
        + "offset \(report.hostOffset ?? .nan) (rests at 0 or \(report.collapsedOffset ?? .nan))")
    let pointer = try #require(atTheLastDelta.pointer, "GTK saw no pointer")
    try #require(
      pointer.target != .list,
      "premise: the sheet must move the list out from under the pointer, but GTK still picks the list at y \(pointer.position.y)"
    )
    switch start.ending {
    case .overTheHandle: #expect(pointer.target == .handle)
    case .aboveTheSheet: #expect(pointer.target == .other && pointer.position.y < sheetTop)
    }
    follow.expectEveryDeltaFollowed()
    #expect(report.pullEvents.last?.kind == .ended, "the pull ends at the scroll stop")
    #expect(report.state?.owner == "none")
    #expect(Self.isAtRest(report), "the sheet rests open or collapsed")
    #expect(report.value == 0)
  }

  // MARK: - The sequence's other ends

  @Test func touchpad_R13a_pressMidPull_cancelsIt_andTheRestOfTheSequenceMovesNothing() throws {
    let session = try startPullOverTheListsMiddle()
    defer { session.stop() }
    try session.pointer.press()
    try session.pointer.release()
    let atThePress = try report(session, within: Self.reactionMilliseconds) {
      $0.pullEvents.last?.kind != .changed
    }
    let rest = try finishSequence(session)
    print(
      "figure: touchpad pull, then a button press: pull events \(rest.report.pullEvents.map(\.kind.rawValue)); "
        + "the rest of the sequence: \(rest.deltaCount) deltas GTK delivered, \(rest.pullEvents.count) pull "
        + "events; owner \(rest.report.state?.owner ?? "nil"), sheet offset \(rest.report.hostOffset ?? .nan), "
        + "value \(rest.report.value)")
    #expect(atThePress.pullEvents.last?.kind == .cancelled, "the press cancels the pull")
    #expect(rest.deltaCount > 0, "GTK delivered the rest of the sequence")
    #expect(rest.pullEvents.isEmpty, "the rest of the sequence pulls nothing")
    #expect(rest.report.pullEvents.count { $0.kind == .cancelled } == 1)
    #expect(!rest.report.pullEvents.contains { $0.kind == .ended })
    #expect(rest.report.hostOffset == 0, "the sheet is back where the pull began")
    #expect(rest.report.value == 0, "the rest of the sequence scrolls nothing")
    #expect(rest.report.state?.owner == "none")
  }

  @Test func touchpad_R13a_wheelStepMidPull_settlesIt_andTheRestOfTheSequenceMovesNothing() throws {
    let session = try startPullOverTheListsMiddle()
    defer { session.stop() }
    try session.pointer.wheel(steps: -1)
    let atTheStep = try report(session, within: Self.reactionMilliseconds) {
      $0.scrollDeltas.contains { $0.unit == .wheel }
    }
    let rest = try finishSequence(session)
    print(
      "figure: touchpad pull, then a wheel step: pull events \(rest.report.pullEvents.map(\.kind.rawValue)), "
        + "release velocity \(atTheStep.pullEvents.last?.velocity ?? .nan) px/s; the rest of the sequence: "
        + "\(rest.deltaCount) deltas GTK delivered, \(rest.pullEvents.count) pull events; owner "
        + "\(rest.report.state?.owner ?? "nil"), sheet offset \(rest.report.hostOffset ?? .nan), value "
        + "\(rest.report.value)")
    #expect(atTheStep.scrollDeltas.contains { $0.unit == .wheel }, "GTK delivered the wheel step")
    #expect(atTheStep.pullEvents.last == PullRecord(.ended, velocity: 0), "the wheel step settles the pull")
    #expect(rest.deltaCount > 0, "GTK delivered the rest of the sequence")
    #expect(rest.pullEvents.isEmpty, "the rest of the sequence pulls nothing")
    #expect(rest.report.pullEvents.count { $0.kind == .ended } == 1)
    #expect(rest.report.value == 0, "the rest of the sequence scrolls nothing")
    #expect(rest.report.state?.owner == "none")
    #expect(Self.isAtRest(rest.report), "the sheet rests open or collapsed")
  }

  @Test func touchpad_R13a_noDeltaForOverASecond_settlesThePull() throws {
    let session = try startPullOverTheListsMiddle()
    defer { session.stop() }
    session.pointer.pause(milliseconds: Self.endingPauseMilliseconds)
    let afterThePause = try report(session, within: Self.reactionMilliseconds) {
      $0.pullEvents.last?.kind != .changed
    }
    try session.pointer.scrollStop(afterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    let report = try session.settledReport()
    print(
      "figure: touchpad pull, then \(Self.endingPauseMilliseconds) ms without a delta: pull events "
        + "\(afterThePause.pullEvents.map(\.kind.rawValue)) (last velocity "
        + "\(afterThePause.pullEvents.last?.velocity ?? .nan) px/s), owner \(afterThePause.state?.owner ?? "nil"); "
        + "after the stop \(report.pullEvents.count) pull events, sheet offset \(report.hostOffset ?? .nan)")
    #expect(
      afterThePause.pullEvents.last == PullRecord(.ended, velocity: 0), "the quiet second settles the pull")
    #expect(afterThePause.state?.owner == "none")
    #expect(report.pullEvents == afterThePause.pullEvents, "the late stop moves nothing")
    #expect(Self.isAtRest(report), "the sheet rests open or collapsed")
    #expect(report.value == 0)
  }

  @Test func touchpad_R13a_pauseOfHalfASecondMidPull_keepsIt() throws {
    let session = try startPullOverTheListsMiddle()
    defer { session.stop() }
    session.pointer.pause(milliseconds: Self.keptPauseMilliseconds)
    let afterThePause = try session.report()
    try session.pointer.swipe(
      deltas: Self.sequenceRest, stepMilliseconds: TouchpadSwipe.defaultStepMilliseconds)
    try session.pointer.scrollStop(afterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    let report = try session.settledReport()
    let follow = PullFollowing(report)
    print(
      "figure: touchpad pull with a \(Self.keptPauseMilliseconds) ms pause: after the pause pull events end "
        + "\(afterThePause.pullEvents.last?.kind.rawValue ?? "none"), owner "
        + "\(afterThePause.state?.owner ?? "nil"); \(follow.describe()); owner at the end "
        + "\(report.state?.owner ?? "nil")")
    #expect(afterThePause.pullEvents.last?.kind == .changed, "the pause keeps the pull")
    #expect(afterThePause.state?.owner == "host")
    follow.expectEveryDeltaFollowed()
    #expect(report.pullEvents.count { $0.kind == .began } == 1, "one pull over the pause")
    #expect(report.pullEvents.last?.kind == .ended, "the pull ends at the scroll stop")
    #expect(report.state?.owner == "none")
    #expect(Self.isAtRest(report), "the sheet rests open or collapsed")
  }

  // MARK: - Helpers

  /// Shows the sheet, rests the pointer over the list's middle and starts a pull (`pullStart`): the pull must
  /// have begun and the pointer still be over the list.
  private func startPullOverTheListsMiddle() throws -> WaylandFixtureSession {
    let session = try WaylandFixtureSession()
    try session.show(.sheet)
    let middle = WidgetPoint(x: session.list.width / 2, y: session.list.height / 2)
    try #require(
      try session.placePointer(inList: middle)?.target == .list, "the pointer must rest on the list")
    try session.pointer.swipe(deltas: Self.pullStart, stepMilliseconds: TouchpadSwipe.defaultStepMilliseconds)
    let report = try session.report()
    try #require(report.pullEvents.first?.kind == .began, "the pull began")
    try #require(report.pointer?.target == .list, "the short pull leaves the list under the pointer")
    return session
  }

  /// What the fixture measured once `hasReacted` holds, or at the latest `milliseconds` ms from now.
  private func report(
    _ session: WaylandFixtureSession, within milliseconds: Double,
    until hasReacted: (TouchFixtureReport) -> Bool
  ) throws -> TouchFixtureReport {
    let deadline = ManagedProcess.nowMilliseconds + milliseconds
    while true {
      let report = try session.report()
      if hasReacted(report) || ManagedProcess.nowMilliseconds > deadline { return report }
      usleep(10_000)
    }
  }

  /// What the rest of a sequence did: the deltas GTK delivered and the pull events from then on, and the
  /// settled report after its stop.
  private struct SequenceRest {
    var deltaCount: Int
    var pullEvents: [PullRecord]
    var report: TouchFixtureReport
  }

  /// Sends the rest of the sequence (`sequenceRest`) and its scroll stop, and tells what they did.
  private func finishSequence(_ session: WaylandFixtureSession) throws -> SequenceRest {
    let before = try session.report()
    try session.pointer.swipe(
      deltas: Self.sequenceRest, stepMilliseconds: TouchpadSwipe.defaultStepMilliseconds)
    try session.pointer.scrollStop(afterMilliseconds: TouchpadSwipe.flingStopMilliseconds)
    let report = try session.settledReport()
    return SequenceRest(
      deltaCount: report.scrollDeltas.count { $0.unit == .surface }
        - before.scrollDeltas.count { $0.unit == .surface },
      pullEvents: Array(report.pullEvents.dropFirst(before.pullEvents.count)), report: report)
  }

  /// Whether the sheet rests where it settles: open (0) or collapsed.
  private static func isAtRest(_ report: TouchFixtureReport) -> Bool {
    guard let offset = report.hostOffset, let collapsed = report.collapsedOffset else { return false }
    return offset == 0 || abs(offset - collapsed) < 1
  }

  /// The host's translation at each `changed` against 2.5 x the running sum of the touchpad deltas GTK
  /// delivered in the window.
  private struct PullFollowing {
    var deltas: [Double]
    var translations: [Double]
    var expected: [Double]

    init(_ report: TouchFixtureReport) {
      deltas = report.scrollDeltas.filter { $0.unit == .surface }.map(\.deltaY)
      translations = report.pullEvents.filter { $0.kind == .changed }.compactMap(\.translation)
      var expected: [Double] = []
      for delta in deltas {
        expected.append((expected.last ?? 0) - TouchpadStuckPullTests.pixelsPerUnit * delta)
      }
      self.expected = expected
    }

    var largestError: Double { zip(translations, expected).map { abs($0 - $1) }.max() ?? .infinity }

    func describe() -> String {
      "\(deltas.count) deltas GTK delivered summing \(deltas.reduce(0, +)) units, \(translations.count) host "
        + "moves; translation reached \(translations.last ?? .nan) px vs 2.5 x the deltas "
        + "\(expected.last ?? .nan) px, largest step error \(largestError) px"
    }

    func expectEveryDeltaFollowed() {
      #expect(translations.count == deltas.count, "one host move per delta GTK delivered")
      #expect(largestError <= TouchpadStuckPullTests.translationTolerance)
    }
  }
}
