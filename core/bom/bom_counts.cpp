#include "bom/bom_counts.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "bom/cable_groups.h"

namespace fp::bom {
namespace {

long long ceilDiv(long long n, long long d) { return d <= 1 ? n : (n + d - 1) / d; }
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

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

    // Modules, cage by cage: a cage holds one module, which carries linksPerModule of the cage's links
    // (a twin-port module both links of a twin-port cage). The module is the one the cage's first link
    // chose; media keeps every link of a cage on one solution, and the invariant check says when not.
    CageIndex ownCages;
    std::vector<std::uint32_t> ownEnds;
    const CageIndex& cages = cagesOf(fabric, media, ownCages);
    const std::vector<std::uint32_t>& cageOfEnd = endCagesOf(fabric, media, cages, ownEnds);
    std::vector<std::uint32_t> firstLink(cages.count(), kNone);
    std::vector<std::uint32_t> linksInCage(cages.count(), 0);
    std::vector<std::uint8_t> upperEnd(cages.count(), 0);
    for (std::size_t i = 0; i < linkCount; ++i) {
        if (media.solutionOfLink[i] >= solutionCount) continue;
        for (int end = 0; end < 2; ++end) {
            const std::uint32_t c = cageOfEnd[2 * i + std::size_t(end)];
            if (linksInCage[c]++ == 0) {
                firstLink[c] = std::uint32_t(i);
                upperEnd[c] = std::uint8_t(end);
            }
        }
    }
    for (std::size_t c = 0; c < firstLink.size(); ++c) {
        if (firstLink[c] == kNone) continue;
        const std::uint32_t s = media.solutionOfLink[firstLink[c]];
        const LinkSolution& sol = media.solutions[s];
        if (upperEnd[c] == 0 && !sol.moduleA.empty())
            counts[s].modulesA += ceilDiv(linksInCage[c], std::max(1, sol.linksPerModuleA));
        if (upperEnd[c] == 1 && !sol.moduleB.empty())
            counts[s].modulesB += ceilDiv(linksInCage[c], std::max(1, sol.linksPerModuleB));
    }

    // Cables: one per link, except multi-leg assemblies counted as the cable plan groups them.
    const CableGroups groups = groupCables(fabric, media, cageOfEnd);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s < solutionCount && !media.solutions[s].cablePart.empty() && groups.startsCable(i)) ++counts[s].cables;
    }
    return counts;
}

} // namespace fp::bom
