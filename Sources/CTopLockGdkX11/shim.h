#pragma once
// The GDK X11 backend calls that find the X display and window of a GTK surface, and the Xlib calls that place
// that window on the screen. No XTest here: what links libXtst is CTopLockXTest.
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>

// GTK 4.18 deprecates the X11 backend's API as a whole, with no replacement: the Xlib display and window are
// what XTest injects input into and what XTranslateCoordinates places on the screen, so the demo's trace and
// the X11 tests still need them. These two calls are the only ones used; they are called here, with the
// deprecation acknowledged once, so that Swift code calling them builds without warnings on GTK 4.8 to 4.24.
static inline Display *toplock_x11_display (GdkDisplay *display)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gdk_x11_display_get_xdisplay (display);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static inline Window toplock_x11_surface_window (GdkSurface *surface)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS
}
