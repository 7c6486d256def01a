import CTopLockGtk
import Testing
import TopLock
import TopLockGObject
import TopLockTestSupport

/// One shown window holding three scrolled windows, each with TopLock attached (mouse drag on) and its own
/// recording host: `left` and `right` side by side (300 x 700 px each), and `nested`, a 200 px high list
/// placed at the top of `right`'s content (a scrolled window inside another's content).
///
/// Main actor only. The fixture keeps the window until `tearDown()`; the window owns the widgets, and each
/// scrolled window keeps its scroller.
@MainActor
final class SeveralListsScene {
  /// The three lists.
  enum List: CaseIterable, Sendable, CustomStringConvertible {
    case left
    case right
    case nested

    var description: String {
      switch self {
      case .left: "left"
      case .right: "right"
      case .nested: "nested"
      }
    }
  }

  /// The layout, in px and rows.
  enum Layout {
    static let windowWidth = 600
    static let nestedHeight = 200
    static let nestedRowCount = 40
  }

  let fixture: ScrolledListFixture
  let pointer: XTestPointer
  let hosts: [List: RecordingHost] = [
    .left: RecordingHost(), .right: RecordingHost(), .nested: RecordingHost(),
  ]
  private(set) var scrollers: [List: TopLockScroller] = [:]
  private let widgets: [List: UnsafeMutablePointer<GtkWidget>]
  private let firstWarning: Int

  /// Builds the window, attaches in `attachOrder` (after showing the window when `attachesWhenShown`) and
  /// shows it.
  init(attachOrder: [List] = List.allCases, attachesWhenShown: Bool = false) throws {
    GLibWarningRecorder.install()
    firstWarning = GLibWarningRecorder.count
    try GtkRuntime.start()
    pointer = try XTestPointer()
    fixture = ScrolledListFixture(windowWidth: Layout.windowWidth)
    let right = Self.takeList(from: ScrolledListFixture())
    let nested = Self.takeList(from: ScrolledListFixture(rowCount: Layout.nestedRowCount))
    gtk_widget_set_size_request(nested, -1, Int32(Layout.nestedHeight))
    widgets = [.left: fixture.scrolledWindow, .right: right, .nested: nested]
    let rightRows = gtk_viewport_get_child(
      OpaquePointer(gtk_scrolled_window_get_child(OpaquePointer(right))))!
    gtk_box_prepend(rightRows.cast(to: GtkBox.self), nested)
    let left = Self.takeList(from: fixture, destroying: false)
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_box_set_homogeneous(box.cast(to: GtkBox.self), 1)
    gtk_box_append(box.cast(to: GtkBox.self), left)
    gtk_box_append(box.cast(to: GtkBox.self), right)
    gtk_window_set_child(fixture.window.cast(to: GtkWindow.self), box)
    for list in [left, right, nested] { g_object_unref(list) }
    do {
      if !attachesWhenShown { try attach(attachOrder) }
      try fixture.present()
      try MainLoopPump.waitForFrames(2, of: nested)
      if attachesWhenShown { try attach(attachOrder) }
    } catch {
      tearDown()
      throw error
    }
  }

  /// Takes `donor`'s scrolled window out of its window (a new reference the caller releases), and destroys
  /// the donor unless told not to.
  private static func takeList(from donor: ScrolledListFixture, destroying: Bool = true)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let list = donor.scrolledWindow
    g_object_ref(list)
    gtk_window_set_child(donor.window.cast(to: GtkWindow.self), nil)
    if destroying { donor.destroy() }
    return list
  }

  private func attach(_ order: [List]) throws {
    for list in order {
      scrollers[list] = try TopLockScroller.attach(
        to: widget(list), options: TopLockListScene.mouseDragOptions, host: hosts[list])
    }
  }

  /// The scrolled window of `list`.
  func widget(_ list: List) -> UnsafeMutablePointer<GtkWidget> { widgets[list]! }

  /// A point near the top of `list`'s page, clear of the nested list for `right`, in its px.
  func topPoint(of list: List) -> WidgetPoint {
    switch list {
    case .left: WidgetPoint(x: 140, y: 40)
    case .right: WidgetPoint(x: 140, y: Double(Layout.nestedHeight) + 60)
    case .nested: WidgetPoint(x: 140, y: 80)
    }
  }

  /// A point in the middle of `list`'s page, clear of the nested list for `right`, in its px.
  func middlePoint(of list: List) -> WidgetPoint {
    WidgetPoint(x: 140, y: list == .nested ? 100 : 450)
  }

  /// The value of `list`'s vertical adjustment, in px.
  func value(_ list: List) -> Double {
    gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget(list))))
  }

  /// Every list's value, in px.
  var values: [List: Double] { Dictionary(uniqueKeysWithValues: List.allCases.map { ($0, value($0)) }) }

  /// Sets `list`'s value (px) and waits for it to be drawn.
  func scroll(_ list: List, to value: Double) throws {
    gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(widget(list))), value)
    try MainLoopPump.waitForFrames(2, of: widget(list))
  }

  /// The number of pulls each host has been told of (began).
  var pullsBegan: [List: Int] { hosts.mapValues(\.beganCount) }

  /// The GLib warnings logged since the scene was built.
  var warnings: [String] { GLibWarningRecorder.messages(since: firstWarning) }

  /// Pumps the main loop until no list has moved for 300 ms, at most 4 s.
  func waitUntilStill() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
      List.allCases.map(value)
    }
  }

  /// Presses at `point` in `list` and moves `dy` px, leaving the button down.
  func beginDrag(_ list: List, at point: WidgetPoint, dy: Double) throws {
    let stroke = DragStroke.drag(dy: dy, holdBeforeReleaseMilliseconds: 50)
    try pointer.beginDrag(stroke, at: point, in: widget(list))
    pointer.travel(stroke)
  }

  /// Drags from `point` in `list` by `dy` px and lets what follows run for 300 ms.
  func drag(_ list: List, from point: WidgetPoint, dy: Double) throws {
    try pointer.drag(.drag(dy: dy, holdBeforeReleaseMilliseconds: 50), from: point, in: widget(list))
    pointer.releaseAllButtons()
    MainLoopPump.run(forMilliseconds: 300)
  }

  /// Pulls `list` down from near its top, and requires that the pull reached its host and ended there.
  func pull(_ list: List, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let host = try #require(hosts[list])
    let began = host.beganCount
    let ended = host.endedCount
    try drag(list, from: topPoint(of: list), dy: 100)
    #expect(host.beganCount == began + 1, "\(list) pulls its host", sourceLocation: sourceLocation)
    #expect(host.endedCount == ended + 1, "\(list)'s pull ends", sourceLocation: sourceLocation)
  }

  /// Releases buttons, detaches every scroller and destroys the window. Safe twice.
  func tearDown() {
    pointer.releaseAllButtons()
    for scroller in scrollers.values { scroller.detach() }
    fixture.destroy()
  }
}
