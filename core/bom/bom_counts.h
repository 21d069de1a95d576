#pragma once
// Physical quantities per LinkSolution, counted the way the hardware is built: modules cage by cage
// (one module per cage, carrying as many of the cage's links as it has ports), cables as the cable
// plan groups them (bom/cable_groups.h). The BOM's transceiver, cable and fibre lines are these counts.
#include <vector>

#include "media/media.h"
#include "topology/fabric.h"

namespace fp::bom {

struct SolutionCounts {
    long long links = 0;
    long long modulesA = 0;   // transceivers in lower-tier cages (0 for assemblies)
    long long modulesB = 0;   // transceivers in upper-tier cages
    long long cables = 0;     // assemblies or fibre cords; a splitter serves linksPerCable links
};

// What countPerSolution's usual path reads from the links: per solution its links, and the cages by
// what they hold (a state word: solution + 1, end, links in it) with how many cages hold it. The same
// for every plan whose solutionOfLink and cages are the same (the comparison's candidates sharing a
// floor's link keys, media::LinkKeys); only the parts differ, and they enter after the walk.
struct CageTally {
    bool counted = false;  // filled in (an empty tally is filled in by the first countPerSolution given it)
    bool uniform = false;  // every cage's links share one solution and end (else: counted cage by cage)
    std::vector<long long> links;
    std::vector<std::pair<std::uint32_t, long long>> cagesWith;
};

// One entry per MediaAssignment::solutions.
// cageOfEnd: the cage of each link end as media numbered the cages (media::CageGrouping::cageOfEnd),
// or nullptr to compute it here. shared: once counted, the tally of a plan with the same solutionOfLink
// and cages, used as it is; else filled in here. The caller empties it when the links' solutions change
// (plan/plan_stages.h FloorMemo).
std::vector<SolutionCounts> countPerSolution(const Fabric&, const MediaAssignment&,
                                             const std::vector<std::uint32_t>* cageOfEnd = nullptr,
                                             CageTally* shared = nullptr);
// The same counted cage by cage through per-cage arrays: what countPerSolution falls back on when a cage
// mixes solutions (a broken assignment), and the plain reference its usual path is tested against.
std::vector<SolutionCounts> countEachCage(const Fabric&, const MediaAssignment&);

} // namespace fp::bom
