import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestInvariants
import TopLockTestSupport
import TopLockX11Geometry

/// The fuzz window: a `SheetScene` (TopLock in a `TopLockSheet`, mouse drag on) whose list rows are buttons,
/// with TopLock's cosmetic stylesheet out of play, watched by an `InvariantMonitor` that reads the scene's
/// glow-frame counter. Behind the sheet lies a second list with TopLock attached (default options: mouse
/// drag off) and a recording host, which no drag starts on: it shares the window's hand-off gesture with the
/// sheet's list, and must never pull nor glow at its top whatever the input does (a wheel click may scroll
/// it, when the sheet moved away from under the pointer).
/// It runs `FuzzSequence`s through XTest and reports what slipped in each.
///
/// Main actor only. `tearDown()` undoes it all.
@MainActor
final class FuzzScene {
  /// How long a sequence's flings and springs may run after its last action before the next one starts, in
  /// ms; a tail still moving then is stopped.
  static let settleBoundMilliseconds = 700.0
  /// A pause at least this long (ms) lets GTK handle every motion sent before it: a translation checkpoint.
  static let checkpointRestMilliseconds = 40.0
  /// Time given to GTK to see the pointer arrive before a press, and to handle a release, in ms.
  private static let arrivalMilliseconds = 40.0
  /// The X screen area the pointer keeps to, in root px (xvfb-run's screen is 1280 x 1024).
  private static let pointerBounds = (width: 1270.0, height: 1015.0)

  let sheetScene: SheetScene
  let rows: ButtonRows
  let monitor: InvariantMonitor
  /// The list behind the sheet, its scroller, host and glow-frame counter.
  private let backgroundList: UnsafeMutablePointer<GtkWidget>
  private let backgroundScroller: TopLockScroller
  private let backgroundHost = RecordingHost()
  private let backgroundGlow: GlowFrameCounter
  /// Whether the list and the sheet came to rest at the end of the last sequence.
  private var isStill = false
  /// Whether the list scrolls sideways too, as the last sequence asked.
  private var scrollsBothWays = false
  /// Where a list that scrolls both ways starts sideways, in px: room to pan either way.
  private static let horizontalStart = 300.0

  var scrolledWindow: UnsafeMutablePointer<GtkWidget> { sheetScene.fixture.scrolledWindow }
  var sheet: TopLockSheet { sheetScene.sheet }
  private var pointer: XTestPointer { sheetScene.pointer }
  private var value: Double { sheetScene.fixture.scrollValue }

  init() throws {
    GLibWarningRecorder.install()
    try GtkRuntime.start()
    let donor = ScrolledListFixture()
    let list = donor.scrolledWindow
    g_object_ref(list)
    defer { g_object_unref(list) }
    gtk_window_set_child(donor.window.cast(to: GtkWindow.self), nil)
    donor.destroy()
    backgroundList = list
    backgroundScroller = try TopLockScroller.attach(to: list, host: backgroundHost)
    gtk_widget_remove_css_class(list, "toplock")
    backgroundGlow = GlowFrameCounter(scrolledWindow: list)
    sheetScene = try SheetScene(background: list)
    rows = ButtonRows(count: 120, in: sheetScene.fixture.scrolledWindow)
    monitor = InvariantMonitor(
      scroller: sheetScene.sheet.scroller, forwardingTo: sheetScene.sheet, glowCounter: sheetScene.glowCounter
    )
    gtk_widget_remove_css_class(sheetScene.fixture.scrolledWindow, "toplock")
    gtk_widget_set_focusable(sheetScene.fixture.scrolledWindow, 1)
    do {
      try MainLoopPump.waitForFrames(3, of: sheetScene.fixture.scrolledWindow)
    } catch {
      tearDown()
      throw error
    }
  }

  /// Removes the monitor and tears the window down. Safe to call twice.
  func tearDown() {
    monitor.remove()
    backgroundGlow.remove()
    backgroundScroller.detach()
    sheetScene.tearDown()
  }

  /// Runs `sequence` from its start state and returns what slipped: monitor violations (top glow and top
  /// `edge-overshot` among them) and GLib warnings, one line each. A glow still drawn while the sequence is being
  /// prepared is left over from the sequence before, and reported as such.
  func run(_ sequence: FuzzSequence) throws -> [String] {
    let glow = sheetScene.glowCounter
    let firstViolation = monitor.violations.count
    let firstWarning = GLibWarningRecorder.count
    let backgroundPulls = backgroundHost.beganCount
    glow.reset()
    backgroundGlow.reset()
    try prepare(sequence)
    let leftOverGlowFrames = glow.topGlowFrameCount
    glow.reset()
    for (index, action) in sequence.actions.enumerated() {
      monitor.context = "action \(index + 1) (\(action))"
      try perform(action)
    }
    monitor.context = "after the last action"
    isStill = waitUntilStill(timeoutMilliseconds: Self.settleBoundMilliseconds)
    MainLoopPump.run(timeoutMilliseconds: Self.settleBoundMilliseconds) {
      !(glow.samples.last.map { $0.showsTopGlow || $0.showsBottomGlow } ?? false)
    }
    monitor.context = ""

    var problems = Array(monitor.violations.dropFirst(firstViolation))
    if leftOverGlowFrames > 0 {
      problems.append("\(leftOverGlowFrames) top-glow frames left over from the sequence before")
    }
    problems += GLibWarningRecorder.messages(since: firstWarning).map { "GLib warning: \($0)" }
    problems += backgroundListProblems(pullsBefore: backgroundPulls)
    return problems
  }

  /// What the list behind the sheet did wrong during a sequence: a pull, or a glow at its top.
  private func backgroundListProblems(pullsBefore: Int) -> [String] {
    var problems: [String] = []
    if backgroundHost.beganCount != pullsBefore {
      problems.append("the list behind the sheet pulled its host")
    }
    if backgroundGlow.topGlowFrameCount > 0 {
      problems.append("the list behind the sheet drew \(backgroundGlow.topGlowFrameCount) top-glow frames")
    }
    return problems
  }

  // MARK: - Start state

  private func prepare(_ sequence: FuzzSequence) throws {
    monitor.context = "preparing"
    pointer.releaseAllButtons()
    if !isStill {
      try stopMotion()
    }
    let restOffset = sequence.startsCollapsed ? sheet.collapsedOffset : 0
    if sheet.offset != restOffset {
      moveSheetAtOnce(to: restOffset)
    }
    if sequence.scrollsBothWays != scrollsBothWays {
      try sheetScene.fixture.setScrollsBothWays(
        sequence.scrollsBothWays, horizontalValue: Self.horizontalStart)
      scrollsBothWays = sequence.scrollsBothWays
    } else if scrollsBothWays {
      gtk_adjustment_set_value(
        gtk_scrolled_window_get_hadjustment(OpaquePointer(scrolledWindow)), Self.horizontalStart)
    }
    let adjustment = sheetScene.fixture.verticalAdjustment
    let lower = gtk_adjustment_get_lower(adjustment)
    let maximum = sheetScene.fixture.maximumScrollValue
    let start: Double =
      switch sequence.startValue {
      case .top: lower
      case .nearTop(let px): lower + px
      case .middle(let fraction): lower + (maximum - lower) * fraction
      case .nearBottom(let px): maximum - px
      }
    try sheetScene.fixture.scroll(to: start)
    gtk_widget_grab_focus(scrolledWindow)
  }

  /// Puts the sheet at `restOffset` (open or collapsed) without a spring: with `gtk-enable-animations` off,
  /// the sheet jumps.
  private func moveSheetAtOnce(to restOffset: Double) {
    let settings = gtk_widget_get_settings(sheet.widget)
    var animations = GValue()
    // G_TYPE_BOOLEAN is G_TYPE_MAKE_FUNDAMENTAL (5), a macro Swift does not import.
    g_value_init(&animations, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))
    defer { g_value_unset(&animations) }
    g_object_get_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &animations)
    let enabled = g_value_get_boolean(&animations)
    g_value_set_boolean(&animations, 0)
    g_object_set_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &animations)
    sheet.toggle()
    if sheet.offset != restOffset {
      sheet.toggle()
    }
    g_value_set_boolean(&animations, enabled)
    g_object_set_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &animations)
  }

  /// Stops a fling left over from the previous sequence: a click on the list stops TopLock's own fling
  /// (every press on the list does; one elsewhere in the window, as with stock GTK, does not), and toggling
  /// `kinetic-scrolling` stops GTK's.
  private func stopMotion() throws {
    try click(at: try listPoint(x: 0.5, y: 0.5), in: scrolledWindow, holdMilliseconds: 10)
    let scrolled = OpaquePointer(scrolledWindow)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, 0)
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, 1)
    waitUntilStill(timeoutMilliseconds: Self.settleBoundMilliseconds)
  }

  /// Pumps until neither the value nor the sheet has moved for 60 ms, at most `timeoutMilliseconds` ms
  /// (at least one turn); returns whether they came to rest.
  @discardableResult
  private func waitUntilStill(timeoutMilliseconds: Double) -> Bool {
    MainLoopPump.runUntilSteady(
      steadyMilliseconds: 60, timeoutMilliseconds: timeoutMilliseconds, tolerance: 0.5
    ) { [value, sheet.offset] }
  }

  // MARK: - Actions

  private func perform(_ action: FuzzAction) throws {
    switch action {
    case .drag(let drag):
      try perform(drag)
    case .wheel(let direction, let clicks, let interval):
      try pointer.move(to: try listPoint(x: 0.5, y: 0.5), in: scrolledWindow)
      MainLoopPump.run(forMilliseconds: Self.arrivalMilliseconds)
      pointer.wheel(direction, clicks: clicks, intervalMilliseconds: interval)
    case .click(let onHandle, let x, let y, let hold):
      if onHandle {
        let handle = sheet.handle
        let point = WidgetPoint(
          x: Double(gtk_widget_get_width(handle)) * x, y: Double(gtk_widget_get_height(handle)) / 2)
        try click(at: point, in: handle, holdMilliseconds: hold)
      } else {
        try click(at: try listPoint(x: x, y: y), in: scrolledWindow, holdMilliseconds: hold)
      }
    case .key(let keysym):
      sheetScene.keyboard.tap(keysym: keysym)
    case .pause(let milliseconds):
      MainLoopPump.run(forMilliseconds: milliseconds)
    }
  }

  private func perform(_ drag: FuzzAction.Drag) throws {
    try pointer.move(to: try listPoint(x: drag.x, y: drag.y), in: scrolledWindow)
    MainLoopPump.run(forMilliseconds: Self.arrivalMilliseconds)
    pointer.press()
    monitor.pressed(pointerY: pointer.position.y)
    pointer.hold(milliseconds: drag.pressHoldMilliseconds)
    for segment in drag.segments {
      let end = RootPoint(
        x: min(max(pointer.position.x + segment.dx, 1), Self.pointerBounds.width),
        y: min(max(pointer.position.y + segment.dy, 1), Self.pointerBounds.height))
      let dx = end.x - pointer.position.x
      let dy = end.y - pointer.position.y
      let steps = max(1, Int(((dx * dx + dy * dy).squareRoot() / segment.stepPixels).rounded(.up)))
      pointer.move(byX: dx, y: dy, steps: steps, stepIntervalMilliseconds: segment.stepIntervalMilliseconds)
      pointer.hold(milliseconds: segment.pauseMilliseconds)
      if segment.pauseMilliseconds >= Self.checkpointRestMilliseconds {
        monitor.checkpoint(pointerY: pointer.position.y)
      }
    }
    pointer.hold(milliseconds: drag.holdBeforeReleaseMilliseconds)
    monitor.releasing(pointerY: pointer.position.y)
    pointer.release()
    MainLoopPump.run(forMilliseconds: Self.arrivalMilliseconds)
  }

  private func click(
    at point: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>, holdMilliseconds: Double
  ) throws {
    try pointer.move(to: point, in: widget)
    MainLoopPump.run(forMilliseconds: Self.arrivalMilliseconds)
    pointer.press()
    pointer.hold(milliseconds: holdMilliseconds)
    pointer.release()
    MainLoopPump.run(forMilliseconds: Self.arrivalMilliseconds)
  }

  /// The point at fractions (`x`, `y`) of the part of the scrolled window the window shows, in the scrolled
  /// window's px (a collapsed sheet shows only its top).
  private func listPoint(x: Double, y: Double) throws -> WidgetPoint {
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(scrolledWindow, sheetScene.fixture.window, &bounds) != 0 else {
      throw TestSupportError.widgetNotOnScreen
    }
    let windowHeight = Double(gtk_widget_get_height(sheetScene.fixture.window))
    let top = max(0, -Double(bounds.origin.y))
    let bottom = min(Double(bounds.size.height), windowHeight - Double(bounds.origin.y))
    return WidgetPoint(x: Double(bounds.size.width) * x, y: top + (bottom - top) * y)
  }
}
