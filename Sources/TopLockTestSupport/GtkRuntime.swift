import CTopLockGdkX11
import CTopLockGtk
import Glibc
import TopLockGObject

/// Starts GTK once per process for tests and benchmarks that drive real windows.
///
/// Main actor only: GTK is single-threaded, and every GTK call of the harness stays on the main actor. Swift
/// Testing 6.3 on Linux runs `@MainActor` tests on a thread other than the process's first one; GTK does not
/// mind, as long as all of its calls come from that one actor. GTK's callbacks into Swift then run inside
/// `MainLoopPump` turns, on the main actor, so their `MainActor.assumeIsolated` holds.
@MainActor
public enum GtkRuntime {
  private static var isStarted = false

  /// Initializes GTK on the default display, once; later calls return at once.
  ///
  /// Before the first initialization it sets `GDK_BACKEND=x11` and `GTK_A11Y=none` when they are unset, so a
  /// Wayland session still gives XTest an X display and a virtual X server needs no session bus.
  ///
  /// - Throws: `TestSupportError.displayUnavailable` when no display opens; `.notAnX11Display` when GDK chose
  ///   another backend. Calls `gtk_init_check`.
  public static func start() throws(TestSupportError) {
    if isStarted { return }
    setenv("GDK_BACKEND", "x11", 0)
    setenv("GTK_A11Y", "none", 0)
    guard gtk_init_check() != 0, let display = gdk_display_get_default() else {
      throw .displayUnavailable
    }
    let displayInstance = UnsafeMutableRawPointer(display)
    guard GObjectType.isInstance(displayInstance, of: gdk_x11_display_get_type()) else {
      throw .notAnX11Display(typeName: GObjectType.typeName(of: displayInstance))
    }
    isStarted = true
  }

  /// The X connection of GTK's default display. Call `start()` first; traps if GTK is not started.
  ///
  /// Calls `gdk_x11_display_get_xdisplay (gdk_display_get_default ())` (through `toplock_x11_display`).
  static var xDisplay: OpaquePointer {
    precondition(isStarted, "GtkRuntime.start() must run before any X call")
    guard let display = gdk_display_get_default(), let xDisplay = toplock_x11_display(display) else {
      preconditionFailure("GTK is started but has no X display")
    }
    return xDisplay
  }
}
