import CTopLockGtk
import TopLock
import TopLockGObject
import TopLockTestSupport

/// A shown fixture window whose scrolled window sits in a `TopLockSheet` (mouse drag on), with the XTest
/// pointer and keyboard and a glow-frame counter. The sheet moves the scrolled window as it follows a pull.
@MainActor
final class SheetScene {
  /// The distance from the window's top to the open sheet, in px.
  static let topInset = 60.0

  let fixture: ScrolledListFixture
  let sheet: TopLockSheet
  let pointer: XTestPointer
  let keyboard: XTestKeyboard
  let glowCounter: GlowFrameCounter

  /// A point in the list, in the scrolled window's px, near the top of its visible part.
  var listPoint: WidgetPoint { WidgetPoint(x: 200, y: 40) }

  /// Builds and shows the scene, with `background` (a label by default) behind the sheet.
  init(
    windowHeight: Int = ScrolledListFixture.Defaults.windowHeight,
    background: UnsafeMutablePointer<GtkWidget>? = nil
  ) throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    keyboard = try XTestKeyboard()
    fixture = ScrolledListFixture(windowHeight: windowHeight)
    sheet = try Self.moveIntoSheet(fixture, background: background)
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    do {
      try fixture.present()
    } catch {
      tearDown()
      throw error
    }
  }

  /// Moves `fixture`'s scrolled window into a new `TopLockSheet` (mouse drag on, `topInset` px below the
  /// window's top, over `background`, a label by default) that fills the window, and returns the sheet. The
  /// window is not yet shown.
  static func moveIntoSheet(
    _ fixture: ScrolledListFixture, background: UnsafeMutablePointer<GtkWidget>? = nil
  ) throws -> TopLockSheet {
    let scrolledWindow = fixture.scrolledWindow
    let window = fixture.window.cast(to: GtkWindow.self)
    g_object_ref(scrolledWindow)
    defer { g_object_unref(scrolledWindow) }
    gtk_window_set_child(window, nil)
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    let sheet = try TopLockSheet(
      background: background ?? gtk_label_new("background")!, scrolledWindow: scrolledWindow,
      topInset: topInset,
      options: options)
    gtk_window_set_child(window, sheet.widget)
    return sheet
  }

  /// Pumps the main loop until the sheet's offset has not moved for 300 ms, at most 4 s.
  func waitUntilSheetRests() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) { [sheet.offset] }
  }

  /// Releases any button still held, removes the counter and destroys the window. Safe to call twice.
  func tearDown() {
    pointer.releaseAllButtons()
    glowCounter.remove()
    fixture.destroy()
  }
}
