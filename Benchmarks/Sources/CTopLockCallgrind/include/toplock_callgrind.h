#pragma once
// Callgrind's client requests, for `toplock-bench scale-instructions` and `frames-instructions`: valgrind's
// macros, which Swift cannot expand. Built without valgrind's headers (scripts/install-deps bench installs
// them), every request is a no-op and toplock_callgrind_available() says so.
// Then the two clocks `frames-instructions` scripts, which only C can interpose: the XInput 2 event time and
// the process's monotonic clock.

// Whether the bench was built with valgrind's headers, so that the requests below reach callgrind.
int toplock_callgrind_available(void);

// Whether this process runs under valgrind (RUNNING_ON_VALGRIND).
int toplock_running_on_valgrind(void);

// Turns the counting of events (instructions) on where it is off, off where it is on.
void toplock_callgrind_toggle_collect(void);

// Sets every count to zero.
void toplock_callgrind_zero_stats(void);

// Writes the counts so far to a dump of their own, described by `label`, and sets them to zero.
void toplock_callgrind_dump_stats(const char *label);

// Starts callgrind's instrumentation (run with --instr-atstart=no until then: the set-up runs faster).
void toplock_callgrind_start_instrumentation(void);

// From now on every XInput 2 event GDK reads carries `milliseconds` as its time (scripted_event_time.c: this
// executable's XGetEventData), whatever the X server stamped.
void toplock_set_scripted_event_time(unsigned long milliseconds);

// XInput 2 events keep the X server's time again.
void toplock_clear_scripted_event_time(void);

// From now on every reading of CLOCK_MONOTONIC in the process (g_get_monotonic_time's, so GLib's timeouts
// and GDK's frame clock) gives `microseconds` (scripted_monotonic_time.c: this executable's clock_gettime).
void toplock_set_scripted_monotonic_time(long long microseconds);

// CLOCK_MONOTONIC reads the system's clock again.
void toplock_clear_scripted_monotonic_time(void);

// The system's CLOCK_MONOTONIC, in µs, scripted or not: for deadlines that must pass while the script holds
// the time still.
long long toplock_system_monotonic_microseconds(void);
