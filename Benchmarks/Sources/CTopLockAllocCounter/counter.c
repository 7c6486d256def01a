// A malloc interposer for `toplock-bench`. Linked into the executable, these definitions come first in
// symbol lookup, so every allocation made by the program or any library it loads (Swift's runtime
// included) passes through here, is counted (blocks, and the usable bytes of the blocks not yet freed),
// and goes on to glibc's own allocator through the __libc_*
// names glibc also exports (not dlsym (RTLD_NEXT, ...), which may itself allocate). valloc, pvalloc and
// reallocarray are not interposed: Swift's runtime does not call them, and their blocks free correctly here.
// Benchmark builds only: nothing in the library links this target.
#include "toplock_alloc_counter.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's allocator under names no program overrides; no public header declares them.
extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t count, size_t size);
extern void *__libc_realloc (void *block, size_t size);
extern void __libc_free (void *block);
extern void *__libc_memalign (size_t alignment, size_t size);

// Relaxed atomics: any thread may allocate, and a reader wants totals, not an order between threads.
static _Atomic uint64_t toplock_allocations;
static _Atomic uint64_t toplock_frees;
static _Atomic int64_t toplock_bytes;

static void
toplock_count_allocation (void)
{
  atomic_fetch_add_explicit (&toplock_allocations, 1, memory_order_relaxed);
}

static void
toplock_count_free (void)
{
  atomic_fetch_add_explicit (&toplock_frees, 1, memory_order_relaxed);
}

// Adds a new block's usable size (what malloc_usable_size reports: the request rounded up to the chunk)
// to the bytes in use, and passes the block on.
static void *
toplock_count_bytes (void *block)
{
  if (block != NULL)
    atomic_fetch_add_explicit (&toplock_bytes, (int64_t) malloc_usable_size (block), memory_order_relaxed);
  return block;
}

// Takes a block about to be freed or moved out of the bytes in use.
static void
toplock_uncount_bytes (void *block)
{
  if (block != NULL)
    atomic_fetch_sub_explicit (&toplock_bytes, (int64_t) malloc_usable_size (block), memory_order_relaxed);
}

int64_t
toplock_allocated_bytes (void)
{
  return atomic_load_explicit (&toplock_bytes, memory_order_relaxed);
}

uint64_t
toplock_alloc_count (void)
{
  return atomic_load_explicit (&toplock_allocations, memory_order_relaxed);
}

uint64_t
toplock_free_count (void)
{
  return atomic_load_explicit (&toplock_frees, memory_order_relaxed);
}

// Interposed: swift_slowAlloc calls malloc for ordinary alignments.
void *
malloc (size_t size)
{
  toplock_count_allocation ();
  return toplock_count_bytes (__libc_malloc (size));
}

// Interposed: C libraries zero-allocate through calloc.
void *
calloc (size_t count, size_t size)
{
  toplock_count_allocation ();
  return toplock_count_bytes (__libc_calloc (count, size));
}

// Interposed: growing a buffer is an allocation; realloc (block, 0) only frees (glibc returns NULL).
void *
realloc (void *block, size_t size)
{
  if (block != NULL && size == 0)
    toplock_count_free ();
  else
    toplock_count_allocation ();
  // A failed realloc leaves the block as it was: counted out here, counted back in.
  toplock_uncount_bytes (block);
  void *moved = __libc_realloc (block, size);
  toplock_count_bytes (moved == NULL && size != 0 ? block : moved);
  return moved;
}

// Interposed so that frees are counted beside allocations.
void
free (void *block)
{
  if (block != NULL)
    toplock_count_free ();
  toplock_uncount_bytes (block);
  __libc_free (block);
}

// Interposed: swift_slowAlloc calls posix_memalign for alignments above malloc's. glibc exports no
// __libc_posix_memalign, so the POSIX checks are made here and the block comes from __libc_memalign.
int
posix_memalign (void **result, size_t alignment, size_t size)
{
  int saved_errno = errno;
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof (void *) != 0)
    return EINVAL;
  toplock_count_allocation ();
  void *block = __libc_memalign (alignment, size);
  errno = saved_errno;
  if (block == NULL)
    return ENOMEM;
  *result = toplock_count_bytes (block);
  return 0;
}

// Interposed: C11 and C++17 aligned allocation (in glibc 2.36 it is memalign under another name).
void *
aligned_alloc (size_t alignment, size_t size)
{
  toplock_count_allocation ();
  return toplock_count_bytes (__libc_memalign (alignment, size));
}

// Interposed: the obsolete aligned allocator some C libraries still call.
void *
memalign (size_t alignment, size_t size)
{
  toplock_count_allocation ();
  return toplock_count_bytes (__libc_memalign (alignment, size));
}
