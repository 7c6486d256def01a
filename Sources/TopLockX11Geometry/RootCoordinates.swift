import CTopLockGdkX11
import CTopLockGtk
import TopLockGObject

/// Where a widget lies in the X root window, the frame in which XTest places the pointer and the demo's trace
/// reports its rectangles.
///
/// The chain is widget -> its native (`gtk_widget_compute_point`, `gtk_widget_compute_bounds`) -> the native's
/// surface (`gtk_native_get_surface_transform`, which covers client-side shadows) -> X pixels (the surface's
/// scale factor) -> root (`XTranslateCoordinates` from the surface's X window), so it holds wherever a window
/// manager put the window, or none. On a display that is not X11 there is no root window: positions are then
/// relative to the surface.
///
/// Main actor only (GTK).
@MainActor
public enum RootCoordinates {
  /// The root-window position of the point (`x`, `y`) in `widget`'s coordinates, in X px; `nil` when the
  /// widget is not mapped or its X window cannot be placed.
  public static func rootPoint(x: Double, y: Double, in widget: UnsafeMutablePointer<GtkWidget>) -> RootPoint?
  {
    guard let frame = NativeFrame(of: widget) else { return nil }
    var widgetPoint = graphene_point_t(x: Float(x), y: Float(y))
    var nativePoint = graphene_point_t()
    guard gtk_widget_compute_point(widget, frame.nativeWidget, &widgetPoint, &nativePoint) != 0 else {
      return nil
    }
    return frame.rootPoint(ofNativeX: Double(nativePoint.x), y: Double(nativePoint.y))
  }

  /// Where `widget` lies on the screen, its edges rounded to whole X px; `nil` when it is not mapped or its
  /// X window cannot be placed.
  public static func rectangle(of widget: UnsafeMutablePointer<GtkWidget>) -> RootRectangle? {
    guard let frame = NativeFrame(of: widget) else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, frame.nativeWidget, &bounds) != 0 else { return nil }
    let topLeft = frame.rootPoint(ofNativeX: Double(bounds.origin.x), y: Double(bounds.origin.y))
    return RootRectangle(
      x: Int(topLeft.x.rounded()), y: Int(topLeft.y.rounded()),
      width: Int((Double(bounds.size.width) * frame.scale).rounded()),
      height: Int((Double(bounds.size.height) * frame.scale).rounded()))
  }

  /// How points in a widget's native map to the root window: the surface's offset and scale, and where the
  /// surface's X window lies.
  private struct NativeFrame {
    let nativeWidget: UnsafeMutablePointer<GtkWidget>
    /// The native's offset in its surface (client-side shadows), in surface px.
    let surfaceOffset: (x: Double, y: Double)
    /// X px per surface px.
    let scale: Double
    /// The root-window position of the surface's top-left corner, in X px; (0, 0) off X11.
    let surfaceOrigin: (x: Double, y: Double)

    /// The frame of `widget`'s native, or `nil` when the widget is not mapped or, on X11, its surface's
    /// window cannot be translated to the root window.
    init?(of widget: UnsafeMutablePointer<GtkWidget>) {
      guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
        let surface = gtk_native_get_surface(native), let origin = Self.rootOrigin(of: surface)
      else { return nil }
      nativeWidget = UnsafeMutablePointer<GtkWidget>(native)
      var offsetX = 0.0
      var offsetY = 0.0
      gtk_native_get_surface_transform(native, &offsetX, &offsetY)
      surfaceOffset = (offsetX, offsetY)
      scale = Double(gdk_surface_get_scale_factor(surface))
      surfaceOrigin = origin
    }

    /// The root-window position of a point in the native's coordinates, in X px.
    func rootPoint(ofNativeX x: Double, y: Double) -> RootPoint {
      RootPoint(
        x: surfaceOrigin.x + (x + surfaceOffset.x) * scale, y: surfaceOrigin.y + (y + surfaceOffset.y) * scale
      )
    }

    /// The root-window position of the surface's top-left corner, in X px: (0, 0) on a display that is not
    /// X11, `nil` when `XTranslateCoordinates` fails.
    private static func rootOrigin(of surface: OpaquePointer) -> (x: Double, y: Double)? {
      guard let display = gdk_surface_get_display(surface),
        GObjectType.isInstance(UnsafeMutableRawPointer(display), of: gdk_x11_display_get_type()),
        let xDisplay = toplock_x11_display(display)
      else { return (0, 0) }
      var rootX: Int32 = 0
      var rootY: Int32 = 0
      var child: Window = 0
      let translated = XTranslateCoordinates(
        xDisplay, toplock_x11_surface_window(surface), XDefaultRootWindow(xDisplay), 0, 0, &rootX, &rootY,
        &child
      )
      return translated != 0 ? (Double(rootX), Double(rootY)) : nil
    }
  }
}
