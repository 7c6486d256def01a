#pragma once
// For tests only (the touch fixture): GTK's accessible test checks are variadic, so Swift cannot call them.
// Each reads back what the widget's accessible holds under GTK_A11Y=test, where the test AT context keeps it.
#include <gtk/gtk.h>

// Whether the widget's accessible expanded state is `expanded` (gtk_test_accessible_check_state).
gboolean toplock_accessible_expanded_is (GtkWidget *widget, gboolean expanded);

// Whether the widget's accessible label is `label` (gtk_test_accessible_check_property).
gboolean toplock_accessible_label_is (GtkWidget *widget, const char *label);

// Whether the widget's accessible busy state is `busy` (gtk_test_accessible_check_state).
gboolean toplock_accessible_busy_is (GtkWidget *widget, gboolean busy);
