#include "memory_policy.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <thread>

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

namespace fp::cli {
namespace {

constexpr std::size_t kMmapThresholdBytes = 32u << 20;  // glibc's largest allowed on 64-bit
constexpr std::size_t kHeapReserveBytes = 1u << 30;     // address space only; pages come when touched
                                                        // (compare at 1,000,000 GPUs peaks near 1 GiB)
constexpr std::uintptr_t kHugePageBytes = 2u << 20;
constexpr std::size_t kProbeBytes = 4u << 20;           // below the mmap threshold: from the heap
constexpr std::size_t kNeverTrimBytes = 0x7fffffff;     // above the reserve: the heap never shrinks

// The huge-page part of the heap's reserve, [begin, end): free memory malloc carves plans from.
std::uintptr_t g_reserveBegin = 0, g_reserveEnd = 0;

// The free heap between the probe and the first huge-page boundary cannot be a huge page: malloc would
// carve the next allocations from it and each 4 KiB page would fault on its own, about 14 us apiece on
// the build machine (16 MiB: 57 ms in 4 KiB faults, 1.1 ms in huge pages). One block that fills it
// exactly, never touched and never freed (address space, no memory), makes malloc start at `begin`.
// A block of n bytes takes a chunk of n + 8 rounded up to 16: n = begin - first - 8 ends it at begin.
void holdBelowFirstHugePage(std::uintptr_t first, std::uintptr_t begin)
{
    if (begin - first < 64) return;
    void* spacer = std::malloc(begin - first - 8);
    if (reinterpret_cast<std::uintptr_t>(spacer) != first) std::free(spacer);  // elsewhere: no use
}

} // namespace

void useLargePlanMemoryPolicy(bool oneArena)
{
    if (std::getenv("GLIBC_TUNABLES")) return;  // the user tunes malloc: leave it alone
    // One plan (or compare's few large ones): one arena for every thread. Worker threads would otherwise
    // allocate from fresh per-thread arenas, page by page outside the huge-page heap, which cost more
    // than the second core saved (100,000 GPUs: 68 ms on two threads, 50 ms on one; compare at
    // 1,000,000 GPUs took 204 K page faults and 2.7 s, with one arena 1 K and 2.1 s). A sweep of many
    // small designs keeps an arena per thread: one shared arena's lock made it four times slower.
    if (oneArena) mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, int(kMmapThresholdBytes));
    mallopt(M_TRIM_THRESHOLD, int(kNeverTrimBytes));
    // Grow the heap once by the reserve, then mark it for huge pages: later faults in it take 2 MiB
    // at a time. The brk extension keeps its own VMA, so it must exist before the madvise.
    // The probe must outgrow the heap the loader and static initialisers left, or no sbrk happens.
    mallopt(M_TOP_PAD, int(kHeapReserveBytes));
    void* probe = std::malloc(kProbeBytes);
    const auto top = reinterpret_cast<std::uintptr_t>(sbrk(0));
    std::free(probe);
    const auto first = reinterpret_cast<std::uintptr_t>(probe);
    const std::uintptr_t begin = (first + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    if (top > begin && madvise(reinterpret_cast<void*>(begin), top - begin, MADV_HUGEPAGE) == 0) {
        g_reserveBegin = begin;
        g_reserveEnd = top;
        holdBelowFirstHugePage(first, begin);
    }
    mallopt(M_TOP_PAD, 0);  // from here on the heap grows as usual
}

void prefaultHeapAhead(std::size_t bytes)
{
    bytes = std::min<std::size_t>(bytes, g_reserveEnd - g_reserveBegin) & ~std::size_t(kHugePageBytes - 1);
    if (bytes == 0) return;
    // MADV_POPULATE_WRITE faults the pages in as a write would, without writing: memory malloc hands out
    // meanwhile keeps its contents, and a page already present is left alone. Linux 5.14 or later; on
    // an older kernel the call fails and the plan faults its pages in itself, as before.
    // From the far end down, one huge page at a time: the plan faults in its own pages from the near
    // end up as it allocates, and the two meet instead of queueing on the same pages.
    std::thread([begin = g_reserveBegin, bytes] {
        for (std::size_t at = bytes; at > 0; at -= kHugePageBytes)
            madvise(reinterpret_cast<void*>(begin + at - kHugePageBytes), kHugePageBytes, MADV_POPULATE_WRITE);
    }).detach();
}

void releaseFreedMemory() { malloc_trim(0); }

} // namespace fp::cli
