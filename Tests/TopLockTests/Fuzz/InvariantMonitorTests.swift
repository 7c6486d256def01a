import Testing
import TopLockTestInvariants
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

    /// Real input into the top edge, which a stock scrolled window answers with its glow.
    enum InputIntoTheTop: CaseIterable, Sendable {
      /// A 200 px pull down at the top, held 100 ms: past GTK's 100 px overshoot limit, so GTK emits
      /// `edge-overshot` as well.
      case pullAtTop
      /// A 500 px fling from 600 px into the top: kinetic ticks glow but never emit `edge-overshot`.
      case flingIntoTop

      var stroke: DragStroke {
        switch self {
        case .pullAtTop: .drag(dy: 200, holdBeforeReleaseMilliseconds: 100)
        case .flingIntoTop: .fling(dy: 500)
        }
      }

      /// Where the list starts, in px.
      var startValue: Double { self == .pullAtTop ? 0 : 600 }
    }

    @Test(arguments: InputIntoTheTop.allCases)
    func inputIntoTheTop_monitorCatchesStockOvershootWhichItsValueSanityCheckMisses(
      input: InputIntoTheTop
    ) throws {
      let stock = try monitorStock(input.stroke, startingAt: input.startValue)
      let topLock = try monitorTopLock(input.stroke, startingAt: input.startValue)

      print(
        "figure: monitor on \(input): stock top-glow onsets \(stock.violationCount(.topGlow)), "
          + "edge-overshot \(stock.violationCount(.topEdgeOvershot)), value sanity "
          + "\(stock.violationCount(.valueBelowLowerSanity)); TopLock \(topLock.violations.count) violations")
      #expect(stock.violationCount(.topGlow) > 0)
      if input == .pullAtTop {
        #expect(stock.violationCount(.topEdgeOvershot) > 0)
      }
      #expect(
        stock.violationCount(.valueBelowLowerSanity) == 0,
        "the adjustment clamps: the value sanity check cannot see an overshoot")
      #expect(topLock.violations.isEmpty, "\(topLock.violations)")
    }
  }
}
