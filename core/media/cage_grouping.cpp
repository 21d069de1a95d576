#include "media/cage_grouping.h"

#include <algorithm>

#include "topology/zeroed_array.h"

namespace fp::media {

CageGrouping groupByCage(const Fabric& fabric, const Hardware& hardware)
{
    CageGrouping g;
    const std::size_t linkCount = fabric.links.size();
    g.cages = indexCages(fabric, hardware.nic.ports, hardware.nicPortsPerHostCage());
    // The cage of every link end, once: the passes below, media, the BOM and the cable plan read it
    // (MediaAssignment::cageOfEnd) instead of dividing port numbers again.
    g.cageOfEnd = cageOfEachEnd(fabric, g.cages);
    const std::uint32_t* const endCage = g.cageOfEnd.data();
    // Per cage: its first link + 1 (0: none yet) and its links (255: that many or more). Zero-filled
    // arrays, so "none yet" needs no fill of its own.
    ZeroedArray<std::uint32_t> firstLinkOf(g.cages.count());
    ZeroedArray<std::uint8_t> linksInCage(g.cages.count());

    // Union-find of links through shared cages. A link's parent starts as itself when the link is
    // reached: unions only ever involve links seen so far.
    std::vector<std::uint32_t>& parent = g.rootOfLink;
    parent.reserve(linkCount);
    auto find = [&](std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    };
    for (std::size_t i = 0; i < linkCount; ++i) {
        parent.push_back(std::uint32_t(i));
        const LinkClass cls = fabric.links[i].cls;
        for (std::size_t end = 0; end < 2; ++end) {
            const std::uint32_t c = endCage[2 * i + end];
            if (linksInCage[c] < 255) ++linksInCage[c];
            const std::uint32_t first = firstLinkOf[c];
            if (first == 0) {
                firstLinkOf[c] = std::uint32_t(i) + 1;
            } else if (fabric.links[first - 1].cls == cls) {
                const std::uint32_t x = find(std::uint32_t(i)), y = find(first - 1);
                if (x != y) parent[x] = y;
            }
        }
    }
    // Per group, at its root: the most links a cage carries at each end, and alignment: every link of a
    // cage must reach the far cage its first link reaches (a group with one cage whose links part ways
    // is not aligned).
    g.carriedA.assign(linkCount, 0);
    g.carriedB.assign(linkCount, 0);
    g.aligned.assign(linkCount, 1);
    const auto farCageOfFirst = [&](std::uint32_t c) {
        const std::size_t first = firstLinkOf[c] - 1;
        return endCage[2 * first] == c ? endCage[2 * first + 1] : endCage[2 * first];
    };
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t root = parent[i] = find(std::uint32_t(i));  // flattened: parent is the root
        const std::uint32_t ca = endCage[2 * i], cb = endCage[2 * i + 1];
        g.carriedA[root] = std::max(g.carriedA[root], linksInCage[ca]);
        g.carriedB[root] = std::max(g.carriedB[root], linksInCage[cb]);
        const std::uint32_t self = std::uint32_t(i) + 1;
        if ((firstLinkOf[ca] != self && farCageOfFirst(ca) != cb) || (firstLinkOf[cb] != self && farCageOfFirst(cb) != ca))
            g.aligned[root] = 0;
    }
    return g;
}

} // namespace fp::media
