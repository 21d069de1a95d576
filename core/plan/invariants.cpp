#include "plan/invariants.h"

#include <utility>

#include "bom/cable_groups.h"
#include "plan/invariant_findings.h"
#include "plan/invariant_proofs.h"
#include "plan/plan.h"

namespace fp::checks {
namespace {

bool sameCages(const CageIndex& a, const CageIndex& b)
{
    return a.firstCage == b.firstCage && a.planes == b.planes && a.cagesPerNic == b.cagesPerNic &&
           a.linksPerNicCage == b.linksPerNicCage && a.nicsPerHostCage == b.nicsPerHostCage &&
           a.portsPerCageOfDevice == b.portsPerCageOfDevice;
}

// The cable grouping of this plan: the memo's when it was grouped for the same cages, solution numbers
// and multi-leg solutions (groupCables reads nothing else of the plan but its fabric), else grouped here
// (and kept, with the memo's walk dropped: it was made for the old grouping).
std::shared_ptr<const bom::CableGroups> groupsOf(const Plan& p, const CageIndex& cages, const EndCages& ends,
                                                 InvariantMemo* memo)
{
    if (!memo) return std::make_shared<const bom::CableGroups>(bom::groupCables(p.fabric, p.media, ends));
    std::vector<int> multiLegOf(p.media.solutions.size(), 0);
    for (std::size_t s = 0; s < multiLegOf.size(); ++s)
        if (bom::isMultiLeg(p.media.solutions[s])) multiLegOf[s] = p.media.solutions[s].linksPerCable;
    if (memo->groups && memo->multiLegOf == multiLegOf && memo->solutionOfLink == p.media.solutionOfLink &&
        sameCages(memo->cages, cages))
        return memo->groups;
    memo->cages = cages;
    memo->solutionOfLink = p.media.solutionOfLink;
    memo->multiLegOf = std::move(multiLegOf);
    memo->walk = {};
    memo->groups = std::make_shared<const bom::CableGroups>(bom::groupCables(p.fabric, p.media, ends));
    return memo->groups;
}

} // namespace

// One walk over the links vouches for the port, cage and cable-plan invariants (invariant_proofs.h); it
// needs the BOM for the last, so that comparison waits for findings(). The plain checks
// (invariant_findings.h) run for what it cannot vouch for, in the plain order: ports, cage contents, cage
// counts, then the cable plan against the BOM, dual-ToR pairs, straight cables. Without proofs, all of them.
InvariantCheck::InvariantCheck(const Plan& p, EndCages endCages, bool useProofs, InvariantMemo* memo)
    : cageOfEnd_(std::move(endCages)), cages_(&bom::cagesOf(p.fabric, p.media, ownCages_)),
      // One cable grouping for every check that reads it (the cable plan's, bom/cable_groups.h).
      groups_(groupsOf(p, *cages_, cageOfEnd_, memo))
{
    if (useProofs) proof_.emplace(p, *cages_, *groups_, memo ? &memo->walk : nullptr);
    const bool portsAndCagesHold = proof_ && proof_->portsAndCagesHold();
    // The proofs place every end in a cage of its own device; without them the plain per-cage checks,
    // which index by cage, need the ends checked first.
    endsInRange_ = portsAndCagesHold || findings::endsWithinCages(p.fabric, *cages_, cageOfEnd_, beforeBom_);
    if (!portsAndCagesHold) {
        findings::portsUsedOnce(p.fabric, beforeBom_);
        if (endsInRange_) findings::oneKindPerCage(p, *cages_, cageOfEnd_, beforeBom_);
    }
    findings::cagesWithinHardware(p, *cages_, beforeBom_);
    findings::dualTorPairs(p.fabric, afterBom_);
    findings::straightCablesJoinTwoCages(p, *groups_, cageOfEnd_, afterBom_);
}

InvariantCheck::InvariantCheck(const Plan& p, InvariantMemo* memo) : InvariantCheck(p, freshEndCages(p), true, memo) {}

std::vector<Finding> InvariantCheck::findings(const Plan& p) const
{
    std::vector<Finding> out = beforeBom_;
    if (!(proof_ && proof_->bomIsTheCablePlan(p.bom)) && endsInRange_)
        findings::bomIsTheCablePlan(p, *cages_, *groups_, cageOfEnd_, out);
    out.insert(out.end(), afterBom_.begin(), afterBom_.end());
    return out;
}

EndCages freshEndCages(const Plan& p)
{
    CageIndex ownCages;
    return EndCages(p.fabric, bom::cagesOf(p.fabric, p.media, ownCages));
}

std::vector<Finding> invariants(const Plan& p, const EndCages& cageOfEnd)
{
    return InvariantCheck(p, cageOfEnd, true).findings(p);
}

std::vector<Finding> invariants(const Plan& p) { return InvariantCheck(p).findings(p); }

std::vector<Finding> plainInvariants(const Plan& p) { return InvariantCheck(p, freshEndCages(p), false).findings(p); }

} // namespace fp::checks
