#pragma once
// The physical cables of a plan as link indices: the one grouping that both the cable plan
// (forEachCable) and the BOM's counts read, so the two cannot disagree. A cable carries one link,
// except a splitter or twin-port assembly (LinkSolution::linksPerCable > 1), whose single end fills one
// cage at the upper (B) end: the links of that cage with that solution, in port order, are its legs,
// linksPerCable at a time.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "media/media.h"
#include "topology/cage_index.h"

namespace fp::bom {

struct CableGroups {
    // Multi-leg cables only: first leg's link -> every leg's link, in port order. A link that is a
    // leg but not the first belongs to no key and starts no cable.
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> legsOfLeader;
    std::vector<bool> followerLeg;  // per link, true when another link leads its cable (empty: none)

    bool startsCable(std::size_t link) const { return followerLeg.empty() || !followerLeg[link]; }
};

// Cages from media (media::select numbers them) or, for hand-made assignments, from the fabric alone.
CageIndex cagesOf(const Fabric&, const MediaAssignment&);
CableGroups groupCables(const Fabric&, const MediaAssignment&, const CageIndex&);

} // namespace fp::bom
