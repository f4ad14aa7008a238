package solver

// Z3 allocates with C's malloc, whose freed memory glibc keeps for
// reuse, in one arena per thread that allocated: a run's resident memory
// then grows well past what Z3 holds. These calls let a caller that
// keeps a run under a memory limit bound and return that memory; they do
// nothing on a C library that is not glibc.

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
static int gs_malloc_trim(void) { return malloc_trim(0); }
static void gs_malloc_arenas(int n) { mallopt(M_ARENA_MAX, n); }
#else
static int gs_malloc_trim(void) { return 0; }
static void gs_malloc_arenas(int n) { (void)n; }
#endif
*/
import "C"

// ReleaseCMemory hands the memory C's allocator keeps free back to the
// operating system.
func ReleaseCMemory() { C.gs_malloc_trim() }

// LimitCArenas bounds the arenas C's allocator keeps to n: fewer arenas
// hold less free memory between Z3's allocations, at the cost of threads
// that allocate at once waiting for each other.
func LimitCArenas(n int) { C.gs_malloc_arenas(C.int(n)) }
