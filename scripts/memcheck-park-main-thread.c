// Test tooling for scripts/memcheck, preloaded into the test process under valgrind; not part of TopLock.
//
// swift-testing's entry point is an async main: libdispatch parks the main thread for good in
// rt_sigsuspend (_dispatch_sig_thread), and valgrind 3.19 (Debian 12) dies on that system call
// ("the 'impossible' happened", SIGSEGV inside valgrind). This sigsuspend parks the thread with pause()
// instead; the parked thread never needs to return. It can go once valgrind handles the call.
#include <signal.h>
#include <unistd.h>

int
sigsuspend (const sigset_t *mask)
{
  (void) mask;
  for (;;)
    pause ();
}
