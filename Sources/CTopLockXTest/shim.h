#pragma once
// XTest input injection, and the keysyms (XK_Escape...) whose key codes it presses. The X display it needs
// comes from GDK's X11 backend, in CTopLockGdkX11.
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
