import CTopLockGtk
import TopLockTestSupport

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
}
