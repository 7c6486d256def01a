import CTopLockGtk
import TopLockTestSupport
import TopLockX11Geometry

/// The input `scale` plays over the window's list, the same in every pass: taps (press, rest, release), then
/// one steady upward mouse drag that scrolls the list, all real XTest events. Unattached, GTK's drag follows
/// the mouse (the window made its gestures not touch-only); attached, TopLock does (`mouseDragEnabled`).
///
/// Main actor only.
@MainActor
enum ScaleScript {
  /// Taps per pass.
  static let taps = 16
  /// How long each tap holds the button, and the pause after its release, in ms.
  static let tapHold = 40.0
  static let tapPause = 60.0
  /// Where the taps land and the drag starts, in px of the list.
  static let tapPoint = WidgetPoint(x: ScaleWindow.listSize.width / 2, y: 120)
  static let dragStart = WidgetPoint(x: ScaleWindow.listSize.width / 2, y: 320)
  /// The drag: 200 px up, 10 px every 16 ms, a rest before the release so that no fling follows.
  static let drag = DragStroke.drag(dy: -200, stepPixels: 10, holdBeforeReleaseMilliseconds: 160)

  /// The XTest events one pass sends: a press and a release per tap; the drag's move to its start, press,
  /// 1 px nudge, steps and release.
  static var eventsPerPass: Int {
    let dragSteps = Int(((abs(drag.dy) - 1) / drag.stepPixels).rounded(.up))
    return 2 * taps + 4 + dragSteps
  }

  /// The presses one pass makes: one per tap and the drag's.
  static var pressesPerPass: Int { taps + 1 }

  /// Moves the pointer to the tap point (not part of the pass: the pass starts with the pointer there).
  static func prepare(_ pointer: XTestPointer, over list: UnsafeMutablePointer<GtkWidget>)
    throws(TestSupportError)
  {
    try pointer.move(to: tapPoint, in: list)
  }

  /// Plays the pass: the taps where the pointer is, then the drag. Returns once the drag is released.
  static func play(with pointer: XTestPointer, over list: UnsafeMutablePointer<GtkWidget>)
    throws(TestSupportError)
  {
    for _ in 0..<taps {
      pointer.press(.primary)
      pointer.hold(milliseconds: tapHold)
      pointer.release(.primary)
      pointer.hold(milliseconds: tapPause)
    }
    try pointer.drag(drag, from: dragStart, in: list)
  }

  /// The pause after each paced tap, in ms: longer than GTK's double-click time (`gtk-double-click-time`,
  /// 400 ms by default), so that every tap is a single click to GtkWindow's click gesture however fast the
  /// process runs.
  static let pacedTapPause = 500.0

  /// Plays the same events as `play` one at a time, each sent once GTK has dispatched the one before and
  /// the main loop has nothing left to do, so that what each dispatch finds does not depend on how fast the
  /// process runs (callgrind runs it some 50 times slower, and GDK would merge motions that queue up). Two
  /// waits stay in wall-clock time, each far from the threshold it keeps clear of: the pause after each tap
  /// (`pacedTapPause`), and the rest before the drag's release, as GTK's drag measures its release velocity
  /// from the events' times and the rest keeps it from flinging.
  static func playPaced(with pointer: XTestPointer, over list: UnsafeMutablePointer<GtkWidget>)
    throws(TestSupportError)
  {
    for _ in 0..<taps {
      try sendDispatched { pointer.press(.primary) }
      try sendDispatched { pointer.release(.primary) }
      pointer.hold(milliseconds: pacedTapPause)
    }
    let start = try pointer.rootPoint(of: dragStart, in: list)
    let path = StrokePath(drag, from: start)
    try sendDispatched { pointer.move(toRoot: start) }
    try sendDispatched { pointer.press(.primary) }
    try sendDispatched { pointer.move(toRoot: path.nudged) }
    for step in path.steps {
      try sendDispatched { pointer.move(toRoot: step) }
    }
    pointer.hold(milliseconds: drag.holdBeforeReleaseMilliseconds)
    try sendDispatched { pointer.release(.primary) }
  }

  /// Sends one event with `send`, then runs the main loop until GDK has emitted it and nothing is pending.
  /// `EventDispatchMeter` must be installed.
  static func sendDispatched(_ send: () -> Void) throws(TestSupportError) {
    let emitted = EventDispatchMeter.emittedEvents
    send()
    guard
      MainLoopPump.run(
        timeoutMilliseconds: 2_000 * BenchWindow.timeoutScale,
        until: { EventDispatchMeter.emittedEvents > emitted })
    else { throw .timedOut(waitingFor: "GDK to dispatch the script's next event") }
    while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
  }
}
