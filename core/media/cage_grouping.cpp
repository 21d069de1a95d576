#include "media/cage_grouping.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace fp::media {

CageGrouping groupByCage(const Fabric& fabric, const Hardware& hardware)
{
    CageGrouping g;
    const std::size_t linkCount = fabric.links.size();
    g.cages = indexCages(fabric, hardware.nic.ports, hardware.nicPortsPerHostCage());
    // The cage of every link end, once: the passes below, media, the BOM and the cable plan read it
    // (MediaAssignment::cageOfEnd) instead of dividing port numbers again.
    g.cageOfEnd.resize(2 * linkCount);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = fabric.links[i];
        g.cageOfEnd[2 * i] = g.cages.cageOf(fabric, l.a, l.aPort);
        g.cageOfEnd[2 * i + 1] = g.cages.cageOf(fabric, l.b, l.bPort);
    }
    const std::uint32_t* const endCage = g.cageOfEnd.data();
    std::vector<std::uint32_t>& parent = g.rootOfLink;
    parent.resize(linkCount);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    // Links per cage, and the union of links through shared cages.
    std::vector<std::uint8_t> linksInCage(g.cages.count(), 0);
    {
        std::vector<std::uint32_t> firstOfCage(g.cages.count(), kNone);
        for (std::size_t i = 0; i < linkCount; ++i) {
            const Link& l = fabric.links[i];
            for (int end = 0; end < 2; ++end) {
                const std::uint32_t c = endCage[2 * i + std::size_t(end)];
                if (linksInCage[c] < 255) ++linksInCage[c];
                if (firstOfCage[c] == kNone) {
                    firstOfCage[c] = std::uint32_t(i);
                } else if (fabric.links[firstOfCage[c]].cls == l.cls) {
                    const std::uint32_t x = find(std::uint32_t(i)), y = find(firstOfCage[c]);
                    if (x != y) parent[x] = y;
                }
            }
        }
    }
    // Per group, at its root: the most links a cage carries at each end, and alignment (each cage
    // remembers the far cage of its first link; a group with one cage whose links part ways is not).
    g.carriedA.assign(linkCount, 0);
    g.carriedB.assign(linkCount, 0);
    g.aligned.assign(linkCount, 1);
    std::vector<std::uint32_t> farCage(g.cages.count(), kNone);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t root = parent[i] = find(std::uint32_t(i));  // flattened: parent is the root
        const std::uint32_t ca = endCage[2 * i], cb = endCage[2 * i + 1];
        g.carriedA[root] = std::max(g.carriedA[root], linksInCage[ca]);
        g.carriedB[root] = std::max(g.carriedB[root], linksInCage[cb]);
        if (farCage[ca] == kNone) farCage[ca] = cb;
        else if (farCage[ca] != cb) g.aligned[root] = 0;
        if (farCage[cb] == kNone) farCage[cb] = ca;
        else if (farCage[cb] != ca) g.aligned[root] = 0;
    }
    return g;
}

} // namespace fp::media
