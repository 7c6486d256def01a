import CTopLockGtk
import Testing
import TopLockTestSupport

extension GTKTests {
  /// A GTK critical that stock GTK raises, and that TopLock keeps from a list it is attached to.
  ///
  /// On GTK 4.18 a scrolled window finalized while its swipe gesture still follows a press raises
  /// criticals: GTK resets the gestures when it finalizes the widget, after its dispose has dropped the
  /// scrollbars, and the swipe's end flings from there (`gtk_scrolled_window_decelerate` reads the overshoot
  /// through the scrollbar that is gone). GTK 4.8 and 4.24 raise none. The suite runs under
  /// `G_DEBUG=fatal-criticals`, so these tests lower the fatal levels while they record
  /// (`GLibWarningRecorder.recordingNonFatally`), and every other test releases its press before its window
  /// goes (`ScrolledListFixture.destroy()` waits for the release).
  @Suite
  @MainActor
  struct StockGTKCriticalTests {
    /// A value well inside the list, far from both edges, in px.
    private static let midListValue = 1200.0
    /// The criticals GTK 4.18 raises first, in order (more follow, from the fling it then runs on the
    /// finalized widget).
    private static let gtkCriticals = [
      "Gtk: gtk_scrollbar_get_adjustment: assertion 'GTK_IS_SCROLLBAR (self)' failed",
      "Gtk: gtk_adjustment_get_lower: assertion 'GTK_IS_ADJUSTMENT (adjustment)' failed",
    ]
    /// Whether this GTK raises them, as measured on the versions the suite runs on: 4.18 does, 4.8 and 4.24
    /// do not (neither under the same input).
    private static var gtkRaisesThem: Bool { gtk_get_minor_version() == 18 }

    /// Stock: a window destroyed while the mouse still holds the drag GTK scrolls (touch-only off) raises
    /// GTK's criticals on GTK 4.18, and none on 4.8 and 4.24.
    @Test func stock_windowDestroyedWhileGTKsDragHoldsThePress_raisesGTKCriticalsOn4_18() throws {
      let scene = try StockListScene()
      defer { scene.tearDown() }
      let messages = try Self.destroyWhileGTKsDragHoldsThePress(
        scene.fixture, pointer: scene.pointer, at: scene.listCenter, tearDown: scene.tearDown)
      print("figure: GTK \(gtk_get_minor_version()): stock criticals on destroy mid-drag: \(messages)")
      if Self.gtkRaisesThem {
        #expect(Array(messages.prefix(Self.gtkCriticals.count)) == Self.gtkCriticals)
      } else {
        #expect(messages.isEmpty)
      }
    }

    /// TopLock (mouse drag on): the same input on an attached list raises no critical on any version, since
    /// TopLock ends GTK's drag when the list is unmapped, while the scrolled window is whole.
    @Test func toplock_windowDestroyedWhileGTKsDragHoldsThePress_raisesNoGTKCritical() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let messages = try Self.destroyWhileGTKsDragHoldsThePress(
        scene.fixture, pointer: scene.pointer, at: scene.listCenter, tearDown: scene.tearDown)
      #expect(messages.isEmpty)
      #expect(scene.host.beganCount == 0, "no pull began: GTK's drag scrolled the list up")
    }

    /// Scrolls `fixture`'s list to the middle, drags it up 150 px from `point` with the button kept down (GTK's
    /// drag scrolls it), destroys the window, releases, and tears the scene down (its glow counter holds the
    /// scrolled window, which GTK finalizes only then): the GLib messages recorded meanwhile, none fatal.
    private static func destroyWhileGTKsDragHoldsThePress(
      _ fixture: ScrolledListFixture, pointer: XTestPointer, at point: WidgetPoint,
      tearDown: () -> Void
    ) throws -> [String] {
      try GLibWarningRecorder.recordingNonFatally {
        try fixture.scroll(to: midListValue)
        let stroke = DragStroke.drag(dy: -150)
        try pointer.beginDrag(stroke, at: point, in: fixture.scrolledWindow)
        pointer.travel(stroke)
        #expect(fixture.scrollValue > midListValue, "GTK's drag scrolled the list")
        fixture.destroy()
        pointer.releaseAllButtons()
        tearDown()
        MainLoopPump.run(forMilliseconds: 100)
      }
    }
  }
}
