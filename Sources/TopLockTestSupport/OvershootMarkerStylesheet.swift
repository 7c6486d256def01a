import CTopLock
import CTopLockGtk

/// A test stylesheet at `GTK_STYLE_PROVIDER_PRIORITY_USER` that paints every scrolled window's
/// `overshoot.top` and `overshoot.bottom` nodes in marker colours and removes the undershoot shading.
///
/// USER priority sits above the theme and the application, so no cosmetic rule (TopLock's own net included)
/// can hide a glow the mechanism failed to prevent. Main actor only; installed on the default display.
@MainActor
final class OvershootMarkerStylesheet {
  /// The colour of a drawn top glow: magenta.
  static let topGlowColor = MarkerColor(red: true, green: false, blue: true)
  /// The colour of a drawn bottom glow: cyan.
  static let bottomGlowColor = MarkerColor(red: false, green: true, blue: true)

  private var provider: UnsafeMutablePointer<GtkCssProvider>?

  /// Loads the stylesheet and adds it to the default display. GTK must be started.
  init() {
    let css = """
      scrolledwindow > overshoot.top { background: \(Self.topGlowColor.cssValue); }
      scrolledwindow > overshoot.bottom { background: \(Self.bottomGlowColor.cssValue); }
      scrolledwindow > undershoot.top, scrolledwindow > undershoot.bottom { background: none; }
      """
    let provider = gtk_css_provider_new()
    toplock_css_provider_load(provider, css)
    gtk_style_context_add_provider_for_display(
      gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
    self.provider = provider
  }

  /// Removes the stylesheet from the display and drops it. Safe to call twice.
  func remove() {
    guard let provider else { return }
    gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider))
    g_object_unref(provider)
    self.provider = nil
  }
}
