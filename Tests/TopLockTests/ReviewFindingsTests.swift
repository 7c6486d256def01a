import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestSupport

extension GTKTests {
  /// Findings of a code review of the library, each with the test that caught it.
  @Suite
  @MainActor
  struct ReviewFindingsTests {
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

    @Test(arguments: sidewaysScrollingPolicies)
    func review04_stock_sidewaysThenDownAtTheTop_glows(policy: GtkPolicyType) throws {
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
    func review04_sidewaysThenDownAtTheTop_withContentNoWiderThanThePage_neverOvershoots(
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
