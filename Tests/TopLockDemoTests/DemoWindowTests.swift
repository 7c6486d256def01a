import Glibc
import Testing

/// The demo's window under a virtual X server of its own (`PrivateXServer`): it starts, prints `ready` with
/// sane rectangles, follows `--rows`, `--stock` and `--no-attach`, shows something, and `--quit-after` ends it with status 0.
@Suite(.serialized)
struct DemoWindowTests {
  /// A `--trace` run to its end: its exit status, its trace lines parsed, and its standard error.
  private func traceRun(_ arguments: [String]) throws -> (status: Int32, events: [TraceEvent], errors: String)
  {
    let server = try PrivateXServer()
    defer { server.stop() }
    let (status, lines, errors) = try DemoRun(["--trace"] + arguments, display: server.display).finish()
    let events = lines.compactMap(TraceEvent.init)
    #expect(events.count == lines.count, "every trace line is a JSON object with an event: \(lines)")
    return (status, events, errors)
  }

  /// A `--trace` run that must end with status 0, print nothing on standard error and print `ready` first:
  /// its trace events.
  private func cleanTraceRun(_ arguments: [String]) throws -> [TraceEvent] {
    let (status, events, errors) = try traceRun(arguments)
    #expect(status == 0)
    #expect(DemoRun.unexplainedLines(in: errors).isEmpty, "the demo printed on standard error: \(errors)")
    try #require(events.first?.name == "ready")
    return events
  }

  /// Checks that `rectangle` has a size and lies on the private server's screen.
  private func expectOnScreen(_ rectangle: TraceEvent.Rectangle?, _ name: String) {
    guard let rectangle else {
      Issue.record("ready has no \(name) rectangle")
      return
    }
    #expect(rectangle.width > 0 && rectangle.height > 0, "\(name): \(rectangle)")
    #expect(rectangle.x >= 0 && rectangle.y >= 0, "\(name): \(rectangle)")
    #expect(rectangle.x + rectangle.width <= Double(PrivateXServer.screen.width), "\(name): \(rectangle)")
    #expect(rectangle.y + rectangle.height <= Double(PrivateXServer.screen.height), "\(name): \(rectangle)")
  }

  /// The demo starts fully open: its state lines say the highest detent, and `predicted` the same at rest;
  /// three detents by default, or those `--detents` gives (with `hidden`, and with `--scrim`); `--stock`
  /// says 0.
  @Test(
    arguments: [
      ([], 2), (["--detents", "96px,100%"], 1), (["--detents", "hidden,120px,40%,100%", "--scrim"], 3),
      (["--stock"], 0),
    ] as [([String], Double)])
  func trace_stateLinesSayTheDetentAndThePrediction(arguments: [String], highest: Double) throws {
    let events = try cleanTraceRun(arguments + ["--quit-after", "1"])
    let states = events.filter { $0.name == "state" }
    try #require(!states.isEmpty)
    print("figure: demo \(arguments): state detent \(states.map { $0.number("detent") ?? -1 })")
    #expect(states.allSatisfy { $0.number("detent") == highest && $0.number("predicted") == highest })
  }

  @Test
  func trace_printsReadyFirstWithTheListInsideTheSheet_thenTheRestingState() throws {
    let (status, events, errors) = try traceRun(["--quit-after", "1"])
    #expect(status == 0)
    #expect(DemoRun.unexplainedLines(in: errors).isEmpty, "the demo printed on standard error: \(errors)")
    try #require(events.count >= 2)
    #expect(events[0].name == "ready")
    #expect(events.dropFirst().allSatisfy { $0.name != "ready" }, "ready comes once")
    let list = events[0].rectangle("list")
    let sheet = events[0].rectangle("sheet")
    expectOnScreen(list, "list")
    expectOnScreen(sheet, "sheet")
    if let list, let sheet {
      #expect(list.x == sheet.x && list.width == sheet.width)
      #expect(sheet.y < list.y, "the handle sits above the list in the sheet")
      #expect(list.y + list.height == sheet.y + sheet.height)
    }
    let state = events[1]
    #expect(state.name == "state")
    #expect(state.number("t").map { $0 > 0 } == true)
    #expect(state.number("value") == 0)
    #expect(state.number("lower") == 0)
    #expect(state.number("upper").map { $0 > 0 } == true)
    #expect(state.number("page").map { $0 > 0 } == true)
    #expect(state.string("owner") == "none")
    #expect(state.number("pull") == 0)
    #expect(state.number("sheet") == 0)
  }

  @Test
  func stock_reportsTheListAsTheSheet_andNoPull() throws {
    let events = try cleanTraceRun(["--stock", "--quit-after", "1"])
    expectOnScreen(events[0].rectangle("list"), "list")
    #expect(events[0].rectangle("sheet") == events[0].rectangle("list"))
    let states = events.filter { $0.name == "state" }
    #expect(!states.isEmpty)
    #expect(states.allSatisfy { $0.number("pull") == 0 && $0.number("sheet") == 0 })
    #expect(states.allSatisfy { $0.string("owner") == "none" })
  }

  @Test
  func noAttach_printsReadyWithTheTopLockWindowsRectangles_andExitsZero() throws {
    let events = try cleanTraceRun(["--no-attach", "--quit-after", "0.5"])
    let topLockReady = try cleanTraceRun(["--quit-after", "0.5"])[0]
    expectOnScreen(events[0].rectangle("list"), "list")
    #expect(events[0].rectangle("list") == topLockReady.rectangle("list"), "the same list as with TopLock")
    #expect(events[0].rectangle("sheet") == topLockReady.rectangle("sheet"), "the same sheet as with TopLock")
    let states = events.filter { $0.name == "state" }
    #expect(!states.isEmpty)
    #expect(states.allSatisfy { $0.string("owner") == "none" && $0.number("pull") == 0 })
  }

  @Test
  func rows_setsTheListLength() throws {
    let upper = try [1000, 1_000_000].map { rows in
      let (status, events, _) = try traceRun(["--rows", "\(rows)", "--quit-after", "0.5"])
      #expect(status == 0)
      return events.first { $0.name == "state" }?.number("upper") ?? 0
    }
    #expect(upper[0] > 0)
    #expect(upper[1] == upper[0] * 1000, "a thousand times the rows, a thousand times the height")
  }

  @Test
  func quitAfter_withoutTrace_exitsZeroAndPrintsNothing() throws {
    let server = try PrivateXServer()
    defer { server.stop() }
    let (status, lines, errors) = try DemoRun(["--quit-after", "0.5"], display: server.display).finish()
    #expect(status == 0)
    #expect(lines.isEmpty)
    #expect(DemoRun.unexplainedLines(in: errors).isEmpty, "the demo printed on standard error: \(errors)")
  }

  @Test
  func largestQuitAfter_runsOnAfterTheFirstFrame() throws {
    let server = try PrivateXServer()
    defer { server.stop() }
    let run = try DemoRun(["--trace", "--quit-after", "86400"], display: server.display)
    defer { run.stop() }
    #expect(run.nextLine().flatMap(TraceEvent.init)?.name == "ready")
    #expect(run.nextLine().flatMap(TraceEvent.init)?.name == "state")
    usleep(1_000_000)
    #expect(run.isRunning, "the demo ended within a second of ready with a day to go")
  }

  @Test
  func screenshot_ofTheWindow_isNotBlank() throws {
    let server = try PrivateXServer()
    defer { server.stop() }
    let run = try DemoRun(["--trace", "--quit-after", "2"], display: server.display)
    let ready = run.nextLine().flatMap(TraceEvent.init)
    #expect(ready?.name == "ready")
    let screenshot = WindowScreenshot(display: server.display)
    let (status, _, _) = run.finish()
    #expect(status == 0)
    let colors = try #require(screenshot, "no viewable window to capture").distinctColorCount
    #expect(colors >= 50, "the window shows only \(colors) colours")
  }
}
