#pragma once
// The rule that picks one plan among a fabric's candidates, for the fabric defaults (plan --fabric, the
// GUI's Technology combo) and the comparison alike: what an expert weighs, not capex alone.
//   1. Fewest design-rule errors (an error-free plan beats any plan with errors).
//   2. Among those, the cost of owning the network over the design's horizon: capex + network energy
//      (switches, optics, cables, fibre and NICs; estimate::opexOf, the figure the plan's TCO adds up)
//      x economics.horizonYears. Tuning is left out: it is the same for every candidate of a fabric.
//   3. Every candidate within kFewerTiersTolerance of the lowest ownership counts as cheap as it; among
//      them the fewest tiers, then the fewest switches, then the lowest ownership, then part names.
// The pick is a function of the set of candidates (not of the order they were planned in), and a
// candidate whose ownership is above the lowest's (1 + tolerance) can never be it: the comparison
// skips one whose lower bound is above that (plan/compare.cpp), with the same result as planning it.
// Why 2 %: the catalog's prices are estimates (data/catalog/README.md) whose spread between sources is
// several percent, so a TCO difference under 2 % is noise, while a tier less is fewer hops (latency),
// fewer optics to fail and fewer switches to run, an advantage the TCO does not price.
#include <cstddef>
#include <string>
#include <vector>

#include "plan/plan.h"

namespace fp::plan {

inline constexpr double kFewerTiersTolerance = 0.02;

// What a candidate's place in the ranking rests on.
struct RankFigures {
    int errors = 0;
    double ownershipUsd = 0;   // ownershipUsd(plan)
    int tiers = 0;
    long long switches = 0;
    std::string parts;         // switch(es) and NIC, for a stable order between equal candidates
};

// Capex + network energy over the horizon: estimates.capex.totalUsd + opex.energyUsdPerYear x
// economics.horizonYears. The plan's opex must be filled in (makePlan does; PlanOptions::findingsOnly
// plans too).
double ownershipUsd(const Plan&);
// Energy over the horizon of `watts` of network power, as estimate::opexOf prices it (PUE, $/kWh).
double energyUsdOver(double watts, const Economics&);
RankFigures rankFiguresOf(const Plan&);

// The ownership a candidate must be at or under to be weighed against the others: the lowest ownership
// among the candidates with the fewest errors, times (1 + kFewerTiersTolerance).
double toleranceCeilingUsd(double lowestOwnershipUsd);

// Whether `a` ranks before `b` when both are within the tolerance of the lowest (or both have the same
// errors and neither is): fewer tiers, then fewer switches, then lower ownership, then parts.
bool ranksBefore(const RankFigures& a, const RankFigures& b);

// The index of the pick among `candidates` by the rule above, or candidates.size() when empty.
std::size_t pickIndex(const std::vector<RankFigures>& candidates);

} // namespace fp::plan
