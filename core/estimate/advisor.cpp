// The practitioners' rule (comm-to-compute > 25 % -> InfiniBand, < 10 % -> Ethernet is fine) with a
// money comparison in between: TCO plus the cluster time the fabric loses. README.md ("Advice").
#include "estimate/advisor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "common/format.h"
#include "estimate/model_constants.h"

namespace fp {
namespace {

// Money reads as in the comparison table and the summary: formatUsdShort ("$20.52 B", "$456 k").
// The best fabric loses no time against itself: say so rather than "time lost $0".
std::string timeLostText(double usd)
{
    return formatUsdShort(usd) == formatUsdShort(0) ? "no cluster time lost" : "time lost " + formatUsdShort(usd);
}

std::string pct(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f %%", fraction * 100.0);
    return buf;
}

double effectiveEfficiency(const Estimates& e)
{
    return e.performance.efficiency * e.performance.ecmpCollisionFactor;
}

} // namespace

Advice advise(const std::vector<std::pair<FabricKind, Estimates>>& options, const ClusterSpec& spec)
{
    Advice advice;
    if (options.empty()) {
        advice.recommended = spec.fabric;
        advice.reasons.push_back("No fabric to compare.");
        return advice;
    }
    const double commPct = spec.workload.commToComputePct;
    const double horizon = std::max(1, spec.economics.horizonYears);
    // How fast each fabric runs the job's collectives: the all-reduce busbw NCCL would reach on it
    // (collectives.h: NVLink domains, the NICs, efficiency and ECMP together) when every option has one,
    // else efficiency x ECMP.
    bool allHaveBusbw = true;
    for (const auto& o : options) allHaveBusbw = allHaveBusbw && o.second.performance.allreduceBusbwGBps > 0;
    const auto speed = [allHaveBusbw](const Estimates& e) {
        return allHaveBusbw ? e.performance.allreduceBusbwGBps : effectiveEfficiency(e);
    };
    double bestEff = 0;
    for (const auto& [kind, e] : options) bestEff = std::max(bestEff, speed(e));

    // Value of the cluster's time per year: compute plus network capex spread over the horizon.
    auto timeLostUsd = [&](const Estimates& e) {
        const double clusterUsdPerYear =
            (double(spec.gpus) * model::kComputeCapexUsdPerGpu + e.capex.totalUsd) / horizon;
        const double relative = bestEff > 0 ? speed(e) / bestEff : 1.0;
        return commPct / 100.0 * (1.0 - relative) * horizon * clusterUsdPerYear;
    };
    auto find = [&](auto predicate) -> const std::pair<FabricKind, Estimates>* {
        const std::pair<FabricKind, Estimates>* best = nullptr;
        for (const auto& o : options)
            if (predicate(o.first) && (!best || o.second.tcoUsd + timeLostUsd(o.second) <
                                                    best->second.tcoUsd + timeLostUsd(best->second)))
                best = &o;
        return best;
    };
    auto cheapest = [&](auto predicate) -> const std::pair<FabricKind, Estimates>* {
        const std::pair<FabricKind, Estimates>* best = nullptr;
        for (const auto& o : options)
            if (predicate(o.first) && (!best || o.second.tcoUsd < best->second.tcoUsd)) best = &o;
        return best;
    };
    const auto any = [](FabricKind) { return true; };

    const std::pair<FabricKind, Estimates>* pick = nullptr;
    char line[256];
    if (commPct > model::kLeanInfiniBandAbovePct) {
        pick = find([](FabricKind k) { return k == FabricKind::InfiniBand; });
        std::snprintf(line, sizeof line,
                      "Communication is %.0f %% of step time (> %.0f %%): the fabric's efficiency and tail latency "
                      "dominate, so lean InfiniBand.",
                      commPct, model::kLeanInfiniBandAbovePct);
        advice.reasons.push_back(line);
        if (!pick) {
            pick = find(any);
            advice.reasons.push_back("InfiniBand was not among the options; the most efficient option after cost wins.");
        }
    } else if (commPct < model::kEthernetFineBelowPct) {
        pick = cheapest([](FabricKind k) { return isEthernet(k); });
        std::snprintf(line, sizeof line,
                      "Communication is %.0f %% of step time (< %.0f %%): fabric efficiency barely moves the job, "
                      "so Ethernet is fine; the lowest TCO wins.",
                      commPct, model::kEthernetFineBelowPct);
        advice.reasons.push_back(line);
        if (!pick) pick = cheapest(any);
    } else {
        pick = find(any);
        std::snprintf(line, sizeof line,
                      "Communication is %.0f %% of step time (between %.0f and %.0f %%): weighing TCO against the "
                      "cluster time each fabric loses over %d years.",
                      commPct, model::kEthernetFineBelowPct, model::kLeanInfiniBandAbovePct,
                      spec.economics.horizonYears);
        advice.reasons.push_back(line);
    }
    advice.recommended = pick->first;

    for (const auto& [kind, e] : options) {
        char busbw[48] = "";
        if (allHaveBusbw)
            std::snprintf(busbw, sizeof busbw, ", all-reduce busbw %.0f GB/s", e.performance.allreduceBusbwGBps);
        advice.reasons.push_back(std::string(displayName(kind)) + ": TCO " + formatUsdShort(e.tcoUsd) + " (capex " +
                                 formatUsdShort(e.capex.totalUsd) + "), efficiency " + pct(effectiveEfficiency(e)) + busbw +
                                 ", " + timeLostText(timeLostUsd(e)) + ".");
    }

    // What-ifs.
    if (spec.nodes() > model::kRoceCautionNodes)
        for (const auto& o : options)
            if (o.first == FabricKind::RoCE) {
                std::snprintf(line, sizeof line,
                              "What-if scale: %s nodes is above the ~%s nodes where PFC-based RoCE is reported to "
                              "get hard to operate; budget more tuning or prefer adaptive routing.",
                              withThousands(spec.nodes()).c_str(), withThousands(model::kRoceCautionNodes).c_str());
                advice.reasons.push_back(line);
                break;
            }
    for (const auto& [kind, e] : options)
        if (kind == FabricKind::RoCE) {
            // horizon x cluster $/year = the cluster's whole capex.
            const double lostUsd = commPct / 100.0 * (1.0 - model::kRoceMisconfiguredRelative) *
                                   (double(spec.gpus) * model::kComputeCapexUsdPerGpu + e.capex.totalUsd);
            advice.reasons.push_back("What-if misconfiguration: RoCE at ~50 % of IB would lose about " +
                                     formatUsdShort(lostUsd) + " of cluster time over the horizon.");
        }
    for (const auto& [kind, e] : options) {
        if (kind != pick->first || e.capex.totalUsd <= 0) continue;
        const double opticsShare = (e.capex.transceiversUsd + e.capex.fibreUsd) / e.capex.totalUsd;
        if (opticsShare > 0.3)
            advice.reasons.push_back("What-if optics cost: optics are " + pct(opticsShare) +
                                     " of network capex; third-party optics or more copper would lower it.");
    }
    return advice;
}

Advice adviseBuildable(const std::vector<FabricOption>& options, const ClusterSpec& spec)
{
    std::vector<std::pair<FabricKind, Estimates>> buildable;
    for (const auto& o : options)
        if (o.errors == 0) buildable.emplace_back(o.fabric, o.estimates);
    const bool noneBuildable = buildable.empty() && !options.empty();
    if (noneBuildable)
        for (const auto& o : options) buildable.emplace_back(o.fabric, o.estimates);
    Advice advice = advise(buildable, spec);
    for (const auto& o : options) {
        if (o.errors == 0) continue;
        advice.reasons.push_back(std::string(displayName(o.fabric)) + ": not buildable, its plan has " +
                                 counted(o.errors, "design-rule error") +
                                 (noneBuildable ? "." : "; not recommended."));
    }
    if (noneBuildable) {
        advice.recommendedBuildable = false;
        advice.reasons.insert(advice.reasons.begin(),
                              "No fabric plans without design-rule errors: fix the errors before choosing; " +
                                  std::string(displayName(advice.recommended)) +
                                  " is only the rule's pick among plans that cannot be built as they are.");
    }
    return advice;
}

} // namespace fp
