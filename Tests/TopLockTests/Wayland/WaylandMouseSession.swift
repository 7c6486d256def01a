import TopLockTestSupport

/// A mouse on Wayland for the contact scenarios: a `WaylandFixtureSession` (headless sway, the fixture on
/// it, a virtual pointer) whose contact is the pointer's primary button. Every scene it shows has
/// `mouseDragEnabled` on, the stock one included (its gestures then take a mouse too): a mouse cannot drag
/// otherwise. Not thread-safe: one test drives it.
final class WaylandMouseSession: ContactFixtureSession {
  let wayland: WaylandFixtureSession

  var fixture: TouchFixtureProcess { wayland.fixture }
  var ready: TouchFixtureReply { wayland.ready }
  var contactPosition: WidgetPoint { wayland.pointer.position }

  /// Starts sway, the fixture on it and the virtual pointer.
  ///
  /// - Throws: what `WaylandFixtureSession.init` throws.
  init() throws {
    wayland = try WaylandFixtureSession()
  }

  /// Ends the pointer, the fixture and sway. Safe to call twice.
  func stop() {
    wayland.stop()
  }

  /// Shows `command`'s scene with `mouseDragEnabled` on, whatever else its options say.
  func show(_ command: TouchFixtureCommand) throws {
    var command = command
    var options = command.options ?? TouchFixtureCommand.Options()
    options.mouseDragEnabled = true
    command.options = options
    try wayland.show(command)
  }

  /// Places the pointer at `point`, waits until GTK has seen it there, and presses the primary button.
  ///
  /// - Throws: `WaylandMouseSessionError.pointerNotSeen` when GTK saw the pointer elsewhere;
  ///   `WaylandPointerError`; `TouchFixtureSessionError`.
  func press(at point: WidgetPoint) throws {
    let seen = try wayland.placePointer(inList: WidgetPoint(x: point.x - list.x, y: point.y - list.y))
    guard let seen, abs(seen.position.x - point.x) < 1, abs(seen.position.y - point.y) < 1 else {
      throw WaylandMouseSessionError.pointerNotSeen(at: point, seen: seen)
    }
    try wayland.pointer.press()
  }

  func moveContact(to point: WidgetPoint, steps: Int, stepMilliseconds: Double) throws {
    try wayland.pointer.move(to: point, steps: steps, stepMilliseconds: stepMilliseconds)
  }

  func hold(milliseconds: Double) {
    wayland.pointer.pause(milliseconds: milliseconds)
  }

  func lift() throws {
    try wayland.pointer.release()
  }
}

/// Why a `WaylandMouseSession` could not press.
enum WaylandMouseSessionError: Error, CustomStringConvertible {
  /// GTK did not see the pointer where it was placed in time; where it saw it last.
  case pointerNotSeen(at: WidgetPoint, seen: PointerReport?)

  var description: String {
    switch self {
    case .pointerNotSeen(let point, let seen):
      "GTK did not see the pointer at (\(point.x), \(point.y)); last seen: \(String(describing: seen))"
    }
  }
}
