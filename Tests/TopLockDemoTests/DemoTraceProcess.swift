import Foundation
import Glibc
import Testing
import TopLockTestSupport

/// `toplock-demo --trace` as a `ManagedProcess` on a display that is not X11 (a Broadway touchscreen,
/// headless sway), its trace piped and read as `TraceEvent`s, each wait with a deadline so that a hung demo
/// fails the test instead of hanging it. Not thread-safe: one test drives it.
enum DemoTraceProcess {
  /// How long the demo may take to show its first frame, and to end after its `--quit-after`, in ms.
  static let timeoutMilliseconds = 15_000.0
  /// How long the trace must stay quiet for every line of the input sent so far to have been read, in ms.
  static let quietMilliseconds = 150.0

  /// The demo started with `--trace --quit-after quitAfter` and `arguments`, and `environment` (the
  /// display's) plus `GTK_A11Y=none G_DEBUG=fatal-criticals`; the caller stops it.
  ///
  /// - Throws: `ProcessError` when it cannot start.
  static func start(
    environment: [String: String], quitAfter: String, arguments: [String] = []
  ) throws -> ManagedProcess {
    var environment = environment
    environment["GTK_A11Y"] = "none"
    environment["G_DEBUG"] = "fatal-criticals"
    return try ManagedProcess(
      executable: DemoExecutable.url.path, arguments: ["--trace", "--quit-after", quitAfter] + arguments,
      environment: environment, pipesOutput: true)
  }

  /// Runs the demo with `--quit-after 0.5` on the display `environment` names (`displayName` in the figure)
  /// to its end, and checks that it printed `ready` first with a list that has a size, then a `state`, and
  /// exited with status 0.
  ///
  /// - Throws: `ProcessError` when it cannot start; a failed requirement when its first line is no `ready`
  ///   with a list.
  static func expectReadyAndExitZero(environment: [String: String], displayName: String) throws {
    let demo = try start(environment: environment, quitAfter: "0.5")
    defer { demo.stop() }
    let ready = try #require(demo.nextTraceEvent())
    let (events, status) = demo.finishTrace()
    let list = try #require(ready.rectangle("list"))
    print(
      "figure: demo under \(displayName): ready list \(list), then \(events.count) lines, status "
        + "\(String(describing: status))")
    #expect(ready.name == "ready")
    #expect(list.width > 0 && list.height > 0)
    #expect(events.contains { $0.name == "state" })
    #expect(status == 0)
  }
}

extension ManagedProcess {
  /// The demo's next trace line, waiting at most `DemoTraceProcess.timeoutMilliseconds` ms (its `ready`
  /// first); `nil` at the end of the trace, after the timeout, or for a line that is no trace line.
  func nextTraceEvent() -> TraceEvent? {
    readLine(timeoutMilliseconds: DemoTraceProcess.timeoutMilliseconds).flatMap(TraceEvent.init)
  }

  /// The trace lines until the demo ends, and its exit status (`nil` when it had to be stopped).
  func finishTrace() -> (events: [TraceEvent], status: Int32?) {
    var events: [TraceEvent] = []
    while let line = readLine(timeoutMilliseconds: DemoTraceProcess.timeoutMilliseconds) {
      events += TraceEvent(line).map { [$0] } ?? []
    }
    let deadline = ManagedProcess.nowMilliseconds + DemoTraceProcess.timeoutMilliseconds
    while isRunning, ManagedProcess.nowMilliseconds < deadline { usleep(10_000) }
    return (events, exitCode)
  }

  /// The trace lines the demo wrote until it stayed quiet for `DemoTraceProcess.quietMilliseconds` ms.
  func drainTrace() -> [TraceEvent] {
    var events: [TraceEvent] = []
    while let line = readLine(timeoutMilliseconds: DemoTraceProcess.quietMilliseconds) {
      events += TraceEvent(line).map { [$0] } ?? []
    }
    return events
  }
}
