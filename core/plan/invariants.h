#pragma once
// Invariants every plan must hold, checked after the BOM (so here in plan/, above bom/). Each broken
// invariant is an error Finding with a stable rule id (core/checks/README.md, core/media/README.md):
//   invariant.port-reused    a (device, port) carries more than one link
//   invariant.cage-mixed     a cage holds links that chose different parts, or more links than its part has ports
//   invariant.part-missing   a cage carries links but its solution puts no module or cable end in it
//                            (a part with a leg unused, e.g. a twin-port module on one link, is fine)
//   invariant.cage-overflow  a device uses more cages than its hardware has
//   invariant.link-missing   a link is in no cable of the cable plan, or in more than one
//   invariant.bom-mismatch   the BOM's module or cable quantity of a part differs from the cable plan's count
//   invariant.dual-tor-pair  with dual-ToR, a NIC's two links of a plane are not on the two leaves of one pair
//   invariant.straight-split a straight multi-link assembly (one connector per end) has legs in two far cages
#include <cstdint>
#include <vector>

#include "common/finding.h"
#include "topology/cage_index.h"

namespace fp {
struct Plan;
namespace checks {
std::vector<Finding> invariants(const Plan&);
// The same findings from the plain checks alone, without the fast proof that a plan holds
// (plan/invariant_proofs.h): what the tests compare invariants() with.
std::vector<Finding> plainInvariants(const Plan&);
// The cage of each link end as the fabric stands (not media's copy: the check recounts the plan
// itself), computed as the check reads it from a per-device table (topology/cage_index.h EndCages)
// rather than stored per link. One walk over the links serves the port, cage and cable-plan invariants
// alike and needs the BOM for the last. invariants(p) is invariants(p, freshEndCages(p)).
EndCages freshEndCages(const Plan&);
std::vector<Finding> invariants(const Plan&, const EndCages& endCages);
} // namespace checks
} // namespace fp
