#pragma once
// The addresses of libwayland's and the generated code's interface descriptions. Swift imports an
// `extern const struct` as a value, and a copy's address would not do: a proxy keeps the pointer it is given.
#include "virtual-pointer-client.h"

static inline const struct wl_interface *toplock_wl_seat_interface(void) { return &wl_seat_interface; }

static inline const struct wl_interface *toplock_virtual_pointer_manager_interface(void) {
  return &zwlr_virtual_pointer_manager_v1_interface;
}
