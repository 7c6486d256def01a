#pragma once
#include <glib-unix.h>
#include <gtk/gtk.h>

// GLib's flag values in one spelling for GLib 2.74 to 2.90. GLib 2.90 marks its flag enums G_GNUC_FLAG_ENUM,
// which Swift then imports as option sets: `GTypeFlags(0)` no longer compiles there (it wants `rawValue:`),
// and constants such as G_SIGNAL_MATCH_DATA are no longer in scope (they become the option set's members).
// Swift code names these instead; each has the C type GLib's calls take, so it passes as it is on every version.
static const GSignalMatchType toplock_signal_match_data = G_SIGNAL_MATCH_DATA;
static const GTypeFlags toplock_type_flags_none = (GTypeFlags) 0;
static const GApplicationFlags toplock_application_non_unique = G_APPLICATION_NON_UNIQUE;
static const GDBusSignalFlags toplock_dbus_signal_flags_none = G_DBUS_SIGNAL_FLAGS_NONE;
static const GDBusCallFlags toplock_dbus_call_flags_none = G_DBUS_CALL_FLAGS_NONE;
static const GLogLevelFlags toplock_log_level_none = (GLogLevelFlags) 0;
static const GLogLevelFlags toplock_log_level_warning = G_LOG_LEVEL_WARNING;
static const GLogLevelFlags toplock_log_level_critical = G_LOG_LEVEL_CRITICAL;
static const GIOCondition toplock_io_condition_readable = G_IO_IN;
