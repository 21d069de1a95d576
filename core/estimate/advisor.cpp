// The practitioners' rule (comm-to-compute > 25 % -> InfiniBand, < 10 % -> Ethernet is fine) with a
// money comparison in between: TCO plus the cluster time the fabric loses. README.md ("Advice").
#include "estimate/advisor.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "common/format.h"
#include "estimate/collectives.h"
#include "estimate/model_constants.h"
#include "estimate/throughput.h"

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

// The cluster time a fabric loses over the horizon when it runs the job's collectives at `relative` of the
// fastest option's speed: commPct/100 x (1 - relative) x horizon x cluster USD/year, where cluster USD/year
// = (GPUs x compute capex per GPU + network capex) / horizon, so the horizon cancels out. README.md ("Advice").
double timeLostUsd(double relative, const ClusterSpec& spec, const Estimates& e)
{
    const double clusterUsd = double(spec.gpus) * model::kComputeCapexUsdPerGpu + e.capex.totalUsd;
    return spec.workload.commToComputePct / 100.0 * (1.0 - relative) * clusterUsd;
}

// The speed RoCE would run the job's collectives at misconfigured (PFC/ECN/DCQCN wrong), as the estimates'
// own --misconfigured-roce what-if models it (estimates.cpp): the NICs at kRoceMisconfiguredRelative
// (~50 %) of InfiniBand's efficiency instead of the tuned 86-93 %, everything else (hash collisions, NVLink
// domains, topology) as planned. With busbw: NCCL's pick at the largest size on that system (collectives.h),
// so an all-reduce bound by NVLink rather than the NICs barely moves; else efficiency x ECMP.
double misconfiguredRoceSpeed(const Estimates& e, bool busbw)
{
    const double efficiency = estimate::collectiveEfficiency(FabricKind::RoCE, 0, true);
    if (!busbw) return efficiency * e.performance.ecmpCollisionFactor;
    estimate::CollectiveSystem system = e.performance.collectives.system;
    system.nicEfficiency = efficiency;
    return estimate::pick(system, estimate::Collective::AllReduce, estimate::collectiveSizesBytes().back()).busbwGBps;
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
    // How fast each fabric runs the job's collectives: the all-reduce busbw NCCL would reach on it
    // (collectives.h: NVLink domains, the NICs, efficiency and ECMP together) when every option has one,
    // else efficiency x ECMP.
    bool allHaveBusbw = true;
    for (const auto& o : options) allHaveBusbw = allHaveBusbw && o.second.performance.allreduceBusbwGBps > 0;
    const auto speed = [allHaveBusbw](const Estimates& e) {
        return allHaveBusbw ? e.performance.allreduceBusbwGBps : effectiveEfficiency(e);
    };
    double bestEff = 0;
    FabricKind fastest = options.front().first;
    for (const auto& [kind, e] : options)
        if (speed(e) > bestEff) {
            bestEff = speed(e);
            fastest = kind;
        }
    const auto relative = [bestEff](double s) { return bestEff > 0 ? s / bestEff : 1.0; };
    const auto lost = [&](const Estimates& e) { return timeLostUsd(relative(speed(e)), spec, e); };
    auto find = [&](auto predicate) -> const std::pair<FabricKind, Estimates>* {
        const std::pair<FabricKind, Estimates>* best = nullptr;
        for (const auto& o : options)
            if (predicate(o.first) &&
                (!best || o.second.tcoUsd + lost(o.second) < best->second.tcoUsd + lost(best->second)))
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
        // One decimal, as the comparison table beside these lines prints it ("335.6", not "336").
        const std::string busbw =
            allHaveBusbw ? ", all-reduce busbw " + formatOneDecimal(e.performance.allreduceBusbwGBps) + " GB/s" : "";
        advice.reasons.push_back(std::string(displayName(kind)) + ": TCO " + formatUsdShort(e.tcoUsd) + " (capex " +
                                 formatUsdShort(e.capex.totalUsd) + "), efficiency " + pct(effectiveEfficiency(e)) + busbw +
                                 ", " + timeLostText(lost(e)) + ".");
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
    for (const auto& [kind, e] : options) {
        if (kind != FabricKind::RoCE) continue;
        const std::string head = "What-if misconfiguration: ";
        if (e.performance.efficiency <= estimate::collectiveEfficiency(FabricKind::RoCE, 0, true)) {
            advice.reasons.push_back(head + "RoCE's figures above already assume it (NICs at " +
                                     pct(model::kRoceMisconfiguredRelative) + " of InfiniBand's efficiency).");
            continue;
        }
        // The extra loss: the same time-lost formula at the misconfigured speed, less the modelled loss.
        const double misconfigured = misconfiguredRoceSpeed(e, allHaveBusbw);
        const double misconfiguredLostUsd = timeLostUsd(relative(misconfigured), spec, e);
        const double extraUsd = misconfiguredLostUsd - lost(e);
        std::string text = head + "with PFC/ECN/DCQCN set wrong, RoCE's NICs reach ~" +
                           pct(model::kRoceMisconfiguredRelative) + " of InfiniBand's efficiency, not the tuned " +
                           pct(e.performance.efficiency / model::kIbEfficiency) + ": its ";
        text += allHaveBusbw ? "all-reduce busbw would fall from " + formatOneDecimal(speed(e)) + " to " +
                                   formatOneDecimal(misconfigured) + " GB/s"
                             : "efficiency would fall from " + pct(speed(e)) + " to " + pct(misconfigured);
        text += formatUsdShort(extraUsd) == formatUsdShort(0)
                    ? ", which would lose no more cluster time."
                    : ", losing about " + formatUsdShort(extraUsd) + " more cluster time over the horizon (" +
                          formatUsdShort(misconfiguredLostUsd) + " in all).";
        // Tuned RoCE can already sit below the misconfiguration figure (hash collisions, split ports): say
        // so, so the reader does not take the ~50 % for a floor.
        if (fastest != FabricKind::RoCE && relative(speed(e)) <= model::kRoceMisconfiguredRelative)
            text += " Even tuned, it runs at " + pct(relative(speed(e))) + " of " + displayName(fastest) +
                    "'s speed here, below the ~" + pct(model::kRoceMisconfiguredRelative) +
                    " reported for misconfigured RoCE.";
        advice.reasons.push_back(text);
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
