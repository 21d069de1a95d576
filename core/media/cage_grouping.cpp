#include "media/cage_grouping.h"

#include <algorithm>
#include <numeric>

#include "topology/zeroed_array.h"

namespace fp::media {

CageGrouping groupByCage(const Fabric& fabric, const Hardware& hardware)
{
    CageGrouping g;
    const std::size_t linkCount = fabric.links.size();
    g.cages = indexCages(fabric, hardware.nic.ports, hardware.nicPortsPerHostCage());
    // The cage of every link end, once: the passes below and the BOM read it.
    g.ends.emplace(fabric, g.cages);
    g.cageOfEnd = g.ends->all();  // cageOfEachEnd(fabric, g.cages), its table kept
    if (g.cages.onePortPerCage()) {
        // No cage is shared (a port holds one link): each link is its own group, one link carried at
        // either end, aligned; what the passes below find, without their per-cage arrays (the in-band
        // and OOB networks: about a quarter of their planning, fabricplan-bench --networks).
        g.rootOfLink.resize(linkCount);
        std::iota(g.rootOfLink.begin(), g.rootOfLink.end(), 0u);
        g.carriedA.assign(linkCount, 1);
        g.carriedB.assign(linkCount, 1);
        g.aligned.assign(linkCount, 1);
        return g;
    }
    const std::uint32_t* const endCage = g.cageOfEnd.data();  // a pointer: no reload after each store
    // Per cage: the first link end to reach it + 1 (an end index, 2 x link + side; 0: none yet) and its links
    // (255: that many or more). Zero-filled arrays, so "none yet" needs no fill of its own.
    ZeroedArray<std::uint32_t> firstEndOf(g.cages.count());
    ZeroedArray<std::uint8_t> linksInCage(g.cages.count());
    // The class of each cage's first link: read here, not from that link (a scattered 16-byte read).
    ZeroedArray<std::uint8_t> classOfCage(g.cages.count());

    // Union-find of links through shared cages, the lower root always the parent: a parent then never
    // follows its child, so each group's root is its lowest link and one pass in link order flattens
    // every chain. A link's parent starts as itself when the link is reached (unions only involve links
    // seen so far), so at its lower end a link is still its own root.
    std::vector<std::uint32_t>& parent = g.rootOfLink;
    parent.resize(linkCount);  // each written as its link is reached (a zero fill, not a push per link)
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    auto join = [&](std::uint32_t x, std::uint32_t y) {  // x, y roots
        if (x != y) parent[std::max(x, y)] = std::min(x, y);
    };
    for (std::size_t i = 0; i < linkCount; ++i) {
        const auto link = std::uint32_t(i);
        parent[i] = link;
        const LinkClass cls = fabric.links[i].cls;
        for (std::size_t end = 0; end < 2; ++end) {
            const std::uint32_t c = endCage[2 * i + end];
            if (linksInCage[c] < 255) ++linksInCage[c];
            const std::uint32_t firstEnd = firstEndOf[c];
            if (firstEnd == 0) {
                firstEndOf[c] = std::uint32_t(2 * i + end) + 1;
                classOfCage[c] = std::uint8_t(cls);
            } else if (classOfCage[c] == std::uint8_t(cls)) {
                join(end == 0 ? link : find(link), find((firstEnd - 1) / 2));
            }
        }
    }
    // Per group, at its root: the most links a cage carries at each end, and alignment: every link of a
    // cage must reach the far cage its first link reaches (a group with one cage whose links part ways
    // is not aligned). The far end of a cage's first link end is its other end (index ^ 1); a link that
    // is its cage's first meets its own far cage there.
    g.carriedA.assign(linkCount, 0);
    g.carriedB.assign(linkCount, 0);
    g.aligned.assign(linkCount, 1);
    const auto farCageOfFirst = [&](std::uint32_t c) { return endCage[(firstEndOf[c] - 1) ^ 1u]; };
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t root = parent[i] = parent[parent[i]];  // parent[i] <= i: already flattened
        const std::uint32_t ca = endCage[2 * i], cb = endCage[2 * i + 1];
        g.carriedA[root] = std::max(g.carriedA[root], linksInCage[ca]);
        g.carriedB[root] = std::max(g.carriedB[root], linksInCage[cb]);
        if (farCageOfFirst(ca) != cb || farCageOfFirst(cb) != ca) g.aligned[root] = 0;
    }
    return g;
}

void releaseGroups(CageGrouping& g)
{
    // Swapped with empty vectors: `v = {}` assigns an empty list and keeps the storage.
    std::vector<std::uint32_t>().swap(g.rootOfLink);
    for (auto* perRoot : {&g.carriedA, &g.carriedB, &g.aligned}) std::vector<std::uint8_t>().swap(*perRoot);
}

} // namespace fp::media
