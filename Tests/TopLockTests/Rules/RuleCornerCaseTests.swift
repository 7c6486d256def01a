import CTopLockGtk
import Glibc
import Testing
import TopLock
import TopLockTestInvariants
import TopLockTestSupport

extension GTKTests {
  /// The rules at their corners: real input that meets something else moving the list (the host, the
  /// viewport, GTK's own fling) or GTK's private state, each the smallest input that shows the case, with the
  /// mechanism that would break the rule.
  @Suite
  @MainActor
  struct RuleCornerCaseTests {
    /// A pointer taps the list while its host moves it up under the pointer: GTK sees a drag of the host's
    /// travel, which would scroll past the top and fling there. The pointer trembles 1 px, far below the drag
    /// threshold, so that GTK gets a motion to act on.
    @Test func R1_tapWhileTheHostMovesTheList_drawsNoTopGlowNorEdgeOvershot() throws {
      let scene = try MovingHostScene()
      defer { scene.tearDown() }
      try scene.pointer.move(to: scene.listPoint, in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 50)
      scene.glowCounter.reset()
      scene.pointer.press()
      scene.startMoving(pxPerFrame: -12, distance: MovingHostScene.restTop)
      scene.pointer.hold(milliseconds: 60)
      scene.pointer.move(byX: 0, y: 1, steps: 1, stepIntervalMilliseconds: 60)
      scene.pointer.release()
      scene.waitUntilStill()

      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.glowCounter.topOvershotCount == 0)
      #expect(scene.host.beganCount == 0, "a tap never pulls")
    }

    /// A press at the top while the host moves the list up, then a drag sideways and down: GTK's drag sees
    /// the host's travel as a drag down while the core rejects the drag as sideways, so GTK alone would go
    /// past the top (glow, `edge-overshot` at every motion past 100 px) and fling there.
    @Test func R1_sidewaysDragWhileTheHostMovesTheListThenDown_drawsNoTopGlowNorEdgeOvershot() throws {
      let scene = try MovingHostScene()
      defer { scene.tearDown() }
      try scene.pointer.move(to: scene.listPoint, in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 50)
      scene.glowCounter.reset()
      scene.pointer.press()
      scene.startMoving(pxPerFrame: -12, distance: MovingHostScene.restTop)
      scene.pointer.hold(milliseconds: 60)
      scene.pointer.travel(.drag(dx: 300, dy: -14, stepPixels: 37, holdBeforeReleaseMilliseconds: 0))
      scene.pointer.travel(.drag(dy: 400, stepPixels: 12, stepIntervalMilliseconds: 8))
      scene.pointer.release()
      scene.waitUntilStill()

      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.glowCounter.topOvershotCount == 0)
    }

    /// A slow pull down at the top of a collapsed sheet: GTK maps the pointer into the scrolled window in
    /// single-precision floats, so at exactly the threshold its travel is 8.0000019 px, past its threshold,
    /// while the core's 8 px in the root's whole pixels is not, and GTK's drag would go past the top for one
    /// motion.
    @Test func R1_pullCrossingTheThresholdPixelByPixel_drawsNoTopGlow() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      gtk_widget_remove_css_class(scene.fixture.scrolledWindow, "toplock")
      scene.sheet.toggle()
      scene.waitUntilSheetRests()
      scene.glowCounter.reset()
      let stroke = DragStroke(
        dx: 0, dy: 30, stepPixels: 1, stepIntervalMilliseconds: 16, pressHoldMilliseconds: 0,
        holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.drag(stroke, from: WidgetPoint(x: 314, y: 669), in: scene.fixture.window)
      scene.waitUntilSheetRests()

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.fixture.scrollValue == 0)
    }

    /// A press after the host moved the list away from under a still pointer: GTK delivers the press to
    /// the widget the pointer last moved over, the list, without a new pick, so GTK's drag would scroll past
    /// the top of a list the press did not land on. Here the sheet springs down from under the pointer, and
    /// the press catches it there.
    @Test func R1_pressAfterTheSheetMovedTheListAway_drawsNoTopGlow() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      gtk_widget_remove_css_class(scene.fixture.scrolledWindow, "toplock")
      try scene.pointer.move(to: WidgetPoint(x: 200, y: 5), in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 50)
      scene.glowCounter.reset()
      scene.sheet.toggle()
      MainLoopPump.run(forMilliseconds: 80)
      scene.pointer.press()
      scene.pointer.hold(milliseconds: 30)
      scene.pointer.travel(.drag(dy: 250, stepPixels: 20, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.release()
      scene.waitUntilSheetRests()

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.glowCounter.topOvershotCount == 0)
      #expect(scene.fixture.scrollValue == 0)
    }

    /// A tap after a pull at the top: GTK's swipe still holds the pull's last motion (its group is denied,
    /// so it never clears its history) and would measure the tap's release against it and fling into the
    /// top.
    @Test func R1_tapAfterAPullAtTheTop_doesNotFlingIntoTheTop() throws {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      try scene.pointer.drag(
        .drag(dy: 120, holdBeforeReleaseMilliseconds: 50), from: WidgetPoint(x: 200, y: 100),
        in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      try #require(scene.host.endedCount == 1)
      scene.glowCounter.reset()
      try scene.pointer.move(to: WidgetPoint(x: 200, y: 500), in: scene.fixture.scrolledWindow)
      MainLoopPump.run(forMilliseconds: 40)
      scene.pointer.press()
      scene.pointer.hold(milliseconds: 30)
      scene.pointer.release()
      scene.waitUntilStill()

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.fixture.scrollValue == 0)
    }

    /// Three fingers at the top: the first scrolls up, comes back down and pulls, while a second and a third
    /// land on the list, move and lift; right after, a first finger lands where the sheet no longer is (on no
    /// list) and a second on the list, lifting a step later. GTK's drag follows that second finger, which
    /// the hand-off gesture does not follow, and its release before GTK's threshold would make GTK's swipe
    /// fling from the history the denied drags left it, into the top: the top glow, with no value change to
    /// stop it on.
    ///
    /// A stock list draws no glow under the same touches (GTK 4.8's drag stops for good once the second
    /// finger lands, before the first comes back down), which TopLock keeps (R16); the positive control is
    /// the first finger's touches alone, which glow on the stock list.
    @Test func touch_R1_R16_secondFingerReleasedBeforeGTKsThresholdAfterAPull_doesNotFlingIntoTheTop() throws
    {
      let sequence = TouchFuzzSequence(seed: 0x1497_c599_006e_d908)
      try #require(
        sequence.description
          == "seed 0x1497c599006ed908: multi-finger touch, start top; touch finger 1 at (0.38, 0.08) steps "
          + "0...34 [8x(1,-40) 10x(1,-2) 16x(0,25)] hold 0; finger 2 at (0.42, 0.82) steps 13...26 [13x(0,40)] "
          + "hold 0; finger 3 at (0.36, 0.54) steps 22...36 [14x(0,-44)] hold 0; touch finger 1 at (0.59, 0.46) "
          + "steps 0...10 [6x(0,0) 4x(0,0)] hold 0; finger 2 at (0.64, 0.85) steps 0...1 [] hold 1",
        "the fuzz still draws the sequence it found")
      guard case .gesture(var firstFingerAlone) = sequence.actions.first else {
        Issue.record("the sequence starts with a gesture")
        return
      }
      firstFingerAlone.fingers = [firstFingerAlone.fingers[0]]
      let scene = try TouchFuzzScene()
      defer { scene.stop() }
      let stockGlowFrames = try scene.topGlowFramesOnAStockList(
        from: sequence.startValue, running: sequence.actions)
      let stockFirstFingerGlowFrames = try scene.topGlowFramesOnAStockList(
        from: sequence.startValue, running: [.gesture(firstFingerAlone)])
      let violations = try scene.run(sequence)
      print(
        "figure: touch, second finger released before GTK's threshold after a pull: stock top-glow frames "
          + "\(stockGlowFrames) (the first finger alone: \(stockFirstFingerGlowFrames)); TopLock violations "
          + "\(violations)")
      #expect(
        stockFirstFingerGlowFrames > 0, "positive control: the first finger alone glows on a stock list")
      #expect(stockGlowFrames == 0, "a stock list draws no glow under these touches")
      #expect(violations.isEmpty)
    }

    /// A press on a row the viewport shows only in part gives the row's button focus, and the viewport
    /// animates the row into view: the animation would go on moving the content under a pull the host then
    /// owns (a Page Down animation does the same).
    @Test func R5_pullWhileTheViewportAnimatesAFocusedRowIntoView_contentStaysStill() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      let monitor = InvariantMonitor(scroller: scene.sheet.scroller, forwardingTo: scene.sheet)
      defer { monitor.remove() }
      _ = ButtonRows(count: 100, in: scene.fixture.scrolledWindow)
      scene.sheet.toggle()
      scene.waitUntilSheetRests()
      let rowClippedAtTheTop = 7.25 * ButtonRows.rowHeight
      try scene.fixture.scroll(to: rowClippedAtTheTop)
      let stroke = DragStroke(
        dx: 0, dy: -150, stepPixels: 30, stepIntervalMilliseconds: 16, pressHoldMilliseconds: 0,
        holdBeforeReleaseMilliseconds: 100)
      try scene.pointer.drag(stroke, from: WidgetPoint(x: 200, y: 4), in: scene.fixture.scrolledWindow)
      scene.waitUntilSheetRests()

      #expect(monitor.pullsBegan == 1)
      #expect(monitor.violations.isEmpty, "\(monitor.violations)")
    }

    /// A press on the sheet while it springs catches it where it is: the scrolled window stays still under
    /// the pointer (GTK's gestures would take the sheet's travel for a drag), a pull starts from there, and
    /// a tap lets it settle on.
    @Test func R6_pressWhileTheSheetSettles_catchesItAndAPullStartsThere() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      let onTheCollapsedPanel = WidgetPoint(x: 200, y: 660)
      for pulls in [false, true] {
        scene.sheet.toggle()
        scene.waitUntilSheetRests()
        try scene.pointer.move(to: onTheCollapsedPanel, in: scene.fixture.window)
        MainLoopPump.run(forMilliseconds: 50)
        scene.sheet.toggle()
        MainLoopPump.run(forMilliseconds: 80)
        scene.pointer.press()
        MainLoopPump.run(forMilliseconds: 50)
        let caught = scene.sheet.offset
        MainLoopPump.run(forMilliseconds: 100)
        #expect(scene.sheet.offset == caught, "caught")
        #expect(caught > 0 && caught < scene.sheet.collapsedOffset)
        if pulls {
          scene.pointer.travel(.drag(dy: 60, holdBeforeReleaseMilliseconds: 50))
          #expect(abs(scene.sheet.offset - caught - 60) <= 1, "the pull starts where the press caught it")
        }
        scene.pointer.release()
        scene.waitUntilSheetRests()
        if !pulls {
          #expect(scene.sheet.offset == 0, "a tap lets it settle on")
        }
      }
    }

    /// GTK keeps a private copy of the value, which its drag starts from (`drag_start_y`), and copies the
    /// value into it after each change, except while it decelerates. A value set during GTK's fling (an app
    /// scrolling to a row) followed by the fling's end leaves the copy behind, and the next drag jumps to it:
    /// down from a copy near the top, past the top. The same input on a stock list jumps there too, and
    /// glows.
    @Test func R1_valueSetDuringGTKsFling_theNextDragStartsWhereTheContentIs() throws {
      let stock = try StockListScene()
      let stockRun: StaleCopyDrag
      do {
        defer { stock.tearDown() }
        stockRun = try Self.dragAfterAValueSetDuringAFling(on: stock)
      }
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let run = try Self.dragAfterAValueSetDuringAFling(on: scene)
      print(
        "figure: drag after a value set during GTK's fling: stock (copy left at \(stockRun.copy) px, value set "
          + "to \(stockRun.valueSet) px) top-glow frames \(stockRun.topGlowFrames), lowest value "
          + "\(stockRun.lowestValue); TopLock (copy left at \(run.copy) px, value set to \(run.valueSet) px) "
          + "top-glow frames \(run.topGlowFrames), lowest value \(run.lowestValue)")
      #expect(stockRun.topGlowFrames > 0, "positive control: the stock list jumps past the top and glows")
      #expect(run.topGlowFrames == 0)
      #expect(run.lowestValue >= run.valueSet - Self.staleCopyDragDistance(run) - 20)
    }

    /// What `dragAfterAValueSetDuringAFling` saw: the value GTK's copy was left at, the value set, the drag's
    /// lowest value and its top-glow frames.
    struct StaleCopyDrag {
      let copy: Double
      let valueSet: Double
      let lowestValue: Double
      let topGlowFrames: Int
    }

    /// The drag's travel: past GTK's stale copy by 80 px.
    private static func staleCopyDragDistance(_ run: StaleCopyDrag) -> Double { run.copy + 80 }

    /// From 300 px, a slow downward flick that GTK flings on toward the top; 30 ms into the fling the value is
    /// set 1,200 px further down, and the main loop is held for 3 s, so that GTK's next frame finds its
    /// fling over and ends it without a frame that copies the value; then a drag down past the copy.
    private static func dragAfterAValueSetDuringAFling(on scene: some MeasuredListScene) throws
      -> StaleCopyDrag
    {
      let scrolledWindow = scene.fixture.scrolledWindow
      try scene.fixture.scroll(to: 300)
      try scene.pointer.drag(
        DragStroke(
          dx: 0, dy: 60, stepPixels: 6, stepIntervalMilliseconds: 10, holdBeforeReleaseMilliseconds: 0),
        from: WidgetPoint(x: scene.listCenter.x, y: 100), in: scrolledWindow)
      MainLoopPump.run(forMilliseconds: 30)
      let copy = scene.fixture.scrollValue
      let valueSet = copy + 1_200
      gtk_adjustment_set_value(scene.fixture.verticalAdjustment, valueSet)
      usleep(3_000_000)
      try MainLoopPump.waitForFrames(3, of: scrolledWindow)
      scene.glowCounter.reset()
      let distance = copy + 80
      var lowest = scene.fixture.scrollValue
      try scene.pointer.drag(
        .drag(dy: distance, stepPixels: 10, stepIntervalMilliseconds: 16, holdBeforeReleaseMilliseconds: 200),
        from: WidgetPoint(x: scene.listCenter.x, y: 60), in: scrolledWindow)
      scene.waitUntilValueAndGlowSettle()
      lowest = min(lowest, scene.glowCounter.samples.map(\.adjustmentValue).min() ?? lowest)
      return StaleCopyDrag(
        copy: copy, valueSet: valueSet, lowestValue: lowest,
        topGlowFrames: scene.glowCounter.topGlowFrameCount)
    }
  }
}
