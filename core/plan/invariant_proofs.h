#pragma once
// A fast proof that a plan keeps its port, cage and cable-plan invariants (plan/invariants.h), for the
// plans that do. It recounts the plan from the fabric, as the plain checks (plan/invariant_findings.h)
// do, but in one sequential walk over the links with two bytes per cage, and says only whether those
// checks would report nothing; at the first thing out of the ordinary (a reused port, a second kind of
// part in a cage, a count that differs) it gives up without naming it, and the plain checks then run
// and word every finding. So a sound plan is checked fast and a broken one reports what the plain
// checks say; tests/core/test_invariants.cpp compares the two on plans with planted defects.
#include "bom/cable_groups.h"

namespace fp {
struct Plan;
namespace checks::proofs {

struct Verdict {
    bool portsAndCagesHold = false;  // findings::portsUsedOnce and findings::oneKindPerCage report nothing
    bool bomIsTheCablePlan = false;  // findings::bomIsTheCablePlan reports nothing
};
// `groups`: the cable plan's grouping (bom::groupCables) of this plan.
Verdict prove(const Plan&, const CageIndex&, const bom::CableGroups&);

} // namespace checks::proofs
} // namespace fp
