#include "bom/cable_groups.h"

#include <algorithm>

#include "topology/zeroed_array.h"

namespace fp::bom {

const CageIndex& cagesOf(const Fabric& fabric, const MediaAssignment& media, CageIndex& own)
{
    if (!media.cages.empty() && media.cages.firstCage.size() == fabric.devices.size() + 1) return media.cages;
    own = indexCages(fabric, 1);
    return own;
}

namespace {

// The multi-leg links (in link order), ordered by their upper-end cage, link order kept within a cage:
// a counting sort when the cages they reach are few enough to count, else a sort of the (usually few)
// links themselves.
template <typename UpperCage>
std::vector<std::uint32_t> byUpperCage(std::vector<std::uint32_t> multi, const UpperCage& upper)
{
    std::uint32_t low = upper(multi.front()), high = low;
    bool ordered = true;  // already in cage order (e.g. host links filling leaf cages one by one)
    for (std::size_t k = 1; k < multi.size(); ++k) {
        const std::uint32_t c = upper(multi[k]);
        ordered = ordered && c >= upper(multi[k - 1]);
        low = std::min(low, c);
        high = std::max(high, c);
    }
    if (ordered) return multi;
    const std::size_t span = std::size_t(high - low) + 1;
    if (span > 4 * multi.size()) {
        std::stable_sort(multi.begin(), multi.end(), [&](std::uint32_t x, std::uint32_t y) { return upper(x) < upper(y); });
        return multi;
    }
    ZeroedArray<std::uint32_t> start(span + 1);
    for (const std::uint32_t i : multi) ++start[upper(i) - low + 1];
    for (std::size_t c = 0; c < span; ++c) start[c + 1] += start[c];
    std::vector<std::uint32_t> sorted(multi.size());
    for (const std::uint32_t i : multi) sorted[start[upper(i) - low]++] = i;
    return sorted;
}

// The grouping, with `upper(link)` the cage of a link's upper end: read only for multi-leg links.
template <typename UpperCage>
CableGroups groupCablesBy(const Fabric& fabric, const MediaAssignment& media, const UpperCage& upper)
{
    CableGroups g;
    // The multi-leg links, bucketed by their upper-end cage; a cage's links are then ordered by solution,
    // port and link, and cut linksPerCable at a time.
    const std::size_t n = std::min(fabric.links.size(), media.solutionOfLink.size());
    std::vector<char> multiLeg(media.solutions.size());
    for (std::size_t s = 0; s < multiLeg.size(); ++s)
        multiLeg[s] = isMultiLeg(media.solutions[s]);
    // No multi-leg solution, no multi-leg link: nothing to group, and no walk over the links to find so.
    if (std::find(multiLeg.begin(), multiLeg.end(), char(1)) == multiLeg.end()) return g;
    std::vector<std::uint32_t> multi;
    // Consecutive links mostly share a solution: look its kind up once per run.
    std::uint32_t runSolution = CableGroups::kNone;
    bool runIsMulti = false;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t s = media.solutionOfLink[i];
        if (s != runSolution) {
            runSolution = s;
            runIsMulti = s < multiLeg.size() && multiLeg[s];
        }
        if (runIsMulti) multi.push_back(std::uint32_t(i));
    }
    if (multi.empty()) return g;
    std::vector<std::uint32_t> cage = byUpperCage(std::move(multi), upper);  // sorted below, cage by cage
    g.cableOfLink.assign(fabric.links.size(), CableGroups::kNone);
    g.legs.reserve(cage.size());
    const auto order = [&](std::uint32_t x, std::uint32_t y) {
        const std::uint32_t sx = media.solutionOfLink[x], sy = media.solutionOfLink[y];
        if (sx != sy) return sx < sy;
        return fabric.links[x].bPort != fabric.links[y].bPort ? fabric.links[x].bPort < fabric.links[y].bPort : x < y;
    };
    for (auto first = cage.begin(); first != cage.end();) {
        const std::uint32_t c = upper(*first);
        const auto last = std::find_if(first, cage.end(), [&](std::uint32_t x) { return upper(x) != c; });
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
        first = last;
    }
    return g;
}

} // namespace

CableGroups groupCables(const Fabric& fabric, const MediaAssignment& media, const EndCages& cageOfEnd)
{
    return groupCablesBy(fabric, media, [&](std::uint32_t i) { return cageOfEnd(2 * std::size_t(i) + 1); });
}

CableGroups groupCables(const Fabric& fabric, const MediaAssignment& media)
{
    // Without a multi-leg solution there is nothing to group: no end-cage table to build for it (a walk
    // over every device's cages, for the cable count of a plan with none).
    if (std::none_of(media.solutions.begin(), media.solutions.end(), [](const LinkSolution& s) { return isMultiLeg(s); }))
        return {};
    CageIndex ownCages;
    return groupCables(fabric, media, EndCages(fabric, cagesOf(fabric, media, ownCages)));
}

} // namespace fp::bom
