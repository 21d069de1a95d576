#pragma once
// A readable snapshot of a plan for the golden tests: switches per tier, media per class, BOM lines,
// findings per rule and the key estimates. Only what a reviewer wants to see change on purpose; every
// figure is printed with fixed precision so the text is stable across runs and machines.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>

#include "plan/plan.h"

namespace golden {

inline std::string fmt(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

inline std::string snapshot(const fp::Plan& p)
{
    using namespace fp;
    std::string s;
    const FabricShape& sh = p.fabric.shape;
    s += "topology: tiers=" + std::to_string(sh.tiers) + " planes=" + std::to_string(sh.planes) +
         " link_gbps=" + std::to_string(sh.linkGbps) + " switch_ports=" + std::to_string(sh.switchPorts) +
         " ports_per_cage=" + std::to_string(sh.portsPerCage) + " nodes=" + std::to_string(sh.nodes) + "\n";
    s += "switches:";
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
        s += std::string(" ") + toString(t) + "=" + std::to_string(p.fabric.switchCount(t));
    s += "\nlinks:";
    for (int c = 0; c < kLinkClassCount; ++c)
        s += std::string(" ") + toString(LinkClass(c)) + "=" + std::to_string(p.fabric.linkCount(LinkClass(c)));
    s += "\nmedia:\n";
    // Per class and part combination, the links it serves (independent of how media numbers its solutions).
    std::map<std::tuple<int, std::string, std::string, std::string, std::string, std::string>, long long> media;
    for (std::size_t i = 0; i < p.fabric.links.size() && i < p.media.solutionOfLink.size(); ++i) {
        const LinkSolution& sol = p.media.solutions[p.media.solutionOfLink[i]];
        ++media[{int(sol.cls), toString(sol.media), sol.cablePart, sol.moduleA, sol.moduleB,
                 fmt("%.1f", sol.orderLengthM)}];
    }
    for (const auto& [k, n] : media)
        s += std::string("  ") + toString(LinkClass(std::get<0>(k))) + " " + std::get<1>(k) + " cable=" +
             std::get<2>(k) + " a=" + std::get<3>(k) + " b=" + std::get<4>(k) + " len_m=" + std::get<5>(k) +
             " links=" + std::to_string(n) + "\n";
    s += "bom:\n";
    for (const BomLine& l : p.bom.lines)
        s += std::string("  ") + toString(l.category) + " " + l.part + " qty=" + std::to_string(l.qty) +
             " usd=" + fmt("%.2f", l.extendedUsd) + " power_w=" + fmt("%.1f", l.extendedPowerW) +
             // A switch's maximum (rack and facility); every other line has one figure.
             (l.extendedPowerMaxW != l.extendedPowerW ? " power_max_w=" + fmt("%.1f", l.extendedPowerMaxW) : "") + "\n";
    s += "bom_total: usd=" + fmt("%.2f", p.bom.totalUsd) + " power_w=" + fmt("%.1f", p.bom.totalPowerW) +
         " power_max_w=" + fmt("%.1f", p.bom.totalPowerMaxW) +
         " cables=" + std::to_string(bom::cableCount(p.fabric, p.media)) + "\n";
    // The fullest rack of each kind at full load (switches at their maximum): what floor.rack-power checks.
    double rackKw[3] = {0, 0, 0};
    for (const Rack& r : p.layout.racks) rackKw[int(r.kind)] = std::max(rackKw[int(r.kind)], r.powerW / 1000.0);
    s += "racks: compute_max_kw=" + fmt("%.2f", rackKw[0]) + " network_max_kw=" + fmt("%.2f", rackKw[1]) +
         " spine_room_max_kw=" + fmt("%.2f", rackKw[2]) + "\n";
    std::map<std::pair<std::string, std::string>, int> rules;
    for (const Finding& f : p.findings) ++rules[{toString(f.severity), f.rule}];
    s += "findings: errors=" + std::to_string(p.errorCount()) + " warnings=" + std::to_string(p.warningCount()) + "\n";
    for (const auto& [k, n] : rules) s += "  " + k.first + " " + k.second + " x" + std::to_string(n) + "\n";
    const Estimates& e = p.estimates;
    s += "capex: total_usd=" + fmt("%.2f", e.capex.totalUsd) + " per_gpu_usd=" + fmt("%.2f", e.capex.perGpuUsd) + "\n";
    s += "opex: power_kw=" + fmt("%.3f", e.opex.powerKw) + " power_max_kw=" + fmt("%.3f", e.opex.powerMaxKw) +
         " tuning_weeks=" + fmt("%.2f", e.opex.tuningWeeks) +
         " energy_usd_per_year=" + fmt("%.2f", e.opex.energyUsdPerYear) + "\n";
    s += "tco_usd=" + fmt("%.2f", e.tcoUsd) + "\n";
    const Performance& perf = e.performance;
    s += "performance: latency_ns=" + fmt("%.1f", perf.latencyMinNs) + ".." + fmt("%.1f", perf.latencyMaxNs) +
         " injection_gbps_per_gpu=" + fmt("%.2f", perf.injectionGbpsPerGpu) + " bisection_tbps=" +
         fmt("%.3f", perf.bisectionTbps) + " efficiency=" + fmt("%.4f", perf.efficiency) +
         " allreduce_busbw_GBps=" + fmt("%.3f", perf.allreduceBusbwGBps) + "\n";
    return s;
}

} // namespace golden
