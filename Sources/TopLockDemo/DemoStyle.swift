import CTopLock
import CTopLockGtk

/// The demo's stylesheet, `resources/toplock-demo.css`, compiled into the binary by SwiftPM
/// (`.embedInCode` in Package.swift), installed on the default display at APPLICATION priority.
///
/// Main actor only.
@MainActor
enum DemoStyle {
  /// Loads the stylesheet for the whole process (`gtk_style_context_add_provider_for_display`); the display
  /// keeps the provider.
  static func install() {
    guard let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()
    toplock_css_provider_load(provider, String(decoding: PackageResources.toplock_demo_css, as: UTF8.self))
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(provider)
  }
}
