#pragma once
// The physical cables of a plan as link indices: the one grouping that both the cable plan
// (forEachCable) and the BOM's counts read, so the two cannot disagree. A cable carries one link,
// except a splitter or twin-port assembly (LinkSolution::linksPerCable > 1), whose single end fills one
// cage at the upper (B) end: the links of that cage with that solution, in port order, are its legs,
// linksPerCable at a time.
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "media/media.h"
#include "topology/cage_index.h"

namespace fp::bom {

struct CableGroups {
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    // Multi-leg cables only, flat: cable k's legs are legs[legStart[k] .. legStart[k + 1]), in port order,
    // and its leader (the lowest link index, where the cable plan lists it) is leaders[k].
    std::vector<std::uint32_t> leaders;
    std::vector<std::uint32_t> legStart{0};
    std::vector<std::uint32_t> legs;
    std::vector<std::uint32_t> cableOfLink;  // per link: its multi-leg cable, or kNone (empty: there are none)

    std::size_t multiLegCables() const { return leaders.size(); }
    std::span<const std::uint32_t> legsOf(std::size_t cable) const
    {
        return {legs.data() + legStart[cable], legs.data() + legStart[cable + 1]};
    }
    // The legs of the multi-leg cable `link` leads; empty when it leads none.
    std::span<const std::uint32_t> legsLedBy(std::size_t link) const
    {
        if (cableOfLink.empty() || cableOfLink[link] == kNone || leaders[cableOfLink[link]] != link) return {};
        return legsOf(cableOfLink[link]);
    }
    // False for a link that is a later leg of a cable another link leads.
    bool startsCable(std::size_t link) const
    {
        return cableOfLink.empty() || cableOfLink[link] == kNone || leaders[cableOfLink[link]] == link;
    }
    // The physical cables of `links` links: every link is one, but a multi-leg cable's later legs.
    std::size_t cableCount(std::size_t links) const { return links - (legs.size() - leaders.size()); }
};

// A cable of this solution carries several links (a splitter or twin-port assembly): the cable plan
// groups its links into cables.
inline bool isMultiLeg(const LinkSolution& s) { return s.linksPerCable > 1 && !s.cablePart.empty(); }
// Cages from media (media::select numbers them) or, for hand-made assignments, from the fabric alone;
// `own` holds the latter.
const CageIndex& cagesOf(const Fabric&, const MediaAssignment&, CageIndex& own);
// The cage of each end read through `EndCages` (the invariant check passes its own, plan/invariants.h).
CableGroups groupCables(const Fabric&, const MediaAssignment&, const EndCages&);
// The same, for callers without end cages at hand.
CableGroups groupCables(const Fabric&, const MediaAssignment&);

} // namespace fp::bom
