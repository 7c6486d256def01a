import CTopLockXTest
import Glibc

/// The core pointer of an X display driven through XTest from the test process: real motion and button
/// events for the demo running on that display, paced in real time.
///
/// Close it with `close()` (it releases a button still held first).
final class ServerPointer {
  /// Time between two motion events of a stroke, in ms: about one frame.
  static let stepMilliseconds = 16
  /// How long a press is held still, with a 1 px nudge, before a stroke moves, in ms: GTK may give the first
  /// motion after a press the time 0, which spoils the velocity of a quick stroke.
  static let settleMilliseconds = 120

  private let xDisplay: OpaquePointer
  private let screenNumber: Int32
  private var isPressed = false

  /// Connects to `display` (`:N`); `nil` when it cannot be opened.
  init?(display: String) {
    guard let xDisplay = XOpenDisplay(display) else { return nil }
    self.xDisplay = xDisplay
    screenNumber = XDefaultScreen(xDisplay)
  }

  /// Moves to (`x`, `y`) in root-window px.
  func move(toX x: Double, y: Double) {
    XTestFakeMotionEvent(xDisplay, screenNumber, Int32(x.rounded()), Int32(y.rounded()), 0)
    XFlush(xDisplay)
  }

  /// Presses the primary button where the pointer is.
  func press() {
    XTestFakeButtonEvent(xDisplay, 1, 1, 0)
    XFlush(xDisplay)
    isPressed = true
  }

  /// Releases the primary button.
  func release() {
    XTestFakeButtonEvent(xDisplay, 1, 0, 0)
    XFlush(xDisplay)
    isPressed = false
  }

  /// Clicks at (`x`, `y`): arrive, wait, press, release.
  func click(atX x: Double, y: Double) {
    move(toX: x, y: y)
    wait(milliseconds: 100)
    press()
    wait(milliseconds: 60)
    release()
  }

  /// Presses at (`x`, `y`), moves `distance` px down (up when negative) in `steps` events one frame apart,
  /// and releases there.
  func drag(fromX x: Double, y: Double, verticalDistance distance: Double, steps: Int) {
    move(toX: x, y: y)
    wait(milliseconds: 100)
    press()
    move(toX: x, y: y + (distance < 0 ? -1 : 1))
    wait(milliseconds: Self.settleMilliseconds)
    for step in 1...steps {
      move(toX: x, y: y + distance * Double(step) / Double(steps))
      wait(milliseconds: Self.stepMilliseconds)
    }
    release()
  }

  /// Turns the wheel `clicks` notches up (X button 4) at (`x`, `y`), one frame apart.
  func wheelUp(atX x: Double, y: Double, clicks: Int) {
    wheel(button: 4, atX: x, y: y, clicks: clicks)
  }

  /// Turns the wheel `clicks` notches down (X button 5) at (`x`, `y`), one frame apart.
  func wheelDown(atX x: Double, y: Double, clicks: Int) {
    wheel(button: 5, atX: x, y: y, clicks: clicks)
  }

  private func wheel(button: UInt32, atX x: Double, y: Double, clicks: Int) {
    move(toX: x, y: y)
    wait(milliseconds: 100)
    for _ in 0..<clicks {
      XTestFakeButtonEvent(xDisplay, button, 1, 0)
      XTestFakeButtonEvent(xDisplay, button, 0, 0)
      XFlush(xDisplay)
      wait(milliseconds: Self.stepMilliseconds)
    }
  }

  /// From where the pointer is, with the button held, moves `distance` px down (up when negative) in
  /// `steps` events one frame apart.
  func moveHeld(verticalDistance distance: Double, fromX x: Double, y: Double, steps: Int) {
    for step in 1...steps {
      move(toX: x, y: y + distance * Double(step) / Double(steps))
      wait(milliseconds: Self.stepMilliseconds)
    }
  }

  /// Lets the demo work for `milliseconds` ms.
  func wait(milliseconds: Int) {
    usleep(useconds_t(milliseconds * 1000))
  }

  /// Releases a button still held and disconnects.
  func close() {
    if isPressed {
      release()
    }
    XCloseDisplay(xDisplay)
  }
}
