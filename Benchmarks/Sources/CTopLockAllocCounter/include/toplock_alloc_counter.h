#pragma once
// Reads the counts kept by the malloc interposer in counter.c. Swift's runtime allocates through malloc and
// posix_memalign, so a change in these counts across a loop is the loop's heap traffic (all threads).
#include <stdint.h>

// Allocations made so far: malloc, calloc, memalign, posix_memalign, aligned_alloc, and realloc unless it
// only freed. Swift has no hook into the C allocator; this is the one place that sees every call.
uint64_t toplock_alloc_count (void);

// Blocks released so far through free (or realloc to size 0): tells transient allocations from kept ones.
uint64_t toplock_free_count (void);

// Usable bytes (malloc_usable_size) of the blocks allocated and not yet freed, all threads: what the program
// holds of the heap, counted block by block, unlike a reading of the allocator's state, which also moves
// with its free lists and caches.
int64_t toplock_allocated_bytes (void);
