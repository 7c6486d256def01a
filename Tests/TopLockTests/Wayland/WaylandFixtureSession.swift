import TopLockTestSupport

/// A Wayland test's GTK side: a private headless sway, the `TopLockTouchFixture` executable shown on it with
/// `GDK_BACKEND=wayland` (whatever the test process's own `GDK_BACKEND`), and a virtual pointer on the same
/// seat; the fixture is spoken to in its line protocol (`TouchFixtureDriving`).
///
/// sway tiles the fixture's undecorated window over its output, which has the window's size, at (0, 0), with
/// no border: the window's surface px are the output's px, so `outputPoint` (`point`, plus the popup
/// position of a popover that holds the list) gives what `pointer` takes (`WaylandFixtureTests` checks it).
/// `stop()` (or `deinit`, when a test fails) ends the pointer, the fixture and sway. Not thread-safe: one test drives one session.
final class WaylandFixtureSession: TouchFixtureDriving {
  let compositor: HeadlessSway
  let fixture: TouchFixtureProcess
  let pointer: WaylandVirtualPointer
  /// The scene's `ready` answer (it has the second list's or the sheet handle's rectangle).
  private(set) var ready = TouchFixtureReply(.ready)

  /// Starts sway, the fixture on it and the virtual pointer.
  ///
  /// - Throws: `ProcessError.notFound` when sway is not installed; what `HeadlessSway`,
  ///   `TouchFixtureProcess` and `WaylandVirtualPointer` throw.
  init() throws {
    compositor = try HeadlessSway()
    fixture = try TouchFixtureProcess(environment: compositor.applicationEnvironment)
    pointer = try WaylandVirtualPointer(on: compositor)
  }

  deinit {
    stop()
  }

  /// Ends the pointer, the fixture and sway. Safe to call twice.
  func stop() {
    pointer.stop()
    fixture.stop()
    compositor.stop()
  }

  /// Builds the scene a `.scene` command asks for; its window is on the output once the fixture answers
  /// `ready` (the fixture waits for its first frame, which sway has mapped).
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture refuses or does not answer.
  func show(_ command: TouchFixtureCommand) throws {
    ready = try sendScene(command)
  }

  /// How long `placePointer` waits for GTK to see the pointer where it was placed, ms.
  static let pointerTimeoutMilliseconds = 3000.0

  /// `point`, given in the list's px, in the output's px: `point(_:)` in the list's native's surface, plus
  /// where that surface lies in the window's (a popover's popup position).
  func outputPoint(_ point: WidgetPoint) -> WidgetPoint {
    let surfacePoint = self.point(point)
    let origin = ready.nativeOrigin ?? SurfacePoint(x: 0, y: 0)
    return WidgetPoint(x: surfacePoint.x + origin.x, y: surfacePoint.y + origin.y)
  }

  /// Puts the pointer at `point`, given in the list's px, and waits until the fixture's window has seen a
  /// motion there (at most `pointerTimeoutMilliseconds` ms); returns the fixture's last pointer report, which
  /// the caller checks (after a timeout it tells where GTK saw the pointer instead).
  ///
  /// - Throws: `WaylandPointerError`; `TouchFixtureSessionError`.
  @discardableResult
  func placePointer(inList point: WidgetPoint) throws -> PointerReport? {
    let target = outputPoint(point)
    try pointer.place(at: target)
    let deadline = ManagedProcess.nowMilliseconds + Self.pointerTimeoutMilliseconds
    while true {
      let seen = try report().pointer
      let arrived =
        seen.map { abs($0.position.x - target.x) < 1 && abs($0.position.y - target.y) < 1 } ?? false
      if arrived || ManagedProcess.nowMilliseconds > deadline { return seen }
      pointer.pause(milliseconds: 10)
    }
  }
}
