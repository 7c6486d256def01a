import CTopLockGtk
import Testing
import TopLockTestSupport

extension GTKTests {
  /// A GTK critical that stock GTK raises, and that TopLock keeps from a list it is attached to.
  ///
  /// On GTK 4.18 and 4.24 a scrolled window finalized while its swipe gesture still follows a press raises
  /// two criticals: GTK resets the gestures when it finalizes the widget, after its dispose has dropped the
  /// scrollbars, and the swipe's end flings from there (`gtk_scrolled_window_decelerate` reads the overshoot
  /// through the scrollbar that is gone). GTK 4.8 raises none. The suite runs under
  /// `G_DEBUG=fatal-criticals`, so these tests lower the fatal levels while they record
  /// (`GLibWarningRecorder.recordingNonFatally`), and every other test releases its press before its window
  /// goes (`ScrolledListFixture.destroy()` waits for the release).
  @Suite
  @MainActor
  struct StockGTKCriticalTests {
    /// A value well inside the list, far from both edges, in px.
    private static let midListValue = 1200.0
    /// The criticals GTK 4.18 and 4.24 raise, in order.
    private static let gtkCriticals = [
      "Gtk: gtk_scrollbar_get_adjustment: assertion 'GTK_IS_SCROLLBAR (self)' failed",
      "Gtk: gtk_adjustment_get_lower: assertion 'GTK_IS_ADJUSTMENT (adjustment)' failed",
    ]
    /// Whether this GTK raises them, as measured: 4.18 and 4.24 do, 4.8 does not.
    private static var gtkRaisesThem: Bool { gtk_get_minor_version() >= 18 }

    /// Stock: a window destroyed while the mouse still holds the drag GTK scrolls (touch-only off) raises
    /// GTK's criticals on GTK 4.18 and 4.24, and none on 4.8.
    @Test func stock_windowDestroyedWhileGTKsDragHoldsThePress_raisesGTKCriticalsFrom4_18() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      let messages = try GLibWarningRecorder.recordingNonFatally {
        try scene.fixture.scroll(to: Self.midListValue)
        let stroke = DragStroke.drag(dy: -150)
        try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
        scene.pointer.travel(stroke)
        #expect(scene.fixture.scrollValue > Self.midListValue, "GTK's drag scrolled the list")
        scene.fixture.destroy()
        scene.pointer.releaseAllButtons()
        MainLoopPump.run(forMilliseconds: 100)
      }
      print("figure: GTK \(gtk_get_minor_version()): stock criticals on destroy mid-drag: \(messages)")
      #expect(messages == (Self.gtkRaisesThem ? Self.gtkCriticals : []))
    }

    /// TopLock (mouse drag on): the same input on an attached list raises no critical on any version, since
    /// TopLock ends GTK's drag when the list is unmapped, while the scrolled window is whole.
    @Test func toplock_windowDestroyedWhileGTKsDragHoldsThePress_raisesNoGTKCritical() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let messages = try GLibWarningRecorder.recordingNonFatally {
        try scene.fixture.scroll(to: Self.midListValue)
        let stroke = DragStroke.drag(dy: -150)
        try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
        scene.pointer.travel(stroke)
        #expect(scene.fixture.scrollValue > Self.midListValue, "GTK's drag scrolled the list")
        scene.fixture.destroy()
        scene.pointer.releaseAllButtons()
        MainLoopPump.run(forMilliseconds: 100)
      }
      #expect(messages.isEmpty)
      #expect(scene.host.beganCount == 0, "no pull began: GTK's drag scrolled the list up")
    }
  }
}
