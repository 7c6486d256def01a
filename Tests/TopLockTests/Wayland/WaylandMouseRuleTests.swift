import Testing
import TopLockTestSupport

/// The X11 mouse rule tests again on Wayland: a wlroots virtual pointer on a private headless sway presses,
/// moves and releases its primary button over the touch fixture (`GDK_BACKEND=wayland`), every scene with
/// `mouseDragEnabled` on (`WaylandMouseSession`), so that nothing in TopLock assumes X11. The scenarios and
/// their checks are those the touch tests run (`ContactRuleScenarios`); each glow test's stock control runs
/// under the same pointer input and must glow.
///
/// Serialized: the input runs in real time, and two streams at once would slow each other's frames. Each
/// test's sway is private, so these tests need no X server.
@Suite(.serialized)
struct WaylandMouseRuleTests {
  private let mouse = ContactRuleScenarios(input: .waylandMouse)

  @Test(arguments: TouchFixtureCommand.CosmeticNet.allCases)
  func wayland_mouse_R1_pullDownAtTheTop_drawsNoTopGlow(cosmeticNet: TouchFixtureCommand.CosmeticNet) throws {
    try mouse.R1_pullDownAtTheTop_drawsNoTopGlow(cosmeticNet: cosmeticNet)
  }

  @Test func wayland_mouse_R5_pullAtTheTop_neverMovesTheContent_evenInOneBigStep() throws {
    try mouse.R5_pullAtTheTop_neverMovesTheContent_evenInOneBigStep()
  }

  @Test func wayland_mouse_R6_stillHost_translationFollowsThePointer1to1() throws {
    try mouse.R6_stillHost_translationFollowsTheContact1to1()
  }

  @Test func wayland_mouse_R8_scrollUpToTheTopThenKeepPulling_losesNoPixel() throws {
    try mouse.R8_scrollUpToTheTopThenKeepPulling_losesNoPixel()
  }

  @Test func wayland_mouse_R9_pushTheHostBackThenKeepGoing_scrollsTheListAndFlings() throws {
    try mouse.R9_pushTheHostBackThenKeepGoing_scrollsTheListAndFlings()
  }

  @Test func wayland_mouse_R10_clickOnARowButton_activatesIt() throws {
    try mouse.R10_tapOnARowButton_activatesIt()
  }

  @Test func wayland_mouse_R10_dragFromARowButton_pullsOrScrollsWithoutActivatingIt() throws {
    try mouse.R10_dragFromARowButton_pullsOrScrollsWithoutActivatingIt()
  }

  @Test func wayland_mouse_R11_dragOnTheScrollbar_movesTheThumbAndNeverPullsTheHost() throws {
    try mouse.R11_dragOnTheScrollbar_movesTheThumbAndNeverPullsTheHost()
  }
}
