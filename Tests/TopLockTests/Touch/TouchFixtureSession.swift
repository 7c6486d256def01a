import Foundation
import TopLockTestSupport

/// A touch test's GTK side: a private Broadway touchscreen and the `TopLockTouchFixture` executable shown on
/// it, spoken to in its line protocol (`TouchFixtureCommand`, `TouchFixtureDriving`).
///
/// `show` builds a scene and learns where its list is; `point` maps a point in the list's px to the
/// surface's px the touchscreen takes. `stop()` (or `deinit`, when a test fails) ends the fixture and the
/// server. Not thread-safe: one test drives one session.
final class TouchFixtureSession: TouchFixtureDriving {
  let touchscreen: BroadwayTouchscreen
  let fixture: TouchFixtureProcess
  /// The Broadway surface of the scene's window.
  private(set) var surface = 0
  /// The scene's `ready` answer (it has the second list's or the sheet handle's rectangle).
  private(set) var ready = TouchFixtureReply(.ready)
  /// The finger a `ContactFixtureSession` scenario pressed, while it is down.
  var contactFinger: TouchFinger?

  /// Starts the touchscreen and the fixture on it; `accessibility` is the fixture's `GTK_A11Y` (`test` keeps
  /// GTK's accessible states for the `accessible` command).
  init(accessibility: String = "none") throws {
    touchscreen = try BroadwayTouchscreen()
    fixture = try TouchFixtureProcess(
      environment: touchscreen.applicationEnvironment, accessibility: accessibility)
  }

  deinit {
    stop()
  }

  /// Ends the fixture and the touchscreen. Safe to call twice.
  func stop() {
    fixture.stop()
    touchscreen.stop()
  }

  /// Builds the scene a `.scene` command asks for and waits until its window (and its popover, when the list is
  /// in one) is on the touchscreen; `surface` is then the list's.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture refuses or does not answer;
  ///   `TestSupportError.timedOut` when no surface shows.
  func show(_ command: TouchFixtureCommand) throws {
    let previous = Set(touchscreen.surfaces.keys)
    ready = try sendScene(command)
    surface = try touchscreen.waitForNewSurface(
      excluding: previous, count: command.container?.isInPopover == true ? 2 : 1,
      timeoutMilliseconds: TouchFixtureProcess.replyTimeoutMilliseconds
    ).id
  }
}

/// Why the touch fixture did not answer as expected.
enum TouchFixtureSessionError: Error, CustomStringConvertible {
  /// No line within the timeout; whether the fixture still ran.
  case noReply(to: String, fixtureRunning: Bool)
  /// The fixture answered with an error.
  case refused(String)
  /// The fixture answered something else than the command's answer.
  case unexpected(TouchFixtureReply)

  var description: String {
    switch self {
    case .noReply(let command, let running):
      "the touch fixture did not answer \(command) (\(running ? "still running" : "it ended"))"
    case .refused(let message): "the touch fixture refused: \(message)"
    case .unexpected(let reply): "unexpected answer from the touch fixture: \(reply)"
    }
  }
}
