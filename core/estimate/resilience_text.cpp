#include "estimate/resilience_text.h"

#include <cstdio>

#include "common/format.h"
#include "estimate/failure_ranges.h"

namespace fp {

const FailureDomain* worstDomain(const Resilience& r)
{
    const FailureDomain* worst = nullptr;
    for (const FailureDomain& d : r.domains)
        if (d.gpusDisconnected > 0 && (!worst || d.gpusDisconnected > worst->gpusDisconnected)) worst = &d;
    return worst;
}

std::string bandwidthLeftText(const FailureDomain& d)
{
    if (d.gpusDegraded == 0 && d.gpusDisconnected > 0) return "0 % (cut off)";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", d.bandwidthLeftPct);
    return buf;
}

std::string failuresPerYearText(const FailureDomain& d)
{
    switch (rowRate(d)) {
    case RowRate::InNicPortRow: return "in NIC port row";
    case RowRate::NoPart: return "no part rate";
    case RowRate::Own: break;
    }
    return formatTwoDecimals(d.eventsPerYear);
}

namespace {

double opticsPerMonth(const Resilience& r)
{
    double optics = 0;
    for (const ClassFailures& e : r.expected)
        if (e.cls == PartClass::TransceiverMultimode || e.cls == PartClass::TransceiverSingleMode ||
            e.cls == PartClass::Aoc)
            optics += e.perMonth;
    return optics;
}

} // namespace

std::string partFailuresSummary(const Resilience& r)
{
    return formatTwoDecimals(r.failuresPerMonth) + " failures/month (" + formatTwoDecimals(opticsPerMonth(r)) + " optics)";
}

std::string resilienceSummary(const Resilience& r)
{
    if (!r.describesJobs)  // a storage or management network: its parts fail, no compute job runs on it
        return partFailuresSummary(r) + "; no compute job runs on this network, so failure domains and job "
                                        "interruptions are the compute fabric's";
    const double optics = opticsPerMonth(r);
    char buf[320];
    // The interruption rate with its low-high range (failure_ranges.h): the central figure is the plan's.
    std::snprintf(buf, sizeof buf,
                  "%s failures/month (%s optics); %s network interruptions/day (%s-%s) for a job on all %s GPUs",
                  formatTwoDecimals(r.failuresPerMonth).c_str(), formatTwoDecimals(optics).c_str(), formatPerDay(r.jobInterruptionsPerDay).c_str(),
                  formatPerDay(interruptionsPerDay(r, RateBound::Low)).c_str(),
                  formatPerDay(interruptionsPerDay(r, RateBound::High)).c_str(), withThousands(r.clusterGpus).c_str());
    std::string s = buf;
    if (r.jobInterruptionsPerDay > 0)
        s += " (one every " + formatOneDecimal(1.0 / r.jobInterruptionsPerDay) + " days)";  // "3,169.7", as everywhere
    if (const FailureDomain* w = worstDomain(r))
        s += "; worst single failure: " + w->component + " cuts off " + withThousands(w->gpusDisconnected) + " GPUs";
    else
        s += "; no single failure cuts a GPU off";
    return s;
}

std::string clusterPartsSummary(const std::vector<const Resilience*>& networks)
{
    double perMonth = 0, optics = 0;
    long long byLevel = 0, byPercent = 0;
    double target = kDefaultStockoutTargetPct;
    for (const Resilience* r : networks) {
        perMonth += r->failuresPerMonth;
        optics += opticsPerMonth(*r);
        for (const SpareSizing& s : r->spares) byLevel += s.spares, byPercent += s.sparesPercentRule;
        target = r->stockoutTargetPct;
    }
    char level[32];
    std::snprintf(level, sizeof level, "%g", 100.0 - target);
    return formatTwoDecimals(perMonth) + " failures/month (" + formatTwoDecimals(optics) + " optics); spares by " + level +
           " % service level: " + counted(byLevel, "part") + " as each network sizes them, " +
           withThousands(resilience::pooledSpares(networks)) + " pooled by part number (percentage rule: " +
           withThousands(byPercent) + ")";
}

std::string sparesSummary(const Resilience& r)
{
    long long byLevel = 0, byPercent = 0;
    bool assumed = false;
    for (const SpareSizing& s : r.spares) {
        byLevel += s.spares;
        byPercent += s.sparesPercentRule;
        assumed = assumed || s.reorderDaysAssumed;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", 100.0 - r.stockoutTargetPct);
    std::string s = std::string("spares by ") + buf + " % service level: " + counted(byLevel, "part") +
                    " (percentage rule: " + withThousands(byPercent) + ")";
    if (assumed) s += "; reorder time " + std::to_string(r.defaultReorderDays) + " d assumed (no lead times in the catalog)";
    return s;
}

} // namespace fp
