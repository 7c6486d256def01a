/// What can go wrong while the harness sets up GTK, finds widgets or injects input.
///
/// Each case carries enough text for a test failure to say what to fix.
public enum TestSupportError: Error, Equatable, CustomStringConvertible {
  /// `gtk_init_check` failed: no display could be opened (no `DISPLAY`, or the X server is gone).
  case displayUnavailable
  /// The default GDK display is not an X11 display, so XTest cannot reach it. Carries the display's type name.
  case notAnX11Display(typeName: String)
  /// The X server does not offer the XTEST extension.
  case xTestUnavailable
  /// The widget has no native surface yet (not realized or not mapped), so it has no place on the screen.
  case widgetNotOnScreen
  /// A widget point maps outside the X screen, where XTest cannot put the pointer (the screen is too small for
  /// the window). Carries the root-window point, in px.
  case pointOffScreen(x: Double, y: Double)
  /// A wait ended at its deadline before the awaited state arrived. Carries what was awaited.
  case timedOut(waitingFor: String)

  /// One line saying what failed and, where it helps, how to fix it.
  public var description: String {
    switch self {
    case .displayUnavailable:
      "gtk_init_check failed: no display (run under `xvfb-run -a env GDK_BACKEND=x11 ...`)"
    case .notAnX11Display(let typeName):
      "the default display is a \(typeName), not an X11 display: set GDK_BACKEND=x11"
    case .xTestUnavailable:
      "the X server has no XTEST extension"
    case .widgetNotOnScreen:
      "the widget has no mapped native surface"
    case .pointOffScreen(let x, let y):
      "the point (\(x), \(y)) lies outside the X screen: give the X server a larger screen"
    case .timedOut(let waitingFor):
      "timed out waiting for \(waitingFor)"
    }
  }
}
