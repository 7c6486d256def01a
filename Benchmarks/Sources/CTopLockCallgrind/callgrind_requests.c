#include "toplock_callgrind.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

int toplock_callgrind_available (void) { return 1; }
int toplock_running_on_valgrind (void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
void toplock_callgrind_toggle_collect (void) { CALLGRIND_TOGGLE_COLLECT; }
void toplock_callgrind_zero_stats (void) { CALLGRIND_ZERO_STATS; }
void toplock_callgrind_dump_stats (const char *label) { CALLGRIND_DUMP_STATS_AT (label); }
void toplock_callgrind_start_instrumentation (void) { CALLGRIND_START_INSTRUMENTATION; }
#else
int toplock_callgrind_available (void) { return 0; }
int toplock_running_on_valgrind (void) { return 0; }
void toplock_callgrind_toggle_collect (void) {}
void toplock_callgrind_zero_stats (void) {}
void toplock_callgrind_dump_stats (const char *label) { (void) label; }
void toplock_callgrind_start_instrumentation (void) {}
#endif
