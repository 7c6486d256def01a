import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// A list of 300 rows placed in a `ListContainer` of a shown window, revealed, with the XTest pointer and a
/// glow-frame counter: with TopLock attached (mouse drag on, the default options otherwise, a recording
/// host), or stock with GTK's drag let to follow the mouse, so that one input runs on both. `tearDown()`
/// undoes it all.
@MainActor
final class ContainedListScene {
  /// Rows in the list: 300 of 30 px.
  static let rowCount = 300

  let fixture: ScrolledListFixture
  let placed: PlacedList
  let pointer: XTestPointer
  let glowCounter: GlowFrameCounter
  let host = RecordingHost()
  /// The scroller, when TopLock is attached.
  private(set) var scroller: TopLockScroller?

  /// A point in the list, clear of its scrollbar, in the scrolled window's px: a third of the way down, so
  /// that a 250 px drag from it stays on the screen.
  var listPoint: WidgetPoint {
    let width = Double(gtk_widget_get_width(fixture.scrolledWindow))
    let height = Double(gtk_widget_get_height(fixture.scrolledWindow))
    return WidgetPoint(x: width / 2, y: height / 3)
  }

  /// The scene in `container`; with `TopLockScroller.attach` before the window is shown when
  /// `attachesTopLock`, else stock.
  init(in container: ListContainer, attachesTopLock: Bool) throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture(rowCount: Self.rowCount)
    placed = PlacedList(fixture, in: container)
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    do {
      if attachesTopLock {
        scroller = try TopLockScroller.attach(
          to: fixture.scrolledWindow, options: TopLockListScene.mouseDragOptions, host: host)
      }
      try show()
      if !attachesTopLock {
        try ScrolledWindowGestures(scrolledWindow: fixture.scrolledWindow).setTouchOnly(false)
      }
    } catch {
      tearDown()
      throw error
    }
  }

  /// Presents the window, reveals the list and waits until it is mapped, laid out and painted twice.
  private func show() throws {
    gtk_window_present(fixture.window.cast(to: GtkWindow.self))
    guard MainLoopPump.run(timeoutMilliseconds: 5000, until: { gtk_widget_get_mapped(fixture.window) != 0 })
    else { throw TestSupportError.timedOut(waitingFor: "the window to map") }
    try reveal()
  }

  /// Reveals the list (pops its popover up, switches to its page) and waits until it is mapped, laid out and
  /// painted twice.
  func reveal() throws {
    placed.reveal()
    let isLaidOut = MainLoopPump.run(timeoutMilliseconds: 5000) {
      gtk_widget_get_mapped(fixture.scrolledWindow) != 0
        && gtk_adjustment_get_page_size(fixture.verticalAdjustment) > 0
    }
    guard isLaidOut else {
      throw TestSupportError.timedOut(waitingFor: "the list in \(placed.container) to map and lay out")
    }
    try MainLoopPump.waitForFrames(2, of: fixture.scrolledWindow, timeoutMilliseconds: 5000)
  }

  /// Pumps the main loop until the value and the glow-frame count have not changed for 300 ms, at most 4 s.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
      [fixture.scrollValue, Double(glowCounter.topGlowFrameCount)]
    }
  }

  /// Releases any button still held, removes the counter, detaches, closes the container and takes its
  /// popover out, and destroys the window. Safe twice. The popover is popped down first: one unparented
  /// while shown left its X window on the screen (GTK 4.8), over the next test's window, where it caught
  /// that test's pointer.
  func tearDown() {
    pointer.releaseAllButtons()
    glowCounter.remove()
    scroller?.detach()
    scroller = nil
    fixture.waitUntilGesturesFollowNoPress()
    placed.close()
    MainLoopPump.run(forMilliseconds: 50)
    placed.remove()
    fixture.destroy()
  }
}
