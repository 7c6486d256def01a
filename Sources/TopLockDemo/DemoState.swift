import CTopLockGtk
import TopLock

/// The fields of a trace `state` line (docs/RULES.md, "Trace"), all in px: the vertical adjustment's
/// value, lower, upper and page size, who owns the drag, the pull's translation and the sheet's offset.
struct DemoState: Equatable {
  var value = 0.0
  var lower = 0.0
  var upper = 0.0
  var page = 0.0
  var owner = DragOwner.none
  var pull = 0.0
  var sheet = 0.0
  /// The sheet's detent and predicted detent (indices, 0 the lowest).
  var detent = 0
  var predicted = 0
  /// The nested scene's page's value, px; `nil` in the other scenes.
  var outer: Double?

  /// The state shown now by `scene` and its scrolled window's vertical adjustment, each length rounded to
  /// the trace's resolution (`JSONValue.resolution`), so that a change too small to print is no change.
  @MainActor
  init(of scene: any DemoScene) {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scene.scrolledWindow))
    value = Self.quantized(gtk_adjustment_get_value(adjustment))
    lower = Self.quantized(gtk_adjustment_get_lower(adjustment))
    upper = Self.quantized(gtk_adjustment_get_upper(adjustment))
    page = Self.quantized(gtk_adjustment_get_page_size(adjustment))
    owner = scene.owner
    pull = Self.quantized(scene.pullTranslation)
    sheet = Self.quantized(scene.sheetOffset)
    detent = scene.detent
    predicted = scene.predictedDetent
    outer = scene.pageScrolledWindow.map {
      Self.quantized(gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer($0))))
    }
  }

  /// Where the list's first row is drawn relative to the open sheet's top, in px, positive downward: it
  /// moves with the sheet and against the value, so its speed is what the eye follows.
  var contentPosition: Double { sheet - value }

  private static func quantized(_ length: Double) -> Double {
    (length / JSONValue.resolution).rounded() * JSONValue.resolution
  }
}

extension DragOwner {
  /// The trace's name for the owner: `none`, `content` or `host`.
  var traceName: String {
    switch self {
    case .none: "none"
    case .content: "content"
    case .host: "host"
    }
  }
}
