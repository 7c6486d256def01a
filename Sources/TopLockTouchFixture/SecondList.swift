import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// The second list of a `two-lists` scene: a second `ScrolledListFixture`'s scrolled window, moved beside the
/// first in one window (a homogeneous horizontal box) or, nested, to the top of the first list's content, with
/// its own `GlowFrameCounter` and, with TopLock, its own scroller and `PullRecorder`. `tearDown()` detaches and
/// removes what it added; the window owns the widgets. Main actor only.
@MainActor
final class SecondList {
  /// The height of a nested second list, px.
  static let nestedHeight = 200
  let scrolledWindow: UnsafeMutablePointer<GtkWidget>
  private let glowCounter: GlowFrameCounter
  private let recorder: PullRecorder?
  private let scroller: TopLockScroller?

  /// Moves `fixture`'s scrolled window into a horizontal box with a new list beside it (or, `nested`, puts
  /// the new list at the top of the first list's rows), and attaches TopLock to the new list with `options`
  /// when `attaching`.
  ///
  /// - Throws: `TopLockError` from attaching.
  init(beside fixture: ScrolledListFixture, nested: Bool, attaching: Bool, options: TopLockOptions) throws {
    let donor = ScrolledListFixture()
    scrolledWindow = donor.scrolledWindow
    if nested {
      Self.move(scrolledWindow, from: donor.window) { list in
        gtk_widget_set_size_request(list, -1, Int32(Self.nestedHeight))
        let viewport = gtk_scrolled_window_get_child(OpaquePointer(fixture.scrolledWindow))
        let rows = gtk_viewport_get_child(OpaquePointer(viewport))!
        gtk_box_prepend(rows.cast(to: GtkBox.self), list)
      }
    } else {
      let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
      gtk_box_set_homogeneous(box.cast(to: GtkBox.self), 1)
      for (list, window) in [(fixture.scrolledWindow, fixture.window), (scrolledWindow, donor.window)] {
        Self.move(list, from: window) { gtk_box_append(box.cast(to: GtkBox.self), $0) }
      }
      gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), box)
    }
    donor.destroy()
    let recorder = attaching ? PullRecorder() : nil
    scroller = try recorder.map { [scrolledWindow] in
      try TopLockScroller.attach(to: scrolledWindow, options: options, host: $0)
    }
    self.recorder = recorder
    glowCounter = GlowFrameCounter(scrolledWindow: scrolledWindow)
  }

  /// Takes `list` out of `window` and hands it to `place`, keeping it alive in between.
  private static func move(
    _ list: UnsafeMutablePointer<GtkWidget>, from window: UnsafeMutablePointer<GtkWidget>,
    to place: (UnsafeMutablePointer<GtkWidget>) -> Void
  ) {
    g_object_ref(list)
    gtk_window_set_child(window.cast(to: GtkWindow.self), nil)
    place(list)
    g_object_unref(list)
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
