import TopLockGObject
import TopLockTestSupport

/// What a stock-list GTK test works with: the shown fixture window with mouse drag-to-scroll on, the XTest
/// pointer and a glow-frame counter on the scrolled window. `tearDown()` undoes it all.
@MainActor
final class StockListScene {
  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  let glowCounter: GlowFrameCounter

  /// A point in the middle of the list, clear of the vertical scrollbar, in the scrolled window's px.
  var listCenter: WidgetPoint {
    WidgetPoint(
      x: Double(ScrolledListFixture.Defaults.windowWidth) / 2,
      y: Double(ScrolledListFixture.Defaults.windowHeight) / 2)
  }

  init() throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture()
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    do {
      try fixture.present()
      try ScrolledWindowGestures(scrolledWindow: fixture.scrolledWindow).setTouchOnly(false)
    } catch {
      tearDown()
      throw error
    }
  }

  /// Releases any button still held, removes the counter and destroys the window. Safe to call twice.
  func tearDown() {
    pointer.releaseAllButtons()
    glowCounter.remove()
    fixture.destroy()
  }
}
