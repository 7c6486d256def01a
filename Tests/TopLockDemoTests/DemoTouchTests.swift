import Foundation
import Testing
import TopLockTestSupport

/// The demo under Broadway, driven by real touch from outside: `toplock-demo --trace` on a private
/// `gtk4-broadwayd` (`BroadwayTouchscreen`), with `GDK_BACKEND=broadway GTK_A11Y=none G_DEBUG=fatal-criticals`.
/// Its `ready` rectangles are then in its window surface's px, the frame the touchscreen takes.
@Suite(.serialized)
struct DemoTouchTests {
  /// The largest accepted difference between the pull and the first finger's travel, px (rule R6).
  private static let fingerTolerance = 1.0

  @Test func touch_demo_underBroadway_printsReadyAndExitsZero() throws {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    try DemoTraceProcess.expectReadyAndExitZero(
      environment: touchscreen.applicationEnvironment, displayName: "Broadway")
  }

  /// Rule R1 and the multi-touch rule in the demo: a pull at the top, a second finger landing during it and
  /// moving along, lifting first. No `overshoot` line; the pull follows the first finger and never falls back
  /// while it is down; nothing is left owned once both fingers are up.
  @Test func touch_demo_secondFingerDuringAPullAtTheTop_keepsThePull() throws {
    let touchscreen = try BroadwayTouchscreen()
    defer { touchscreen.stop() }
    let demo = try DemoTraceProcess.start(environment: touchscreen.applicationEnvironment, quitAfter: "3")
    defer { demo.stop() }
    let ready = try #require(demo.nextTraceEvent())
    let list = try #require(ready.rectangle("list"))
    let surface = try touchscreen.waitForNewSurface()

    let firstStart = WidgetPoint(x: list.x + list.width / 3, y: list.y + list.height / 4)
    let first = try touchscreen.secondFingerDuringAPull(
      firstAt: firstStart, secondAt: WidgetPoint(x: list.x + list.width * 2 / 3, y: firstStart.y),
      on: surface.id)
    let whileFirstDown = demo.drainTrace()
    try touchscreen.up(first)
    let (afterRelease, status) = demo.finishTrace()

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
