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
  /// Each detent the sheet settled at, oldest first.
  private(set) var settledDetents: [Int] = []
  /// Each predicted detent the sheet reported during pulls, oldest first.
  private(set) var predictedDetents: [Int] = []

  /// A point in the list, in the scrolled window's px, near the top of its visible part.
  var listPoint: WidgetPoint { WidgetPoint(x: 200, y: 40) }

  /// Builds and shows the scene, with `background` (a label by default) behind the sheet.
  init(
    windowHeight: Int = ScrolledListFixture.Defaults.windowHeight,
    sheetOptions: TopLockSheetOptions = TopLockSheetOptions(),
    background: UnsafeMutablePointer<GtkWidget>? = nil
  ) throws {
    try GtkRuntime.start()
    pointer = try XTestPointer()
    keyboard = try XTestKeyboard()
    fixture = ScrolledListFixture(windowHeight: windowHeight)
    sheet = try Self.moveIntoSheet(fixture, sheetOptions: sheetOptions, background: background)
    glowCounter = GlowFrameCounter(scrolledWindow: fixture.scrolledWindow)
    do {
      try fixture.present()
    } catch {
      tearDown()
      throw error
    }
    sheet.onSettled = { [weak self] _, detent in self?.settledDetents.append(detent) }
    sheet.onPredictedDetentChange = { [weak self] _, detent in self?.predictedDetents.append(detent) }
  }

  /// Moves `fixture`'s scrolled window into a new `TopLockSheet` (mouse drag on, `topInset` px below the
  /// window's top, over `background`, a label by default) that fills the window, and returns the sheet. The
  /// window is not yet shown.
  static func moveIntoSheet(
    _ fixture: ScrolledListFixture, sheetOptions: TopLockSheetOptions = TopLockSheetOptions(),
    background: UnsafeMutablePointer<GtkWidget>? = nil
  ) throws -> TopLockSheet {
    var options = TopLockOptions()
    options.mouseDragEnabled = true
    return try fixture.moveScrolledWindow { scrolledWindow in
      let sheet = try TopLockSheet(
        background: background ?? gtk_label_new("background")!, scrolledWindow: scrolledWindow,
        topInset: topInset, options: options, sheetOptions: sheetOptions)
      return (sheet, sheet.widget)
    }
  }

  /// Pumps the main loop until the sheet's offset has not moved for 300 ms, at most 4 s.
  func waitUntilSheetRests() {
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) { [sheet.offset] }
  }

  /// Gives the sheet's area `height` px at the window's top (a size request: the window keeps its size), or
  /// the whole window again for `nil`, and waits until the panel is laid out there.
  func resizeSheetArea(height: Int?) {
    gtk_widget_set_valign(sheet.widget, height == nil ? GTK_ALIGN_FILL : GTK_ALIGN_START)
    gtk_widget_set_size_request(sheet.widget, -1, Int32(height ?? -1))
    MainLoopPump.runUntilSteady(steadyMilliseconds: 300, timeoutMilliseconds: 4000) {
      [Double(gtk_widget_get_height(sheet.widget)), panelTop, sheet.offset]
    }
  }

  /// The panel's top in the sheet's area as laid out, px.
  var panelTop: Double {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(sheet.panel, sheet.widget, &bounds)
    return Double(bounds.origin.y)
  }

  /// The px of the panel that show in the sheet's area as laid out.
  var visiblePanelHeight: Double {
    Double(gtk_widget_get_height(sheet.widget)) - panelTop
  }

  /// Releases any button still held, removes the counter and destroys the window. Safe to call twice.
  func tearDown() {
    pointer.releaseAllButtons()
    glowCounter.remove()
    fixture.destroy()
  }
}
