#include "memory_policy.h"

#include <cstdint>
#include <cstdlib>

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

namespace fp::cli {
namespace {

constexpr std::size_t kMmapThresholdBytes = 32u << 20;  // glibc's largest allowed on 64-bit
constexpr std::size_t kHeapReserveBytes = 256u << 20;   // address space only; pages come when touched
constexpr std::uintptr_t kHugePageBytes = 2u << 20;

} // namespace

void useLargePlanMemoryPolicy()
{
    if (std::getenv("GLIBC_TUNABLES")) return;  // the user tunes malloc: leave it alone
    mallopt(M_MMAP_THRESHOLD, int(kMmapThresholdBytes));
    mallopt(M_TRIM_THRESHOLD, int(kHeapReserveBytes));
    // Grow the heap once by the reserve, then mark it for huge pages: later faults in it take 2 MiB
    // at a time. The brk extension keeps its own VMA, so it must exist before the madvise.
    mallopt(M_TOP_PAD, int(kHeapReserveBytes));
    void* probe = std::malloc(64);
    const auto top = reinterpret_cast<std::uintptr_t>(sbrk(0));
    std::free(probe);
    const auto first = reinterpret_cast<std::uintptr_t>(probe);
    const std::uintptr_t begin = (first + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    if (top > begin) madvise(reinterpret_cast<void*>(begin), top - begin, MADV_HUGEPAGE);
    mallopt(M_TOP_PAD, 0);  // from here on the heap grows as usual
}

} // namespace fp::cli
