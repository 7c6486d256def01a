#include "toplock_accessible_check.h"

gboolean
toplock_accessible_expanded_is (GtkWidget *widget, gboolean expanded)
{
  char *mismatch = gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
  gboolean matches = mismatch == NULL;
  g_free (mismatch);
  return matches;
}

gboolean
toplock_accessible_label_is (GtkWidget *widget, const char *label)
{
  char *mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  gboolean matches = mismatch == NULL;
  g_free (mismatch);
  return matches;
}

gboolean
toplock_accessible_busy_is (GtkWidget *widget, gboolean busy)
{
  char *mismatch = gtk_test_accessible_check_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_BUSY, busy);
  gboolean matches = mismatch == NULL;
  g_free (mismatch);
  return matches;
}
