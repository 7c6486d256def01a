import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// A list of 300 rows placed in a container of a shown window (a `ListContainer`, or another `ListPlacement`),
/// revealed, with the XTest pointer and a glow-frame counter: with TopLock attached (mouse drag on, the default options otherwise, a recording
/// host), or stock with GTK's drag let to follow the mouse, so that one input runs on both. `tearDown()`
/// undoes it all.
@MainActor
final class ContainedListScene: XTestDragScene {
  /// Rows in the list: 300 of 30 px.
  static let rowCount = 300

  let fixture: ScrolledListFixture
  let placed: any ListPlacement
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
  convenience init(in container: ListContainer, attachesTopLock: Bool) throws {
    try self.init(attachesTopLock: attachesTopLock) { PlacedList($0, in: container) }
  }

  /// The scene with the list placed by `place`, given the fixture with GTK started; attached as above.
  init(
    attachesTopLock: Bool, placing place: (ScrolledListFixture) throws -> any ListPlacement
  ) throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture(rowCount: Self.rowCount)
    do {
      placed = try place(fixture)
    } catch {
      fixture.destroy()
      throw error
    }
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    do {
      if attachesTopLock {
        scroller = try TopLockScroller.attach(
          to: fixture.scrolledWindow, options: TopLockListScene.mouseDragOptions, host: host)
      }
      try fixture.present(revealing: placed)
      if !attachesTopLock {
        try ScrolledWindowGestures(scrolledWindow: fixture.scrolledWindow).setTouchOnly(false)
      }
    } catch {
      tearDown()
      throw error
    }
  }

  /// Reveals the list (pops its popover up, switches to its page) and waits until it is mapped, laid out and
  /// painted twice.
  func reveal() throws {
    placed.reveal()
    try fixture.waitUntilShown(in: placed)
  }

  /// What a drag did to the list: top overshoots (`edge-overshot` at the top) and top-glow frames drawn of all
  /// frames, the value and the host's last translation (px) just before the release, and the pulls begun.
  struct TopFigures {
    var topOvershots: Int
    var topGlowFrames: Int
    var frames: Int
    var value: Double
    var translation: Double
    var pulls: Int
  }

  /// Scrolls to `startValue` (px), drags `dy` px down from `listPoint` with the XTest pointer, releases after
  /// holding still for 100 ms, waits until the list is still, and measures it.
  func measureDrag(dy: Double, from startValue: Double) throws -> TopFigures {
    try fixture.scroll(to: startValue)
    glowCounter.reset()
    let beforeRelease = try drag(.drag(dy: dy, holdBeforeReleaseMilliseconds: 100), at: listPoint)
    return TopFigures(
      topOvershots: glowCounter.topOvershotCount, topGlowFrames: glowCounter.topGlowFrameCount,
      frames: glowCounter.frameCount, value: beforeRelease.value, translation: beforeRelease.translation,
      pulls: host.beganCount)
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
    placed.closeAndRemove()
    fixture.destroy()
  }
}
