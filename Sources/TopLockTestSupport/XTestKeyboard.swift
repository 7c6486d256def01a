import CTopLockGdkX11
import CTopLockGtk
import CTopLockXTest

/// The X server's core keyboard, driven through XTest: real key events to the focused GTK window.
///
/// Main actor only. The window under test must have keyboard focus (a presented window without a window
/// manager gets it).
@MainActor
public struct XTestKeyboard {
  /// Time between a key's press and release, in ms.
  private static let keyPressMilliseconds = 20.0
  /// Time given to GTK to handle the release, in ms.
  private static let settleMilliseconds = 50.0

  private let xDisplay: OpaquePointer

  /// Starts GTK if needed and uses its X connection.
  ///
  /// - Throws: what `GtkRuntime.start()` throws.
  public init() throws(TestSupportError) {
    try GtkRuntime.start()
    xDisplay = GtkRuntime.xDisplay
  }

  /// Presses and releases the key that types `keysym` (an X keysym such as `XK_Escape`), pumping the main
  /// loop in between and after. Calls `XKeysymToKeycode` and `XTestFakeKeyEvent`.
  public func tap(keysym: UInt) {
    let keycode = UInt32(XKeysymToKeycode(xDisplay, KeySym(keysym)))
    XTestFakeKeyEvent(xDisplay, keycode, 1, 0)
    XFlush(xDisplay)
    MainLoopPump.run(forMilliseconds: Self.keyPressMilliseconds)
    XTestFakeKeyEvent(xDisplay, keycode, 0, 0)
    XFlush(xDisplay)
    MainLoopPump.run(forMilliseconds: Self.settleMilliseconds)
  }
}
