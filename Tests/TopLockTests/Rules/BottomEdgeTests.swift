import CTopLockGtk
import Testing
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// Rule B1 on a real GtkScrolledWindow driven by real XTest pointer input: the bottom policy
  /// `.lockAndHandOff` hands an upward drag at the bottom to the scroller's bottom host, the top's rules
  /// mirrored. The glow test runs the same input on a stock scrolled window, which must glow at the bottom.
  @Suite
  @MainActor
  struct BottomEdgeTests {
    /// The largest accepted difference between a host translation and the pointer travel, in px.
    private static let pointerTolerance = 1.0

    /// Mouse drag on, the bottom handed off.
    private static var bottomHandOffOptions: TopLockOptions {
      var options = TopLockListScene.mouseDragOptions
      options.bottomPolicy = .lockAndHandOff
      return options
    }

    /// A shown list with the bottom handed off to `bottomHost`, scrolled to `fromBottom` px above its
    /// bottom.
    private func bottomScene(bottomHost: RecordingHost, fromBottom: Double = 0) throws -> TopLockListScene {
      let scene = try TopLockListScene(options: Self.bottomHandOffOptions)
      scene.scroller.bottomHost = bottomHost
      try scene.fixture.scroll(to: scene.fixture.maximumScrollValue - fromBottom)
      scene.glowCounter.reset()
      return scene
    }

    @Test func B1_pushUpAtTheBottom_movesTheBottomHostOneToOne_neverTheContent_whereStockGlows() throws {
      let pull = 180.0
      let stroke = DragStroke.drag(dy: -pull, holdBeforeReleaseMilliseconds: 100)
      let stock = try StockListScene()
      try stock.fixture.scroll(to: stock.fixture.maximumScrollValue)
      stock.glowCounter.reset()
      try stock.dragFromCenterAndSettle(stroke)
      let stockFigures = (stock.glowCounter.bottomGlowFrameCount, stock.glowCounter.bottomOvershotCount)
      stock.tearDown()

      let bottomHost = RecordingHost()
      let scene = try bottomScene(bottomHost: bottomHost)
      defer { scene.tearDown() }
      let bottom = scene.fixture.maximumScrollValue
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      let pressY = scene.pointer.position.y
      scene.pointer.travel(stroke)
      let pointerTravel = pressY - scene.pointer.position.y
      let translation = bottomHost.lastTranslation
      scene.pointer.release()
      scene.waitUntilStill()

      print(
        "figure: push up at the bottom: bottom-glow frames stock \(stockFigures.0), TopLock "
          + "\(scene.glowCounter.bottomGlowFrameCount); bottom host \(translation) px for \(pointerTravel) px"
      )
      #expect(stockFigures.0 > 0, "the stock scrolled window must glow under the same input")
      #expect(stockFigures.1 > 0)
      #expect(scene.glowCounter.frameCount > 0)
      #expect(scene.glowCounter.bottomGlowFrameCount == 0)
      #expect(scene.glowCounter.bottomOvershotCount == 0)
      #expect(scene.glowCounter.samples.allSatisfy { $0.adjustmentValue == bottom })
      #expect(abs(translation - pointerTravel) <= Self.pointerTolerance)
      #expect(bottomHost.beganCount == 1 && bottomHost.endedCount == 1)
      #expect(scene.host.beganCount == 0, "the top's host hears nothing")
    }

    @Test func B1_scrollDownToTheBottomThenKeepPushing_losesNoPixel() throws {
      let bottomHost = RecordingHost()
      let scene = try bottomScene(bottomHost: bottomHost, fromBottom: 100)
      defer { scene.tearDown() }
      let stroke = DragStroke.drag(dy: -250)
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      let value = scene.fixture.scrollValue
      let translation = bottomHost.lastTranslation
      scene.pointer.release()
      scene.waitUntilStill()

      print("figure: hand-off at the bottom: lost pixels \(250 - 100 - translation)")
      #expect(value == scene.fixture.maximumScrollValue)
      #expect(bottomHost.beganCount == 1)
      #expect(abs(translation - 150) <= Self.pointerTolerance, "translation \(translation)")
      #expect(scene.glowCounter.bottomGlowFrameCount == 0)
    }

    @Test func B1_pushTheBottomHostBackThenKeepGoing_scrollsTheListUp_andTheReleaseFlingsIt() throws {
      let bottomHost = RecordingHost()
      let scene = try bottomScene(bottomHost: bottomHost)
      defer { scene.tearDown() }
      let bottom = scene.fixture.maximumScrollValue
      let up = DragStroke.drag(dy: -100, holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.beginDrag(up, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(up)
      let translationUp = bottomHost.lastTranslation
      scene.pointer.travel(.drag(dy: 250, holdBeforeReleaseMilliseconds: 50))
      let valueAfterHandBack = scene.fixture.scrollValue
      scene.pointer.travel(.fling(dy: 300))
      scene.pointer.release()
      let valueAtRelease = scene.fixture.scrollValue
      scene.waitUntilStill()

      #expect(abs(translationUp - 100) <= Self.pointerTolerance)
      #expect(abs(valueAfterHandBack - (bottom - 150)) <= Self.pointerTolerance)
      #expect(bottomHost.lastTranslation <= 0)
      #expect(scene.fixture.scrollValue < valueAtRelease - 100, "the release flings the list up")
    }

    @Test func B1_releaseWhileTheBottomHostIsAway_handsItTheUpwardVelocity() throws {
      let bottomHost = RecordingHost()
      let scene = try bottomScene(bottomHost: bottomHost)
      defer { scene.tearDown() }
      try scene.pointer.drag(.fling(dy: -300), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      print("figure: bottom host release velocity \(bottomHost.endVelocity ?? .nan) px/s")
      #expect((bottomHost.endVelocity ?? 0) > 500, "outward: upward, positive")
      #expect(scene.fixture.scrollValue == scene.fixture.maximumScrollValue)
      #expect(scene.glowCounter.bottomGlowFrameCount == 0)
    }
  }
}
