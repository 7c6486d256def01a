import Foundation
import TopLockTestSupport

/// A touch test's GTK side: a private Broadway touchscreen and the `TopLockTouchFixture` executable shown on
/// it, spoken to in its line protocol (`TouchFixtureCommand`).
///
/// `show` builds a scene and learns where its list is; `point` maps a point in the list's px to the
/// surface's px the touchscreen takes. `stop()` (or `deinit`, when a test fails) ends the fixture and the
/// server. Not thread-safe: one test drives one session.
final class TouchFixtureSession {
  /// How long the fixture may take to answer one command, in ms.
  static let replyTimeoutMilliseconds = 10_000.0

  let touchscreen: BroadwayTouchscreen
  private let fixture: ManagedProcess
  /// The Broadway surface of the scene's window.
  private(set) var surface = 0
  /// The scene's scrolled window, in the surface's px.
  private(set) var list = SurfaceRectangle(x: 0, y: 0, width: 0, height: 0)
  /// The scene's `ready` answer (it has the second list's or the sheet handle's rectangle).
  private(set) var ready = TouchFixtureReply(.ready)
  /// The largest value the scene's list scrolls to, px.
  var maximumValue: Double { ready.maximumValue ?? 0 }

  /// Starts the touchscreen and the fixture on it (`GTK_A11Y=none G_DEBUG=fatal-criticals`; `accessibility`
  /// replaces `none`: `test` keeps GTK's accessible states for the `accessible` command).
  init(accessibility: String = "none") throws {
    touchscreen = try BroadwayTouchscreen()
    var environment = touchscreen.applicationEnvironment
    environment["GTK_A11Y"] = accessibility
    environment["G_DEBUG"] = "fatal-criticals"
    fixture = try ManagedProcess(
      executable: Self.fixtureURL.path, environment: environment, pipesInput: true, pipesOutput: true)
  }

  deinit {
    stop()
  }

  /// Ends the fixture (`quit`, then its process group) and the touchscreen. Safe to call twice.
  func stop() {
    try? fixture.writeLine(#"{"command":"quit"}"#)
    fixture.stop()
    touchscreen.stop()
  }

  /// Builds `scene` scrolled to `value` px and waits until its window is on the touchscreen.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture refuses or does not answer;
  ///   `TestSupportError.timedOut` when no surface shows.
  func show(
    _ scene: TouchFixtureCommand.Scene, value: Double = 0, rows: TouchFixtureCommand.Rows = .labels,
    options: TouchFixtureCommand.Options? = nil, monitor: Bool? = nil
  ) throws {
    try show(
      TouchFixtureCommand(.scene, scene: scene, value: value, rows: rows, options: options, monitor: monitor))
  }

  /// Builds the scene a `.scene` command asks for and waits until its window is on the touchscreen.
  ///
  /// - Throws: as `show(_:value:rows:options:)`.
  func show(_ command: TouchFixtureCommand) throws {
    let previous = Set(touchscreen.surfaces.keys)
    let reply = try send(command)
    guard reply.event == .ready, let list = reply.list else {
      throw TouchFixtureSessionError.unexpected(reply)
    }
    self.list = list
    ready = reply
    surface = try touchscreen.waitForNewSurface(
      excluding: previous, timeoutMilliseconds: Self.replyTimeoutMilliseconds
    ).id
  }

  /// `point`, given in the list's px (from its top-left corner), in the surface's px.
  func point(_ point: WidgetPoint) -> WidgetPoint {
    WidgetPoint(x: list.x + point.x, y: list.y + point.y)
  }

  /// What the fixture measured since the scene started.
  func report() throws -> TouchFixtureReport {
    let reply = try send(TouchFixtureCommand(.report))
    guard let report = reply.report else { throw TouchFixtureSessionError.unexpected(reply) }
    return report
  }

  /// Waits until the value and the host have stopped moving; returns the value, px.
  @discardableResult
  func waitUntilStill() throws -> Double {
    let reply = try send(TouchFixtureCommand(.waitStill))
    guard reply.event == .still, let value = reply.value else {
      throw TouchFixtureSessionError.unexpected(reply)
    }
    return value
  }

  /// Sends `command` and returns the fixture's answer.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture does not answer or answers with an error.
  @discardableResult
  func send(_ command: TouchFixtureCommand) throws -> TouchFixtureReply {
    try fixture.writeLine(String(decoding: try JSONEncoder().encode(command), as: UTF8.self))
    guard let line = fixture.readLine(timeoutMilliseconds: Self.replyTimeoutMilliseconds) else {
      throw TouchFixtureSessionError.noReply(to: command.command.rawValue, fixtureRunning: fixture.isRunning)
    }
    let reply = try JSONDecoder().decode(TouchFixtureReply.self, from: Data(line.utf8))
    if reply.event == .error { throw TouchFixtureSessionError.refused(reply.message ?? "") }
    return reply
  }

  /// The fixture executable, next to the test bundle in the same build directory (`swift test` builds it:
  /// the test target depends on it).
  private static var fixtureURL: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("TopLockTouchFixture")
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
