#pragma once
// What Swift cannot call directly: GObject and GTK type macros, variadic getters, calls that are named
// differently or missing in some GTK 4 releases (GTK_CHECK_VERSION is a C macro), and libdispatch calls no
// header declares. No wrapper holds state.
#include <gtk/gtk.h>

// G_IS_OBJECT is a macro: a pointer that is not a GObject instance must not reach GTK_IS_* checks.
gboolean toplock_is_object (gpointer pointer);

// GTK_IS_SCROLLED_WINDOW is a macro.
gboolean toplock_is_scrolled_window (gpointer object);

// GTK_IS_NATIVE is a macro, and gtk_widget_get_limit_events exists from GTK 4.18 only: whether the widget
// bounds event delivery, so that controllers on its ancestors see none of its events (a native: a window, a
// popover; from 4.18, a widget that limits events, as AdwDialog does). FALSE for the second before 4.18.
gboolean toplock_is_event_boundary (GtkWidget *widget);

// g_object_get is variadic; reads GtkSettings' gtk-dnd-drag-threshold (px) for the widget's display.
int toplock_drag_threshold (GtkWidget *widget);

// gtk_css_provider_load_from_data is deprecated from GTK 4.12 in favour of load_from_string.
void toplock_css_provider_load (GtkCssProvider *provider, const char *css);

// g_signal_emit_by_name is variadic; re-emits an adjustment's value-changed (GTK 4 has no call for it).
void toplock_adjustment_emit_value_changed (GtkAdjustment *adjustment);

// g_object_get is variadic; reads GtkSettings' gtk-enable-animations for the widget's display.
gboolean toplock_animations_enabled (GtkWidget *widget);

// gtk_accessible_announce exists from GTK 4.14 only: announces `message` to assistive technologies at
// medium priority; returns FALSE, announcing nothing, before 4.14.
gboolean toplock_accessible_announce (GtkWidget *widget, const char *message);

// libdispatch's calls for a run loop that drives the main queue, as Foundation's run loop does; no header of
// the toolchain declares them. The main queue's wake-up descriptor (an eventfd on Linux, readable once work
// is queued), and the drain of the main queue (a nested call, from inside the drain, returns at once).
int _dispatch_get_main_queue_handle_4CF (void);
void _dispatch_main_queue_callback_4CF (void *message);
