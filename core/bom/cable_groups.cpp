#include "bom/cable_groups.h"

#include <algorithm>
#include <map>

namespace fp::bom {

CageIndex cagesOf(const Fabric& fabric, const MediaAssignment& media)
{
    if (!media.cages.empty() && media.cages.firstCage.size() == fabric.devices.size() + 1) return media.cages;
    return indexCages(fabric, 1);
}

CableGroups groupCables(const Fabric& fabric, const MediaAssignment& media, const CageIndex& cages)
{
    CableGroups g;
    // (upper-end cage, solution) -> its splitter links; std::map keeps the grouping deterministic.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> byCage;
    const std::size_t n = std::min(fabric.links.size(), media.solutionOfLink.size());
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s >= media.solutions.size()) continue;
        const LinkSolution& sol = media.solutions[s];
        if (sol.linksPerCable <= 1 || sol.cablePart.empty()) continue;
        const Link& l = fabric.links[i];
        byCage[{cages.cageOf(fabric, l.b, l.bPort), s}].push_back(std::uint32_t(i));
    }
    if (byCage.empty()) return g;
    g.followerLeg.assign(fabric.links.size(), false);
    for (auto& [key, links] : byCage) {
        std::sort(links.begin(), links.end(), [&](std::uint32_t x, std::uint32_t y) {
            return fabric.links[x].bPort != fabric.links[y].bPort ? fabric.links[x].bPort < fabric.links[y].bPort : x < y;
        });
        const std::size_t per = std::size_t(media.solutions[key.second].linksPerCable);
        for (std::size_t first = 0; first < links.size(); first += per) {
            const std::size_t last = std::min(links.size(), first + per);
            // The cable is listed where its lowest-numbered link is, so rows stay in link order.
            const std::uint32_t leader = *std::min_element(links.begin() + long(first), links.begin() + long(last));
            std::vector<std::uint32_t>& legs = g.legsOfLeader[leader];
            legs.assign(links.begin() + long(first), links.begin() + long(last));
            for (std::uint32_t leg : legs) g.followerLeg[leg] = leg != leader;
        }
    }
    return g;
}

} // namespace fp::bom
