import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// `toplock-bench lag`: the lag budget of docs/RULES.md ("Budgets"). A real XTest mouse drag is held in
/// progress, then moved by single motion events, one at a time; `LagProbe` counts for each the frames from
/// its dispatch to the paint of what it moved. Stock: a GtkScrolledWindow mid-list (its gestures following
/// the mouse), whose content GTK's drag moves. TopLock: the same list in a `TopLockSheet` at the top (mouse
/// drag on), pulled down, whose panel the pull moves. Positive control: the same pull on a host that moves a
/// frame late on purpose (`FrameLateHost`), which must measure one frame more than stock. Drags alternate,
/// stock first.
///
/// Main actor only; needs an X display (`xvfb-run -a`).
@MainActor
struct LagBenchmark {
  /// Drags of each kind.
  static let drags = 3
  /// Motion events measured per drag, each `motionStep` px down, `motionRest` ms apart.
  static let motionsPerDrag = 10
  static let motionStep = 8.0
  static let motionRest = 120.0
  /// How long a motion's paint may take, in ms.
  static let paintTimeout = 1_000.0
  /// Travel that starts each drag before the measured motions (past GTK's drag threshold), px.
  static let startTravel = 24.0
  /// Where stock's list sits, px of value: away from both edges.
  static let stockValue = 600.0
  /// The window's size, px.
  static let windowSize = (width: Int32(400), height: Int32(700))
  /// The sheet's top inset, px.
  static let sheetInset = 40.0

  /// Starts GTK and measures the drags, stock, TopLock and the control in turn.
  ///
  /// - Throws: what GTK, X or TopLock failed with; `LagError` when a motion's paint was never seen or a
  ///   drag did not pull.
  func measure() throws -> LagReport {
    try GtkRuntime.start()
    let pointer = try XTestPointer()
    var stock: [Int64] = []
    var topLock: [Int64] = []
    var control: [Int64] = []
    for _ in 0..<Self.drags {
      stock += try measureStock(pointer)
      topLock += try measureTopLock(pointer)
      control += try measureFrameLateHost(pointer)
    }
    return LagReport(stockLags: stock, topLockLags: topLock, controlLags: control)
  }

  /// A stock list mid-way, dragged down by the mouse: the content's painted position.
  private func measureStock(_ pointer: XTestPointer) throws -> [Int64] {
    let list = ScaleWindow.makeLabelList()
    try ScrolledWindowGestures(scrolledWindow: list).setTouchOnly(false)
    let window = makeWindow(child: list)
    defer { BenchWindow.destroy(window) }
    try BenchWindow.present(window)
    gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(list)), Self.stockValue)
    let viewport = gtk_scrolled_window_get_child(OpaquePointer(list))!
    let content = gtk_viewport_get_child(OpaquePointer(viewport))!
    return try measureDrag(on: list, in: window, pointer: pointer) { bounds(of: content, in: window).y }
  }

  /// The same list in a sheet at the top, pulled down by the mouse with TopLock: the panel's painted position.
  private func measureTopLock(_ pointer: XTestPointer) throws -> [Int64] {
    let list = ScaleWindow.makeLabelList()
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    let sheet = try TopLockSheet(
      background: gtk_label_new("background")!, scrolledWindow: list, topInset: Self.sheetInset,
      options: options)
    let window = makeWindow(child: sheet.widget)
    defer {
      sheet.scroller.detach()
      BenchWindow.destroy(window)
    }
    try BenchWindow.present(window)
    let panel = sheet.panel
    let lags = try measureDrag(on: list, in: window, pointer: pointer) { bounds(of: panel, in: window).y }
    guard sheet.offset > 0 else { throw LagError.noPull }
    return lags
  }

  /// The same list at the top with TopLock, its host a label above it that moves a frame late: the label's
  /// painted position.
  private func measureFrameLateHost(_ pointer: XTestPointer) throws -> [Int64] {
    let list = ScaleWindow.makeLabelList()
    gtk_widget_set_vexpand(list, 1)
    let marker = gtk_label_new("host")!
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(column.cast(to: GtkBox.self), marker)
    gtk_box_append(column.cast(to: GtkBox.self), list)
    let host = FrameLateHost(moving: marker)
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    let scroller = try TopLockScroller.attach(to: list, options: options, host: host)
    let window = makeWindow(child: column)
    defer {
      host.stop()
      scroller.detach()
      BenchWindow.destroy(window)
    }
    try BenchWindow.present(window)
    let lags = try measureDrag(on: list, in: window, pointer: pointer) { bounds(of: marker, in: window).y }
    guard host.hostOffset > 0 else { throw LagError.noPull }
    return lags
  }

  /// Presses in the middle of `list`, drags `startTravel` px down, then measures `motionsPerDrag` single
  /// motions; releases.
  private func measureDrag(
    on list: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>,
    pointer: XTestPointer, position: @escaping @MainActor () -> Double
  ) throws -> [Int64] {
    let probe = LagProbe(window: window, position: position)
    defer {
      pointer.releaseAllButtons()
      probe.remove()
    }
    let start = bounds(of: list, in: list)
    let stroke = DragStroke.drag(
      dy: Self.startTravel, stepPixels: 4, holdBeforeReleaseMilliseconds: Self.motionRest)
    try pointer.beginDrag(stroke, at: WidgetPoint(x: start.width / 2, y: start.height / 3), in: list)
    pointer.travel(stroke)
    var lags: [Int64] = []
    for _ in 0..<Self.motionsPerDrag {
      probe.arm()
      pointer.move(byX: 0, y: Self.motionStep, steps: 1, stepIntervalMilliseconds: 0)
      guard MainLoopPump.run(timeoutMilliseconds: Self.paintTimeout, until: { probe.lag != nil }),
        let lag = probe.lag
      else { throw LagError.notPainted }
      lags.append(lag)
      MainLoopPump.run(forMilliseconds: Self.motionRest)
    }
    pointer.release(.primary)
    MainLoopPump.run(forMilliseconds: Self.motionRest)
    return lags
  }

  private func makeWindow(child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    let window = gtk_window_new()!
    g_object_ref(window)
    gtk_window_set_decorated(window.cast(to: GtkWindow.self), 0)
    gtk_window_set_default_size(
      window.cast(to: GtkWindow.self), Self.windowSize.width, Self.windowSize.height)
    gtk_window_set_child(window.cast(to: GtkWindow.self), child)
    return window
  }

  /// `widget`'s bounds in `ancestor`'s px (its layout now).
  private func bounds(
    of widget: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>
  ) -> (y: Double, width: Double, height: Double) {
    var rectangle = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget, ancestor, &rectangle)
    return (Double(rectangle.origin.y), Double(rectangle.size.width), Double(rectangle.size.height))
  }
}

/// Why `lag` could not measure.
enum LagError: Error, CustomStringConvertible {
  /// A motion's move was not painted within `LagBenchmark.paintTimeout` (1 s).
  case notPainted
  /// The drag at the top of a list did not pull its host.
  case noPull

  var description: String {
    switch self {
    case .notPainted: "a motion's move was not painted within a second"
    case .noPull: "the drag at the top did not pull the host"
    }
  }
}
