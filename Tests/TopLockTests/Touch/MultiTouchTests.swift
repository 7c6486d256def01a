import Testing
import TopLockTestSupport

/// Multi-touch under real touch (rule R16): several fingers on a Broadway touchscreen, each its own touch
/// sequence, into the `TopLockTouchFixture` executable, TopLock with its default options.
///
/// While TopLock owns the drag (a pull, a hand-off) the first finger owns it: other fingers neither end,
/// restart nor move it, and after it lifts the remaining fingers move nothing until all are up. While GTK
/// owns the drag, TopLock keeps GTK 4.8's own multi-finger behaviour: each such test runs the same touches
/// on a stock scrolled window and compares the values. Every glow claim has the same touches on a stock
/// scrolled window as its positive control.
///
/// Serialized: the touches run in real time, and two at once would slow each other's frames.
@Suite(.serialized)
struct MultiTouchTests {
  /// The largest accepted difference between the host's move and the owning finger's, px (rule R6).
  private static let fingerTolerance = 1.0
  /// The largest accepted difference between TopLock's value and the stock one under the same touches, px.
  private static let stockTolerance = 1.0
  /// A value in the middle of the list, px.
  private static let middleValue = 1200.0

  /// Which of two fingers lifts first.
  enum LiftOrder: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case firstUpFirst
    case secondUpFirst

    var testDescription: String { rawValue }
  }

  /// Which way the second finger goes.
  enum Direction: Double, CaseIterable, CustomTestStringConvertible, Sendable {
    case down = 1
    case up = -1

    var testDescription: String { self == .down ? "down" : "up" }
  }

  // MARK: - GTK owns the drag

  /// A second finger lands while the first scrolls the middle of the list; both move by different amounts,
  /// then they lift in `order`, the remaining finger moving on. GTK owns the drag: the values match a stock
  /// list's under the same touches, at each step.
  @Test(arguments: LiftOrder.allCases)
  func touch_secondFingerDuringAScroll_scrollsLikeStock(order: LiftOrder) throws {
    let stock = try scrollWithASecondFinger(.stock, order: order)
    let toplock = try scrollWithASecondFinger(.toplock, order: order)
    print(
      "figure: touch, second finger during a scroll (\(order.rawValue)): values stock \(stock.map(\.value)), "
        + "TopLock \(toplock.map(\.value)) (both down, one left, all up; from \(Self.middleValue))")
    #expect(stock[0].value - Self.middleValue > 100, "the stock list scrolls under the first finger")
    for (stockStep, toplockStep) in zip(stock, toplock) {
      #expect(abs(toplockStep.value - stockStep.value) <= Self.stockTolerance)
    }
    let final = try #require(toplock.last)
    #expect(final.pullEvents.isEmpty)
    expectNoTopOvershoot(final)
    expectNothingClaimed(final)
  }

  /// The touches of `touch_secondFingerDuringAScroll_scrollsLikeStock` on `scene`; returns the reports with
  /// both fingers down, with one left, and once all is still.
  private func scrollWithASecondFinger(_ scene: TouchFixtureCommand.Scene, order: LiftOrder) throws
    -> [TouchFixtureReport]
  {
    let run = try TouchRun(scene, value: Self.middleValue)
    var first = try run.down(at: WidgetPoint(x: 150, y: 500))
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    first = try run.move(first, dy: -150, steps: 30)
    var second = try run.down(at: WidgetPoint(x: 300, y: 500))
    run.hold(50)
    (first, second) = try run.move(first, dy: -100, and: second, dy: -60, steps: 20)
    run.hold(200)
    let bothDown = try run.report()
    let (lifting, staying) = order == .firstUpFirst ? (first, second) : (second, first)
    try run.up(lifting)
    let remaining = try run.move(staying, dy: -40, steps: 8)
    run.hold(200)
    let oneLeft = try run.report()
    try run.up(remaining)
    let final = try run.finish()
    if scene == .toplock {
      try expectAFollowingDragScrolls(run)
    }
    return [bothDown, oneLeft, final]
  }

  /// A fling runs in the middle of the list; one finger catches it and a second lands; both drag. The list
  /// moves under the fingers as a stock list does under the same touches, from where the fingers caught it.
  @Test func touch_fingersLandingDuringAFling_moveTheListLikeStock() throws {
    let stock = try catchAFling(.stock)
    let toplock = try catchAFling(.toplock)
    print(
      "figure: touch, fingers during a fling: caught at stock \(stock.caught.value), TopLock \(toplock.caught.value); "
        + "moved after the catch: stock \(stock.moved) px, TopLock \(toplock.moved) px, then stock \(stock.final.value - stock.caught.value), "
        + "TopLock \(toplock.final.value - toplock.caught.value) px")
    #expect(stock.caught.value > 300, "the fingers catch the fling in the middle of the list")
    #expect(toplock.caught.value > 300, "the fingers catch the fling in the middle of the list")
    #expect(abs(toplock.moved - stock.moved) <= Self.stockTolerance)
    #expect(
      abs((toplock.final.value - toplock.caught.value) - (stock.final.value - stock.caught.value))
        <= Self.stockTolerance)
    #expect(toplock.final.pullEvents.isEmpty)
    expectNoTopOvershoot(toplock.final)
    expectNothingClaimed(toplock.final)
  }

  /// A fling toward the top from 1500 px; 100 ms after its release a finger lands, 30 ms later a second;
  /// both drag down by different amounts and lift, the second first.
  private func catchAFling(_ scene: TouchFixtureCommand.Scene) throws
    -> (caught: TouchFixtureReport, moved: Double, final: TouchFixtureReport)
  {
    let run = try TouchRun(scene, value: 1500)
    try run.session.touchscreen.drag(
      .fling(dy: 500), from: run.session.point(WidgetPoint(x: 150, y: 150)), on: run.session.surface)
    run.hold(100)
    var first = try run.down(at: WidgetPoint(x: 150, y: 300))
    run.hold(30)
    var second = try run.down(at: WidgetPoint(x: 300, y: 300))
    run.hold(200)
    let caught = try run.report()
    (first, second) = try run.move(first, dy: 80, and: second, dy: 140, steps: 16)
    run.hold(200)
    let moved = try run.report().value - caught.value
    try run.up(second)
    try run.up(first)
    return (caught, moved, try run.finish())
  }

  /// Two fingers move apart at the top: the first (upper) up, the second down. GTK owns the drag of the first
  /// finger, which scrolls; the list matches a stock one under the same touches, and nothing pulls.
  @Test func touch_pinchApartAtTheTop_scrollsLikeStockAndPullsNothing() throws {
    let stock = try pinchApart(.stock)
    let toplock = try pinchApart(.toplock)
    print(
      "figure: touch, pinch apart at the top: value stock \(stock.value) (top-glow frames \(stock.topGlowFrames), "
        + "edge-overshot \(stock.topOvershot)), TopLock \(toplock.value) (top-glow frames \(toplock.topGlowFrames), "
        + "edge-overshot \(toplock.topOvershot)), pull events \(toplock.pullEvents.map(\.kind))")
    #expect(abs(toplock.value - stock.value) <= Self.stockTolerance)
    #expect(toplock.pullEvents.isEmpty)
    expectNoTopOvershoot(toplock)
    expectNothingClaimed(toplock)
  }

  private func pinchApart(_ scene: TouchFixtureCommand.Scene) throws -> TouchFixtureReport {
    let run = try TouchRun(scene, value: 0)
    var first = try run.down(at: WidgetPoint(x: 150, y: 300))
    run.hold(30)
    var second = try run.down(at: WidgetPoint(x: 300, y: 400))
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    (first, second) = try run.move(first, dy: -120, and: second, dy: 120, steps: 24)
    run.hold(200)
    try run.up(first)
    try run.up(second)
    return try run.finish()
  }

  // MARK: - TopLock owns the drag

  /// A drag scrolls up to the top and hands off to the sheet; a second finger lands and drags further than
  /// the first; it lifts; the first moves on and lifts. The sheet follows the first finger 1:1 throughout.
  @Test func touch_secondFingerDuringAHandOff_keepsThePullOnTheFirstFinger() throws {
    let stock = try pullWithASecondFinger(.stock, value: 100, firstTravel: 160).final
    let sheet = try pullWithASecondFinger(.sheet, value: 100, firstTravel: 160)
    try expectTheFirstFingerOwnsThePull(sheet, stock: stock, name: "during a hand-off")
    #expect(sheet.final.value == 0)
  }

  /// A second finger lands on another list of the same window while the first pulls the first list at the
  /// top, and drags `direction`. The first list's pull stays on the first finger. The second list: pulled down
  /// at its top, it neither overshoots nor pulls (stock glows); scrolled up, it scrolls as a stock one does.
  @Test(arguments: Direction.allCases)
  func touch_secondFingerOnAnotherListDuringAPull_keepsThePullAndTheOtherListLikeStockWithoutOvershoot(
    direction: Direction
  ) throws {
    let stock = try pullWithASecondFinger(.twoListsStock, secondFingerDirection: direction).final
    let toplock = try pullWithASecondFinger(.twoLists, secondFingerDirection: direction)
    let stockSecond = try #require(stock.secondList)
    let toplockSecond = try #require(toplock.final.secondList)
    print(
      "figure: touch, second finger \(direction.testDescription) on another list during a pull: second list "
        + "stock value \(stockSecond.value), top-glow frames \(stockSecond.topGlowFrames), edge-overshot \(stockSecond.topOvershot); "
        + "TopLock value \(toplockSecond.value), top-glow frames \(toplockSecond.topGlowFrames), edge-overshot \(toplockSecond.topOvershot), "
        + "pull events \(toplockSecond.pullEvents.map(\.kind)), state \(toplockSecond.state)")
    try expectTheFirstFingerOwnsThePull(toplock, stock: stock, name: "on another list")
    #expect(toplockSecond.topGlowFrames == 0)
    #expect(toplockSecond.topOvershot == 0)
    #expect(toplockSecond.pullEvents.isEmpty, "the other list's finger does not emulate the pointer")
    #expect(toplockSecond.state.owner == "none")
    #expect(!toplockSecond.state.isGTKDragActive)
    switch direction {
    case .down:
      #expect(stockSecond.topGlowFrames > 0, "positive control: a stock list glows under the second finger")
      #expect(toplockSecond.value == 0)
    case .up:
      #expect(stockSecond.value > 100, "the stock list scrolls under the second finger")
      #expect(abs(toplockSecond.value - stockSecond.value) <= Self.stockTolerance)
    }
  }

  /// A second finger lands on the sheet's handle while the first pulls, and drags it further than the first.
  /// The sheet follows the first finger 1:1, and the handle is not clicked.
  @Test func touch_secondFingerOnTheSheetHandleDuringAPull_keepsThePullOnTheFirstFinger() throws {
    let stock = try pullWithASecondFinger(.stock).final
    let sheet = try pullWithASecondFinger(.sheet, secondFingerOnTheHandle: true)
    try expectTheFirstFingerOwnsThePull(sheet, stock: stock, name: "on the sheet's handle")
  }

  /// A pull at the top with a second finger that lands, both move, and they lift in `order`. The first
  /// finger owns the pull until it lifts; once it has, the second moves nothing (no pull, no scroll) until
  /// it lifts too.
  @Test(arguments: LiftOrder.allCases)
  func touch_fingersLiftingInEitherOrderDuringAPull_theFirstOwnsThePull(order: LiftOrder) throws {
    let stock = try pullWithASecondFinger(.stock, order: order).final
    let sheet = try pullWithASecondFinger(.sheet, order: order)
    try expectTheFirstFingerOwnsThePull(sheet, stock: stock, name: "lifting \(order.rawValue)")
    if order == .firstUpFirst {
      let lifted = try #require(sheet.firstLifted)
      let secondAlone = try #require(sheet.secondAlone)
      print(
        "figure: touch, first finger lifted first: after it, pull events end with \(lifted.pullEvents.last.map { "\($0.kind)" } ?? "none") (\(lifted.pullEvents.count) events), value "
          + "\(lifted.value); after the second moved alone, \(secondAlone.pullEvents.count) events, value \(secondAlone.value)"
      )
      #expect(lifted.pullEvents.last?.kind == .ended, "the pull ends when its finger lifts")
      #expect(secondAlone.pullEvents == lifted.pullEvents, "the remaining finger starts no pull")
      #expect(secondAlone.value == lifted.value, "the remaining finger scrolls nothing")
    }
  }

  // MARK: - Nested lists

  /// One finger pulls down a list nested at the top of another's content, both at their top. The pull is
  /// the nested list's: its host follows, the outer list's host hears nothing, and neither list overshoots
  /// (stock: the outer list's drag claims the finger first and glows).
  @Test func touch_pullOnANestedListAtItsTop_isTheNestedListsOwnAndNothingOvershoots() throws {
    let stock = try nestedPull(.twoListsStock)
    let toplock = try nestedPull(.twoLists)
    let stockNested = try #require(stock.secondList)
    let nested = try #require(toplock.secondList)
    print(
      "figure: touch, pull on a nested list: stock outer top-glow frames \(stock.topGlowFrames), nested "
        + "\(stockNested.topGlowFrames); TopLock outer \(toplock.topGlowFrames) (pull events "
        + "\(toplock.pullEvents.count)), nested \(nested.topGlowFrames) (pull events began "
        + "\(nested.pullEvents.count { $0.kind == .began }), ended \(nested.pullEvents.count { $0.kind == .ended }))"
    )
    #expect(stock.topGlowFrames + stockNested.topGlowFrames > 0, "positive control: stock glows")
    #expect(nested.pullEvents.map(\.kind).first == .began)
    #expect(nested.pullEvents.map(\.kind).last == .ended)
    #expect(nested.pullEvents.count { $0.kind == .began } == 1)
    #expect(toplock.pullEvents.isEmpty, "the outer list's host hears nothing")
    #expect(toplock.value == 0 && nested.value == 0)
    expectNoTopOvershoot(toplock)
    #expect(nested.topGlowFrames == 0 && nested.topOvershot == 0)
    expectNothingClaimed(toplock)
  }

  /// A fresh `scene` with its second list nested, and a finger that landed at (100, 100) in the nested list,
  /// rested and moved `travel` px down (5 px a step).
  private func beginNestedPull(_ scene: TouchFixtureCommand.Scene, travel: Double) throws -> (
    TouchRun, TouchFinger
  ) {
    let run = try TouchRun(scene, value: 0, secondListNested: true)
    let nestedList = try #require(run.session.ready.secondList)
    let finger = try run.down(at: WidgetPoint(x: 100, y: 100), in: nestedList)
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    return (run, try run.move(finger, dy: travel, steps: Int(travel / 5)))
  }

  /// A finger at (100, 100) in the nested list moves 120 px down and lifts.
  private func nestedPull(_ scene: TouchFixtureCommand.Scene) throws -> TouchFixtureReport {
    let (run, finger) = try beginNestedPull(scene, travel: 120)
    run.hold(100)
    try run.up(finger)
    return try run.finish()
  }

  /// While one finger pulls the nested list at its top, a second finger lands on the outer list below it,
  /// at its top too, and drags down further. Each touch sequence reaches its own list: the nested list's pull
  /// stays on the first finger to its end, and the outer list neither pulls nor overshoots under the second
  /// (stock: it glows).
  @Test func touch_secondFingerOnTheOuterListDuringANestedPull_keepsEachListToItsFinger() throws {
    let stock = try nestedPullWithASecondFinger(.twoListsStock)
    let toplock = try nestedPullWithASecondFinger(.twoLists)
    let nested = try #require(toplock.secondList)
    print(
      "figure: touch, second finger on the outer list during a nested pull: stock outer top-glow frames "
        + "\(stock.topGlowFrames); TopLock outer \(toplock.topGlowFrames), value \(toplock.value), pull events "
        + "\(toplock.pullEvents.count); nested pull events \(nested.pullEvents.map(\.kind).filter { $0 != .changed })"
    )
    #expect(stock.topGlowFrames > 0, "positive control: the stock outer list glows under the second finger")
    #expect(nested.pullEvents.filter { $0.kind != .changed }.map(\.kind) == [.began, .ended])
    let translations = nested.pullEvents.compactMap(\.translation)
    #expect((translations.max() ?? 0) > 120, "the nested host followed the first finger's 140 px")
    #expect(toplock.pullEvents.isEmpty)
    #expect(toplock.value == 0)
    expectNoTopOvershoot(toplock)
    expectNothingClaimed(toplock)
  }

  /// The first finger lands at (100, 100) in the nested list and moves 60 px down; the second lands at
  /// (100, 450) in the outer list; both move (the first 80 px, the second 140 px down); the second lifts,
  /// then the first.
  private func nestedPullWithASecondFinger(_ scene: TouchFixtureCommand.Scene) throws -> TouchFixtureReport {
    var (run, first) = try beginNestedPull(scene, travel: 60)
    var second = try run.down(at: WidgetPoint(x: 100, y: 450))
    run.hold(50)
    (first, second) = try run.move(first, dy: 80, and: second, dy: 140, steps: 24)
    run.hold(100)
    try run.up(second)
    run.hold(50)
    try run.up(first)
    return try run.finish()
  }

  /// A pull at the top by `first`, with a second finger landing and moving (see each parameter); returns
  /// the reports at each step.
  ///
  /// The first finger lands at (150, 150) in the list, rests, and moves down `firstTravel` px (a pull, or
  /// a scroll to the top and a pull). Then the second lands, at (300, 150) in the list, at (100, 300) in
  /// the second list, or on the handle; both move, the first 80 px down, the second 140 px `direction`;
  /// then they lift in `order`, the remaining finger moving on (the first 20 px down, the second 100 px down
  /// and 60 px up).
  private func pullWithASecondFinger(
    _ scene: TouchFixtureCommand.Scene, value: Double = 0, firstTravel: Double = 60,
    secondFingerDirection direction: Direction = .down, secondFingerOnTheHandle: Bool = false,
    order: LiftOrder = .secondUpFirst
  ) throws -> PullSteps {
    let run = try TouchRun(scene, value: value)
    var first = try run.down(at: WidgetPoint(x: 150, y: 150))
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    first = try run.move(first, dy: firstTravel, steps: Int(firstTravel / 5))
    var steps = PullSteps(scene, firstTravel: 80, claimed: try run.report())
    var second: TouchFinger
    if let secondList = run.session.ready.secondList {
      second = try run.down(at: WidgetPoint(x: 100, y: 300), in: secondList)
    } else if secondFingerOnTheHandle, let handle = run.session.ready.handle {
      let handleCenter = WidgetPoint(
        x: handle.width / 2, y: handle.height / 2 + (steps.claimed.hostOffsets.last ?? 0))
      second = try run.down(at: handleCenter, in: handle)
    } else {
      second = try run.down(at: WidgetPoint(x: 300, y: 150))
    }
    run.hold(50)
    (first, second) = try run.move(first, dy: 80, and: second, dy: 140 * direction.rawValue, steps: 24)
    run.hold(200)
    steps.bothDown = try run.report()
    switch order {
    case .secondUpFirst:
      try run.up(second)
      first = try run.move(first, dy: 20, steps: 4)
      run.hold(100)
      steps.secondLifted = try run.report()
      try run.up(first)
    case .firstUpFirst:
      try run.up(first)
      run.hold(50)
      steps.firstLifted = try run.report()
      second = try run.move(second, dy: 100, steps: 20)
      second = try run.move(second, dy: -60, steps: 12)
      run.hold(100)
      steps.secondAlone = try run.report()
      try run.up(second)
    }
    steps.final = try run.finish()
    if scene == .sheet || scene == .twoLists {
      steps.followingPull = try run.followingPull()
    }
    return steps
  }

  /// Two fingers land together at the top (1 ms apart), rest, and move down by different amounts; they lift
  /// together. The sheet follows the first finger 1:1.
  @Test func touch_twoFingersLandingTogetherAtTheTop_pullTheSheetWithTheFirst() throws {
    let together = TwoFingers(
      second: WidgetPoint(x: 300, y: 150), landingGapMilliseconds: 0, secondTravels: (60, 160),
      firstStartY: 150, firstTravel: 110)
    let stock = try twoFingerPull(.stock, together).final
    let sheet = try twoFingerPull(.sheet, together)
    try expectTheFirstFingerOwnsThePull(sheet, stock: stock, stockGlows: false, name: "landing together")
  }

  /// Two fingers move together at the top: the first (upper) down, pulling the sheet, the second up. The
  /// sheet follows the first finger 1:1 and the list does not scroll.
  @Test func touch_pinchTogetherAtTheTop_pullsTheSheetWithTheFirstFinger() throws {
    let pinch = TwoFingers(
      second: WidgetPoint(x: 300, y: 500), landingGapMilliseconds: 30, secondTravels: (-40, -100),
      firstStartY: 100, firstTravel: 100)
    let stock = try twoFingerPull(.stock, pinch).final
    let sheet = try twoFingerPull(.sheet, pinch)
    try expectTheFirstFingerOwnsThePull(sheet, stock: stock, stockGlows: false, name: "pinch together")
    #expect(sheet.final.value == 0)
  }

  /// Two fingers at the top from the start: where the second lands and moves, in the list's px.
  private struct TwoFingers {
    var second: WidgetPoint
    /// The time between the two landings, ms (0: 1 ms of event time).
    var landingGapMilliseconds: Double
    /// The second finger's travel before the first report and after it, px (positive down).
    var secondTravels: (Double, Double)
    /// Where the first finger lands, at x 150 px.
    var firstStartY: Double
    /// The first finger's travel after the first report, px down (before it: 40 px).
    var firstTravel: Double
  }

  /// Both fingers land, rest, move (the first 40 px down), a report; they move again, a report; they lift,
  /// the first first.
  private func twoFingerPull(_ scene: TouchFixtureCommand.Scene, _ fingers: TwoFingers) throws -> PullSteps {
    let run = try TouchRun(scene, value: 0)
    var first = try run.down(at: WidgetPoint(x: 150, y: fingers.firstStartY))
    if fingers.landingGapMilliseconds > 0 {
      run.hold(fingers.landingGapMilliseconds)
    }
    var second = try run.down(at: fingers.second)
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    (first, second) = try run.move(first, dy: 40, and: second, dy: fingers.secondTravels.0, steps: 8)
    var steps = PullSteps(scene, firstTravel: fingers.firstTravel, claimed: try run.report())
    (first, second) = try run.move(
      first, dy: fingers.firstTravel, and: second, dy: fingers.secondTravels.1,
      steps: Int(fingers.firstTravel / 5))
    steps.bothDown = try run.report()
    try run.up(first)
    try run.up(second)
    steps.final = try run.finish()
    if scene == .sheet {
      steps.followingPull = try run.followingPull()
    }
    return steps
  }

  /// While the first finger pulls the sheet from a button row, a second finger taps another row's button:
  /// the tapped button is clicked, the pull goes on with the first finger, and the row dragged from is not.
  @Test func touch_secondFingerTapsAButtonDuringAPull_activatesItAndKeepsThePull() async throws {
    let rowHeight = await MainActor.run { ButtonRows.rowHeight }
    let run = try TouchRun(.sheet, value: 0, rows: .buttons)
    let draggedRow = 2
    let tappedRow = 8
    var first = try run.down(at: WidgetPoint(x: 150, y: (Double(draggedRow) + 0.5) * rowHeight))
    run.hold(DragStroke.defaultPressHoldMilliseconds)
    first = try run.move(first, dy: 60, steps: 12)
    let claimed = try run.report()
    let offset = claimed.hostOffsets.last ?? 0
    let tap = try run.down(
      at: WidgetPoint(x: 300, y: (Double(tappedRow) + 0.5) * rowHeight + offset))
    run.hold(50)
    try run.up(tap)
    run.hold(50)
    let tapped = try run.report()
    first = try run.move(first, dy: 40, steps: 8)
    run.hold(50)
    let moved = try run.report()
    try run.up(first)
    let final = try run.finish()
    print(
      "figure: touch, second-finger tap on row \(tappedRow) during a pull: activated rows \(final.activatedRows), "
        + "pull open at the tap \(!tapped.pullEvents.contains { $0.kind == .ended }), host moved \(hostTravel(from: claimed, to: moved)) px for 40 px"
    )
    #expect(claimed.pullEvents.first?.kind == .began)
    #expect(tapped.activatedRows == [tappedRow])
    expectPullOpen(tapped)
    expectPullOpen(moved)
    expectFollows(hostTravel(from: claimed, to: moved), travel: 40, hostMoves: true)
    #expect(final.activatedRows == [tappedRow], "the row the pull started on is not clicked")
    expectNoTopOvershoot(final)
    expectNothingClaimed(final)
  }

  // MARK: - Checks

  /// What a pull with two fingers showed, step by step.
  private struct PullSteps {
    /// Whether the host moves (a sheet) rather than only recording.
    var hostMoves: Bool
    /// How far the first finger moved from `claimed` to `bothDown`, px.
    var firstTravel: Double
    /// After the first finger's travel, before the second lands.
    var claimed: TouchFixtureReport
    /// Both fingers down, after they moved `firstTravel`.
    var bothDown: TouchFixtureReport?
    /// The second lifted, the first moved 20 px more.
    var secondLifted: TouchFixtureReport?
    /// The first lifted, the second still down.
    var firstLifted: TouchFixtureReport?
    /// The second moved alone after the first lifted.
    var secondAlone: TouchFixtureReport?
    /// All still after the last lift.
    var final = TouchFixtureReport(
      value: .nan, frames: 0, topGlowFrames: 0, bottomGlowFrames: 0, topOvershot: 0, bottomOvershot: 0,
      pullEvents: [], hostOffsets: [], activatedRows: [])
    /// A single-finger pull afterwards: its pull events and the host's last offset.
    var followingPull: TouchFixtureReport?

    init(_ scene: TouchFixtureCommand.Scene, firstTravel: Double, claimed: TouchFixtureReport) {
      hostMoves = scene == .sheet
      self.firstTravel = firstTravel
      self.claimed = claimed
    }
  }

  /// The rule while TopLock owns the drag: the pull was claimed before the second finger landed, never ends
  /// while the first finger is down, follows the first finger 1:1, draws no top glow and no `edge-overshot`,
  /// leaves nothing claimed, and a single-finger pull afterwards works. `stock`, the same touches on a stock
  /// list, is the positive control: it glows when `stockGlows` (GTK 4.8's drag stops for good once a second
  /// finger is down on the same scrolled window, so touches that are two fingers from the start draw nothing).
  private func expectTheFirstFingerOwnsThePull(
    _ steps: PullSteps, stock: TouchFixtureReport, stockGlows: Bool = true, name: String
  ) throws {
    let bothDown = try #require(steps.bothDown)
    let followed = hostTravel(from: steps.claimed, to: bothDown)
    print(
      "figure: touch, second finger \(name): pull translation moved \(followed.translation) px, host offset \(followed.offset) px "
        + "for \(steps.firstTravel) px of the first finger; top-glow frames \(steps.final.topGlowFrames) (stock \(stock.topGlowFrames)), "
        + "edge-overshot \(steps.final.topOvershot) (stock \(stock.topOvershot)); pull events \(steps.final.pullEvents.count { $0.kind == .began }) began, "
        + "\(steps.final.pullEvents.count { $0.kind == .ended }) ended; state after \(steps.final.state.map { "\($0)" } ?? "none")"
    )
    #expect(
      (stock.topGlowFrames > 0) == stockGlows,
      "positive control: the same touches on a stock list \(stockGlows ? "glow" : "do not glow")")
    #expect(steps.claimed.pullEvents.first?.kind == .began, "the pull is claimed before the second finger")
    expectPullOpen(bothDown)
    expectFollows(followed, travel: steps.firstTravel, hostMoves: steps.hostMoves)
    if let secondLifted = steps.secondLifted {
      expectPullOpen(secondLifted)
      expectFollows(hostTravel(from: bothDown, to: secondLifted), travel: 20, hostMoves: steps.hostMoves)
    }
    #expect(steps.final.pullEvents.last?.kind == .ended)
    expectNoTopOvershoot(steps.final)
    expectNothingClaimed(steps.final)
    let following = try #require(steps.followingPull, "a single-finger pull after the last lift")
    let newEvents = following.pullEvents.dropFirst(steps.final.pullEvents.count)
    let translation = newEvents.last { $0.kind == .changed }?.translation ?? .nan
    #expect(newEvents.first?.kind == .began, "a following single-finger pull begins")
    #expect(newEvents.last?.kind == .ended)
    #expect(abs(translation - TouchRun.followingPullTravel) <= Self.fingerTolerance)
    expectNothingClaimed(following)
  }

  /// How far the host moved between two reports, px: the change of the last pull translation, and of the
  /// host's offset after the last `changed`.
  private func hostTravel(from before: TouchFixtureReport, to after: TouchFixtureReport)
    -> (translation: Double, offset: Double)
  {
    func lastTranslation(_ report: TouchFixtureReport) -> Double {
      report.pullEvents.last { $0.kind == .changed }?.translation ?? 0
    }
    return (
      lastTranslation(after) - lastTranslation(before),
      (after.hostOffsets.last ?? 0) - (before.hostOffsets.last ?? 0)
    )
  }

  /// The pull translation, and the host's offset when `hostMoves`, moved `travel` px, within 1 px.
  private func expectFollows(
    _ moved: (translation: Double, offset: Double), travel: Double, hostMoves: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(abs(moved.translation - travel) <= Self.fingerTolerance, sourceLocation: sourceLocation)
    if hostMoves {
      #expect(abs(moved.offset - travel) <= Self.fingerTolerance, sourceLocation: sourceLocation)
    }
  }

  private func expectPullOpen(_ report: TouchFixtureReport, sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(report.pullEvents.count { $0.kind == .began } == 1, sourceLocation: sourceLocation)
    #expect(
      !report.pullEvents.contains { $0.kind == .ended || $0.kind == .cancelled },
      "the pull must not end while the first finger is down", sourceLocation: sourceLocation)
  }

  private func expectNoTopOvershoot(
    _ report: TouchFixtureReport, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(report.topGlowFrames == 0, sourceLocation: sourceLocation)
    #expect(report.topOvershot == 0, sourceLocation: sourceLocation)
  }

  /// After the last lift: TopLock's owner is `none`, GTK's drag is not active, every pull that began ended.
  private func expectNothingClaimed(
    _ report: TouchFixtureReport, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(report.state?.owner == "none", sourceLocation: sourceLocation)
    #expect(report.state?.isGTKDragActive == false, sourceLocation: sourceLocation)
    let began = report.pullEvents.count { $0.kind == .began }
    let finished = report.pullEvents.count { $0.kind == .ended || $0.kind == .cancelled }
    #expect(began == finished, "no pull is left open", sourceLocation: sourceLocation)
  }

  /// A single-finger drag up 100 px in the middle of the list scrolls it 100 px (within 1 px) and pulls nothing.
  private func expectAFollowingDragScrolls(_ run: TouchRun) throws {
    let before = try run.report()
    try run.session.touchscreen.drag(
      .drag(dy: -100), from: run.session.point(WidgetPoint(x: 200, y: 500)), on: run.session.surface)
    let after = try run.finish()
    print(
      "figure: touch, a following single-finger drag of 100 px up scrolled \(after.value - before.value) px")
    #expect(abs(after.value - before.value - 100) <= Self.stockTolerance)
    #expect(after.pullEvents == before.pullEvents)
    expectNothingClaimed(after)
  }
}

/// One multi-finger run on a fresh touch fixture: fingers placed in a list's px (or another rectangle's),
/// moved by vertical travels in 16 ms steps, and reports taken between. Stops the fixture when it goes.
private final class TouchRun {
  /// The travel of `followingPull()`, px.
  static let followingPullTravel = 100.0
  /// The time between two move steps, ms.
  private static let stepMilliseconds = 16.0
  /// How long `report()` waits first, ms: the touches reach the fixture over another connection than its
  /// commands, and a report right after a move would miss its last steps.
  private static let settleMilliseconds = 50.0

  let session: TouchFixtureSession

  /// Shows `scene` at `value` px with `rows`; a `two-lists` scene's second list in the first one's content
  /// when `secondListNested`.
  init(
    _ scene: TouchFixtureCommand.Scene, value: Double, rows: TouchFixtureCommand.Rows = .labels,
    secondListNested: Bool = false
  ) throws {
    session = try TouchFixtureSession()
    try session.show(
      TouchFixtureCommand(
        .scene, scene: scene, value: value, rows: rows, secondListNested: secondListNested ? true : nil))
  }

  deinit {
    session.stop()
  }

  /// A finger down at `point`, in `rectangle`'s px (the surface's), by default the list's.
  func down(at point: WidgetPoint, in rectangle: SurfaceRectangle? = nil) throws -> TouchFinger {
    let origin = rectangle ?? session.list
    return try session.touchscreen.down(
      at: WidgetPoint(x: origin.x + point.x, y: origin.y + point.y), on: session.surface)
  }

  func move(_ finger: TouchFinger, dy: Double, steps: Int) throws -> TouchFinger {
    try session.touchscreen.move(
      finger, to: WidgetPoint(x: finger.position.x, y: finger.position.y + dy), steps: steps,
      stepMilliseconds: Self.stepMilliseconds)
  }

  /// Moves two fingers at once, each by its own travel, in `steps` steps.
  func move(
    _ first: TouchFinger, dy firstTravel: Double, and second: TouchFinger, dy secondTravel: Double, steps: Int
  )
    throws -> (TouchFinger, TouchFinger)
  {
    let moved = try session.touchscreen.move(
      [
        (first, WidgetPoint(x: first.position.x, y: first.position.y + firstTravel)),
        (second, WidgetPoint(x: second.position.x, y: second.position.y + secondTravel)),
      ], steps: steps, stepMilliseconds: Self.stepMilliseconds)
    return (moved[0], moved[1])
  }

  func hold(_ milliseconds: Double) {
    session.touchscreen.hold(milliseconds: milliseconds)
  }

  func up(_ finger: TouchFinger) throws {
    try session.touchscreen.up(finger)
  }

  /// Waits `settleMilliseconds` ms, so the fixture has handled the touches sent, and reports.
  func report() throws -> TouchFixtureReport {
    hold(Self.settleMilliseconds)
    return try session.report()
  }

  /// Waits until everything stopped moving and reports.
  func finish() throws -> TouchFixtureReport {
    try session.waitUntilStill()
    return try session.report()
  }

  /// One finger pulls `followingPullTravel` px down from (100, 150) in the list (the first list of two) and rests before lifting;
  /// reports once everything stopped moving.
  func followingPull() throws -> TouchFixtureReport {
    try session.touchscreen.drag(
      .drag(dy: Self.followingPullTravel), from: session.point(WidgetPoint(x: 100, y: 150)),
      on: session.surface)
    return try finish()
  }
}
