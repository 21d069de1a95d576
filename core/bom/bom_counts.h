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

// One entry per MediaAssignment::solutions.
// cageOfEnd: the cage of each link end as media numbered the cages (media::CageGrouping::cageOfEnd),
// or nullptr to compute it here.
std::vector<SolutionCounts> countPerSolution(const Fabric&, const MediaAssignment&,
                                             const std::vector<std::uint32_t>* cageOfEnd = nullptr);
// The same counted cage by cage through per-cage arrays: what countPerSolution falls back on when a cage
// mixes solutions (a broken assignment), and the plain reference its usual path is tested against.
std::vector<SolutionCounts> countEachCage(const Fabric&, const MediaAssignment&);

} // namespace fp::bom
