import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// `TopLockSheet`'s programmatic API on a shown window: `settle(to:animated:)`, `onSettled`, the
  /// predicted detent during a mouse pull (XTest, mouse drag on), a retarget during a settle, and a settle
  /// that gives a pull up.
  @Suite
  @MainActor
  struct TopLockSheetAPITests {
    /// Detents at offsets 544 (peek), 320 (half) and 0 px (open) in the 700 px window.
    private func scene() throws -> SheetScene {
      try SheetScene(sheetOptions: TopLockSheetOptions(detents: TopLockSheetDetentTests.threeDetents))
    }

    @Test func settle_reachesEachDetent_andTellsOnceAtRest() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      var offsetsWhenSettled: [Double] = []
      scene.sheet.onSettled = { sheet, _ in offsetsWhenSettled.append(sheet.offset) }
      for detent in [0, 1, 2, 1] {
        try scene.sheet.settle(to: detent)
        #expect(offsetsWhenSettled.count < 4, "not told before the spring rests")
        scene.waitUntilSheetRests()
        #expect(scene.sheet.currentDetent == detent)
      }
      print("figure: settle(to:) 0, 1, 2, 1: offsets when told \(offsetsWhenSettled) px")
      #expect(offsetsWhenSettled == [544, 320, 0, 320])
      try scene.sheet.settle(to: 0, animated: false)
      #expect(scene.sheet.offset == 544, "without animation, at once")
      #expect(throws: TopLockError.self) { try scene.sheet.settle(to: 3) }
      #expect(throws: TopLockError.self) { try scene.sheet.settle(to: -1) }
      #expect(scene.sheet.currentDetent == 0, "a refused index changes nothing")
    }

    /// Invalid sheet options throw and keep those in force; valid ones rest the sheet at the new detent
    /// nearest its offset.
    @Test func setOptions_invalidOnesThrowAndChangeNothing_validOnesRestAtTheNearestNewDetent() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      try scene.sheet.settle(to: 1, animated: false)
      let before = scene.sheet.options
      #expect(throws: TopLockError.self) {
        try scene.sheet.setOptions(TopLockSheetOptions(detents: [.hidden]))
      }
      #expect(scene.sheet.options == before)
      #expect(scene.sheet.offset == 320)
      try scene.sheet.setOptions(TopLockSheetOptions(detents: [.fraction(1), .fraction(0.4)]))
      #expect(scene.sheet.currentDetent == 1, "40% (offset 384 px) is nearest 320 px")
      #expect(scene.sheet.offset == 384)
    }

    /// A slow pull down from open (about 310 px/s, which projects 78 px further), resting at 60, 250 and
    /// 470 px: the predicted detent is open, half, then the peek; the release settles where the last
    /// prediction said. (The prediction follows each motion, the pointer's velocity included.)
    @Test func predictedDetent_duringAMousePull_isWhereAReleaseSettles() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      let first = DragStroke.drag(dy: 60, holdBeforeReleaseMilliseconds: 200)
      try scene.pointer.beginDrag(first, at: WidgetPoint(x: 200, y: 20), in: scene.fixture.scrolledWindow)
      scene.pointer.travel(first)
      var predicted = [scene.sheet.predictedDetent]
      for dy in [190.0, 220] {
        scene.pointer.travel(.drag(dy: dy, holdBeforeReleaseMilliseconds: 200))
        predicted.append(scene.sheet.predictedDetent)
      }
      let offsetBeforeRelease = scene.sheet.offset
      scene.pointer.release()
      scene.waitUntilSheetRests()
      print(
        "figure: mouse pull to \(offsetBeforeRelease) px: predicted \(predicted), callbacks "
          + "\(scene.predictedDetents), settled at \(scene.sheet.currentDetent)")
      #expect(predicted == [2, 1, 0])
      #expect(scene.predictedDetents.first == 2, "told at the pull's start")
      #expect(scene.predictedDetents.last == 0)
      #expect(scene.sheet.currentDetent == 0)
    }

    /// A settle toward the peek, retargeted to half once it passed 400 px going down: it moves on from there
    /// with its velocity (on past 400 px before it turns back), never jumps, and tells only of half. A jump
    /// is measured as speed over the frame clock's time, not as a step per frame: a frame the machine
    /// delays makes a long step at the spring's own speed. Past 400 px the first settle slows already, so the
    /// retargeted one never goes faster than the speed it took over.
    @Test func settle_duringASettle_retargetsFromThePositionAndVelocity() throws {
      let scene = try scene()
      defer { scene.tearDown() }
      var samples: [(microseconds: gint64, offset: Double)] = []
      scene.sheet.onOffsetChange = { sheet in
        let frameTime = gtk_widget_get_frame_clock(sheet.widget).map { gdk_frame_clock_get_frame_time($0) }
        samples.append((frameTime ?? g_get_monotonic_time(), sheet.offset))
      }
      try scene.sheet.settle(to: 0)
      MainLoopPump.run(timeoutMilliseconds: 2000) { scene.sheet.offset > 400 }
      let retargetOffset = scene.sheet.offset
      let framesBefore = samples.count
      try scene.sheet.settle(to: 1)
      scene.waitUntilSheetRests()
      let speeds = zip(samples.dropFirst(), samples).map { later, earlier in
        let seconds = Double(later.microseconds - earlier.microseconds) / 1e6
        let step = abs(later.offset - earlier.offset)
        return seconds > 0 ? step / seconds : (step < 1 ? 0 : .infinity)
      }
      let speedAtRetarget = framesBefore >= 2 ? speeds[framesBefore - 2] : 0
      let fastestAfter = speeds.dropFirst(framesBefore - 1).max() ?? .infinity
      let after = samples[framesBefore...].map(\.offset)
      print(
        "figure: retarget at \(retargetOffset) px going down: furthest after \(after.max() ?? .nan) px, speed "
          + "\(speedAtRetarget) px/s there, fastest after \(fastestAfter) px/s, rests at \(scene.sheet.offset) px, settled "
          + "\(scene.settledDetents)")
      #expect(retargetOffset > 400 && retargetOffset < 544)
      #expect((after.max() ?? 0) > retargetOffset + 5, "the velocity carries it on before it turns back")
      #expect(speedAtRetarget > 0)
      #expect(fastestAfter < speedAtRetarget, "no jump: slowing from the speed it had, then back at less")
      #expect(scene.sheet.offset == 320)
      #expect(scene.settledDetents == [1])
    }

    /// During a mouse pull at 150 px, the app settles the sheet at the peek: the pull is given up, and the
    /// rest of that drag (100 px further down, then 350 px up, past where it began) moves neither the sheet
    /// nor the list. The same drag without the call pulls the sheet and scrolls the list.
    @Test(arguments: [true, false])
    func settle_duringAMousePull_givesItUp_andTheRestOfTheDragMovesNothing(settlesMidPull: Bool) throws {
      let scene = try scene()
      defer { scene.tearDown() }
      let first = DragStroke.drag(dy: 150, holdBeforeReleaseMilliseconds: 100)
      try scene.pointer.beginDrag(first, at: WidgetPoint(x: 200, y: 40), in: scene.fixture.scrolledWindow)
      scene.pointer.travel(first)
      let offsetAtCall = scene.sheet.offset
      if settlesMidPull { try scene.sheet.settle(to: 0) }
      scene.pointer.travel(.drag(dy: 100, holdBeforeReleaseMilliseconds: 100))
      scene.waitUntilSheetRests()
      let offsetAfterDown = scene.sheet.offset
      scene.pointer.travel(.drag(dy: -350, holdBeforeReleaseMilliseconds: 100))
      let offsetAfterUp = scene.sheet.offset
      let value = scene.fixture.scrollValue
      scene.pointer.release()
      scene.waitUntilSheetRests()
      print(
        "figure: mouse pull, settle mid-pull \(settlesMidPull): offset at the call \(offsetAtCall), after "
          + "+100 px \(offsetAfterDown), after -350 px \(offsetAfterUp), list value \(value), rests at "
          + "\(scene.sheet.offset) px, settled \(scene.settledDetents)")
      if settlesMidPull {
        #expect(offsetAfterDown == 544)
        #expect(offsetAfterUp == 544)
        #expect(value == 0)
        #expect(scene.settledDetents == [0])
      } else {
        #expect(abs(offsetAfterDown - 250) <= 1)
        #expect(offsetAfterUp == 0)
        #expect(value > 50, "the drag up past its start scrolls the list")
      }
    }
  }
}
