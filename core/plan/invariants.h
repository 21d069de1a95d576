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
#include <memory>
#include <optional>
#include <vector>

#include "bom/cable_groups.h"
#include "common/finding.h"
#include "plan/invariant_proofs.h"
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

// What the invariant checks of one floor's plans share (plan_stages.h FloorMemo): the cable grouping and
// the proof's walk, read by a plan with the same cages, solution numbers and multi-leg solutions as the
// plan that filled them (and, for the walk, the same kinds of part: proofs::Walk), else worked out again.
// Plans of one floor have one fabric; that is the caller's to keep.
struct InvariantMemo {
    CageIndex cages;
    std::vector<std::uint32_t> solutionOfLink;
    std::vector<int> multiLegOf;  // per solution: links per cable when multi-leg (bom::isMultiLeg), else 0
    std::shared_ptr<const bom::CableGroups> groups;
    proofs::Walk walk;
};

// invariants(p) in two steps, so that its walk over the links can run beside the BOM: the constructor
// checks what the fabric and media decide (reads p.fabric, p.media, p.hardware, never p.bom), and
// findings() adds the cable plan against the BOM, once p.bom is done. Same findings, same order.
class InvariantCheck {
public:
    // `memo`: what an earlier plan of the same floor worked out (InvariantMemo), or null.
    explicit InvariantCheck(const Plan&, InvariantMemo* memo = nullptr);
    // With the end cages given; useProofs false: the plain checks alone (plainInvariants).
    InvariantCheck(const Plan&, EndCages endCages, bool useProofs, InvariantMemo* memo = nullptr);
    InvariantCheck(const InvariantCheck&) = delete;  // keeps pointers into itself
    InvariantCheck& operator=(const InvariantCheck&) = delete;
    std::vector<Finding> findings(const Plan&) const;

private:
    EndCages cageOfEnd_;
    CageIndex ownCages_;
    const CageIndex* cages_;
    std::shared_ptr<const bom::CableGroups> groups_;
    std::optional<proofs::Proof> proof_;
    bool endsInRange_ = false;
    std::vector<Finding> beforeBom_, afterBom_;  // the findings before and after the BOM's, in check order
};
} // namespace checks
} // namespace fp
