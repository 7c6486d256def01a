import CTopLockGtk
import CTopLockXTest

/// Converts a point in a widget's coordinates to X root-window coordinates, where XTest places the pointer.
///
/// The chain is widget -> its native (`gtk_widget_compute_point`) -> the native's surface
/// (`gtk_native_get_surface_transform`, which covers client-side shadows) -> X pixels (the surface's scale
/// factor) -> root (`XTranslateCoordinates` from the surface's X window), so it holds wherever the window
/// sits, with or without a window manager.
@MainActor
enum RootCoordinates {
  /// The root-window position of `point` in `widget`, in X px. The widget must be mapped.
  ///
  /// - Throws: `TestSupportError.widgetNotOnScreen` when the widget has no mapped native surface;
  ///   `.pointOffScreen` when the point falls outside the X screen.
  static func rootPoint(
    of point: WidgetPoint, in widget: UnsafeMutablePointer<GtkWidget>
  ) throws(TestSupportError) -> RootPoint {
    guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
      let surface = gtk_native_get_surface(native)
    else { throw .widgetNotOnScreen }

    var widgetPoint = graphene_point_t(x: Float(point.x), y: Float(point.y))
    var nativePoint = graphene_point_t()
    let nativeWidget = UnsafeMutablePointer<GtkWidget>(native)
    guard gtk_widget_compute_point(widget, nativeWidget, &widgetPoint, &nativePoint) != 0 else {
      throw .widgetNotOnScreen
    }
    var surfaceOffsetX = 0.0
    var surfaceOffsetY = 0.0
    gtk_native_get_surface_transform(native, &surfaceOffsetX, &surfaceOffsetY)
    let scale = Double(gdk_surface_get_scale_factor(surface))

    let surfaceOrigin = try rootOrigin(ofSurface: surface)
    let rootPoint = RootPoint(
      x: surfaceOrigin.x + (Double(nativePoint.x) + surfaceOffsetX) * scale,
      y: surfaceOrigin.y + (Double(nativePoint.y) + surfaceOffsetY) * scale)
    guard isOnScreen(rootPoint) else { throw .pointOffScreen(x: rootPoint.x, y: rootPoint.y) }
    return rootPoint
  }

  /// Whether `point` lies on the default X screen (`XDisplayWidth`, `XDisplayHeight`).
  private static func isOnScreen(_ point: RootPoint) -> Bool {
    let xDisplay = GtkRuntime.xDisplay
    let screenNumber = XDefaultScreen(xDisplay)
    let width = Double(XDisplayWidth(xDisplay, screenNumber))
    let height = Double(XDisplayHeight(xDisplay, screenNumber))
    return (0..<width).contains(point.x) && (0..<height).contains(point.y)
  }

  /// The root-window position of the surface's top-left corner, in X px (`XTranslateCoordinates`).
  private static func rootOrigin(ofSurface surface: OpaquePointer) throws(TestSupportError) -> RootPoint {
    let xDisplay = GtkRuntime.xDisplay
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    var childWindow: Window = 0
    let translated = XTranslateCoordinates(
      xDisplay, gdk_x11_surface_get_xid(surface), XDefaultRootWindow(xDisplay), 0, 0, &rootX, &rootY,
      &childWindow)
    guard translated != 0 else { throw .widgetNotOnScreen }
    return RootPoint(x: Double(rootX), y: Double(rootY))
  }
}
