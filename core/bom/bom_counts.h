#pragma once
// Physical quantities per LinkSolution, computed in one pass over the links (no per-link strings):
// twin-port modules and splitter cables are counted per device end, so that
// modules = sum over devices of ceil(links of that device with that solution / links per module).
#include <vector>

#include "media/media.h"
#include "topology/fabric.h"

namespace fp::bom {

struct SolutionCounts {
    long long links = 0;
    long long modulesA = 0;   // transceivers at the lower-tier ends (0 for assemblies)
    long long modulesB = 0;   // transceivers at the upper-tier ends
    long long cables = 0;     // assemblies or fibre cords; a splitter serves linksPerCable links
};

// One entry per MediaAssignment::solutions. A splitter cable's common end is the B (upper-tier) end:
// the switch cage; its legs go to the A ends.
std::vector<SolutionCounts> countPerSolution(const Fabric&, const MediaAssignment&);

} // namespace fp::bom
