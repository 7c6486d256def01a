import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// What the gesture fuzz found, each reduced to the smallest real input that showed it, so that it stays
  /// fixed whatever seeds later runs draw.
  @Suite
  @MainActor
  struct FuzzFindingsTests {
    /// A press on a row the viewport shows only in part gives the row's button focus, and the viewport
    /// animates the row into view: the animation went on moving the content under a pull the host then
    /// owned (fuzz seed 0xa380e757f61c7119, where a Page Down animation did the same).
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
  }
}
