#include "bom/bom_counts.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "bom/cable_groups.h"
#include "topology/zeroed_array.h"

namespace fp::bom {
namespace {

long long ceilDiv(long long n, long long d) { return d <= 1 ? n : (n + d - 1) / d; }
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Any assignment, however its cages mix solutions: per-cage arrays, then the cable plan's grouping.
std::vector<SolutionCounts> countCageByCage(const Fabric& fabric, const MediaAssignment& media, const CageIndex& cages,
                                            const EndCages& cageOfEnd)
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
    std::vector<std::uint32_t> firstLink(cages.count(), kNone);
    std::vector<std::uint32_t> linksInCage(cages.count(), 0);
    std::vector<std::uint8_t> upperEnd(cages.count(), 0);
    for (std::size_t i = 0; i < linkCount; ++i) {
        if (media.solutionOfLink[i] >= solutionCount) continue;
        for (int end = 0; end < 2; ++end) {
            const std::uint32_t c = cageOfEnd(2 * i + std::size_t(end));
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

// What a cage is after the links so far: how many reached it (low 8 bits), by which end (bit 8), and
// their solution + 1 (above); 0 when none has.
constexpr std::uint32_t kEndBit = 1u << 8, kSolutionShift = 9;
constexpr std::size_t kMostSolutionsTallied = 1024;  // cages tallied by state: (solutions + 1) x 512 entries

// The usual plan, where every cage's links share one solution and reach it by the same end: one pass
// keeps a word per cage, and cages with the same word count alike (a cage of n links of a solution is
// ceil(n / linksPerModule) modules, and at the upper end ceil(n / linksPerCable) multi-leg cables, as
// the cable plan cuts them). Not uniform for any cage that mixes solutions or ends or holds 255 links
// or more: countCageByCage counts those.
CageTally tally(const Fabric& fabric, const std::vector<std::uint32_t>& solutionOfLink, std::size_t solutionCount,
                const CageIndex& cages, const std::vector<std::uint32_t>& cageOfEnd)
{
    CageTally out;
    out.counted = true;
    if (solutionCount >= kMostSolutionsTallied) return out;
    const std::size_t linkCount = std::min(fabric.links.size(), solutionOfLink.size());
    std::vector<long long> links(solutionCount, 0);
    ZeroedArray<std::uint32_t> state(cages.count());
    for (std::size_t i = 0; i < linkCount; ++i) {
        const std::uint32_t s = solutionOfLink[i];
        if (s >= solutionCount) continue;
        ++links[s];
        for (std::uint32_t end = 0; end < 2; ++end) {
            const std::uint32_t tag = (s + 1) << kSolutionShift | end * kEndBit;
            std::uint32_t& word = state[cageOfEnd[2 * i + end]];
            if ((word ^ tag) - 1 < 254) ++word;  // the same solution and end, 1 to 254 links so far
            else if (word == 0) word = tag | 1;
            else return out;
        }
    }
    ZeroedArray<std::uint32_t> cagesWith((solutionCount + 1) << kSolutionShift);
    for (std::size_t c = 0; c < cages.count(); ++c) ++cagesWith[state[c]];
    for (std::uint32_t word = 1u << kSolutionShift; word < (solutionCount + 1) << kSolutionShift; ++word)
        if (cagesWith[word] > 0) out.cagesWith.emplace_back(word, cagesWith[word]);
    out.links = std::move(links);
    out.uniform = true;
    return out;
}

std::vector<SolutionCounts> countsOf(const CageTally& t, const MediaAssignment& media)
{
    const std::size_t solutionCount = media.solutions.size();
    std::vector<SolutionCounts> out(solutionCount);
    for (const auto& [word, cageCount] : t.cagesWith) {
        const LinkSolution& sol = media.solutions[(word >> kSolutionShift) - 1];
        SolutionCounts& to = out[(word >> kSolutionShift) - 1];
        const long long inCage = word & 255;
        if (!(word & kEndBit)) {
            if (!sol.moduleA.empty()) to.modulesA += cageCount * ceilDiv(inCage, std::max(1, sol.linksPerModuleA));
            continue;
        }
        if (!sol.moduleB.empty()) to.modulesB += cageCount * ceilDiv(inCage, std::max(1, sol.linksPerModuleB));
        if (isMultiLeg(sol)) to.cables += cageCount * ceilDiv(inCage, sol.linksPerCable);
    }
    for (std::size_t s = 0; s < solutionCount; ++s) {
        out[s].links = t.links[s];
        if (!media.solutions[s].cablePart.empty() && !isMultiLeg(media.solutions[s])) out[s].cables = t.links[s];
    }
    return out;
}

} // namespace

std::vector<SolutionCounts> countPerSolution(const Fabric& fabric, const MediaAssignment& media,
                                             const std::vector<std::uint32_t>* cageOfEnd, CageTally* shared)
{
    CageIndex ownCages;
    const CageIndex& cages = cagesOf(fabric, media, ownCages);
    const bool given = cageOfEnd && &cages == &media.cages && cageOfEnd->size() == 2 * fabric.links.size();
    const std::size_t solutionCount = media.solutions.size();
    const bool reuse = shared && shared->counted && (!shared->uniform || shared->links.size() == solutionCount);
    CageTally own;
    if (!reuse) {
        // Two lvalues: `given ? *cageOfEnd : cageOfEachEnd(..)` would be a prvalue, a copy of the given
        // cages (2.4 MB at 100,000 GPUs, written to fresh pages) for every plan.
        std::vector<std::uint32_t> computed;
        if (!given) computed = cageOfEachEnd(fabric, cages);
        own = tally(fabric, media.solutionOfLink, solutionCount, cages, given ? *cageOfEnd : computed);
        if (shared) *shared = own;
    }
    const CageTally& t = reuse ? *shared : own;
    if (t.uniform) return countsOf(t, media);
    return countCageByCage(fabric, media, cages, EndCages(fabric, cages));
}

std::vector<SolutionCounts> countEachCage(const Fabric& fabric, const MediaAssignment& media)
{
    CageIndex ownCages;
    const CageIndex& cages = cagesOf(fabric, media, ownCages);
    return countCageByCage(fabric, media, cages, EndCages(fabric, cages));
}

} // namespace fp::bom
