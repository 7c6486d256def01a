import Testing
@_spi(Engine) import TopLockCore

/// Detents: their validation, their offsets against the available height, and the moves between them.
struct SheetDetentTests {
  @Test func defaults_areAPeekOf96pxAndFullyOpen() throws {
    let options = TopLockSheetOptions()
    #expect(options.detents == [.height(96), .fraction(1)])
    #expect(options.flickVelocity == SheetSettling.defaultFlickVelocity)
    try options.validate()
  }

  @Test(arguments: [
    [SheetDetent.height(0), .fraction(1)], [.height(96), .fraction(0.5), .fraction(1), .hidden],
    [.hidden, .fraction(0.001)], [.height(100_000)],
  ])
  func validate_acceptsFiniteHeightsFractionsAndAVisibleDetent(detents: [SheetDetent]) throws {
    try TopLockSheetOptions(detents: detents).validate()
  }

  @Test(arguments: [
    [SheetDetent.height(.nan)], [.height(-1)], [.height(.infinity)], [.fraction(0)], [.fraction(1.01)],
    [.fraction(-0.5)], [.fraction(.nan)], [.fraction(1), .fraction(.infinity)], [], [.hidden],
  ])
  func validate_rejectsBadDetentsAndAListWithoutAVisibleOne(detents: [SheetDetent]) {
    let error = #expect(throws: TopLockError.self) { try TopLockSheetOptions(detents: detents).validate() }
    guard case .invalidOption(let name, let reason) = error else {
      Issue.record("expected invalidOption, got \(String(describing: error))")
      return
    }
    #expect(name == "detents")
    #expect(!reason.isEmpty)
  }

  @Test(arguments: [0, -1, .nan, .infinity])
  func validate_rejectsAFlickVelocityThatIsNotAPositiveFiniteSpeed(velocity: Double) {
    var options = TopLockSheetOptions()
    options.flickVelocity = velocity
    #expect(
      throws: TopLockError.invalidOption(
        name: "flickVelocity", reason: "must be a finite number of px/s > 0, got \(velocity)")
    ) {
      try options.validate()
    }
  }

  @Test func offsets_followTheAvailableHeight() {
    let detents: [SheetDetent] = [.height(96), .fraction(0.5), .fraction(1), .hidden, .height(2000)]
    let tall = SheetDetentLayout(detents: detents, availableHeight: 1000)
    #expect(tall.offsets == [904, 500, 0, 1000, 0])
    let short = SheetDetentLayout(detents: detents, availableHeight: 400)
    #expect(short.offsets == [304, 200, 0, 400, 0])
    #expect(short.offsetRange == 0...400)
    #expect(SheetDetentLayout(detents: detents, availableHeight: -5).offsets == [0, 0, 0, 0, 0])
  }

  @Test func steps_goBetweenNeighboursAndSkipHiddenUnlessAsked() {
    let layout = SheetDetentLayout(
      detents: [.height(96), .fraction(0.5), .fraction(1), .hidden], availableHeight: 1000)
    #expect(layout.highestDetent == 2)
    #expect(layout.lowestVisibleDetent == 0)
    #expect(layout.detent(above: 3) == 0)
    #expect(layout.detent(above: 0) == 1)
    #expect(layout.detent(above: 1) == 2)
    #expect(layout.detent(above: 2) == nil)
    #expect(layout.detent(below: 2, includingHidden: false) == 1)
    #expect(layout.detent(below: 0, includingHidden: false) == nil)
    #expect(layout.detent(below: 0, includingHidden: true) == 3)
    #expect(layout.detentAfterHandleActivation(from: 0) == 1)
    #expect(layout.detentAfterHandleActivation(from: 2) == 0, "from the top, back to the lowest visible")
    #expect(layout.detentAfterHandleActivation(from: 3) == 0, "from hidden, the lowest visible")
  }

  @Test func restingDetent_isAnIndexIntoTheGivenOrder() {
    let layout = SheetDetentLayout(detents: [.fraction(1), .height(100)], availableHeight: 500)
    #expect(layout.restingDetent(offset: 390, velocity: 0, flickVelocity: 500) == 1)
    #expect(layout.restingDetent(offset: 10, velocity: 0, flickVelocity: 500) == 0)
    #expect(layout.nearestDetent(to: 350) == 1)
  }
}

/// Detents as text (`96px`, `50%`, `hidden`), as the demo's `--detents` and the touch fixture take them.
struct SheetDetentTextTests {
  @Test(arguments: [
    ("96px", SheetDetent.height(96)), ("0px", .height(0)), ("12.5px", .height(12.5)), ("50%", .fraction(0.5)),
    ("100%", .fraction(1)), ("hidden", .hidden),
  ])
  func text_readsAndWritesBack(text: String, detent: SheetDetent) {
    #expect(SheetDetent(text) == detent)
    #expect(detent.description == text)
  }

  @Test(arguments: ["", "96", "px", "50 %", "half", "Hidden", "1e3pxx", "%"])
  func text_thatIsNoDetent_readsAsNil(text: String) {
    #expect(SheetDetent(text) == nil)
  }
}

/// The scrim's measure: how far the sheet is open above its detent, and the option's validation.
struct SheetScrimTests {
  @Test func openFraction_goesFromNoneAtTheDetentToAllAtTheHighest() {
    let layout = SheetDetentLayout(
      detents: [.height(96), .fraction(0.5), .fraction(1)], availableHeight: 640)
    #expect(layout.openFraction(offset: 544, above: 1) == 0)
    #expect(layout.openFraction(offset: 320, above: 1) == 0)
    #expect(layout.openFraction(offset: 160, above: 1) == 0.5)
    #expect(layout.openFraction(offset: 0, above: 1) == 1)
    #expect(layout.openFraction(offset: 0, above: 2) == 0, "above the highest there is nothing")
  }

  @Test(arguments: [-1, 3])
  func scrimDetent_outsideTheDetents_isRejected(index: Int) {
    var options = TopLockSheetOptions(detents: [.height(96), .fraction(0.5), .fraction(1)])
    options.scrimDetent = index
    #expect(throws: TopLockError.self) { try options.validate() }
    options.scrimDetent = 1
    #expect(throws: Never.self) { try options.validate() }
  }
}
