#pragma once
// The GDK X11 backend calls that find the X display and window of a GTK surface, and the Xlib calls that place
// that window on the screen. No XTest here: what links libXtst is CTopLockXTest.
#include <gdk/x11/gdkx.h>
#include <X11/Xlib.h>
