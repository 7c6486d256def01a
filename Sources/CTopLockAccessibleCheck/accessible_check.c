#include "toplock_accessible_check.h"

// Whether a GTK test check found nothing wrong: it returns NULL, or the mismatch to free.
static gboolean
check_passed (char *mismatch)
{
  gboolean passed = mismatch == NULL;
  g_free (mismatch);
  return passed;
}

gboolean
toplock_accessible_expanded_is (GtkWidget *widget, gboolean expanded)
{
  return check_passed (gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded));
}

gboolean
toplock_accessible_label_is (GtkWidget *widget, const char *label)
{
  return check_passed (gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label));
}

gboolean
toplock_accessible_busy_is (GtkWidget *widget, gboolean busy)
{
  return check_passed (gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_BUSY, busy));
}
