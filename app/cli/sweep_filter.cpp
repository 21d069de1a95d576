#include "sweep_filter.h"

namespace fp::cli {

bool SweepFilter::passes(const SweepRow& r) const
{
    if (!active()) return true;
    if (!r.planned) return false;
    if (maxCapexUsd && r.capexUsd > *maxCapexUsd) return false;
    if (maxPowerKw && r.powerKw > *maxPowerKw) return false;
    if (minBusbwGBps && r.allreduceBusbwGBps < *minBusbwGBps) return false;
    return true;
}

std::vector<bool> SweepFilter::passing(const std::vector<SweepRow>& rows) const
{
    std::vector<bool> out(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) out[i] = passes(rows[i]);
    return out;
}

} // namespace fp::cli
