#include "plan/plan_figures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.h"
#include "estimate/failure_ranges.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"

namespace fp {
namespace {

// Every floating-point number of a JSON document (the design section is small and table-driven, so it
// is read through its own JSON rather than a second list of its fields).
void forEachFloat(const nlohmann::json& j, const std::function<void(double)>& figure)
{
    if (j.is_number_float()) figure(j.get<double>());
    else if (j.is_structured())
        for (const auto& v : j) forEachFloat(v, figure);
}

// JSON pointer of the first non-finite number, if any.
std::optional<std::string> firstNonFinite(const nlohmann::json& j, const std::string& path)
{
    if (j.is_number_float()) {
        if (!std::isfinite(j.get<double>())) return path.empty() ? "/" : path;
        return std::nullopt;
    }
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (auto p = firstNonFinite(it.value(), path + "/" + it.key())) return p;
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            if (auto p = firstNonFinite(j[i], path + "/" + std::to_string(i))) return p;
    }
    return std::nullopt;
}

void curveFigures(const std::vector<CollectivePoint>& points, const std::function<void(double)>& figure)
{
    for (const CollectivePoint& p : points) {  // bytes is written as an integer
        figure(p.timeUs);
        figure(p.busbwGBps);
    }
}

} // namespace

// Mirrors plan_json.cpp (and resilience_json.cpp) section by section; a double added there and not
// here makes test_plan_figures fail.
void forEachExportedFigure(const Plan& p, const std::function<void(double)>& figure)
{
    forEachFloat(specToJson(p.spec), figure);
    if (p.hardware.platform && !p.hardware.platform->id.empty()) figure(p.hardware.platform->scaleUpGBpsPerGpu);
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {  // parts/switches: each tier's power, typical and max
        if (switchTierIndex(t) >= std::max(1, p.fabric.shape.tiers)) continue;
        figure(p.hardware.switchOf(t).powerW);
        figure(p.hardware.switchOf(t).maxPowerW());
    }
    for (const TierUsage& u : p.fabric.usage()) figure(u.utilisation());
    for (const LinkSolution& s : p.media.solutions) figure(s.orderLengthM);
    for (const BomLine& l : p.bom.lines) {
        figure(l.unitPriceUsd);
        figure(l.extendedUsd);
        figure(l.unitPowerW);
        figure(l.extendedPowerW);
        figure(l.unitPowerMaxW);
        figure(l.extendedPowerMaxW);
    }
    const Capex& c = p.estimates.capex;
    for (double v : {c.totalUsd, c.switchesUsd, c.nicsUsd, c.transceiversUsd, c.cablesUsd, c.fibreUsd,
                     c.patchPanelsUsd, c.sparesUsd, c.perGpuUsd})
        figure(v);
    figure(p.bom.totalPowerW);
    figure(p.bom.totalPowerMaxW);
    for (auto cat : {BomCategory::Switches, BomCategory::Nics, BomCategory::Transceivers, BomCategory::Cables}) {
        figure(p.bom.subtotalPowerW(cat));
        figure(p.bom.subtotalPowerMaxW(cat));
    }
    const Opex& o = p.estimates.opex;
    for (double v : {o.tuningUsd, o.tuningWeeks, o.monthsToStable, o.energyUsdPerYear, o.powerKw, o.powerMaxKw}) figure(v);
    figure(p.estimates.tcoUsd);

    const Performance& perf = p.estimates.performance;
    for (const PathLatency& l : perf.latency)
        for (double v : {l.minNs, l.maxNs, l.loadedLowNs, l.loadedHighNs}) figure(v);
    for (double v : {perf.latencyMinNs, perf.latencyMaxNs, perf.injectionGbpsPerGpu, perf.bisectionTbps,
                     perf.efficiency, perf.ecmpCollisionFactor, perf.allreduceBusbwGBps})
        figure(v);
    const estimate::CollectiveSystem& sys = perf.collectives.system;
    for (double v : {sys.scaleUpGBps, sys.scaleOutGBpsPerGpu, sys.nicEfficiency, sys.ecmpFactor, sys.networkLatencyUs})
        figure(v);
    for (const estimate::CollectiveCurves& cc : perf.collectives.collectives) {
        for (const estimate::AlgorithmCurve& a : cc.algorithms) curveFigures(a.points, figure);
        curveFigures(cc.picked, figure);
        figure(cc.largeBusbwGBps());
    }
    for (const CollectiveCurve& curve : perf.curves) curveFigures(curve.points, figure);

    const Resilience& r = p.resilience;
    for (const FailureDomain& d : r.domains)
        for (double v : {d.bandwidthLeftPct, d.bisectionLostPct, d.eventsPerYear}) figure(v);
    for (const ClassFailures& e : r.expected) {
        figure(e.perMonth);
        figure(e.afrPct);
    }
    for (const SpareSizing& s : r.spares)
        for (double v : {s.afrPct, s.replacementShare, s.meanDemand, s.stockoutPct, s.stockoutPctPercentRule})
            figure(v);
    for (double v : {r.failuresPerMonth, r.jobInterruptionsPerDay, r.stockoutTargetPct}) figure(v);
    // The failure ranges the exporters write (resilience_json.cpp): same report, same figures.
    const FailureRangeReport ranges = failureRangeReport(p.spec, p.fabric, r);
    for (double v : ranges.keptPct) figure(v);
    for (double v : ranges.interruptionsPerDay) figure(v);
    for (const ClassRange& c : ranges.classes) {
        for (double v : {c.rate->lowPct, c.rate->centralPct, c.rate->highPct}) figure(v);
        for (double v : c.perMonth) figure(v);
        figure(c.keptPct);
    }
    // site (plan_json.cpp siteJson): the floor's size and the routes between described buildings.
    figure(p.layout.floorWidthM);
    figure(p.layout.floorDepthM);
    if (p.layout.site.buildings() > 1)
        for (double m : p.layout.site.routeM) figure(m);
    for (const StageTiming& t : p.timings) figure(t.ms);
}

void requireFiniteFigures(const Plan& plan)
{
    bool allFinite = true;
    forEachExportedFigure(plan, [&](double v) { allFinite = allFinite && std::isfinite(v); });
    if (allFinite) return;
    // Rare: build the JSON to name the figure by its path, as scripts see it.
    const auto where = firstNonFinite(planToJson(plan), "");
    if (!where) return;
    // Name the most likely cause: the BOM line with the largest (or a non-finite) unit price.
    const BomLine* culprit = nullptr;
    for (const auto& l : plan.bom.lines)
        if (!culprit || !std::isfinite(l.extendedUsd) || l.unitPriceUsd > culprit->unitPriceUsd) {
            culprit = &l;
            if (!std::isfinite(l.extendedUsd)) break;
        }
    std::string cause;
    if (culprit && (!std::isfinite(culprit->extendedUsd) || culprit->unitPriceUsd > 1e12)) {
        char price[48];
        std::snprintf(price, sizeof price, "%.3g", culprit->unitPriceUsd);
        cause = "; part " + culprit->part + " is priced at $" + price + " each";
    }
    throw UserError("the plan's figure " + *where + " is too large to compute (it overflows)" + cause, "plan",
                    "check the prices in the catalog (catalog export-prices) and the design's economics for "
                    "absurd values");
}

} // namespace fp
