#pragma once
// libadwaita for TopLock's container tests only: neither TopLock nor its demo depends on it. Each container
// arrived in a later libadwaita than Debian 12's 1.2 (AdwNavigationView and AdwToolbarView in 1.4, AdwDialog
// in 1.5, AdwBottomSheet in 1.6), so Swift cannot name their calls on every release: each is made here behind
// ADW_CHECK_VERSION, and a libadwaita without it gives NULL.
#include <adwaita.h>

// An AdwDialog (1.5) holding `child`, `width` x `height` px, presented as a floating dialog, or as a bottom sheet
// when `bottom_sheet`, once `toplock_adw_dialog_present` runs.
static inline GtkWidget *toplock_adw_dialog_new (GtkWidget *child, int width, int height, gboolean bottom_sheet)
{
#if ADW_CHECK_VERSION(1, 5, 0)
  AdwDialog *dialog = adw_dialog_new ();
  adw_dialog_set_child (dialog, child);
  adw_dialog_set_content_width (dialog, width);
  adw_dialog_set_content_height (dialog, height);
  adw_dialog_set_presentation_mode (dialog, bottom_sheet ? ADW_DIALOG_BOTTOM_SHEET : ADW_DIALOG_FLOATING);
  return GTK_WIDGET (dialog);
#else
  (void) child, (void) width, (void) height, (void) bottom_sheet;
  return NULL;
#endif
}

// Presents the dialog made above in the AdwWindow `parent` belongs to.
static inline void toplock_adw_dialog_present (GtkWidget *dialog, GtkWidget *parent)
{
#if ADW_CHECK_VERSION(1, 5, 0)
  adw_dialog_present (ADW_DIALOG (dialog), parent);
#else
  (void) dialog, (void) parent;
#endif
}

// Closes the dialog made above, as the app does when it is done.
static inline void toplock_adw_dialog_close (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION(1, 5, 0)
  adw_dialog_force_close (ADW_DIALOG (dialog));
#else
  (void) dialog;
#endif
}

// Takes the child out of the dialog made above (`child` NULL) or gives it one, as an app moves a list out of a
// dialog it closed.
static inline void toplock_adw_dialog_set_child (GtkWidget *dialog, GtkWidget *child)
{
#if ADW_CHECK_VERSION(1, 5, 0)
  adw_dialog_set_child (ADW_DIALOG (dialog), child);
#else
  (void) dialog, (void) child;
#endif
}

// An AdwBottomSheet (1.6) with a label as its content and `sheet` as its sheet, closed until
// `toplock_adw_bottom_sheet_set_open`.
static inline GtkWidget *toplock_adw_bottom_sheet_new (GtkWidget *sheet)
{
#if ADW_CHECK_VERSION(1, 6, 0)
  GtkWidget *bottom_sheet = adw_bottom_sheet_new ();
  adw_bottom_sheet_set_content (ADW_BOTTOM_SHEET (bottom_sheet), gtk_label_new ("content"));
  adw_bottom_sheet_set_sheet (ADW_BOTTOM_SHEET (bottom_sheet), sheet);
  return bottom_sheet;
#else
  (void) sheet;
  return NULL;
#endif
}

static inline void toplock_adw_bottom_sheet_set_open (GtkWidget *bottom_sheet, gboolean open)
{
#if ADW_CHECK_VERSION(1, 6, 0)
  adw_bottom_sheet_set_open (ADW_BOTTOM_SHEET (bottom_sheet), open);
#else
  (void) bottom_sheet, (void) open;
#endif
}

// An AdwNavigationView (1.4) with a first page of a label; `toplock_adw_navigation_view_push` pushes a page made by
// `toplock_adw_navigation_page_new` on it, as an app opens a list from its first page.
static inline GtkWidget *toplock_adw_navigation_view_new (void)
{
#if ADW_CHECK_VERSION(1, 4, 0)
  GtkWidget *view = adw_navigation_view_new ();
  adw_navigation_view_add (ADW_NAVIGATION_VIEW (view), adw_navigation_page_new (gtk_label_new ("first"), "first"));
  return view;
#else
  return NULL;
#endif
}

static inline GtkWidget *toplock_adw_navigation_page_new (GtkWidget *child)
{
#if ADW_CHECK_VERSION(1, 4, 0)
  return GTK_WIDGET (adw_navigation_page_new (child, "list"));
#else
  (void) child;
  return NULL;
#endif
}

static inline void toplock_adw_navigation_view_push (GtkWidget *view, GtkWidget *page)
{
#if ADW_CHECK_VERSION(1, 4, 0)
  adw_navigation_view_push (ADW_NAVIGATION_VIEW (view), ADW_NAVIGATION_PAGE (page));
#else
  (void) view, (void) page;
#endif
}

static inline void toplock_adw_navigation_view_pop (GtkWidget *view)
{
#if ADW_CHECK_VERSION(1, 4, 0)
  adw_navigation_view_pop (ADW_NAVIGATION_VIEW (view));
#else
  (void) view;
#endif
}

// An AdwToolbarView (1.4) with a header bar on top and `content` below it.
static inline GtkWidget *toplock_adw_toolbar_view_new (GtkWidget *content)
{
#if ADW_CHECK_VERSION(1, 4, 0)
  GtkWidget *view = adw_toolbar_view_new ();
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (view), adw_header_bar_new ());
  adw_toolbar_view_set_content (ADW_TOOLBAR_VIEW (view), content);
  return view;
#else
  (void) content;
  return NULL;
#endif
}
