import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// A shown window whose scrolled window (TopLock attached, mouse drag on, a recording host) sits in a
/// GtkFixed, so that a test can move it under a still pointer as an animating host would, frame by frame.
/// Main actor only. `tearDown()` undoes it all.
@MainActor
final class MovingHostScene {
  /// The scrolled window's size, in px.
  static let listSize = (width: 400, height: 500)
  /// The scrolled window's top at rest, in px from the window's top.
  static let restTop = 150.0

  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  let glowCounter: GlowFrameCounter
  let host = RecordingHost()
  let scroller: TopLockScroller
  private let fixed: UnsafeMutablePointer<GtkWidget>
  private var motion: TickCallback?

  /// A point near the top of the list, in the scrolled window's px.
  var listPoint: WidgetPoint { WidgetPoint(x: 200, y: 60) }

  init() throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture()
    let scrolledWindow = fixture.scrolledWindow
    let window = fixture.window.cast(to: GtkWindow.self)
    g_object_ref(scrolledWindow)
    gtk_window_set_child(window, nil)
    fixed = gtk_fixed_new()
    gtk_widget_set_size_request(scrolledWindow, Int32(Self.listSize.width), Int32(Self.listSize.height))
    gtk_fixed_put(fixed.cast(to: GtkFixed.self), scrolledWindow, 0, Self.restTop)
    g_object_unref(scrolledWindow)
    gtk_window_set_child(window, fixed)
    glowCounter = GlowFrameCounter(scrolledWindow: scrolledWindow)
    scroller = try TopLockScroller.attach(
      to: scrolledWindow, options: TopLockListScene.mouseDragOptions, host: host)
    gtk_widget_remove_css_class(scrolledWindow, "toplock")
    do {
      try fixture.present()
    } catch {
      tearDown()
      throw error
    }
  }

  /// Moves the scrolled window by `pxPerFrame` px each frame (negative: up) until it has moved `distance`
  /// px, as a host that animates would.
  func startMoving(pxPerFrame: Double, distance: Double) {
    var moved = 0.0
    motion = TickCallback(on: fixed) { [fixed, fixture] _ in
      moved = min(distance, moved + abs(pxPerFrame))
      let top = Self.restTop + (pxPerFrame < 0 ? -moved : moved)
      gtk_fixed_move(fixed.cast(to: GtkFixed.self), fixture.scrolledWindow, 0, top)
      return moved < distance
    }
  }

  /// Pumps the main loop until the value has not moved for 300 ms (no fling or spring runs), at most 4 s.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) { [fixture.scrollValue] }
  }

  /// Stops the motion, releases any button, removes the counter, detaches and destroys the window.
  func tearDown() {
    motion?.remove()
    pointer.releaseAllButtons()
    glowCounter.remove()
    scroller.detach()
    fixture.destroy()
  }
}
