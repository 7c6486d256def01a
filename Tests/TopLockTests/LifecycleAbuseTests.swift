import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestSupport

extension GTKTests {
  /// Rule R15 under abuse: parts of the window destroyed, hidden, moved or reconfigured in the middle of a
  /// drag, a pull, a fling or a settle. Each ends with no pull left running (a pull that was running is
  /// cancelled, once), no GTK critical (the run aborts on one) and no GLib warning.
  @Suite
  @MainActor
  struct LifecycleAbuseTests {
    /// Pumps until GTK has handled what the test did, and the release of any button still down.
    private func settle(_ scene: LifecycleScene) {
      scene.pointer.releaseAllButtons()
      MainLoopPump.run(forMilliseconds: 300)
    }

    /// What every lifecycle test checks at its end.
    private func expectQuietEnd(
      _ scene: LifecycleScene, cancelledPulls: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(scene.monitor.pullsCancelled == cancelledPulls, sourceLocation: sourceLocation)
      #expect(!scene.monitor.isPulling, sourceLocation: sourceLocation)
      #expect((scene.scroller?.owner ?? DragOwner.none) == DragOwner.none, sourceLocation: sourceLocation)
      #expect((scene.scroller?.pullTranslation ?? 0) == 0, sourceLocation: sourceLocation)
      #expect(scene.monitor.violations.isEmpty, "\(scene.monitor.violations)", sourceLocation: sourceLocation)
      #expect(scene.warnings.isEmpty, "\(scene.warnings)", sourceLocation: sourceLocation)
    }

    @Test(arguments: LifecyclePhase.allCases, LifecycleTarget.allCases)
    func R15_destroyedMidGesture_cancelsARunningPullAndStaysQuiet(
      phase: LifecyclePhase, target: LifecycleTarget
    ) throws {
      let scene = try LifecycleScene()
      defer { scene.tearDown() }
      try scene.enter(phase)
      let wasPulling = scene.monitor.isPulling
      let pullsEnded = scene.monitor.pullsEnded
      scene.destroy(target)
      settle(scene)

      expectQuietEnd(scene, cancelledPulls: wasPulling ? 1 : 0)
      #expect(scene.monitor.pullsEnded == pullsEnded)
      switch target {
      case .scrolledWindow:
        #expect(scene.scrolledWindow == nil)
        #expect(scene.scroller?.scrolledWindow == nil, "destroying the scrolled window detaches")
      case .host:
        #expect(scene.scrolledWindow == nil)
        #expect(scene.scroller == nil, "the scroller goes with its scrolled window")
      case .window:
        #expect(scene.scroller?.scrolledWindow != nil, "the sheet keeps its scrolled window")
      }
    }
  }
}
