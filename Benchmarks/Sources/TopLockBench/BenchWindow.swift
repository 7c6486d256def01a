import CTopLockGtk
import TopLockGObject
import TopLockTestSupport

/// Showing and destroying the top-level windows the GTK modes build, each holding a reference of its own on
/// the window (taken after `gtk_window_new`). Main actor only.
@MainActor
enum BenchWindow {
  /// How many times longer than usual the waits for GTK may take: 1, or the slowdown of a process that
  /// callgrind runs (`scale-instructions`), where a window of 1,000 scrolled windows paints its first frames
  /// in tens of seconds.
  static var timeoutScale = 1.0

  /// Shows `window` and runs the main loop until it has painted three frames.
  ///
  /// - Throws: `TestSupportError.timedOut` when it does not within 5 s (times `timeoutScale`).
  static func present(_ window: UnsafeMutablePointer<GtkWidget>) throws(TestSupportError) {
    gtk_window_present(window.cast(to: GtkWindow.self))
    try MainLoopPump.waitForFrames(3, of: window, timeoutMilliseconds: 5_000 * timeoutScale)
  }

  /// How long after a list's last scroll GTK 4.8 starts to fade its overlay scrollbar out, at the latest,
  /// in ms: once 2 s have passed, on the next of its checks every 0.5 s (`maybe_hide_indicator` in
  /// gtkscrolledwindow.c); with a margin.
  static let overlayScrollbarHideDelay = 2_600.0

  /// Runs the main loop until GTK has started to hide the overlay scrollbars the last scroll showed. GTK
  /// hides them on a timer, not on an event: a measurement that starts earlier races that timer with its
  /// first scroll, and when it loses it paints the scrollbar fading out and straight back in (tens of
  /// frames more, with TopLock attached or not).
  static func waitForOverlayScrollbarsToHide() {
    MainLoopPump.run(forMilliseconds: overlayScrollbarHideDelay)
  }

  /// Destroys `window`, lets GTK run what that queued (500 ms at most), and drops the caller's reference.
  /// The pointer is invalid afterwards.
  static func destroy(_ window: UnsafeMutablePointer<GtkWidget>) {
    gtk_window_destroy(window.cast(to: GtkWindow.self))
    MainLoopPump.run(timeoutMilliseconds: 500) { g_main_context_pending(nil) == 0 }
    g_object_unref(window)
  }
}
