import CTopLockGdkX11
import CTopLockGtk
import CTopLockXTest
import TopLockX11Geometry

/// The X server's core pointer, driven through XTest: real motion, button and wheel events that reach the
/// process's own GTK windows exactly as a mouse's would.
///
/// Main actor only. Each event is sent and flushed at once (`XTestFakeMotionEvent`, `XTestFakeButtonEvent`,
/// `XFlush` on GTK's own X connection); the X server stamps it with its time, so the pace between events is
/// real. Methods that wait pump the GLib main loop meanwhile, so GTK handles the events as they come. Positions
/// are in px: widget coordinates where a widget is named, root-window coordinates otherwise.
@MainActor
public final class XTestPointer {
  /// Time given to GTK to see the pointer arrive (enter and motion) before a press, in ms.
  private static let arrivalSettleMilliseconds = 50.0
  /// Time between the press and release of one wheel click, in ms.
  private static let wheelClickPressMilliseconds = 5.0

  private let xDisplay: OpaquePointer
  private let screenNumber: Int32
  private var pressedButtons: Set<PointerButton> = []

  /// Where the pointer is, in root-window px, as last placed by this pointer (or found at creation).
  public private(set) var position: RootPoint

  /// Starts GTK if needed and checks that the X server offers XTest; reads the pointer's current position.
  ///
  /// - Throws: what `GtkRuntime.start()` throws; `TestSupportError.xTestUnavailable` without the XTEST
  ///   extension. Calls `XTestQueryExtension` and `XQueryPointer`.
  public init() throws(TestSupportError) {
    try GtkRuntime.start()
    xDisplay = GtkRuntime.xDisplay
    var eventBase: Int32 = 0
    var errorBase: Int32 = 0
    var majorVersion: Int32 = 0
    var minorVersion: Int32 = 0
    guard XTestQueryExtension(xDisplay, &eventBase, &errorBase, &majorVersion, &minorVersion) != 0 else {
      throw .xTestUnavailable
    }
    screenNumber = XDefaultScreen(xDisplay)
    position = Self.queryPosition(on: xDisplay)
  }

  /// The root-window position of `point` in `widget`, in px. The widget must be mapped.
  ///
  /// - Throws: `TestSupportError.widgetNotOnScreen` when the widget has no mapped native surface;
  ///   `.pointOffScreen` when the point falls outside the X screen.
  public func rootPoint(of point: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>)
    throws(TestSupportError) -> RootPoint
  {
    guard let rootPoint = RootCoordinates.rootPoint(x: point.x, y: point.y, in: widget) else {
      throw .widgetNotOnScreen
    }
    guard isOnScreen(rootPoint) else { throw .pointOffScreen(x: rootPoint.x, y: rootPoint.y) }
    return rootPoint
  }

  /// Whether `point` lies on the pointer's X screen (`XDisplayWidth`, `XDisplayHeight`).
  private func isOnScreen(_ point: RootPoint) -> Bool {
    let width = Double(XDisplayWidth(xDisplay, screenNumber))
    let height = Double(XDisplayHeight(xDisplay, screenNumber))
    return (0..<width).contains(point.x) && (0..<height).contains(point.y)
  }

  /// Moves the pointer in one jump to `point` in `widget`'s coordinates (px). Does not pump the main loop.
  ///
  /// - Throws: `TestSupportError.widgetNotOnScreen` or `.pointOffScreen` when the point cannot be reached.
  public func move(to point: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>) throws(TestSupportError)
  {
    move(toRoot: try rootPoint(of: point, in: widget))
  }

  /// Moves the pointer in one jump to `point` in root-window px, rounded to whole pixels. Does not pump the
  /// main loop. Calls `XTestFakeMotionEvent`.
  public func move(toRoot point: RootPoint) {
    let pixel = RootPoint(x: point.x.rounded(), y: point.y.rounded())
    XTestFakeMotionEvent(xDisplay, screenNumber, Int32(pixel.x), Int32(pixel.y), 0)
    XFlush(xDisplay)
    position = pixel
  }

  /// Moves the pointer by (`dx`, `dy`) px in `steps` equal motion events, one every `stepIntervalMilliseconds`
  /// ms, pumping the main loop in between and for one interval after the last. Every step lands on a whole
  /// pixel on the straight path, the last one exactly on the end point. The steps keep to a fixed schedule from
  /// the first one, so a slow frame delays a step without delaying the ones after it.
  public func move(byX dx: Double, y dy: Double, steps: Int, stepIntervalMilliseconds: Double) {
    precondition(steps > 0, "a stepped move needs at least one step")
    let start = position
    let startTime = MainLoopPump.nowMilliseconds
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      move(toRoot: RootPoint(x: start.x + dx * fraction, y: start.y + dy * fraction))
      let nextStepTime = startTime + Double(step) * stepIntervalMilliseconds
      MainLoopPump.run(forMilliseconds: nextStepTime - MainLoopPump.nowMilliseconds)
    }
  }

  /// Presses `button` where the pointer is. Does not pump the main loop. Calls `XTestFakeButtonEvent`.
  public func press(_ button: PointerButton = .primary) {
    sendButton(button.rawValue, isPress: true)
    pressedButtons.insert(button)
  }

  /// Releases `button` where the pointer is. Does not pump the main loop. Calls `XTestFakeButtonEvent`.
  public func release(_ button: PointerButton = .primary) {
    sendButton(button.rawValue, isPress: false)
    pressedButtons.remove(button)
  }

  /// Releases every button this pointer pressed and did not release: call it when a test ends early, so the
  /// next test does not start with a button held down.
  public func releaseAllButtons() {
    for button in pressedButtons {
      release(button)
    }
  }

  /// Keeps the pointer still for `milliseconds` ms while the main loop runs.
  public func hold(milliseconds: Double) {
    MainLoopPump.run(forMilliseconds: milliseconds)
  }

  /// Turns the wheel by `clicks` clicks where the pointer is, one every `intervalMilliseconds` ms, pumping
  /// the main loop in between and after the last one.
  public func wheel(_ direction: WheelDirection, clicks: Int = 1, intervalMilliseconds: Double = 50) {
    for _ in 0..<clicks {
      sendButton(direction.rawValue, isPress: true)
      MainLoopPump.run(forMilliseconds: Self.wheelClickPressMilliseconds)
      sendButton(direction.rawValue, isPress: false)
      MainLoopPump.run(forMilliseconds: intervalMilliseconds)
    }
  }

  /// The first part of a drag: moves the pointer to `start` in `widget` (px), lets GTK see it arrive, presses
  /// the primary button, nudges the pointer 1 px along the stroke's dominant axis and rests for
  /// `stroke.pressHoldMilliseconds` ms. Continue with `travel(_:)`.
  ///
  /// - Throws: `TestSupportError.widgetNotOnScreen` or `.pointOffScreen` when the point cannot be reached.
  public func beginDrag(
    _ stroke: DragStroke, at start: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>
  ) throws(TestSupportError) {
    try move(to: start, in: widget)
    MainLoopPump.run(forMilliseconds: Self.arrivalSettleMilliseconds)
    press(.primary)
    let nudge = Self.nudge(for: stroke)
    move(toRoot: RootPoint(x: position.x + nudge.x, y: position.y + nudge.y))
    hold(milliseconds: stroke.pressHoldMilliseconds)
  }

  /// The second part of a drag begun with `beginDrag(_:at:in:)`: moves the rest of the stroke's travel in
  /// steps of at most `stroke.stepPixels` px every `stroke.stepIntervalMilliseconds` ms, then rests
  /// `stroke.holdBeforeReleaseMilliseconds` ms. Leaves the button pressed; `release()` ends the drag.
  public func travel(_ stroke: DragStroke) {
    let nudge = Self.nudge(for: stroke)
    let remainingX = stroke.dx - nudge.x
    let remainingY = stroke.dy - nudge.y
    let distance = (remainingX * remainingX + remainingY * remainingY).squareRoot()
    let steps = max(1, Int((distance / stroke.stepPixels).rounded(.up)))
    move(
      byX: remainingX, y: remainingY, steps: steps, stepIntervalMilliseconds: stroke.stepIntervalMilliseconds)
    hold(milliseconds: stroke.holdBeforeReleaseMilliseconds)
  }

  /// A whole drag from `start` in `widget` (px): `beginDrag`, `travel`, then the release. Returns right after
  /// the release is sent; pump the main loop to watch what follows (a fling, a spring back).
  ///
  /// - Throws: `TestSupportError.widgetNotOnScreen` or `.pointOffScreen` when the point cannot be reached.
  public func drag(
    _ stroke: DragStroke, from start: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>
  ) throws(TestSupportError) {
    try beginDrag(stroke, at: start, in: widget)
    travel(stroke)
    release(.primary)
  }

  private func sendButton(_ button: UInt32, isPress: Bool) {
    XTestFakeButtonEvent(xDisplay, button, isPress ? 1 : 0, 0)
    XFlush(xDisplay)
  }

  /// The 1 px nudge after a press: along the dominant axis of the stroke, in its direction (px).
  private static func nudge(for stroke: DragStroke) -> (x: Double, y: Double) {
    if stroke.dx == 0 && stroke.dy == 0 { return (0, 0) }
    if abs(stroke.dy) >= abs(stroke.dx) { return (0, stroke.dy > 0 ? 1 : -1) }
    return (stroke.dx > 0 ? 1 : -1, 0)
  }

  private static func queryPosition(on xDisplay: OpaquePointer) -> RootPoint {
    var rootWindow: Window = 0
    var childWindow: Window = 0
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    var windowX: Int32 = 0
    var windowY: Int32 = 0
    var buttonMask: UInt32 = 0
    _ = XQueryPointer(
      xDisplay, XDefaultRootWindow(xDisplay), &rootWindow, &childWindow, &rootX, &rootY, &windowX, &windowY,
      &buttonMask)
    return RootPoint(x: Double(rootX), y: Double(rootY))
  }
}
