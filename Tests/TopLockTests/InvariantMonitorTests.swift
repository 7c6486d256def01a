import Testing
import TopLockTestSupport

extension GTKTests {
  /// The `InvariantMonitor`'s overshoot checks can fail: on a stock scrolled window under real input they
  /// report the top glow GTK draws, while its value sanity check reports nothing, since a GtkAdjustment
  /// clamps. The same input on TopLock gives the monitor nothing to report.
  @Suite
  @MainActor
  struct InvariantMonitorTests {
    /// Runs `stroke` on a stock scrolled window scrolled to `value` px, watched by a monitor; returns the
    /// monitor, removed, once the glow has gone.
    private func monitorStock(_ stroke: DragStroke, startingAt value: Double) throws -> InvariantMonitor {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: value)
      let monitor = InvariantMonitor(
        stockScrolledWindow: scene.fixture.scrolledWindow, glowCounter: scene.glowCounter)
      defer { monitor.remove() }
      try scene.dragFromCenterAndSettle(stroke)
      return monitor
    }

    /// Runs `stroke` on a TopLock list scrolled to `value` px, watched by a monitor; returns the monitor,
    /// removed, once the list is still.
    private func monitorTopLock(_ stroke: DragStroke, startingAt value: Double) throws -> InvariantMonitor {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      try scene.fixture.scroll(to: value)
      let monitor = InvariantMonitor(
        scroller: scene.scroller, forwardingTo: scene.host, glowCounter: scene.glowCounter)
      defer { monitor.remove() }
      try scene.dragFromCenterAndSettle(stroke)
      return monitor
    }

    @Test func review08_pullDownAtTop_monitorCatchesStockOvershootWhichItsValueSanityCheckMisses() throws {
      // 200 px passes GTK's 100 px overshoot limit, so `edge-overshot` fires as well as the glow.
      let stroke = DragStroke.drag(dy: 200, holdBeforeReleaseMilliseconds: 100)
      let stock = try monitorStock(stroke, startingAt: 0)
      let topLock = try monitorTopLock(stroke, startingAt: 0)

      print(
        "figure: monitor on a pull at the top: stock top-glow onsets \(stock.violationCount(.topGlow)), "
          + "edge-overshot \(stock.violationCount(.topEdgeOvershot)), value sanity "
          + "\(stock.violationCount(.valueBelowLowerSanity)); TopLock \(topLock.violations.count) violations")
      #expect(stock.violationCount(.topGlow) > 0)
      #expect(stock.violationCount(.topEdgeOvershot) > 0)
      #expect(
        stock.violationCount(.valueBelowLowerSanity) == 0,
        "the adjustment clamps: the value sanity check cannot see an overshoot")
      #expect(topLock.violations.isEmpty, "\(topLock.violations)")
    }

    @Test func review08_flingIntoTop_monitorCatchesStockGlowWhichItsValueSanityCheckMisses() throws {
      let stroke = DragStroke.fling(dy: 500)
      let stock = try monitorStock(stroke, startingAt: 600)
      let topLock = try monitorTopLock(stroke, startingAt: 600)

      print(
        "figure: monitor on a fling into the top: stock top-glow onsets \(stock.violationCount(.topGlow)), "
          + "edge-overshot \(stock.violationCount(.topEdgeOvershot)), value sanity "
          + "\(stock.violationCount(.valueBelowLowerSanity)); TopLock \(topLock.violations.count) violations")
      #expect(stock.violationCount(.topGlow) > 0)
      #expect(
        stock.violationCount(.valueBelowLowerSanity) == 0,
        "the adjustment clamps: the value sanity check cannot see an overshoot")
      #expect(topLock.violations.isEmpty, "\(topLock.violations)")
    }
  }
}
