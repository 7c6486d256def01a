import CTopLockGtk
import TopLock
import TopLockTestSupport

/// A shown fixture window whose scrolled window has TopLock attached (mouse drag on) with a recording host,
/// the XTest pointer and a glow-frame counter. `tearDown()` undoes it all.
@MainActor
final class TopLockListScene: XTestDragScene {
  /// Whether TopLock's cosmetic stylesheet may act: `.kept` turns `cosmeticNetEnabled` on; with `.removed`
  /// (the default, as in the default options) the scrolled window has no CSS class the stylesheet matches, so
  /// only the mechanism can keep the top glow away.
  enum CosmeticNet: CaseIterable, Sendable {
    case kept
    case removed
  }

  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  let glowCounter: GlowFrameCounter
  let host = RecordingHost()
  let scroller: TopLockScroller

  /// A point in the middle of the list, clear of the vertical scrollbar, in the scrolled window's px.
  var listCenter: WidgetPoint {
    WidgetPoint(
      x: Double(ScrolledListFixture.Defaults.windowWidth) / 2,
      y: Double(ScrolledListFixture.Defaults.windowHeight) / 2)
  }

  init(
    options: TopLockOptions = TopLockListScene.mouseDragOptions, cosmeticNet: CosmeticNet = .removed
  ) throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture()
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    var sceneOptions = options
    sceneOptions.cosmeticNetEnabled = cosmeticNet == .kept
    scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: sceneOptions, host: host)
    do {
      try fixture.present()
    } catch {
      tearDown()
      throw error
    }
  }

  /// The default options with mouse drag on, so that XTest's mouse can drag.
  static var mouseDragOptions: TopLockOptions {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    return options
  }

  /// Releases any button still held, removes the counter, detaches and destroys the window. Safe twice.
  func tearDown() {
    pointer.releaseAllButtons()
    glowCounter.remove()
    scroller.detach()
    fixture.destroy()
  }

  /// Pumps the main loop until the value has not moved for 300 ms (no fling or spring runs), at most 4 s.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) { [fixture.scrollValue] }
  }
}
