#include "bom/cable_groups.h"

#include <algorithm>

namespace fp::bom {

const CageIndex& cagesOf(const Fabric& fabric, const MediaAssignment& media, CageIndex& own)
{
    if (!media.cages.empty() && media.cages.firstCage.size() == fabric.devices.size() + 1) return media.cages;
    own = indexCages(fabric, 1);
    return own;
}

std::vector<std::uint32_t> endCages(const Fabric& fabric, const CageIndex& cages)
{
    std::vector<std::uint32_t> out(2 * fabric.links.size());
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        out[2 * i] = cages.cageOf(fabric, l.a, l.aPort);
        out[2 * i + 1] = cages.cageOf(fabric, l.b, l.bPort);
    }
    return out;
}

const std::vector<std::uint32_t>& endCagesOf(const Fabric& fabric, const MediaAssignment& media, const CageIndex& cages,
                                             std::vector<std::uint32_t>& own)
{
    if (media.cageOfEnd.size() == 2 * fabric.links.size() && &cages == &media.cages) return media.cageOfEnd;
    own = endCages(fabric, cages);
    return own;
}

CableGroups groupCables(const Fabric& fabric, const MediaAssignment& media, const std::vector<std::uint32_t>& cageOfEnd)
{
    CableGroups g;
    // The multi-leg links, bucketed by their upper-end cage (a counting sort keeps link order within a
    // cage); a cage's links are then ordered by solution, port and link, and cut linksPerCable at a time.
    const std::size_t n = std::min(fabric.links.size(), media.solutionOfLink.size());
    std::vector<std::uint32_t> multi;
    std::uint32_t cageCount = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s >= media.solutions.size()) continue;
        const LinkSolution& sol = media.solutions[s];
        if (sol.linksPerCable <= 1 || sol.cablePart.empty()) continue;
        multi.push_back(std::uint32_t(i));
        cageCount = std::max(cageCount, cageOfEnd[2 * i + 1] + 1);
    }
    if (multi.empty()) return g;
    std::vector<std::uint32_t> start(std::size_t(cageCount) + 1, 0);
    for (const std::uint32_t i : multi) ++start[cageOfEnd[2 * std::size_t(i) + 1] + 1];
    for (std::size_t c = 0; c < cageCount; ++c) start[c + 1] += start[c];
    std::vector<std::uint32_t> byCage(multi.size());
    {
        std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
        for (const std::uint32_t i : multi) byCage[cursor[cageOfEnd[2 * std::size_t(i) + 1]]++] = i;
    }
    g.cableOfLink.assign(fabric.links.size(), CableGroups::kNone);
    g.legs.reserve(multi.size());
    const auto order = [&](std::uint32_t x, std::uint32_t y) {
        const std::uint32_t sx = media.solutionOfLink[x], sy = media.solutionOfLink[y];
        if (sx != sy) return sx < sy;
        return fabric.links[x].bPort != fabric.links[y].bPort ? fabric.links[x].bPort < fabric.links[y].bPort : x < y;
    };
    for (std::size_t c = 0; c < cageCount; ++c) {
        const auto first = byCage.begin() + long(start[c]), last = byCage.begin() + long(start[c + 1]);
        if (first == last) continue;
        if (last - first > 1) std::sort(first, last, order);
        // Runs of one solution, cut into cables of linksPerCable legs.
        for (auto run = first; run != last;) {
            const std::uint32_t s = media.solutionOfLink[*run];
            const auto runEnd = std::find_if(run, last, [&](std::uint32_t x) { return media.solutionOfLink[x] != s; });
            const long per = long(media.solutions[s].linksPerCable);
            for (auto cable = run; cable != runEnd;) {
                const auto cableEnd = runEnd - cable > per ? cable + per : runEnd;
                const auto k = std::uint32_t(g.leaders.size());
                // The cable is listed where its lowest-numbered link is, so rows stay in link order.
                g.leaders.push_back(*std::min_element(cable, cableEnd));
                for (auto leg = cable; leg != cableEnd; ++leg) {
                    g.legs.push_back(*leg);
                    g.cableOfLink[*leg] = k;
                }
                g.legStart.push_back(std::uint32_t(g.legs.size()));
                cable = cableEnd;
            }
            run = runEnd;
        }
    }
    return g;
}

CableGroups groupCables(const Fabric& fabric, const MediaAssignment& media)
{
    CageIndex ownCages;
    std::vector<std::uint32_t> ownEnds;
    const CageIndex& cages = cagesOf(fabric, media, ownCages);
    return groupCables(fabric, media, endCagesOf(fabric, media, cages, ownEnds));
}

} // namespace fp::bom
