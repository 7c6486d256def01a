import CTopLock
import CTopLockGtk

/// TopLock's cosmetic stylesheet: a safety net that hides a top glow should one ever be drawn, for the
/// scrollers whose `TopLockOptions.cosmeticNetEnabled` asks for it. The mechanism never relies on it (the
/// glow tests pass without it). Installed once per process at APPLICATION priority, for as long as one
/// scroller uses it.
///
/// Main actor only.
@MainActor
enum TopLockStyle {
  /// The CSS class TopLock adds to every scrolled window it attaches to.
  static let cssClass = "toplock"

  private static let stylesheet = ".toplock > overshoot.top { background: none; box-shadow: none; }"
  /// The installed stylesheet, while at least one scroller uses it.
  private(set) static var provider: UnsafeMutablePointer<GtkCssProvider>?
  private static var display: OpaquePointer?
  private static var users = 0

  /// Installs the stylesheet on the default display if this is its first user.
  static func retain() {
    users += 1
    guard provider == nil, let defaultDisplay = gdk_display_get_default() else { return }
    let newProvider = gtk_css_provider_new()
    toplock_css_provider_load(newProvider, stylesheet)
    gtk_style_context_add_provider_for_display(
      defaultDisplay, OpaquePointer(newProvider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    provider = newProvider
    display = defaultDisplay
  }

  /// Removes the stylesheet when its last user goes.
  static func release() {
    users = max(0, users - 1)
    guard users == 0, let installed = provider, let display else { return }
    gtk_style_context_remove_provider_for_display(display, OpaquePointer(installed))
    g_object_unref(UnsafeMutableRawPointer(installed))
    provider = nil
    self.display = nil
  }
}
