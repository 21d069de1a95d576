#pragma once
// A fast proof that a plan keeps its port, cage and cable-plan invariants (plan/invariants.h), for the
// plans that do. It recounts the plan from the fabric, as the plain checks (plan/invariant_findings.h)
// do, but in one sequential walk over the links with two bytes per cage, and says only whether those
// checks would report nothing; at the first thing out of the ordinary (a reused port, a second kind of
// part in a cage, a count that differs) it gives up without naming it, and the plain checks then run
// and word every finding. So a sound plan is checked fast and a broken one reports what the plain
// checks say; tests/core/test_invariants.cpp compares the two on plans with planted defects.
#include <cstdint>
#include <string>
#include <vector>

#include "bom/bom.h"
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

// Part numbers with a quantity each, for the few parts of a plan or a BOM category.
class PartTotals {
public:
    void add(const std::string& part, long long qty);
    long long of(const std::string& part) const;
    // The same quantity of every part, a missing part counting as zero.
    bool sameAs(const PartTotals&) const;

private:
    std::vector<std::string> parts_;
    std::vector<long long> qty_;
};

// What the proof's walk over the links found, and what it depended on beyond the fabric, the cages, the
// solution numbers and the cable grouping: the kind of part each solution puts at each end (numbered by
// first sight) with each kind's ports and flags, and the link classes excused. Plans of one floor with
// the same of all these walk alike (plan_stages.h FloorMemo), so a later one reads the walk.
struct Walk {
    std::vector<std::uint16_t> kindAt;     // per solution, excused, end: kind << 8 (as the walk reads it)
    std::vector<std::uint32_t> kindShapes;  // per kind: ports << 2 | module << 1 | excused
    std::vector<bool> excusedClasses;
    bool done = false;                     // the walk ran (else: nothing below is known)
    bool portsAndCagesHold = false, crowdedButExcused = false, cablesSound = false;
    std::vector<long long> cagesOfKind, cablesOf;  // per kind id, per solution
};

// prove() in two steps, so that the walk over the links can run while the BOM is still being collected:
// the walk reads the plan's fabric and media only; the BOM is compared with what it counted afterwards.
class Proof {
public:
    // `memo`: a walk of a plan with the same fabric, cages, solution numbers and cable grouping (the
    // caller's to vouch for), read when it depended on the same kinds, else replaced by this plan's.
    Proof(const Plan&, const CageIndex&, const bom::CableGroups&, Walk* memo = nullptr);
    bool portsAndCagesHold() const { return portsAndCagesHold_; }
    // Whether the BOM's module and cable quantities are the cable plan's (false: the proof cannot say).
    bool bomIsTheCablePlan(const Bom&) const;

private:
    bool portsAndCagesHold_ = false;
    bool counted_ = false;  // the cable plan's totals below are sound
    PartTotals planModules_, planCables_;
};

} // namespace checks::proofs
} // namespace fp
