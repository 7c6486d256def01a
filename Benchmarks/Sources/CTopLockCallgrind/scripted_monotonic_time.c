// The scripted monotonic clock of `toplock-bench frames-instructions`: this executable defines clock_gettime,
// which GLib's g_get_monotonic_time calls (through libc, from libglib), so that while a time is set every
// reading of CLOCK_MONOTONIC in the process returns it: GLib's timeouts, GDK's frame clock (when a frame runs
// and the frame time it gives) and GTK's animations then follow the script, whatever GTK version schedules
// them and however slowly the process runs. Every other clock reads the system's.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <time.h>

#include "toplock_callgrind.h"

static atomic_int scripted_monotonic_set = 0;
static atomic_llong scripted_monotonic_us = 0;

static int (*system_clock_gettime) (clockid_t, struct timespec *) = NULL;

static int read_system_clock (clockid_t clock, struct timespec *time)
{
  if (system_clock_gettime == NULL)
    system_clock_gettime = dlsym (RTLD_NEXT, "clock_gettime");
  return system_clock_gettime (clock, time);
}

void toplock_set_scripted_monotonic_time (long long microseconds)
{
  atomic_store (&scripted_monotonic_us, microseconds);
  atomic_store (&scripted_monotonic_set, 1);
}

void toplock_clear_scripted_monotonic_time (void) { atomic_store (&scripted_monotonic_set, 0); }

long long toplock_system_monotonic_microseconds (void)
{
  struct timespec time;
  read_system_clock (CLOCK_MONOTONIC, &time);
  return (long long) time.tv_sec * 1000000 + time.tv_nsec / 1000;
}

int clock_gettime (clockid_t clock, struct timespec *time)
{
  if (clock != CLOCK_MONOTONIC || !atomic_load (&scripted_monotonic_set))
    return read_system_clock (clock, time);
  long long microseconds = atomic_load (&scripted_monotonic_us);
  time->tv_sec = microseconds / 1000000;
  time->tv_nsec = (microseconds % 1000000) * 1000;
  return 0;
}
