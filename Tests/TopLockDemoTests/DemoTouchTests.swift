import Foundation
import Testing
import TopLockTestSupport

/// The demo under Broadway, driven by real touch from outside: `toplock-demo --trace` on a private
/// `gtk4-broadwayd` (`BroadwayTouchscreen`), with `GDK_BACKEND=broadway GTK_A11Y=none G_DEBUG=fatal-criticals`.
/// Its `ready` rectangles are then in its window surface's px, the frame the touchscreen takes.
@Suite(.serialized)
struct DemoTouchTests {
  /// How long the demo may take to show its first frame, and to end after its `--quit-after`, in ms.
  private static let timeoutMilliseconds = 15_000.0
  /// How long the trace must stay quiet for every line of the input sent so far to have been read, in ms.
  private static let quietMilliseconds = 150.0
  /// The largest accepted difference between the pull and the first finger's travel, px (rule R6).
  private static let fingerTolerance = 1.0

  /// The demo started with `--trace --quit-after quitAfter` on `touchscreen`, its trace piped.
  private func startDemo(on touchscreen: BroadwayTouchscreen, quitAfter: String) throws -> ManagedProcess {
    var environment = touchscreen.applicationEnvironment
    environment["GTK_A11Y"] = "none"
    environment["G_DEBUG"] = "fatal-criticals"
    return try ManagedProcess(
      executable: DemoExecutable.url.path, arguments: ["--trace", "--quit-after", quitAfter],
      environment: environment, pipesOutput: true)
  }

  /// The trace lines until the demo ends, and its exit status (`nil` when it had to be stopped).
  private func finish(_ demo: ManagedProcess) -> (events: [TraceEvent], status: Int32?) {
    var events: [TraceEvent] = []
    while let line = demo.readLine(timeoutMilliseconds: Self.timeoutMilliseconds) {
      events += TraceEvent(line).map { [$0] } ?? []
    }
    let deadline = ManagedProcess.nowMilliseconds + Self.timeoutMilliseconds
    while demo.isRunning, ManagedProcess.nowMilliseconds < deadline { usleep(10_000) }
    return (events, demo.exitCode)
  }

  /// The trace lines the demo wrote until it stayed quiet for `quietMilliseconds` ms.
  private func drain(_ demo: ManagedProcess) -> [TraceEvent] {
    var events: [TraceEvent] = []
    while let line = demo.readLine(timeoutMilliseconds: Self.quietMilliseconds) {
      events += TraceEvent(line).map { [$0] } ?? []
    }
    return events
  }

  @Test func touch_demo_underBroadway_printsReadyAndExitsZero() throws {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    let demo = try startDemo(on: touchscreen, quitAfter: "0.5")
    defer { demo.stop() }
    let ready = try #require(
      demo.readLine(timeoutMilliseconds: Self.timeoutMilliseconds).flatMap(TraceEvent.init))
    let (events, status) = finish(demo)
    let list = try #require(ready.rectangle("list"))
    print(
      "figure: demo under Broadway: ready list \(list), then \(events.count) lines, status \(String(describing: status))"
    )
    #expect(ready.name == "ready")
    #expect(list.width > 0 && list.height > 0)
    #expect(events.contains { $0.name == "state" })
    #expect(status == 0)
  }

  /// Rule R1 and the multi-touch rule in the demo: a pull at the top, a second finger landing during it and
  /// moving along, lifting first. No `overshoot` line; the pull follows the first finger and never falls back
  /// while it is down; nothing is left owned once both fingers are up.
  @Test func touch_demo_secondFingerDuringAPullAtTheTop_keepsThePull() throws {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    let demo = try startDemo(on: touchscreen, quitAfter: "3")
    defer { demo.stop() }
    let ready = try #require(
      demo.readLine(timeoutMilliseconds: Self.timeoutMilliseconds).flatMap(TraceEvent.init))
    let list = try #require(ready.rectangle("list"))
    let surface = try touchscreen.waitForNewSurface()

    let firstStart = WidgetPoint(x: list.x + list.width / 3, y: list.y + list.height / 4)
    let first = try touchscreen.secondFingerDuringAPull(
      firstAt: firstStart, secondAt: WidgetPoint(x: list.x + list.width * 2 / 3, y: firstStart.y),
      on: surface.id)
    let whileFirstDown = drain(demo)
    try touchscreen.up(first)
    let (afterRelease, status) = finish(demo)

    let firstTravel = first.position.y - firstStart.y
    let states = whileFirstDown.filter { $0.name == "state" }
    let pulls = states.drop { $0.string("owner") != "host" }.map { $0.number("pull") ?? .nan }
    let fallbacks = zip(pulls, pulls.dropFirst()).filter { $1 < $0 - Self.fingerTolerance }
    let events = whileFirstDown + afterRelease
    print(
      "figure: demo under Broadway, second finger during a pull: pulls \(pulls) px for \(firstTravel) px of the first finger, overshoot lines \(events.count { $0.name == "overshoot" })"
    )
    #expect(!pulls.isEmpty, "the first finger's pull was never claimed")
    #expect(fallbacks.isEmpty, "the pull fell back while the first finger was down: \(fallbacks)")
    #expect(states.drop { $0.string("owner") != "host" }.allSatisfy { $0.string("owner") == "host" })
    #expect(abs((pulls.last ?? .nan) - firstTravel) <= Self.fingerTolerance)
    #expect(!events.contains { $0.name == "overshoot" })
    #expect(events.filter { $0.name == "state" }.allSatisfy { $0.number("value") == 0 }, "the list moved")
    #expect(events.last { $0.name == "state" }?.string("owner") == "none")
    #expect(status == 0)
  }
}
