import Foundation
import Glibc
import TopLockTestSupport

/// The `TopLockTouchFixture` executable, started on the display its environment names (Broadway or Wayland),
/// spoken to in its line protocol (`TouchFixtureCommand`). `stop()` (or `deinit`, when a test fails) sends
/// `quit` and ends its process group. Not thread-safe: one test drives one fixture.
final class TouchFixtureProcess {
  /// How long the fixture may take to answer one command, in ms.
  static let replyTimeoutMilliseconds = 10_000.0
  /// How long `settledReport` wants no new glow frame, ms.
  static let glowSettleMilliseconds = 300.0
  /// How long `settledReport` waits for the glow to settle at most, ms.
  static let glowSettleTimeoutMilliseconds = 4000.0

  private let process: ManagedProcess

  /// Starts the fixture with `environment` (the display's), `GTK_A11Y=accessibility` (`none` unless a test
  /// reads accessible states back with `test`) and `G_DEBUG=fatal-criticals`.
  init(environment: [String: String], accessibility: String = "none") throws {
    var environment = environment
    environment["GTK_A11Y"] = accessibility
    environment["G_DEBUG"] = "fatal-criticals"
    process = try ManagedProcess(
      executable: Self.fixtureURL.path, environment: environment, pipesInput: true, pipesOutput: true)
  }

  deinit {
    stop()
  }

  /// Ends the fixture (`quit`, then its process group). Safe to call twice.
  func stop() {
    try? process.writeLine(#"{"command":"quit"}"#)
    process.stop()
  }

  /// Sends `command` and returns the fixture's answer.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture does not answer or answers with an error.
  @discardableResult
  func send(_ command: TouchFixtureCommand) throws -> TouchFixtureReply {
    try process.writeLine(String(decoding: try JSONEncoder().encode(command), as: UTF8.self))
    guard let line = process.readLine(timeoutMilliseconds: Self.replyTimeoutMilliseconds) else {
      throw TouchFixtureSessionError.noReply(to: command.command.rawValue, fixtureRunning: process.isRunning)
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

/// A test's GTK side in the touch fixture, whatever display it shows on: the scene's `show`, the commands
/// and the mapping of the list's px to the surface's px. The display's session supplies the fixture and what
/// `show` waits for. Not thread-safe.
protocol TouchFixtureDriving: AnyObject {
  /// The fixture the session started.
  var fixture: TouchFixtureProcess { get }
  /// The scene's `ready` answer (the list's rectangle; the second list's or the sheet handle's).
  var ready: TouchFixtureReply { get }
  /// Builds the scene a `.scene` command asks for and waits until its window is on the display.
  func show(_ command: TouchFixtureCommand) throws
}

extension TouchFixtureDriving {
  /// The scene's scrolled window, in the surface's px (zero before a scene).
  var list: SurfaceRectangle { ready.list ?? SurfaceRectangle(x: 0, y: 0, width: 0, height: 0) }
  /// The largest value the scene's list scrolls to, px.
  var maximumValue: Double { ready.maximumValue ?? 0 }

  /// Builds `scene` scrolled to `value` px and waits until its window is on the display.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture refuses or does not answer;
  ///   `TestSupportError.timedOut` when no window shows.
  func show(
    _ scene: TouchFixtureCommand.Scene, value: Double = 0, rows: TouchFixtureCommand.Rows = .labels,
    options: TouchFixtureCommand.Options? = nil, monitor: Bool? = nil
  ) throws {
    try show(
      TouchFixtureCommand(.scene, scene: scene, value: value, rows: rows, options: options, monitor: monitor))
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

  /// Waits until the value and the host are still (`waitUntilStill`) and no frame has added a top or bottom
  /// glow for `glowSettleMilliseconds` ms (a spring back has ended; at most `glowSettleTimeoutMilliseconds`
  /// ms), then reports: a glow that outlives the value's motion is counted whole.
  func settledReport() throws -> TouchFixtureReport {
    try waitUntilStill()
    var report = try report()
    let deadline = ManagedProcess.nowMilliseconds + TouchFixtureProcess.glowSettleTimeoutMilliseconds
    while ManagedProcess.nowMilliseconds < deadline {
      usleep(UInt32(TouchFixtureProcess.glowSettleMilliseconds * 1000))
      let next = try self.report()
      let isSettled =
        next.topGlowFrames == report.topGlowFrames && next.bottomGlowFrames == report.bottomGlowFrames
      report = next
      if isSettled { break }
    }
    return report
  }

  /// Sends `command` and returns the fixture's answer.
  ///
  /// - Throws: `TouchFixtureSessionError` when the fixture does not answer or answers with an error.
  @discardableResult
  func send(_ command: TouchFixtureCommand) throws -> TouchFixtureReply {
    try fixture.send(command)
  }

  /// Sends a `.scene` command and returns its `ready` answer.
  ///
  /// - Throws: `TouchFixtureSessionError.unexpected` for another answer, or one without the list.
  func sendScene(_ command: TouchFixtureCommand) throws -> TouchFixtureReply {
    let reply = try send(command)
    guard reply.event == .ready, reply.list != nil else { throw TouchFixtureSessionError.unexpected(reply) }
    return reply
  }
}
