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

namespace fp {
struct Plan;
namespace checks {
std::vector<Finding> invariants(const Plan&);  // cageInvariants, then cableInvariants
// The two independent halves, so that a large plan can check them on two cores (plan/plan.cpp):
// ports, cage contents and cage counts; and the cable plan against the BOM, dual-ToR pairs, straight
// cables. Both read the cage of each link end as the fabric stands (freshEndCages), not media's copy:
// the checks recount the plan itself.
std::vector<std::uint32_t> freshEndCages(const Plan&);
std::vector<Finding> cageInvariants(const Plan&, const std::vector<std::uint32_t>& endCages);
std::vector<Finding> cableInvariants(const Plan&, const std::vector<std::uint32_t>& endCages);
} // namespace checks
} // namespace fp
