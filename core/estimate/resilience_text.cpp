#include "estimate/resilience_text.h"

#include <algorithm>
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

// "4.65 failures/month (3.32 optics)"
std::string failuresText(double perMonth, double opticsPerMonth)
{
    return formatTwoDecimals(perMonth) + " failures/month (" + formatTwoDecimals(opticsPerMonth) + " optics)";
}

// "spares by 99 % service level: "
std::string serviceLevelHead(double stockoutTargetPct)
{
    char level[32];
    std::snprintf(level, sizeof level, "%g", 100.0 - stockoutTargetPct);
    return std::string("spares by ") + level + " % service level: ";
}

} // namespace

std::string partFailuresSummary(const Resilience& r) { return failuresText(r.failuresPerMonth, opticsPerMonth(r)); }

std::string resilienceSummary(const Resilience& r)
{
    if (!r.describesJobs)  // a storage or management network: its parts fail, no compute job runs on it
        return partFailuresSummary(r) + "; no compute job runs on this network, so failure domains and job "
                                        "interruptions are the compute fabric's";
    // The interruption rate with its low-high range (failure_ranges.h): the central figure is the plan's.
    std::string s = partFailuresSummary(r) + "; " + formatPerDay(r.jobInterruptionsPerDay) + " network interruptions/day (" +
                    formatPerDay(interruptionsPerDay(r, RateBound::Low)) + "-" +
                    formatPerDay(interruptionsPerDay(r, RateBound::High)) + ") for a job on all " +
                    withThousands(r.clusterGpus) + " GPUs";
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
    resilience::SpareTotals spares;
    for (const Resilience* r : networks) {
        perMonth += r->failuresPerMonth;
        optics += opticsPerMonth(*r);
        const resilience::SpareTotals t = resilience::spareTotals(*r);
        spares.byServiceLevel += t.byServiceLevel;
        spares.byPercentRule += t.byPercentRule;
    }
    // The first network's stock-out target, as pooledSpares takes it (every network's is the plan's option).
    const double target = networks.empty() ? kDefaultStockoutTargetPct : networks.front()->stockoutTargetPct;
    return failuresText(perMonth, optics) + "; " + serviceLevelHead(target) + counted(spares.byServiceLevel, "part") +
           " as each network sizes them, " + withThousands(resilience::pooledSpares(networks)) +
           " pooled by part number (percentage rule: " + withThousands(spares.byPercentRule) + ")";
}

std::string sparesSummary(const Resilience& r)
{
    const resilience::SpareTotals t = resilience::spareTotals(r);
    const bool assumed = std::any_of(r.spares.begin(), r.spares.end(), [](const SpareSizing& s) { return s.reorderDaysAssumed; });
    std::string s = serviceLevelHead(r.stockoutTargetPct) + counted(t.byServiceLevel, "part") +
                    " (percentage rule: " + withThousands(t.byPercentRule) + ")";
    if (assumed) s += "; reorder time " + std::to_string(r.defaultReorderDays) + " d assumed (no lead times in the catalog)";
    return s;
}

} // namespace fp
