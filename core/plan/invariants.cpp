#include "plan/invariants.h"

#include "bom/cable_groups.h"
#include "plan/invariant_findings.h"
#include "plan/invariant_proofs.h"
#include "plan/plan.h"

namespace fp::checks {
namespace {

// One walk over the links vouches for the port, cage and cable-plan invariants (invariant_proofs.h); it
// needs the BOM for the last, so it runs after the BOM. The plain checks (invariant_findings.h) run for
// what it cannot vouch for, in the plain order: ports, cage contents, cage counts, then the cable plan
// against the BOM, dual-ToR pairs, straight cables. Without proofs, all of them (plainInvariants).
std::vector<Finding> check(const Plan& p, const EndCages& cageOfEnd, bool useProofs)
{
    std::vector<Finding> out;
    CageIndex ownCages;
    const CageIndex& cages = bom::cagesOf(p.fabric, p.media, ownCages);
    // One cable grouping for every check that reads it (the cable plan's, bom/cable_groups.h).
    const bom::CableGroups groups = bom::groupCables(p.fabric, p.media, cageOfEnd);
    const proofs::Verdict proven = useProofs ? proofs::prove(p, cages, groups) : proofs::Verdict{};
    // The proofs place every end in a cage of its own device; without them the plain per-cage checks,
    // which index by cage, need the ends checked first.
    const bool endsInRange = proven.portsAndCagesHold || findings::endsWithinCages(p.fabric, cages, cageOfEnd, out);
    if (!proven.portsAndCagesHold) {
        findings::portsUsedOnce(p.fabric, out);
        if (endsInRange) findings::oneKindPerCage(p, cages, cageOfEnd, out);
    }
    findings::cagesWithinHardware(p, cages, out);
    if (!proven.bomIsTheCablePlan && endsInRange) findings::bomIsTheCablePlan(p, cages, groups, cageOfEnd, out);
    findings::dualTorPairs(p.fabric, out);
    findings::straightCablesJoinTwoCages(p, groups, cageOfEnd, out);
    return out;
}

} // namespace

EndCages freshEndCages(const Plan& p)
{
    CageIndex ownCages;
    return EndCages(p.fabric, bom::cagesOf(p.fabric, p.media, ownCages));
}

std::vector<Finding> invariants(const Plan& p, const EndCages& cageOfEnd)
{
    return check(p, cageOfEnd, true);
}

std::vector<Finding> invariants(const Plan& p) { return check(p, freshEndCages(p), true); }

std::vector<Finding> plainInvariants(const Plan& p) { return check(p, freshEndCages(p), false); }

} // namespace fp::checks
