#include "toplock.h"

gboolean
toplock_is_object (gpointer pointer)
{
  return G_IS_OBJECT (pointer);
}

gboolean
toplock_is_scrolled_window (gpointer object)
{
  return GTK_IS_SCROLLED_WINDOW (object);
}

gboolean
toplock_is_event_boundary (GtkWidget *widget)
{
  if (GTK_IS_NATIVE (widget))
    return TRUE;
#if GTK_CHECK_VERSION(4, 18, 0)
  return gtk_widget_get_limit_events (widget);
#else
  return FALSE;
#endif
}

int
toplock_drag_threshold (GtkWidget *widget)
{
  int threshold = 8;
  g_object_get (gtk_widget_get_settings (widget), "gtk-dnd-drag-threshold", &threshold, NULL);
  return threshold;
}

void
toplock_css_provider_load (GtkCssProvider *provider, const char *css)
{
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_css_provider_load_from_string (provider, css);
#else
  gtk_css_provider_load_from_data (provider, css, -1);
#endif
}

void
toplock_adjustment_emit_value_changed (GtkAdjustment *adjustment)
{
  g_signal_emit_by_name (adjustment, "value-changed");
}

gboolean
toplock_animations_enabled (GtkWidget *widget)
{
  gboolean enabled = TRUE;
  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

gboolean
toplock_accessible_announce (GtkWidget *widget, const char *message)
{
#if GTK_CHECK_VERSION(4, 14, 0)
  gtk_accessible_announce (GTK_ACCESSIBLE (widget), message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  (void) widget;
  (void) message;
  return FALSE;
#endif
}
