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
constexpr std::size_t kHeapReserveBytes = 256u << 20;   // address space only; pages come when touched
constexpr std::uintptr_t kHugePageBytes = 2u << 20;
constexpr std::size_t kProbeBytes = 4u << 20;           // below the mmap threshold: from the heap
constexpr std::size_t kNeverTrimBytes = 1u << 30;       // above the reserve: the heap never shrinks

// The huge-page part of the heap's reserve, [begin, end): free memory malloc carves plans from.
std::uintptr_t g_reserveBegin = 0, g_reserveEnd = 0;

} // namespace

void useLargePlanMemoryPolicy(bool oneArena)
{
    if (std::getenv("GLIBC_TUNABLES")) return;  // the user tunes malloc: leave it alone
    // One plan: one arena for every thread. The plan's stages that run on worker threads
    // (plan/plan.cpp) would otherwise allocate from a fresh per-thread arena, page by page outside the
    // huge-page heap, which cost more than the second core saved (100,000 GPUs: 68 ms on two threads,
    // 50 ms on one). Many plans at once (compare, sweep) keep an arena per thread: one shared arena's
    // lock made a 1,000-design sweep four times slower.
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
    std::thread([begin = g_reserveBegin, bytes] { madvise(reinterpret_cast<void*>(begin), bytes, MADV_POPULATE_WRITE); })
        .detach();
}

} // namespace fp::cli
