import TopLockTestSupport

/// A shown list window whose overshoot a test measures, with or without TopLock, so that one input runs on
/// both: `StockListScene` and `TopLockListScene` conform. Main actor only.
@MainActor
protocol MeasuredListScene {
  /// The window and its scrolled window.
  var fixture: ScrolledListFixture { get }
  /// The XTest pointer.
  var pointer: XTestPointer { get }
  /// The glow-frame counter on the scrolled window.
  var glowCounter: GlowFrameCounter { get }
  /// A point in the middle of the list, clear of the vertical scrollbar, in the scrolled window's px.
  var listCenter: WidgetPoint { get }
  /// Releases any button still held and undoes the scene.
  func tearDown()
}

extension MeasuredListScene {
  /// Drags `stroke` from the middle of the list, then waits until the value and the glow settle.
  func dragFromCenterAndSettle(_ stroke: DragStroke) throws {
    try pointer.drag(stroke, from: listCenter, in: fixture.scrolledWindow)
    waitUntilValueAndGlowSettle()
  }

  /// Pumps the main loop until neither the value nor the glow-frame count has changed for 300 ms (flings,
  /// springs and scrolling animations are over), at most 4 s.
  func waitUntilValueAndGlowSettle() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
      [fixture.scrollValue, Double(glowCounter.topGlowFrameCount)]
    }
  }
}

extension StockListScene: MeasuredListScene {}

extension TopLockListScene: MeasuredListScene {}
