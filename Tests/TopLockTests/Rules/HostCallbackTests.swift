import Testing
import TopLock
import TopLockTestSupport

extension GTKTests {
  /// L2 with a host that calls back into the scroller from a pull event, under real XTest drags: the pull
  /// it hears stays well formed, and a scroller attached from its last event works.
  @Suite
  @MainActor
  struct HostCallbackTests {
    /// A pull down at the top of `scene`'s list, with `host` receiving it.
    private func pullAtTheTop(_ scene: TopLockListScene, host: ReentrantHost) throws {
      scene.scroller.host = host
      try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
    }

    @Test func L2_detachFromPullBegan_endsThePullAndSendsNothingAfter() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      host.onBegan = { [scroller = scene.scroller] in scroller.detach() }
      try pullAtTheTop(scene, host: host)

      #expect(host.events == [.began, .cancelled])
      #expect(host.isWellFormed)
    }

    @Test func L2_optionsDroppingTheHostFromPullBegan_endThePullAndSendNothingAfter() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      host.onBegan = { [scroller = scene.scroller] in
        var options = TopLockListScene.mouseDragOptions
        options.topPolicy = .clamp
        try? scroller.setOptions(options)
      }
      try pullAtTheTop(scene, host: host)

      #expect(host.events == [.began, .cancelled])
      #expect(host.isWellFormed)
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }

    @Test func L2_attachFromPullCancelledDuringADetach_attachesAgain() throws {
      let scene = try TopLockListScene()
      defer { scene.tearDown() }
      let host = ReentrantHost()
      var reattached: TopLockScroller?
      var reattachError: TopLockError?
      host.onCancelled = { [widget = scene.fixture.scrolledWindow] in
        do throws(TopLockError) {
          reattached = try TopLockScroller.attach(to: widget, options: TopLockListScene.mouseDragOptions)
        } catch {
          reattachError = error
        }
      }
      scene.scroller.host = host
      let stroke = DragStroke.drag(dy: 150)
      try scene.pointer.beginDrag(stroke, at: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.pointer.travel(stroke)
      scene.scroller.detach()
      scene.pointer.release(.primary)
      scene.waitUntilStill()
      defer { reattached?.detach() }

      #expect(host.events.first == .began && host.events.last == .cancelled && host.isWellFormed)
      #expect(reattachError == nil)
      let scroller = try #require(reattached)
      #expect(TopLockScroller.attached(to: scene.fixture.scrolledWindow) === scroller)
      #expect(scroller.scrolledWindow == scene.fixture.scrolledWindow)

      let secondHost = ReentrantHost()
      scroller.host = secondHost
      scene.glowCounter.reset()
      try scene.pointer.drag(.drag(dy: 150), from: scene.listCenter, in: scene.fixture.scrolledWindow)
      scene.waitUntilStill()
      #expect(secondHost.events.first == .began && secondHost.events.last == .ended, "the new scroller works")
      #expect(scene.glowCounter.topGlowFrameCount == 0)
    }
  }
}
