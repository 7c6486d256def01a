import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestInvariants
import TopLockTestSupport

/// A shown window with TopLock in a `TopLockSheet` (mouse drag on), like `SheetScene`, built so that a test
/// can destroy any part of it mid-gesture: the scene keeps no reference on the scrolled window, and the sheet
/// can be released. An `InvariantMonitor` records the pull events and the invariants.
///
/// Main actor only. `tearDown()` undoes what is left.
@MainActor
final class LifecycleScene {
  /// A point near the top of the open list, in the scrolled window's px.
  static let listTop = WidgetPoint(x: 200, y: 40)
  /// A point in the middle of the open list, in the scrolled window's px.
  static let listMiddle = WidgetPoint(x: 200, y: 250)
  /// A value well inside the list, in px.
  static let midListValue = 1200.0

  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  let monitor: InvariantMonitor
  /// The sheet, until `destroy(.host)` releases it.
  private(set) var sheet: TopLockSheet?
  /// The scroller, watched weakly: the scene does not keep it alive.
  private(set) weak var scroller: TopLockScroller?
  /// The scrolled window while it lives (not owned).
  private let scrolledWindowReference: WeakObjectReference
  /// The first GLib warning that belongs to this scene.
  private let firstWarning: Int

  /// The scrolled window, or `nil` once finalized.
  var scrolledWindow: UnsafeMutablePointer<GtkWidget>? {
    scrolledWindowReference.object?.assumingMemoryBound(to: GtkWidget.self)
  }

  init() throws {
    GLibWarningRecorder.install()
    firstWarning = GLibWarningRecorder.count
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture()
    scrolledWindowReference = WeakObjectReference(fixture.scrolledWindow)
    let sheet = try SheetScene.moveIntoSheet(fixture)
    self.sheet = sheet
    scroller = sheet.scroller
    monitor = InvariantMonitor(scroller: sheet.scroller, forwardingTo: sheet)
    do {
      try fixture.present()
    } catch {
      tearDown()
      throw error
    }
  }

  /// The GLib warnings logged since the scene was built.
  var warnings: [String] { GLibWarningRecorder.messages(since: firstWarning) }

  /// The vertical adjustment's value, or `nil` once the scrolled window is gone.
  var scrollValue: Double? {
    guard let scrolledWindow else { return nil }
    return gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolledWindow)))
  }

  /// Releases the button, removes the monitor, destroys the window and releases the sheet. Safe twice.
  func tearDown() {
    pointer.releaseAllButtons()
    monitor.remove()
    fixture.destroy()
    sheet = nil
  }

  /// Drives real input until `phase` runs, and returns with the button still down for `.midDrag` and
  /// `.midPull`.
  func enter(_ phase: LifecyclePhase) throws {
    let scrolledWindow = try #require(scrolledWindow)
    switch phase {
    case .midDrag:
      try fixture.scroll(to: Self.midListValue)
      let stroke = DragStroke.drag(dy: -120, holdBeforeReleaseMilliseconds: 50)
      try pointer.beginDrag(stroke, at: Self.listMiddle, in: scrolledWindow)
      pointer.travel(stroke)
      try #require(scroller?.owner == .content)
    case .midPull:
      let stroke = DragStroke.drag(dy: 120, holdBeforeReleaseMilliseconds: 50)
      try pointer.beginDrag(stroke, at: Self.listTop, in: scrolledWindow)
      pointer.travel(stroke)
      try #require(scroller?.owner == .host)
    case .midFling:
      try fixture.scroll(to: Self.midListValue)
      try pointer.drag(.fling(dy: -500), from: Self.listMiddle, in: scrolledWindow)
      try requireMoving()
    case .midTopLockFling:
      let down = DragStroke.drag(dy: 100, holdBeforeReleaseMilliseconds: 50)
      try pointer.beginDrag(down, at: Self.listMiddle, in: scrolledWindow)
      pointer.travel(down)
      pointer.travel(.drag(dy: -200, holdBeforeReleaseMilliseconds: 50))
      pointer.travel(.fling(dy: -200))
      pointer.release()
      try requireMoving()
    case .midSettle:
      try pointer.drag(.fling(dy: 300), from: Self.listTop, in: scrolledWindow)
      let offset = try #require(sheet?.offset)
      MainLoopPump.run(forMilliseconds: 50)
      try #require(monitor.pullsEnded == 1)
      try #require(sheet?.offset != offset, "the sheet springs")
    }
  }

  /// Destroys `target` (see `LifecycleTarget`) and lets GTK handle it.
  func destroy(_ target: LifecycleTarget) {
    switch target {
    case .scrolledWindow:
      if let scrolledWindow, let sheet {
        gtk_box_remove(sheet.panel.cast(to: GtkBox.self), scrolledWindow)
      }
    case .host:
      gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), nil)
      sheet = nil
    case .window:
      fixture.destroy()
    }
    MainLoopPump.run(forMilliseconds: 50)
  }

  /// Requires that the value changes over the next frames (a fling runs).
  private func requireMoving() throws {
    let value = scrollValue
    MainLoopPump.run(forMilliseconds: 50)
    try #require(scrollValue != value, "a fling runs")
  }
}
