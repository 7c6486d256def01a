import CTopLockGtk
import CTopLockXTest
import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// The scripted session `make memcheck` runs under valgrind (see scripts/memcheck): one pass through
  /// every TopLock path with real input, then everything torn down. In `make test` it is one more smoke test.
  @Suite
  @MainActor
  struct MemcheckSessionTests {
    /// Attach/detach cycles in the session.
    static let attachDetachCycles = 20

    @Test func scriptedSession_runsEveryPathAndTearsDown() throws {
      GLibWarningRecorder.install()
      let firstWarning = GLibWarningRecorder.count
      try sheetSession()
      try attachDetachSession()
      MainLoopPump.run(forMilliseconds: 100)
      #expect(GLibWarningRecorder.messages(since: firstWarning).isEmpty)
    }

    /// A pull, a settle, a hand-back with TopLock's own fling, a fling into the top, wheel and keys.
    private func sheetSession() throws {
      let scene = try SheetScene()
      defer { scene.tearDown() }
      let list = scene.fixture.scrolledWindow
      try scene.pointer.drag(.fling(dy: 300), from: scene.listPoint, in: list)
      scene.waitUntilSheetRests()
      scene.keyboard.tap(keysym: UInt(XK_Escape))
      scene.waitUntilSheetRests()
      let down = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 50)
      try scene.pointer.beginDrag(down, at: scene.listPoint, in: list)
      scene.pointer.travel(down)
      scene.pointer.travel(.drag(dy: -200, holdBeforeReleaseMilliseconds: 50))
      scene.pointer.travel(.fling(dy: -150))
      scene.pointer.release()
      scene.waitUntilSheetRests()
      try scene.pointer.drag(.fling(dy: 400), from: scene.listPoint, in: list)
      MainLoopPump.run(forMilliseconds: 500)
      try scene.pointer.move(to: scene.listPoint, in: list)
      scene.pointer.wheel(.down, clicks: 3)
      scene.pointer.wheel(.up, clicks: 5)
      gtk_widget_set_focusable(list, 1)
      gtk_widget_grab_focus(list)
      scene.keyboard.tap(keysym: UInt(XK_Page_Down))
      scene.keyboard.tap(keysym: UInt(XK_Home))
      MainLoopPump.run(forMilliseconds: 300)
    }

    /// Attaches and detaches on a shown list, and changes options in between.
    private func attachDetachSession() throws {
      try GtkRuntime.start()
      let fixture = ScrolledListFixture()
      defer { fixture.destroy() }
      try fixture.present()
      var options = TopLockListScene.mouseDragOptions
      for cycle in 0..<Self.attachDetachCycles {
        let scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: options)
        options.bottomPolicy = cycle.isMultiple(of: 2) ? .clamp : .stock
        try scroller.setOptions(options)
        scroller.detach()
      }
    }
  }
}
