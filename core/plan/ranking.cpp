#include "plan/ranking.h"

#include <algorithm>
#include <tuple>

#include "estimate/model_constants.h"

namespace fp::plan {

double energyUsdOver(double watts, const Economics& eco)
{
    // As estimate::opexOf: kW x PUE x hours a year x $/kWh, over the horizon.
    return watts / 1000.0 * eco.pue * model::kHoursPerYear * eco.powerUsdPerKwh * eco.horizonYears;
}

double ownershipUsd(const Plan& p)
{
    return p.estimates.capex.totalUsd + p.estimates.opex.energyUsdPerYear * p.spec.economics.horizonYears;
}

RankFigures rankFiguresOf(const Plan& p)
{
    RankFigures f;
    f.errors = p.errorCount();
    f.ownershipUsd = ownershipUsd(p);
    f.tiers = p.fabric.shape.tiers;
    f.switches = p.fabric.switchCount();
    f.parts = p.hardware.switchesText(3) + " / " + p.hardware.nic.partNumber;
    return f;
}

double toleranceCeilingUsd(double lowestOwnershipUsd) { return lowestOwnershipUsd * (1.0 + kFewerTiersTolerance); }

bool ranksBefore(const RankFigures& a, const RankFigures& b)
{
    return std::tie(a.tiers, a.switches, a.ownershipUsd, a.parts) < std::tie(b.tiers, b.switches, b.ownershipUsd, b.parts);
}

std::size_t pickIndex(const std::vector<RankFigures>& candidates)
{
    if (candidates.empty()) return 0;
    int fewestErrors = candidates.front().errors;
    for (const RankFigures& c : candidates) fewestErrors = std::min(fewestErrors, c.errors);
    double lowest = -1;
    for (const RankFigures& c : candidates)
        if (c.errors == fewestErrors && (lowest < 0 || c.ownershipUsd < lowest)) lowest = c.ownershipUsd;
    const double ceiling = toleranceCeilingUsd(lowest);
    std::size_t pick = candidates.size();
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RankFigures& c = candidates[i];
        if (c.errors != fewestErrors || c.ownershipUsd > ceiling) continue;
        if (pick == candidates.size() || ranksBefore(c, candidates[pick])) pick = i;
    }
    return pick;
}

} // namespace fp::plan
