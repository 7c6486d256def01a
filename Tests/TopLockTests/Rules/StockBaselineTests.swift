import Testing
import TopLockTestSupport

extension GTKTests {
  /// What a stock `GtkScrolledWindow` does under the harness's input: the references TopLock's tests compare
  /// against, and proof that the measurements see what TopLock must prevent.
  @Suite
  @MainActor
  struct StockBaselineTests {
    /// The largest difference between content travel and pointer travel accepted as 1:1, in px.
    private static let oneToOneTolerance = 1.0
    /// A value well inside the list, far from both edges, in px.
    private static let midListValue = 1200.0

    @Test func stockBaseline_mouseDragScrollsOneToOne() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: Self.midListValue)
      let pointerTravelUp = 150.0
      let stroke = DragStroke.drag(dy: -pointerTravelUp)

      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      // Read while the button is still down, after the stroke's rest: what GTK set for the drag, not a fling.
      let contentTravel = scene.fixture.scrollValue - Self.midListValue
      let lastPaintedTravel = (scene.glowCounter.samples.last?.adjustmentValue ?? 0) - Self.midListValue
      scene.pointer.release()

      #expect(abs(contentTravel - pointerTravelUp) <= Self.oneToOneTolerance)
      #expect(abs(lastPaintedTravel - pointerTravelUp) <= Self.oneToOneTolerance)
    }

    @Test func stockBaseline_pullDownAtTopDrawsTopGlow() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: 0)
      scene.glowCounter.reset()

      // 200 px passes GTK's 100 px overshoot limit, so `edge-overshot` fires as well.
      try scene.pointer.drag(
        .drag(dy: 200, holdBeforeReleaseMilliseconds: 100), from: scene.listCenter,
        in: scene.fixture.scrolledWindow)
      let springBackEnded = MainLoopPump.run(timeoutMilliseconds: 2000) {
        scene.glowCounter.samples.last.map { !$0.showsTopGlow } ?? false
      }

      #expect(scene.glowCounter.topGlowFrameCount > 0)
      #expect(scene.glowCounter.topOvershotCount > 0)
      #expect(scene.glowCounter.bottomGlowFrameCount == 0)
      #expect(springBackEnded)
      #expect(scene.fixture.scrollValue == 0)
    }
  }
}
