#pragma once
// libwayland-client: the display connection, the registry and wl_seat, for the Wayland tests' virtual pointer
// (CTopLockWaylandPointer).
#include <wayland-client.h>
