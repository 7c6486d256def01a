import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// The second list of a `two-lists` scene: a second `ScrolledListFixture`'s scrolled window, moved beside the
/// first in one window (a homogeneous horizontal box), with its own `GlowFrameCounter` and, with TopLock, its
/// own scroller and `PullRecorder`. `tearDown()` detaches and removes what it added; the window owns the
/// widgets. Main actor only.
@MainActor
final class SecondList {
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  private let glowCounter: GlowFrameCounter
  private let recorder: PullRecorder?
  private let scroller: TopLockScroller?

  /// Moves `fixture`'s scrolled window into a horizontal box with a new list beside it, and attaches TopLock
  /// to the new list with `options` when `attaching`.
  ///
  /// - Throws: `TopLockError` from attaching.
  init(beside fixture: ScrolledListFixture, attaching: Bool, options: TopLockOptions) throws {
    let donor = ScrolledListFixture()
    scrolledWindow = donor.scrolledWindow
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_box_set_homogeneous(box.cast(to: GtkBox.self), 1)
    for (list, window) in [(fixture.scrolledWindow, fixture.window), (scrolledWindow, donor.window)] {
      g_object_ref(list)
      gtk_window_set_child(window.cast(to: GtkWindow.self), nil)
      gtk_box_append(box.cast(to: GtkBox.self), list)
      g_object_unref(list)
    }
    donor.destroy()
    gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), box)
    let recorder = attaching ? PullRecorder() : nil
    scroller = try recorder.map { [scrolledWindow] in
      try TopLockScroller.attach(to: scrolledWindow, options: options, host: $0)
    }
    self.recorder = recorder
    glowCounter = GlowFrameCounter(scrolledWindow: scrolledWindow)
  }

  /// Starts measuring afresh (the window is shown).
  func startMeasuring() {
    glowCounter.reset()
  }

  /// What was measured since `startMeasuring()`.
  func report() -> ListReport {
    ListReport(
      value: gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow))),
      frames: glowCounter.frameCount, topGlowFrames: glowCounter.topGlowFrameCount,
      topOvershot: glowCounter.topOvershotCount, pullEvents: recorder?.events ?? [],
      state: ListState(of: scrolledWindow, scroller: scroller))
  }

  /// Removes the counter and detaches TopLock. Safe to call twice.
  func tearDown() {
    glowCounter.remove()
    scroller?.detach()
  }
}

extension ListState {
  /// The state of `scrolledWindow` now, with `scroller` attached to it or stock.
  @MainActor
  init(of scrolledWindow: UnsafeMutablePointer<GtkWidget>, scroller: TopLockScroller?) {
    let drag = try? ScrolledWindowGestures(scrolledWindow: scrolledWindow).drag
    self.init(
      owner: scroller.map { String(describing: $0.owner) },
      isGTKDragActive: drag.map { gtk_gesture_is_active($0) != 0 } ?? false)
  }
}
