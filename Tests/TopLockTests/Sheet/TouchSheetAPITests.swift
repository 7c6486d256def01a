import Foundation
import Testing
import TopLockTestSupport

/// `TopLockSheet`'s programmatic API under real touch (Broadway, default options): the predicted detent
/// during a pull, a settle that gives a pull up, and a retarget during a settle. The same cases as
/// `TopLockSheetAPITests` under the mouse.
@Suite(.serialized)
struct TouchSheetAPITests {
  /// A finger down near the top of a sheet with detents at offsets 544, 320 and 0 px (open), about to drag
  /// down.
  private func fingerDownOnAnOpenSheet() throws -> ListContact {
    try ListContact(
      showing: TouchFixtureCommand(
        .scene, scene: .sheet, detents: TouchSheetDetentTests.threeDetents),
      at: WidgetPoint(x: 200, y: 20), nudge: ListContact.downward)
  }

  /// A slow pull down from open (about 310 px/s), resting at 60, 250 and 470 px: the predicted detent is
  /// open, half, then the peek; the release settles where the last prediction said.
  @Test func touch_sheet_predictedDetent_duringAPull_isWhereAReleaseSettles() throws {
    let touch = try fingerDownOnAnOpenSheet()
    let session = touch.session
    defer { session.stop() }
    var predicted: [Int?] = []
    for dy in [59.0, 190, 220] {
      try touch.move(dy: dy, holdMilliseconds: 100)
      predicted.append(try session.report().predictedDetent)
    }
    let final = try touch.liftAndSettle()
    print(
      "figure: touch pull to \(touch.travel) px: predicted \(predicted), callbacks "
        + "\(final.predictedDetents ?? []), settled at \(final.detent ?? -1)")
    #expect(predicted == [2, 1, 0])
    #expect(final.predictedDetents?.first == 2, "told at the pull's start")
    #expect(final.predictedDetents?.last == 0)
    #expect(final.detent == 0)
  }

  /// During a touch pull at 150 px, the app settles the sheet at the peek: the host hears `cancelled`, and
  /// the rest of that drag (100 px further down, then 350 px up, past where it began) moves neither the
  /// sheet nor the list. The same drag without the call pulls the sheet and scrolls the list.
  @Test(arguments: [true, false])
  func touch_sheet_settle_duringAPull_givesItUp_andTheRestOfTheDragMovesNothing(settlesMidPull: Bool) throws {
    let touch = try fingerDownOnAnOpenSheet()
    let session = touch.session
    defer { session.stop() }
    try touch.move(dy: 149, holdMilliseconds: 100)
    let eventsAtCall = try session.report().pullEvents.count
    if settlesMidPull { try session.send(TouchFixtureCommand(.settle, detent: 0)) }
    try touch.move(dy: 100, holdMilliseconds: 100)
    try session.waitUntilStill()
    let afterDown = try session.report()
    try touch.move(dy: -350, holdMilliseconds: 100)
    let afterUp = try session.report()
    let final = try touch.liftAndSettle()
    let later = final.pullEvents[eventsAtCall...].map(\.kind.rawValue)
    print(
      "figure: touch pull, settle mid-pull \(settlesMidPull): events after the call \(later.count) "
        + "(\(Set(later).sorted())), offset after +100 px \(afterDown.hostOffset ?? .nan), after -350 px "
        + "\(afterUp.hostOffset ?? .nan), list value \(afterUp.value), settled \(final.settledDetents ?? [])")
    if settlesMidPull {
      #expect(final.pullEvents.last?.kind == .cancelled)
      #expect(later == ["cancelled"], "nothing after the cancellation")
      #expect(afterDown.hostOffset == 544)
      #expect(afterUp.hostOffset == 544)
      #expect(afterUp.value == 0)
      #expect(final.settledDetents == [0])
    } else {
      #expect(abs((afterDown.hostOffset ?? 0) - 250) <= 1)
      #expect(afterUp.hostOffset == 0)
      #expect(afterUp.value > 50, "the drag up past its start scrolls the list")
    }
  }

  /// A settle toward the peek, retargeted to half once it passed 200 px: it rests at half and tells only of
  /// half.
  @Test func touch_sheet_settle_duringASettle_retargets() throws {
    let session = try TouchFixtureSession()
    defer { session.stop() }
    try session.show(TouchFixtureCommand(.scene, scene: .sheet, detents: TouchSheetDetentTests.threeDetents))
    try session.send(TouchFixtureCommand(.settle, detent: 0))
    var inFlight = try session.report()
    let deadline = Date().addingTimeInterval(4)
    while (inFlight.hostOffset ?? 0) <= 200 && Date() < deadline {
      inFlight = try session.report()
    }
    try session.send(TouchFixtureCommand(.settle, detent: 1))
    try session.waitUntilStill()
    let final = try session.report()
    print(
      "figure: touch retarget: offset when retargeted \(inFlight.hostOffset ?? .nan) px, rests at "
        + "\(final.hostOffset ?? .nan) px, settled \(final.settledDetents ?? [])")
    let offsetWhenRetargeted = inFlight.hostOffset ?? .nan
    #expect(offsetWhenRetargeted > 200 && offsetWhenRetargeted < 544, "retargeted on its way")
    #expect(final.hostOffset == 320)
    #expect(final.settledDetents == [1])
  }
}
