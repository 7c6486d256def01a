import CTopLockGtk
import CTopLockXTest
import TopLockGObject

/// A widget's rectangle in X root-window pixels, the frame in which scripts place XTest input.
struct RootRectangle: Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  /// The rectangle as a trace object: `{"x":..,"y":..,"width":..,"height":..}`.
  var json: JSONValue {
    .object([
      ("x", .number(Double(x))), ("y", .number(Double(y))), ("width", .number(Double(width))),
      ("height", .number(Double(height))),
    ])
  }

  /// Where `widget` lies on the screen, or `nil` when it is not mapped.
  ///
  /// The chain is widget -> its native (`gtk_widget_compute_bounds`) -> the native's surface
  /// (`gtk_native_get_surface_transform`, which covers client-side shadows) -> X pixels (the surface's scale
  /// factor) -> root (`XTranslateCoordinates` from the surface's X window), so it holds wherever a window
  /// manager put the window. On a display that is not X11 there is no root window: the rectangle is then
  /// relative to the surface.
  @MainActor
  init?(of widget: UnsafeMutablePointer<GtkWidget>) {
    guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
      let surface = gtk_native_get_surface(native)
    else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, UnsafeMutablePointer<GtkWidget>(native), &bounds) != 0 else {
      return nil
    }
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
    let scale = Double(gdk_surface_get_scale_factor(surface))
    let origin = Self.rootOrigin(of: surface)
    let left = (origin.x + (Double(bounds.origin.x) + surfaceX) * scale).rounded()
    let top = (origin.y + (Double(bounds.origin.y) + surfaceY) * scale).rounded()
    x = Int(left)
    y = Int(top)
    width = Int((Double(bounds.size.width) * scale).rounded())
    height = Int((Double(bounds.size.height) * scale).rounded())
  }

  /// The root-window position of the surface's top-left corner, in X px; (0, 0) off X11.
  @MainActor
  private static func rootOrigin(of surface: OpaquePointer) -> (x: Double, y: Double) {
    guard let display = gdk_surface_get_display(surface),
      GObjectType.isInstance(UnsafeMutableRawPointer(display), of: gdk_x11_display_get_type()),
      let xDisplay = gdk_x11_display_get_xdisplay(display)
    else { return (0, 0) }
    var rootX: Int32 = 0
    var rootY: Int32 = 0
    var child: Window = 0
    let translated = XTranslateCoordinates(
      xDisplay, gdk_x11_surface_get_xid(surface), XDefaultRootWindow(xDisplay), 0, 0, &rootX, &rootY, &child)
    return translated != 0 ? (Double(rootX), Double(rootY)) : (0, 0)
  }
}
