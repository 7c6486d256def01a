import CTopLockGtk
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// R11 and R1 in a scrolled window that scrolls both ways: a horizontal drag scrolls sideways 1:1 and
  /// flings, however it drifts down at the top, and the top never overshoots (GTK's own drag there moves
  /// both axes, so stock glows, and TopLock pans the drag itself).
  @Suite
  @MainActor
  struct BothWaysScrollingTests {
    /// A sideways drag from the middle of the list that drifts 40 px down.
    private let driftingDown = DragStroke.drag(dx: -150, dy: 40)
    private let press = WidgetPoint(x: 200, y: 300)

    /// Horizontal policies under which GTK 4.8 counts the content as scrolling sideways although it is no
    /// wider than the page (`may_hscroll`: the scrollbar is visible, or the policy is EXTERNAL).
    nonisolated static let sidewaysScrollingPolicies = [GTK_POLICY_ALWAYS, GTK_POLICY_EXTERNAL]

    /// 14 px sideways (past the 8 px drag threshold, so the drag counts as horizontal), then 150 px down,
    /// at the top, in one drag.
    private func dragSidewaysThenDown(
      _ pointer: XTestPointer, in scrolledWindow: UnsafeMutablePointer<GtkWidget>
    )
      throws
    {
      let sideways = DragStroke.drag(dx: 14, dy: 0, holdBeforeReleaseMilliseconds: 0)
      try pointer.beginDrag(sideways, at: WidgetPoint(x: 200, y: 300), in: scrolledWindow)
      pointer.travel(sideways)
      pointer.travel(.drag(dy: 150))
      pointer.release(.primary)
    }

    private func waitUntilStill(
      _ fixture: ScrolledListFixture, _ horizontal: UnsafeMutablePointer<GtkAdjustment>
    ) {
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4_000) {
        [fixture.scrollValue, gtk_adjustment_get_value(horizontal)]
      }
    }

    @Test func stock_sidewaysDragDriftingDownAtTheTop_glows() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      let horizontal = try scene.fixture.setScrollsBothWays(true, horizontalValue: 300)
      scene.glowCounter.reset()
      try scene.pointer.drag(driftingDown, from: press, in: scene.fixture.scrolledWindow)
      waitUntilStill(scene.fixture, horizontal)

      #expect(scene.glowCounter.topGlowFrameCount > 0)
      #expect(gtk_adjustment_get_value(horizontal) == 450)
    }

    @Test(arguments: TopLockListScene.CosmeticNet.allCases)
    func R1_R11_sidewaysDragDriftingDownAtTheTop_scrollsSidewaysOnly(net: TopLockListScene.CosmeticNet) throws
    {
      let scene = try TopLockListScene(cosmeticNet: net)
      defer { scene.tearDown() }
      let horizontal = try scene.fixture.setScrollsBothWays(true, horizontalValue: 300)
      scene.glowCounter.reset()
      try scene.pointer.drag(driftingDown, from: press, in: scene.fixture.scrolledWindow)
      waitUntilStill(scene.fixture, horizontal)

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(gtk_adjustment_get_value(horizontal) == 450)
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0)
    }

    /// A sideways drag in the middle follows the pointer 1:1 on both axes. On GTK 4.24 it failed, run after
    /// this suite's other tests, until the pan's claim stopped GTK's kinetic scrolling: GTK's swipe, cancelled
    /// by the claim, flung from a stale velocity (500 px/s), and GTK's deceleration wrote the horizontal
    /// value against the pointer on every frame after TopLock's (180.8 for 450).
    @Test func R11_sidewaysDragInTheMiddle_followsThePointerOnBothAxes() throws {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      let horizontal = try scene.fixture.setScrollsBothWays(true, horizontalValue: 300)
      gtk_adjustment_set_value(scene.fixture.verticalAdjustment, 200)
      try scene.pointer.drag(driftingDown, from: press, in: scene.fixture.scrolledWindow)
      waitUntilStill(scene.fixture, horizontal)

      print(
        "figure: sideways drag in the middle: horizontal value \(gtk_adjustment_get_value(horizontal)) (450)")
      #expect(gtk_adjustment_get_value(horizontal) == 450)
      #expect(scene.fixture.scrollValue == 160)
      #expect(scene.host.beganCount == 0)
    }

    @Test func R1_R11_sidewaysFlingDriftingDownAtTheTop_flingsSidewaysWithoutGlow() throws {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      let horizontal = try scene.fixture.setScrollsBothWays(true, horizontalValue: 100)
      scene.glowCounter.reset()
      try scene.pointer.drag(
        .fling(dx: -300, dy: 60), from: WidgetPoint(x: 350, y: 300), in: scene.fixture.scrolledWindow)
      waitUntilStill(scene.fixture, horizontal)

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(
        gtk_adjustment_get_value(horizontal) > 100 + 300, "the content flings on past the pointer's travel")
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0)
    }

    @Test(arguments: sidewaysScrollingPolicies)
    func stock_sidewaysThenDownAtTheTop_withContentNoWiderThanThePage_glows(policy: GtkPolicyType) throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      try scene.fixture.setHorizontalPolicy(policy)
      scene.glowCounter.reset()
      try dragSidewaysThenDown(scene.pointer, in: scene.fixture.scrolledWindow)
      MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
        [scene.fixture.scrollValue]
      }

      #expect(scene.glowCounter.topGlowFrameCount > 0)
    }

    @Test(arguments: sidewaysScrollingPolicies)
    func R1_R11_sidewaysThenDownAtTheTop_withContentNoWiderThanThePage_neverOvershoots(
      policy: GtkPolicyType
    )
      throws
    {
      let scene = try TopLockListScene(cosmeticNet: .removed)
      defer { scene.tearDown() }
      try scene.fixture.setHorizontalPolicy(policy)
      scene.glowCounter.reset()
      try dragSidewaysThenDown(scene.pointer, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()

      #expect(scene.glowCounter.topGlowFrameCount == 0)
      #expect(scene.fixture.scrollValue == 0)
      #expect(scene.host.beganCount == 0)
    }
  }
}
