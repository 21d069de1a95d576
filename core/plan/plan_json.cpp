#include "plan/plan_json.h"

#include <map>

#include "common/paths.h"
#include "plan/resilience_json.h"
#include "spec/spec_json.h"

namespace fp {
using nlohmann::json;

namespace {

json topologyJson(const Fabric& f)
{
    const auto& s = f.shape;
    const long long leaf = f.switchCount(Tier::Leaf), spine = f.switchCount(Tier::Spine), core = f.switchCount(Tier::Core);
    const long long hl = f.linkCount(LinkClass::HostLeaf), ls = f.linkCount(LinkClass::LeafSpine),
                    sc = f.linkCount(LinkClass::SpineCore);
    json usage = json::array();
    for (const auto& u : f.usage())
        usage.push_back({{"tier", toString(u.tier)}, {"switches", u.switches}, {"ports_total", u.portsTotal},
                         {"ports_used", u.portsUsed}, {"ports_spare", u.portsSpare()},
                         {"utilisation", u.utilisation()}});
    return {
        {"tiers", s.tiers},
        {"planes", s.planes},
        {"nodes", s.nodes},
        {"endpoints", static_cast<long long>(s.endpointsPerPlane) * s.planes},
        {"endpoints_per_plane", s.endpointsPerPlane},
        {"link_gbps", s.linkGbps},
        {"switch_ports", s.switchPorts},
        {"switches", {{"leaf", leaf}, {"spine", spine}, {"core", core}, {"total", leaf + spine + core}}},
        {"links", {{"host_leaf", hl}, {"leaf_spine", ls}, {"spine_core", sc}, {"total", hl + ls + sc}}},
        {"shape",
         {{"leaf_down", s.leafDown}, {"leaf_up", s.leafUp}, {"leaf_uplinks", s.leafUplinks}, {"leaves_per_plane", s.leavesPerPlane},
          {"scalable_units", s.sus}, {"leaves_per_su", s.leavesPerSu}, {"pods", s.pods},
          {"leaves_per_pod", s.leavesPerPod}, {"spines_per_pod", s.spinesPerPod},
          {"links_leaf_to_spine", s.linksLeafToSpine}, {"spine_down", s.spineDown}, {"spine_up", s.spineUp},
          {"core_groups", s.coreGroups}, {"cores_per_group", s.coresPerGroup},
          {"links_spine_to_core", s.linksSpineToCore}, {"max_endpoints_2_tier", s.maxEndpoints2Tier},
          {"max_endpoints_3_tier", s.maxEndpoints3Tier}}},
        {"port_usage", usage},
        {"notes", f.notes},
    };
}

json curve(const std::vector<CollectivePoint>& points)
{
    json a = json::array();
    for (const auto& p : points)
        a.push_back({{"bytes", static_cast<long long>(p.bytes)}, {"time_us", p.timeUs}, {"busbw_GBps", p.busbwGBps}});
    return a;
}

json performanceJson(const Performance& p)
{
    json paths = json::array();
    for (const auto& l : p.latency)
        paths.push_back({{"path", l.pathClass}, {"switch_hops", l.switchHops}, {"min_ns", l.minNs},
                         {"max_ns", l.maxNs}, {"loaded_low_ns", l.loadedLowNs}, {"loaded_high_ns", l.loadedHighNs}});
    return {
        {"latency_ns", {{"min", p.latencyMinNs}, {"max", p.latencyMaxNs}, {"paths", paths}}},
        {"injection_gbps_per_gpu", p.injectionGbpsPerGpu},
        {"bisection_tbps", p.bisectionTbps},
        {"efficiency", p.efficiency},
        {"ecmp_collision_factor", p.ecmpCollisionFactor},
        {"allreduce", curve(p.allreduceRing)},
        {"allreduce_tree", curve(p.allreduceTree)},
        {"alltoall", curve(p.alltoall)},
        {"allreduce_busbw_GBps", p.allreduceBusbwGBps},
    };
}

} // namespace

json planToJson(const Plan& p)
{
    json bomLines = json::array();
    for (const auto& l : p.bom.lines)
        bomLines.push_back({{"category", toString(l.category)}, {"part", l.part}, {"vendor", l.vendor},
                            {"description", l.description}, {"qty", l.qty}, {"unit_price_usd", l.unitPriceUsd},
                            {"extended_usd", l.extendedUsd}, {"power_w", l.unitPowerW},
                            {"extended_power_w", l.extendedPowerW}, {"price_estimated", l.priceEstimated},
                            {"price_source", l.priceSource}, {"source", l.source}, {"used_for", l.usedFor},
                            {"lead_time_days", l.leadTimeDays}});
    json checks = json::array();
    for (const auto& f : p.findings)
        checks.push_back({{"severity", toString(f.severity)}, {"rule", f.rule}, {"message", f.message},
                          {"where", f.where}, {"fix", f.fix}});
    json media = json::array();
    {
        std::vector<long long> uses(p.media.solutions.size(), 0);
        for (auto s : p.media.solutionOfLink) ++uses[s];
        for (std::size_t i = 0; i < p.media.solutions.size(); ++i) {
            const auto& s = p.media.solutions[i];
            media.push_back({{"link_class", toString(s.cls)}, {"media", toString(s.media)}, {"links", uses[i]},
                             {"cable", s.cablePart}, {"module_a", s.moduleA}, {"module_b", s.moduleB},
                             {"order_length_m", s.orderLengthM}, {"reason", s.reason}});
        }
    }
    const auto& c = p.estimates.capex;
    const auto& o = p.estimates.opex;
    json timings = json::object();
    for (const auto& t : p.timings) timings[t.stage] = t.ms;
    json powerByCategory = json::object();
    for (auto cat : {BomCategory::Switches, BomCategory::Nics, BomCategory::Transceivers, BomCategory::Cables})
        powerByCategory[toString(cat)] = p.bom.subtotalPowerW(cat);
    json power = {{"total", p.bom.totalPowerW}, {"by_category", powerByCategory}};

    return {
        {"format_version", kPlanJsonVersion},
        {"generator", "FabricPlan " + versionString()},
        {"design", specToJson(p.spec)},
        {"fabric", toString(p.spec.fabric)},
        {"parts",
         {{"switch", p.switchModel.partNumber}, {"switch_generic", p.switchModel.generic}, {"nic", p.nicModel.partNumber}}},
        {"topology", topologyJson(p.fabric)},
        {"media", media},
        {"bom", bomLines},
        {"capex_usd",
         {{"total", c.totalUsd}, {"switches", c.switchesUsd}, {"nics", c.nicsUsd}, {"transceivers", c.transceiversUsd},
          {"cables", c.cablesUsd}, {"fibre", c.fibreUsd}, {"patch_panels", c.patchPanelsUsd}, {"spares", c.sparesUsd},
          {"per_gpu", c.perGpuUsd}, {"estimated", c.estimated}}},
        {"power_w", power},
        {"opex",
         {{"tuning_usd", o.tuningUsd}, {"tuning_weeks", o.tuningWeeks}, {"months_to_stable", o.monthsToStable},
          {"energy_usd_per_year", o.energyUsdPerYear}, {"power_kw", o.powerKw}}},
        {"tco_usd", p.estimates.tcoUsd},
        {"procurement",
         {{"longest_lead_time_days", p.bom.longestLeadTimeDays()},
          {"lines_without_lead_time", p.bom.linesWithoutLeadTime()}}},
        {"performance", performanceJson(p.estimates.performance)},
        {"resilience", resilienceToJson(p.resilience)},
        {"checks", checks},
        {"errors", p.errorCount()},
        {"warnings", p.warningCount()},
        {"notes", p.estimates.notes},
        {"timings_ms", timings},
    };
}

json comparisonToJson(const Comparison& c)
{
    json plans = json::array();
    for (const auto& p : c.plans) plans.push_back(planToJson(p));
    return {{"format_version", kPlanJsonVersion},
            {"plans", plans},
            {"advice", {{"recommended_fabric", toString(c.advice.recommended)}, {"reasons", c.advice.reasons}}}};
}

} // namespace fp
