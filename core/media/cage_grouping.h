#pragma once
// The cage groups of a fabric: links that must share one part because they share a cage. A cage holds
// one module or one cable end, so every link through it uses the same part there: links are joined
// (union-find) through the cages they share at either end. Links of different classes are never joined
// (a cage should not mix classes; the invariant check says so). This needs the fabric and the cages
// alone, not the floor layout, so plan.cpp computes it while the layout is placed; media::select then
// sizes each group for its longest link.
#include <cstdint>
#include <optional>
#include <vector>

#include "catalog/hardware.h"
#include "topology/cage_index.h"
#include "topology/fabric.h"

namespace fp::media {

struct CageGrouping {
    CageIndex cages;
    // The cage of every link end, [2i] lower (a), [2i + 1] upper (b), numbered as `cages`: for the
    // grouping's passes and the BOM's count (bom::collect), not kept in any plan.
    std::vector<std::uint32_t> cageOfEnd;
    // The table cageOfEnd was read from (EndCages of the fabric and `cages`): the invariant check reads each
    // end's cage from one like it (checks::freshEndCages), so a plan on this grouping's own cages hands it
    // this one instead of making it again (plan.cpp planOnFloor).
    std::optional<EndCages> ends;
    std::vector<std::uint32_t> rootOfLink;  // the group's root link: links of one group share it
    // Per root: the most links any cage of the group carries at the lower / upper end, and whether
    // every cage's links land in one cage at the far end (only then can a straight multi-link assembly,
    // e.g. a twin-port-to-twin-port DAC/ACC, carry them).
    std::vector<std::uint8_t> carriedA, carriedB, aligned;
};

CageGrouping groupByCage(const Fabric&, const Hardware&);

// Frees the groups (rootOfLink, carried*, aligned) once media::select has solved them, keeping the
// cages and each end's cage, which the BOM reads (and `ends`, for the invariant check).
void releaseGroups(CageGrouping&);

} // namespace fp::media
