import CTopLockGtk
import CTopLockXTest
import Testing
import TopLockGObject
import TopLockTestSupport

@testable import TopLock

extension GTKTests {
  /// Each rule of the behaviour contract on a real GtkScrolledWindow, driven by real XTest pointer input.
  /// Glow tests run the same input on a stock scrolled window in the same test and require it to glow, so
  /// that they can fail; they also run with TopLock's cosmetic stylesheet out of play.
  @Suite
  @MainActor
  struct TopLockRuleTests {
    /// The largest accepted difference between a host translation and the pointer travel, in px.
    private static let pointerTolerance = 1.0
    /// A value well inside the list, in px.
    private static let midListValue = 1200.0

    /// Top-glow frames and top `edge-overshot` emissions of a stock scrolled window under `input`.
    private func stockTopGlow(
      startingAt value: Double, _ input: (StockListScene) throws -> Void
    ) throws -> (frames: Int, overshots: Int) {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: value)
      scene.glowCounter.reset()
      try input(scene)
      _ = MainLoopPump.run(timeoutMilliseconds: 1500) { false }
      return (scene.glowCounter.topGlowFrameCount, scene.glowCounter.topOvershotCount)
    }

    @Test(arguments: TopLockListScene.CosmeticNet.allCases)
    func R1_pullDownAtTop_drawsNoTopGlow(cosmeticNet: TopLockListScene.CosmeticNet) throws {
      let stroke = DragStroke.drag(dy: 200, holdBeforeReleaseMilliseconds: 100)
      let stock = try stockTopGlow(startingAt: 0) { scene in
        try scene.pointer.drag(stroke, from: scene.listCenter, in: scene.fixture.scrolledWindow)
      }
      let scene = try TopLockListScene(cosmeticNet: cosmeticNet)
      defer { scene.tearDown() }
      scene.glowCounter.reset()
      try scene.pointer.drag(stroke, from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      print(
        "figure: pull at top (\(cosmeticNet)): top-glow frames stock \(stock.frames), TopLock \(scene.glowCounter.topGlowFrameCount)"
      )
      #expect(stock.frames > 0, "the stock scrolled window must glow under the same input")
      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.glowCounter.topOvershotCount == 0)
    }

    @Test(arguments: TopLockListScene.CosmeticNet.allCases)
    func R2_flingIntoTop_stopsExactlyAtLowerWithoutGlow(cosmeticNet: TopLockListScene.CosmeticNet) throws {
      let startValue = 600.0
      let stroke = DragStroke.fling(dy: 500)
      let stock = try stockTopGlow(startingAt: startValue) { scene in
        try scene.pointer.drag(stroke, from: scene.listCenter, in: scene.fixture.scrolledWindow)
      }
      let scene = try TopLockListScene(cosmeticNet: cosmeticNet)
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: startValue)
      scene.glowCounter.reset()
      try scene.pointer.drag(stroke, from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      print(
        "figure: fling into top (\(cosmeticNet)): top-glow frames stock \(stock.frames), TopLock \(scene.glowCounter.topGlowFrameCount), final value \(scene.fixture.scrollValue)"
      )
      #expect(stock.frames > 0, "the stock fling must glow at the top")
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.glowCounter.topOvershotCount == 0)
    }

    @Test(arguments: TopLockListScene.CosmeticNet.allCases)
    func R3_wheelUpAtTopAndNearTop_drawsNoGlow(cosmeticNet: TopLockListScene.CosmeticNet) throws {
      let stock = try stockTopGlow(startingAt: 0) { scene in
        try scene.pointer.move(to: scene.listCenter, in: scene.fixture.scrolledWindow)
        scene.pointer.wheel(.up, clicks: 3)
      }
      let scene = try TopLockListScene(cosmeticNet: cosmeticNet)
      defer { scene.tearDown() }
      scene.glowCounter.reset()
      try scene.pointer.move(to: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.wheel(.up, clicks: 3)
      scene.waitUntilStill()
      let glowAtTop = scene.glowCounter.topGlowFrameCount

      try scene.fixture.scroll(to: 20)
      scene.glowCounter.reset()
      scene.pointer.wheel(.up, clicks: 1)
      scene.waitUntilStill()

      print(
        "figure: wheel up at top (\(cosmeticNet)): top-glow frames stock \(stock.frames), TopLock \(glowAtTop)"
      )
      #expect(stock.frames > 0, "the stock wheel must glow at the top")
      #expect(glowAtTop == 0)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0, "a wheel never pulls the host")
    }

    @Test func R4_flingIntoBottom_keepsBottomGlow() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: scene.fixture.maximumScrollValue - 300)
      scene.glowCounter.reset()
      try scene.pointer.drag(.fling(dy: -500), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.glowCounter.bottomGlowFrameCount > 0)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    /// What a pull down at the top showed, as R5 checks it.
    private struct PullAtTopFigures {
      /// Frames sampled.
      var frames: Int
      /// Frames that drew the top glow: R5's check, with `topOvershots`.
      var topGlowFrames: Int
      /// Top `edge-overshot` emissions.
      var topOvershots: Int
      /// Sanity only: whether every frame's value was 0 (`lower`). A GtkAdjustment clamps, so a stock
      /// scrolled window, glowing, passes it too.
      var valueStayedAtLowerSanity: Bool
    }

    /// Pulls 180 px down from the middle of `scene`'s list at the top and measures it.
    private func pullDownAtTop(on scene: some MeasuredListScene) throws -> PullAtTopFigures {
      scene.glowCounter.reset()
      try scene.dragFromCenterAndSettle(.drag(dy: 180, holdBeforeReleaseMilliseconds: 100))
      let counter = scene.glowCounter
      return PullAtTopFigures(
        frames: counter.frameCount, topGlowFrames: counter.topGlowFrameCount,
        topOvershots: counter.topOvershotCount,
        valueStayedAtLowerSanity: counter.samples.allSatisfy { $0.adjustmentValue == 0 })
    }

    @Test func R5_pullDownAtTop_neverMovesContent() throws {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      let figures = try pullDownAtTop(on: scene)

      #expect(figures.frames > 0)
      #expect(figures.topGlowFrames == 0)
      #expect(figures.topOvershots == 0)
      #expect(figures.valueStayedAtLowerSanity)
      #expect(scene.host.beganCount == 1)
      #expect(scene.host.endedCount == 1)
    }

    /// R5's control: its glow and `edge-overshot` checks fail on a stock scrolled window under the same
    /// pull, while its value sanity check passes there.
    @Test func R5_stockPullAtTop_overshootChecksFailAndValueSanityCheckPasses() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      let figures = try pullDownAtTop(on: scene)

      print(
        "figure: R5's pull on stock: top-glow frames \(figures.topGlowFrames) of \(figures.frames), "
          + "edge-overshot \(figures.topOvershots), value sanity held \(figures.valueStayedAtLowerSanity)")
      #expect(figures.topGlowFrames > 0)
      #expect(figures.topOvershots > 0)
      #expect(figures.valueStayedAtLowerSanity, "the adjustment clamps: the value sanity check cannot fail")
    }

    @Test func R6_hostTranslationFollowsPointerOneToOne() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let pull = 160.0
      let stroke = DragStroke.drag(dy: pull)
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      let pressY = scene.pointer.position.y - 1
      scene.pointer.travel(stroke)
      let pointerTravel = scene.pointer.position.y - pressY
      let translation = scene.host.lastTranslation
      scene.pointer.release()
      scene.waitUntilStill()

      print("figure: pointer-vs-host error, still host = \(abs(translation - pointerTravel)) px")
      #expect(abs(pointerTravel - pull) <= Self.pointerTolerance)
      #expect(abs(translation - pointerTravel) <= Self.pointerTolerance)
      #expect(scene.host.translations.allSatisfy { $0 >= 0 && $0 <= pull + Self.pointerTolerance })
    }

    @Test func R7_dragUpAtTopAndMidList_scrollOneToOne() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let travel = 150.0
      for start in [0, Self.midListValue] {
        try scene.fixture.scroll(to: start)
        let stroke = DragStroke.drag(dy: -travel)
        try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
        scene.pointer.travel(stroke)
        let contentTravel = scene.fixture.scrollValue - start
        scene.pointer.release()
        scene.waitUntilStill()
        #expect(abs(contentTravel - travel) <= Self.pointerTolerance, "from \(start)")
      }
      #expect(scene.host.beganCount == 0)

      let fling = DragStroke.fling(dy: -500)
      let stockScene = try StockListScene()
      try stockScene.fixture.scroll(to: Self.midListValue)
      try stockScene.pointer.drag(fling, from: stockScene.listCenter, in: stockScene.fixture.scrolledWindow)
      _ = MainLoopPump.run(timeoutMilliseconds: 3000) { false }
      let stockFlingTravel = stockScene.fixture.scrollValue - Self.midListValue
      stockScene.tearDown()

      try scene.fixture.scroll(to: Self.midListValue)
      try scene.pointer.drag(fling, from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      let flingTravel = scene.fixture.scrollValue - Self.midListValue
      print("figure: mid-list fling travel stock \(stockFlingTravel) px, TopLock \(flingTravel) px")
      #expect(stockFlingTravel > 500, "the stock release flings")
      #expect(abs(flingTravel - stockFlingTravel) <= 0.15 * stockFlingTravel, "a release flings like stock")
    }

    /// Gives `scene`'s scrolled window the keyboard focus, taps Page Down, then Home, and returns the value
    /// after Page Down (px) and the top-glow frames drawn from then on.
    private func pageDownThenHome(on scene: some MeasuredListScene) throws -> (
      afterPageDown: Double, topGlowFrames: Int
    ) {
      let keyboard = try XTestKeyboard()
      gtk_widget_set_focusable(scene.fixture.scrolledWindow, 1)
      gtk_widget_grab_focus(scene.fixture.scrolledWindow)
      keyboard.tap(keysym: UInt(XK_Page_Down))
      scene.waitUntilValueAndGlowSettle()
      let afterPageDown = scene.fixture.scrollValue
      scene.glowCounter.reset()
      keyboard.tap(keysym: UInt(XK_Home))
      scene.waitUntilValueAndGlowSettle()
      return (afterPageDown, scene.glowCounter.topGlowFrameCount)
    }

    /// Keyboard scrolling goes on working with TopLock attached: Page Down scrolls, Home comes back to the top.
    /// The test claims nothing about the glow: GTK's keyboard scrolling animates the adjustment within its
    /// bounds and never overshoots, so a stock scrolled window under the same keys draws no top glow either
    /// (measured here), and no glow check could fail.
    @Test func R1_keyboardScrolling_keepsWorkingWithTopLockAttached() throws {
      let stock: (afterPageDown: Double, topGlowFrames: Int)
      do {
        let stockScene = try StockListScene()
        defer { stockScene.tearDown() }
        stock = try pageDownThenHome(on: stockScene)
      }
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let topLock = try pageDownThenHome(on: scene)

      print(
        "figure: keyboard Page Down then Home: stock top-glow frames \(stock.topGlowFrames); TopLock value "
          + "after Page Down \(topLock.afterPageDown), after Home \(scene.fixture.scrollValue)")
      #expect(stock.topGlowFrames == 0, "GTK's keyboard scrolling never overshoots: there is no glow to stop")
      #expect(stock.afterPageDown > 0)
      #expect(topLock.afterPageDown > 0)
      #expect(scene.fixture.scrollValue == 0)
    }

    @Test func R8_scrollUpToTopThenKeepPulling_losesNoPixel() throws {
      for (startValue, stroke) in [
        (100.0, DragStroke.drag(dy: 250)),
        (100.0, DragStroke.drag(dy: 250, stepPixels: 40, stepIntervalMilliseconds: 16)),
      ] {
        let scene = try TopLockListScene()
        defer { scene.tearDown() }
        try scene.fixture.scroll(to: startValue)
        let beforeRelease = try scene.drag(stroke, at: scene.listCenter)
        let (value, translation) = (beforeRelease.value, beforeRelease.translation)

        print(
          "figure: hand-off in steps of \(stroke.stepPixels) px: lost pixels \(stroke.dy - startValue - translation)"
        )
        #expect(value == 0)
        #expect(scene.host.beganCount == 1)
        #expect(
          abs(translation - (stroke.dy - startValue)) <= Self.pointerTolerance,
          "steps of \(stroke.stepPixels) px: translation \(translation)")
      }
    }

    @Test func R9_pushHostBackThenKeepGoing_scrollsListAndFlings() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let down = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.beginDrag(down, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(down)
      scene.pointer.travel(.drag(dy: -250, holdBeforeReleaseMilliseconds: 50))
      let valueAfterHandBack = scene.fixture.scrollValue
      scene.pointer.travel(.fling(dy: -300))
      scene.pointer.release()
      let valueAtRelease = scene.fixture.scrollValue
      scene.waitUntilStill()

      #expect(abs(valueAfterHandBack - 150) <= Self.pointerTolerance)
      #expect(scene.host.lastTranslation <= 0)
      #expect(scene.fixture.scrollValue > valueAtRelease + 100, "the release flings the list")
    }

    @Test func R11_dragOnScrollbar_neverPullsHost() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let nearScrollbar = WidgetPoint(x: Double(ScrolledListFixture.Defaults.windowWidth) - 4, y: 100)
      try scene.pointer.move(to: nearScrollbar, in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 300)
      try scene.pointer.drag(.drag(dy: 120), from: nearScrollbar, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.host.beganCount == 0)
      #expect(scene.fixture.scrollValue > 0, "the scrollbar drag moves the scrollbar")
    }

    @Test func R12_mouseDragOff_leavesMouseDragsAlone() throws {
      let scene = try TopLockListScene(options: TopLockOptions())
      defer { scene.tearDown() }
      try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.host.beganCount == 0)
      #expect(scene.fixture.scrollValue == 0)
    }

    @Test func R14_contentShorterThanViewport_pullsHost() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let shortContent = gtk_label_new("one short row")!
      gtk_scrolled_window_set_child(OpaquePointer(scene.fixture.scrolledWindow), shortContent)
      try MainLoopPump.waitForFrames(3, of: scene.fixture.scrolledWindow, timeoutMilliseconds: 2000)
      try #require(scene.fixture.maximumScrollValue <= 0)
      try scene.pointer.drag(.drag(dy: 120), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.host.beganCount == 1)
      #expect(abs((scene.host.translations.max() ?? 0) - 120) <= Self.pointerTolerance)
    }

    @Test func R15_detach_restoresStockGlow() throws {
      let scene = try TopLockListScene(cosmeticNet: .kept)
      defer { scene.tearDown() }
      #expect(gtk_widget_has_css_class(scene.fixture.scrolledWindow, "toplock") != 0)
      scene.scroller.detach()
      scene.scroller.detach()
      try ScrolledWindowGestures(scrolledWindow: scene.fixture.scrolledWindow).setTouchOnly(false)
      scene.glowCounter.reset()
      try scene.pointer.drag(
        .drag(dy: 200, holdBeforeReleaseMilliseconds: 100), from: scene.listCenter,
        in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.glowCounter.topGlowFrameCount > 0)
      #expect(scene.host.beganCount == 0)
      #expect(gtk_widget_has_css_class(scene.fixture.scrolledWindow, "toplock") == 0)
    }

    @Test func stockTopPolicy_keepsGTKsTopGlow() throws {
      var options = TopLockListScene.mouseDragOptions
      options.topPolicy = .stock
      let scene = try TopLockListScene(options: options, cosmeticNet: .kept)
      defer { scene.tearDown() }
      scene.glowCounter.reset()
      try scene.pointer.drag(
        .drag(dy: 200, holdBeforeReleaseMilliseconds: 100), from: scene.listCenter,
        in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.glowCounter.topGlowFrameCount > 0)
      #expect(scene.host.beganCount == 0)
      #expect(gtk_widget_has_css_class(scene.fixture.scrolledWindow, "toplock") == 0)
    }

    /// The cosmetic net is opt-in: the default options neither add its CSS class nor install its stylesheet;
    /// `setOptions` puts both on and takes both off again.
    @Test func cosmeticNet_isOffByDefault_andFollowsItsOption() throws {
      let scene = try TopLockListScene(options: TopLockOptions())
      defer { scene.tearDown() }
      let widget = scene.fixture.scrolledWindow
      #expect(gtk_widget_has_css_class(widget, "toplock") == 0)
      #expect(TopLockStyle.provider == nil)

      var options = scene.scroller.options
      options.cosmeticNetEnabled = true
      try scene.scroller.setOptions(options)
      #expect(gtk_widget_has_css_class(widget, "toplock") != 0)
      #expect(TopLockStyle.provider != nil)

      options.cosmeticNetEnabled = false
      try scene.scroller.setOptions(options)
      #expect(gtk_widget_has_css_class(widget, "toplock") == 0)
      #expect(TopLockStyle.provider == nil)
    }

    @Test func attachingTwiceOrToAnotherWidget_throwsTypedErrors() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      #expect(throws: TopLockError.alreadyAttached) {
        try TopLockScroller.attach(to: scene.fixture.scrolledWindow)
      }
      #expect(throws: TopLockError.notAScrolledWindow(typeName: "GtkWindow")) {
        try TopLockScroller.attach(to: scene.fixture.window)
      }
      #expect(throws: TopLockError.nullWidget) { try TopLockScroller.attach(to: nil) }
    }
  }
}
