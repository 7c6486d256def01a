import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestInvariants
import TopLockTestSupport

/// One shown window of the touch fixture: a `ScrolledListFixture`, stock, with TopLock attached, or in a
/// `TopLockSheet`, with a `GlowFrameCounter` and, with TopLock, a `PullRecorder` as the host (forwarding to
/// the sheet), and, when asked, an `InvariantMonitor` between the scroller and that host. `tearDown()` undoes
/// it all. Main actor only.
@MainActor
final class TouchFixtureScene {
  /// The distance from the window's top to the open sheet, in px.
  static let sheetTopInset = 60.0
  private static let stillMilliseconds = 300.0
  private static let stillTimeoutMilliseconds = 4000.0

  let fixture: ScrolledListFixture
  private let glowCounter: GlowFrameCounter
  private let buttonRows: ButtonRows?
  private let recorder: PullRecorder?
  private let scroller: TopLockScroller?
  private let sheet: TopLockSheet?
  /// The monitor the `scene` command asked for (`monitor`), with TopLock only.
  let monitor: InvariantMonitor?

  /// Builds, shows and scrolls the scene `command` asks for, and starts measuring.
  ///
  /// - Throws: `TopLockError` from attaching; `TestSupportError.timedOut` when the window does not show.
  init(_ command: TouchFixtureCommand) throws {
    fixture = ScrolledListFixture()
    buttonRows =
      command.rows == .buttons
      ? ButtonRows(count: ScrolledListFixture.Defaults.rowCount, in: fixture.scrolledWindow) : nil
    var options = TopLockOptions()
    options.mouseDragEnabled = command.options?.mouseDragEnabled ?? false
    options.dragThreshold = command.options?.dragThreshold
    switch command.scene ?? .stock {
    case .stock:
      (scroller, sheet, recorder) = (nil, nil, nil)
    case .toplock:
      let recorder = PullRecorder()
      scroller = try TopLockScroller.attach(to: fixture.scrolledWindow, options: options, host: recorder)
      (sheet, self.recorder) = (nil, recorder)
    case .sheet:
      let sheet = try Self.sheet(around: fixture, options: options)
      let recorder = PullRecorder(forwardingTo: sheet)
      sheet.scroller.host = recorder
      (scroller, self.sheet, self.recorder) = (sheet.scroller, sheet, recorder)
    }
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    monitor =
      if command.monitor == true, let scroller, let recorder {
        InvariantMonitor(scroller: scroller, forwardingTo: recorder, glowCounter: glowCounter)
      } else {
        nil
      }
    do {
      try fixture.present()
      try fixture.scroll(to: command.value ?? 0)
    } catch {
      tearDown()
      throw error
    }
    glowCounter.reset()
  }

  /// The scrolled window's rectangle in its surface's px (widget bounds in the window, plus the window's
  /// surface transform: a client-side shadow, none for the undecorated fixture window).
  var listRectangle: SurfaceRectangle {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(fixture.scrolledWindow, fixture.window, &bounds)
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(fixture.window), &surfaceX, &surfaceY)
    return SurfaceRectangle(
      x: Double(bounds.origin.x) + surfaceX, y: Double(bounds.origin.y) + surfaceY,
      width: Double(bounds.size.width), height: Double(bounds.size.height))
  }

  /// What was measured since the scene started.
  func report() -> TouchFixtureReport {
    TouchFixtureReport(
      value: fixture.scrollValue, frames: glowCounter.frameCount,
      topGlowFrames: glowCounter.topGlowFrameCount,
      bottomGlowFrames: glowCounter.bottomGlowFrameCount, topOvershot: glowCounter.topOvershotCount,
      bottomOvershot: glowCounter.bottomOvershotCount, pullEvents: recorder?.events ?? [],
      hostOffsets: recorder?.offsets ?? [], activatedRows: buttonRows?.clickedRows ?? [])
  }

  /// What the monitor found since the scene started, or `nil` without one.
  func invariants() -> TouchFixtureInvariants? {
    guard let monitor else { return nil }
    return TouchFixtureInvariants(
      violations: monitor.violations,
      counts: Dictionary(
        uniqueKeysWithValues: InvariantMonitor.Check.allCases.compactMap { check in
          let count = monitor.violationCount(check)
          return count > 0 ? (check.rawValue, count) : nil
        }),
      pullsBegan: monitor.pullsBegan, pullsEnded: monitor.pullsEnded, pullsCancelled: monitor.pullsCancelled,
      translationChecks: monitor.translationChecks, translationChecksSkipped: monitor.translationChecksSkipped
    )
  }

  /// Runs GTK until the value and the host's offset have not moved for `stillMilliseconds` ms (no fling or
  /// spring runs), at most `stillTimeoutMilliseconds` ms.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(
      steadyMilliseconds: Self.stillMilliseconds, timeoutMilliseconds: Self.stillTimeoutMilliseconds
    ) { [fixture.scrollValue, recorder?.hostOffset ?? 0] }
  }

  /// Removes the counter, detaches TopLock and destroys the window. Safe to call twice.
  func tearDown() {
    monitor?.remove()
    glowCounter.remove()
    scroller?.detach()
    fixture.destroy()
  }

  /// Moves `fixture`'s scrolled window into a new `TopLockSheet` that fills the window, `sheetTopInset` px
  /// below its top, with a label as the background.
  private static func sheet(around fixture: ScrolledListFixture, options: TopLockOptions) throws
    -> TopLockSheet
  {
    let scrolledWindow = fixture.scrolledWindow
    g_object_ref(scrolledWindow)
    defer { g_object_unref(scrolledWindow) }
    gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), nil)
    let sheet = try TopLockSheet(
      background: gtk_label_new("background")!, scrolledWindow: scrolledWindow, topInset: sheetTopInset,
      options: options)
    gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), sheet.widget)
    return sheet
  }
}
