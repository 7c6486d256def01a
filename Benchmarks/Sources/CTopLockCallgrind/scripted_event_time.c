// The scripted event time of `toplock-bench frames-instructions`: this executable defines XGetEventData, which
// GDK's X11 backend calls (through libX11, not inside libgtk-4, which binds its own calls directly) for every
// XInput 2 event, before it reads the event's time. While a time is set, every XInput 2 event gets it, so that
// GTK's gestures (the swipe's release velocity) and TopLock's velocity see the script's timeline, not the
// X server's wall clock.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

#include "toplock_callgrind.h"

static int scripted_time_set = 0;
static unsigned long scripted_time_ms = 0;

void toplock_set_scripted_event_time (unsigned long milliseconds)
{
  scripted_time_ms = milliseconds;
  scripted_time_set = 1;
}

void toplock_clear_scripted_event_time (void) { scripted_time_set = 0; }

// The XInput extension's major opcode on `display`, looked up once (XQueryExtension, found at run time as
// libX11 is GDK's, not linked here); -1 when the extension is missing.
static int xinput_opcode (Display *display)
{
  static int opcode = 0;
  if (opcode == 0)
    {
      Bool (*query) (Display *, const char *, int *, int *, int *) = dlsym (RTLD_DEFAULT, "XQueryExtension");
      int event_base, error_base;
      if (query == NULL || !query (display, "XInputExtension", &opcode, &event_base, &error_base))
        opcode = -1;
    }
  return opcode;
}

Bool XGetEventData (Display *display, XGenericEventCookie *cookie)
{
  static Bool (*next) (Display *, XGenericEventCookie *) = NULL;
  if (next == NULL)
    next = dlsym (RTLD_NEXT, "XGetEventData");
  Bool got = next (display, cookie);
  if (got && scripted_time_set && cookie->data != NULL && cookie->extension == xinput_opcode (display))
    ((XIEvent *) cookie->data)->time = scripted_time_ms;
  return got;
}
