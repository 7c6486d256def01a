import Glibc
import TopLockX11Geometry

/// Writes the `--trace` lines on standard output: one JSON object a line, each written whole with one
/// `write(2)` so that it is out (flushed) before the call returns (docs/RULES.md, "Trace").
///
/// `ready` comes first and once, and nothing is written before it; a `state` line only when a field changed
/// since the last one. The first write that fails ends the trace for good, so that no line ever follows a
/// line cut short. Main actor only.
@MainActor
final class TraceWriter {
  /// The exit status when standard output's reader has gone (`EPIPE`): the reader asked for nothing more.
  static let readerGoneStatus: Int32 = 0
  /// The exit status when standard output fails otherwise (a full disk, an I/O error).
  static let writeFailedStatus: Int32 = 1

  private var isReady = false
  private var hasFailed = false
  private var lastState: DemoState?
  private let onFailure: @MainActor (_ exitStatus: Int32) -> Void

  /// A writer that calls `onFailure` once, with the status to exit with, when a write fails:
  /// `readerGoneStatus` when the reader of standard output has gone, `writeFailedStatus` after a line on
  /// standard error for any other error.
  ///
  /// Ignores SIGPIPE for the whole process: a reader that goes away then shows as `EPIPE` from `write(2)`
  /// instead of killing the demo.
  init(onFailure: @escaping @MainActor (_ exitStatus: Int32) -> Void) {
    self.onFailure = onFailure
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes `ready` with the list's, the sheet's, the recent button's and the nested scene's page's rectangles (root-window px on X11,
  /// the window surface's px on another display such as Broadway: `RootCoordinates`), then the state at that
  /// moment.
  func ready(
    list: RootRectangle, sheet: RootRectangle, recent: RootRectangle, page: RootRectangle?, state: DemoState
  ) {
    guard !isReady else { return }
    isReady = true
    write(
      [("event", .string("ready")), ("list", list.json), ("sheet", sheet.json), ("recent", recent.json)]
        + (page.map { [("page", $0.json)] } ?? []))
    self.state(state)
  }

  /// Writes `state` if it differs from the last one written.
  func state(_ state: DemoState) {
    guard isReady, state != lastState else { return }
    lastState = state
    write(
      [
        ("event", .string("state")), ("t", .number(ProgramClock.elapsedMilliseconds)),
        ("value", .number(state.value)), ("lower", .number(state.lower)), ("upper", .number(state.upper)),
        ("page", .number(state.page)), ("owner", .string(state.owner.traceName)),
        ("pull", .number(state.pull)),
        ("sheet", .number(state.sheet)), ("detent", .number(Double(state.detent))),
        ("predicted", .number(Double(state.predicted))),
      ] + (state.outer.map { [("outer", .number($0))] } ?? []))
  }

  /// Writes that the sheet came to rest at `detent`.
  func settled(detent: Int) {
    write([("event", .string("settled")), ("detent", .number(Double(detent)))])
  }

  /// Writes that a refresh began (`isRefreshing`) or ended.
  func refresh(isRefreshing: Bool) {
    write([("event", .string("refresh")), ("state", .string(isRefreshing ? "began" : "ended"))])
  }

  /// Writes an `overshoot` line for GTK's `edge-overshot` at `edge` (`top` or `bottom`) on the sheet's list.
  func overshoot(edge: VerticalEdge, ofPage isPage: Bool) {
    write(
      [("event", .string("overshoot")), ("edge", .string(edge.rawValue))]
        + (isPage ? [("scroller", .string("page"))] : []))
  }

  /// Writes a `recent` line for what the recent picker told: opened (with its list's rectangle), closed,
  /// or an `edge-overshot` of its list.
  func recent(_ event: RecentPicker.Event) {
    switch event {
    case .opened(let list):
      write([("event", .string("recent")), ("popover", .string("open")), ("list", list.json)])
    case .closed:
      write([("event", .string("recent")), ("popover", .string("closed"))])
    case .overshot(let edge):
      write([("event", .string("recent")), ("overshoot", .string(edge.rawValue))])
    }
  }

  /// Writes an `activated` line for a click on row `row`'s button (rows count from 0).
  func activated(row: Int) {
    write([("event", .string("activated")), ("row", .number(Double(row)))])
  }

  private func write(_ members: [(key: String, value: JSONValue)]) {
    guard isReady, !hasFailed else { return }
    let line = Array((JSONValue.object(members).text + "\n").utf8)
    var written = 0
    while written < line.count {
      let result = line.withUnsafeBytes { bytes in
        Glibc.write(STDOUT_FILENO, bytes.baseAddress! + written, bytes.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        failed(error: result < 0 ? errno : EIO)
        return
      }
      written += result
    }
  }

  /// Stops the trace for good and reports why: a line may have been cut short.
  private func failed(error: Int32) {
    hasFailed = true
    guard error != EPIPE else {
      onFailure(Self.readerGoneStatus)
      return
    }
    let message = "toplock-demo: cannot write the trace: \(String(cString: strerror(error)))\n"
    _ = message.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    onFailure(Self.writeFailedStatus)
  }
}
