#pragma once
#include <cstddef>

// How the CLI process takes memory from the kernel. On the build machine (a VM) a minor page fault
// costs several microseconds, and a 100,000-GPU plan touches ~4,000 fresh 4 KiB pages, most of them
// more than once because glibc returns every freed block over 128 KiB to the kernel and maps the next
// one afresh. Profiles (README, "Performance") showed the faults and the zeroing behind them as the
// largest single cost of a mid-size plan after the stages themselves.
namespace fp::cli {

// Keeps freed memory in the process (no per-block mmap/munmap below 32 MiB, no heap trimming) and asks
// for transparent huge pages on the heap, the in-process equivalent of
// GLIBC_TUNABLES=glibc.malloc.mmap_threshold=...:glibc.malloc.trim_threshold=...:glibc.malloc.hugetlb=1.
// oneArena: every thread allocates from that heap (one plan at a time; see memory_policy.cpp).
// Call once, first thing in main(). Harmless where THP is off (madvise then does nothing).
void useLargePlanMemoryPolicy(bool oneArena);

// Faults in the first `bytes` of that huge-page heap on a thread of its own, while the caller goes on
// (reading the catalog, fitting defaults): the pages a large plan is about to touch are then ready
// when its stages reach them. On the build machine faulting a fresh 2 MiB page costs about a
// millisecond, a sixth of a 100,000-GPU plan's time on one thread. Does nothing without the policy.
void prefaultHeapAhead(std::size_t bytes);

// Hands the free memory of every arena back to the kernel (malloc_trim): the policy above never
// trims on its own, which suits a process that exits after its work; a long-lived one (the window) calls
// this when a burst of planning is over, off the UI thread (it walks every arena).
void releaseFreedMemory();

} // namespace fp::cli
