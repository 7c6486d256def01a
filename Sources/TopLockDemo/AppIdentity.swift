/// The one reverse-DNS id of the demo, shared by the GtkApplication, the window's icon name and the files in
/// `resources/` (`io.github.toplock.Demo.desktop`, `.metainfo.xml`, `.svg`), which `make install` puts
/// where desktops look for them.
enum AppIdentity {
  /// The application id (`g_application_get_application_id`), also the icon name.
  static let applicationID = "io.github.toplock.Demo"
  /// The window title.
  static let title = "TopLock"
}
