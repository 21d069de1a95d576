#include "bom/bom_counts.h"

#include <algorithm>
#include <cstdint>

namespace fp::bom {
namespace {

long long ceilDiv(long long n, long long d) { return d <= 1 ? n : (n + d - 1) / d; }

// Sum over devices of ceil(links at that device / per), for the links listed in [first, last).
// `perDevice` is scratch of one counter per device, all zero on entry and on return.
long long groupedCount(const std::uint32_t* first, const std::uint32_t* last, const Fabric& fabric,
                       bool upperEnd, int per, std::vector<std::uint32_t>& perDevice,
                       std::vector<DeviceId>& touched)
{
    touched.clear();
    for (const std::uint32_t* it = first; it != last; ++it) {
        const Link& l = fabric.links[*it];
        const DeviceId d = upperEnd ? l.b : l.a;
        if (perDevice[d]++ == 0) touched.push_back(d);
    }
    long long total = 0;
    for (DeviceId d : touched) {
        total += ceilDiv(perDevice[d], per);
        perDevice[d] = 0;
    }
    return total;
}

} // namespace

std::vector<SolutionCounts> countPerSolution(const Fabric& fabric, const MediaAssignment& media)
{
    const std::size_t solutionCount = media.solutions.size();
    std::vector<SolutionCounts> counts(solutionCount);
    const std::size_t linkCount = std::min(fabric.links.size(), media.solutionOfLink.size());
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s < solutionCount) ++counts[s].links;
    }

    bool needGrouping = false;
    for (std::size_t s = 0; s < solutionCount; ++s) {
        const LinkSolution& sol = media.solutions[s];
        SolutionCounts& c = counts[s];
        c.modulesA = sol.moduleA.empty() ? 0 : c.links;
        c.modulesB = sol.moduleB.empty() ? 0 : c.links;
        c.cables = sol.cablePart.empty() ? 0 : c.links;
        needGrouping = needGrouping || (c.links > 0 && ((!sol.moduleA.empty() && sol.linksPerModuleA > 1) ||
                                                        (!sol.moduleB.empty() && sol.linksPerModuleB > 1) ||
                                                        (!sol.cablePart.empty() && sol.linksPerCable > 1)));
    }
    if (!needGrouping) return counts;

    // Counting sort of link indices by solution: O(links) time, 4 bytes per link, freed on return.
    std::vector<std::size_t> offset(solutionCount + 1, 0);
    for (std::size_t s = 0; s < solutionCount; ++s) offset[s + 1] = offset[s] + std::size_t(counts[s].links);
    std::vector<std::uint32_t> order(offset[solutionCount]);
    std::vector<std::size_t> cursor(offset.begin(), offset.end() - 1);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s < solutionCount) order[cursor[s]++] = std::uint32_t(i);
    }

    std::vector<std::uint32_t> perDevice(fabric.devices.size(), 0);
    std::vector<DeviceId> touched;
    for (std::size_t s = 0; s < solutionCount; ++s) {
        const LinkSolution& sol = media.solutions[s];
        SolutionCounts& c = counts[s];
        const std::uint32_t* first = order.data() + offset[s];
        const std::uint32_t* last = order.data() + offset[s + 1];
        if (!sol.moduleA.empty() && sol.linksPerModuleA > 1)
            c.modulesA = groupedCount(first, last, fabric, false, sol.linksPerModuleA, perDevice, touched);
        if (!sol.moduleB.empty() && sol.linksPerModuleB > 1)
            c.modulesB = groupedCount(first, last, fabric, true, sol.linksPerModuleB, perDevice, touched);
        if (!sol.cablePart.empty() && sol.linksPerCable > 1)
            c.cables = groupedCount(first, last, fabric, true, sol.linksPerCable, perDevice, touched);
    }
    return counts;
}

} // namespace fp::bom
