#pragma once
// XTest input injection and the GDK X11 backend calls that find the X display and window of a GTK surface.
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
