#include "plan/plan_json.h"

#include <cmath>
#include <map>

#include "common/paths.h"
#include "estimate/throughput.h"
#include "lossless/lossless.h"
#include "plan/compare_text.h"
#include "plan/ranking.h"
#include "plan/resilience_json.h"
#include "spec/spec_json.h"

namespace fp {
using nlohmann::json;

namespace {

// Each tier's switch (the tiers the fabric has): {"leaf": {"part": OPN, "model": model name}, ...}.
json tierSwitchesJson(const Plan& p)
{
    json out = json::object();
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        if (switchTierIndex(t) >= std::max(1, p.fabric.shape.tiers)) continue;
        const SwitchModel& sw = p.hardware.switchOf(t);
        out[toString(t)] = {{"part", sw.partNumber}, {"model", modelNameOf(sw)}, {"power_w", sw.powerW},
                            {"power_max_w", sw.maxPowerW()}, {"power_max_estimated", sw.powerMaxEstimated}};
    }
    return out;
}

json topologyJson(const Fabric& f)
{
    const auto& s = f.shape;
    const long long leaf = f.switchCount(Tier::Leaf), spine = f.switchCount(Tier::Spine), core = f.switchCount(Tier::Core);
    const auto counts = estimate::linkCountsByClass(f);
    const long long hl = counts[std::size_t(LinkClass::HostLeaf)], ls = counts[std::size_t(LinkClass::LeafSpine)],
                    sc = counts[std::size_t(LinkClass::SpineCore)];
    json usage = json::array();
    for (const auto& u : f.usage())
        usage.push_back({{"tier", toString(u.tier)}, {"switches", u.switches}, {"ports_total", u.portsTotal},
                         {"ports_used", u.portsUsed}, {"ports_spare", u.portsSpare()},
                         {"utilisation", u.utilisation()}});
    json out = {
        {"tiers", s.tiers},
        {"planes", s.planes},
        {"dual_tor", s.dualTor},
        {"nodes", s.nodes},
        {"endpoints", static_cast<long long>(s.endpointsPerPlane) * s.planes},
        {"endpoints_per_plane", s.endpointsPerPlane},
        {"link_gbps", s.linkGbps},
        {"switch_ports", s.switchPorts},
        {"switches", {{"leaf", leaf}, {"spine", spine}, {"core", core}, {"total", leaf + spine + core}}},
        {"links", {{"host_leaf", hl}, {"leaf_spine", ls}, {"spine_core", sc}, {"total", hl + ls + sc}}},
        {"shape",
         {{"leaf_down", s.leafDown}, {"leaf_up", s.leafUp}, {"leaf_uplinks", s.leafUplinks}, {"leaves_per_plane", s.leavesPerPlane},
          {"scalable_units", s.sus}, {"su_nodes", s.suNodes}, {"leaves_per_su", s.leavesPerSu},
          {"nodes_per_leaf", s.nodesPerLeaf}, {"rail_planes", s.railPlanes}, {"pods", s.pods},
          {"leaves_per_pod", s.leavesPerPod}, {"spines_per_pod", s.spinesPerPod},
          {"links_leaf_to_spine", s.linksLeafToSpine}, {"spine_down", s.spineDown}, {"spine_up", s.spineUp},
          {"core_groups", s.coreGroups}, {"cores_per_group", s.coresPerGroup},
          {"links_spine_to_core", s.linksSpineToCore}, {"max_endpoints_2_tier", s.maxEndpoints2Tier},
          {"max_endpoints_3_tier", s.maxEndpoints3Tier}}},
        {"port_usage", usage},
        {"notes", f.notes},
    };
    // Only where the switch-to-switch links run faster than the host links (a design's fabric_gbps).
    if (s.fabricGbps > 0) {
        out["fabric_gbps"] = s.fabricGbps;
        out["shape"]["leaf_ports_per_uplink"] = s.leafPortsPerUplink;
        out["shape"]["leaf_uplink_base"] = s.leafUplinkBase;
    }
    return out;
}

json curve(const std::vector<CollectivePoint>& points)
{
    json a = json::array();
    for (const auto& p : points)
        a.push_back({{"bytes", static_cast<long long>(p.bytes)}, {"time_us", p.timeUs}, {"busbw_GBps", p.busbwGBps},
                     {"algorithm", p.algorithm}, {"protocol", p.protocol}});
    return a;
}

// nccl-tests-style curves: per collective, what NCCL would pick per size and every algorithm's own curve.
json collectivesJson(const estimate::CollectiveReport& r)
{
    const auto& s = r.system;
    json out = {{"system",
                 {{"ranks", s.ranks}, {"domain_gpus", s.domainSize()}, {"domains", s.domains()},
                  {"scale_up_GBps_per_gpu", s.scaleUpGBps}, {"nvlink_sharp", s.nvlinkSharp},
                  {"scale_out_GBps_per_gpu", s.scaleOutGBpsPerGpu}, {"nic_efficiency", s.nicEfficiency},
                  {"ecmp_factor", s.ecmpFactor}, {"network_latency_us", s.networkLatencyUs},
                  {"in_network_reduction_available", s.inNetworkReductionAvailable},
                  {"in_network_reduction", s.inNetworkReduction}}}};
    for (const auto& c : r.collectives) {
        json algorithms = json::object();
        for (const auto& a : c.algorithms) algorithms[estimate::toString(a.algorithm)] = curve(a.points);
        out[estimate::toString(c.collective)] = {
            {"picked", curve(c.picked)}, {"algorithms", algorithms}, {"large_busbw_GBps", c.largeBusbwGBps()}};
    }
    return out;
}

json platformJson(const PlatformModel& p)
{
    if (p.id.empty()) return nullptr;
    return {{"id", p.id}, {"gpu", p.gpu}, {"gpus_per_node", p.gpusPerNode}, {"gpus_per_scale_up", p.gpusPerScaleUp},
            {"scale_up_GBps_per_gpu", p.scaleUpGBpsPerGpu}, {"nvlink_sharp", p.nvlinkSharp},
            {"nics_per_node", p.nicsPerNode}, {"host_cages", p.hostCages}, {"ports_per_cage", p.portsPerCage},
            {"cage_type", p.cageType}, {"cage_finned", p.cageFinned}, {"source", p.source}};
}

// The lossless profile (core/lossless): flow control, the RoCE classes, each tier's worst switch. Its
// figures are whole bytes and metres, written as integers (not among forEachExportedFigure's floats).
json losslessJson(const Plan& p)
{
    const lossless::Analysis& a = p.lossless;
    json tiers = json::array();
    for (const lossless::TierLossless& t : a.tiers) {
        if (t.worstDevice < 0) continue;
        tiers.push_back({{"tier", toString(t.tier)}, {"part", t.part}, {"asic", t.asic}, {"switches", t.switches},
                         {"ports_configured", t.portsConfigured}, {"buffer_bytes", std::llround(t.bufferBytes)},
                         {"buffer_estimated", t.bufferEstimated}, {"worst_switch", p.fabric.deviceName(DeviceId(t.worstDevice))},
                         {"worst_headroom_bytes", std::llround(t.worstHeadroomBytes)},
                         {"worst_reserved_bytes", std::llround(t.worstReservedBytes)},
                         {"longest_cable_m", std::llround(t.worstLongestM)}, {"switches_over", t.switchesOver},
                         {"fits", t.bufferBytes <= 0 || t.switchesOver == 0}});
    }
    const lossless::Options& o = a.options;
    return {{"flow_control", lossless::toString(a.flowControl)}, {"why", lossless::flowControlText(p.spec.fabric, a.options)},
            {"lossless_priority", o.losslessPriority}, {"cnp_priority", o.cnpPriority}, {"roce_dscp", o.roceDscp},
            {"cnp_dscp", o.cnpDscp}, {"port_mtu", o.portMtu}, {"ecn_min_bytes", std::llround(lossless::kEcnMinBytes)},
            {"ecn_max_bytes", std::llround(lossless::kEcnMaxBytes)}, {"ecn_probability_pct", lossless::kEcnProbabilityPercent},
            {"tiers", tiers}};
}

json performanceJson(const Performance& p)
{
    json paths = json::array();
    for (const auto& l : p.latency)
        paths.push_back({{"path", l.pathClass}, {"switch_hops", l.switchHops}, {"min_ns", l.minNs},
                         {"max_ns", l.maxNs}, {"loaded_low_ns", l.loadedLowNs}, {"loaded_high_ns", l.loadedHighNs}});
    json out = {
        {"latency_ns", {{"min", p.latencyMinNs}, {"max", p.latencyMaxNs}, {"paths", paths}}},
        {"injection_gbps_per_gpu", p.injectionGbpsPerGpu},
        {"bisection_tbps", p.bisectionTbps},
        {"efficiency", p.efficiency},
        {"ecmp_collision_factor", p.ecmpCollisionFactor},
        {"allreduce_busbw_GBps", p.allreduceBusbwGBps},
        {"collectives", collectivesJson(p.collectives)},
    };
    // Each curve under its own stable key (performance.allreduce, .allreduce_tree, .alltoall, ...).
    for (const CollectiveCurve& c : p.curves) out[c.key] = curve(c.points);
    return out;
}

// Where the racks stand: halls, buildings and the floor (plan schema "site").
json siteJson(const Layout& layout)
{
    const SitePlacement& site = layout.site;
    json halls = json::array(), buildings = json::array();
    const bool described = site.buildings() > 1;
    for (int h = 0; layout.halls > 1 && h < layout.halls && std::size_t(h) < site.hallNames.size(); ++h) {
        const std::size_t i = std::size_t(h);
        halls.push_back({{"name", site.hallNames[i]},
                         {"building", site.buildingNames.at(std::size_t(site.hallBuilding.at(i)))},
                         {"rows_used", site.hallRowsUsed.at(i)},
                         {"rows", site.hallRowsCapacity.at(i)},
                         {"pods", site.hallPods.at(i)}});
    }
    for (std::size_t b = 0; described && b < site.buildings(); ++b) {
        json route = json::array();
        for (std::size_t k = 0; k < site.buildings(); ++k) route.push_back(site.routeM.at(b * site.buildings() + k));
        buildings.push_back({{"name", site.buildingNames[b]}, {"route_m", route}});
    }
    return {{"halls", halls}, {"buildings", buildings}, {"floor_width_m", layout.floorWidthM}, {"floor_depth_m", layout.floorDepthM}};
}

} // namespace

json planToJson(const Plan& p)
{
    json bomLines = json::array();
    for (const auto& l : p.bom.lines) {
        bomLines.push_back({{"category", toString(l.category)}, {"part", l.part}, {"vendor", l.vendor},
                            {"description", l.description}, {"qty", l.qty}, {"unit_price_usd", l.unitPriceUsd},
                            {"extended_usd", l.extendedUsd}, {"power_w", l.unitPowerW},
                            {"extended_power_w", l.extendedPowerW}, {"power_max_w", l.unitPowerMaxW},
                            {"extended_power_max_w", l.extendedPowerMaxW}, {"price_estimated", l.priceEstimated},
                            {"price_source", l.priceSource}, {"source", l.source}, {"used_for", l.usedFor},
                            {"lead_time_days", l.leadTimeDays}});
        if (!l.includedWith.empty()) bomLines.back()["included_with"] = l.includedWith;  // priced with the platform
    }
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
    // Typical (what energy is paid on) and at full load (switches at their maximum: rack and facility).
    json powerByCategory = json::object(), powerMaxByCategory = json::object();
    for (auto cat : {BomCategory::Switches, BomCategory::Nics, BomCategory::Transceivers, BomCategory::Cables}) {
        powerByCategory[toString(cat)] = p.bom.subtotalPowerW(cat);
        powerMaxByCategory[toString(cat)] = p.bom.subtotalPowerMaxW(cat);
    }
    json power = {{"total", p.bom.totalPowerW}, {"by_category", powerByCategory},
                  {"total_max", p.bom.totalPowerMaxW}, {"by_category_max", powerMaxByCategory}};

    return {
        {"format_version", kPlanJsonVersion},
        {"generator", "FabricPlan " + versionString()},
        {"design", specToJson(p.spec)},
        {"fabric", toString(p.spec.fabric)},
        {"parts",
         {{"switch", p.hardware.switchOf(Tier::Leaf).partNumber}, {"switch_generic", p.hardware.switchOf(Tier::Leaf).generic}, {"nic", p.hardware.nic.partNumber},
          {"switches", tierSwitchesJson(p)}}},
        {"platform", p.hardware.platform ? platformJson(*p.hardware.platform) : json(nullptr)},
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
          {"energy_usd_per_year", o.energyUsdPerYear}, {"power_kw", o.powerKw}, {"power_max_kw", o.powerMaxKw}}},
        {"tco_usd", p.estimates.tcoUsd},
        {"procurement",
         {{"longest_lead_time_days", p.bom.longestLeadTimeDays()},
          {"lines_without_lead_time", p.bom.linesWithoutLeadTime()}}},
        {"lossless", losslessJson(p)},
        {"performance", performanceJson(p.estimates.performance)},
        {"resilience", resilienceToJson(p.resilience, failureRangeReport(p.spec, p.fabric, p.resilience))},
        {"checks", checks},
        {"errors", p.errorCount()},
        {"warnings", p.warningCount()},
        {"notes", p.estimates.notes},
        {"site", siteJson(p.layout)},
        {"timings_ms", timings},
    };
}

namespace {

json alternativesJson(const Comparison& c)
{
    json out = json::array();
    for (std::size_t k = 0; k < c.alternatives.size() && k < c.plans.size(); ++k) {
        const FabricAlternative& a = c.alternatives[k];
        const Plan& p = c.plans[k];
        json candidates = json::array();
        for (const CompareCandidate& x : a.candidates) {
            json j = {{"switch", x.switchModel}, {"nic", x.nicModel}, {"link_gbps", x.linkGbps},
                      {"outcome", plan::outcomeName(x.outcome)}, {"switch_cost_lower_bound_usd", x.lowerBoundUsd},
                      {"nics_usd", x.nicsUsd}, {"energy_lower_bound_usd", x.energyBoundUsd}};
            if (x.outcome == CompareCandidate::Outcome::Chosen || x.outcome == CompareCandidate::Outcome::Planned) {
                j["errors"] = x.errors;
                j["capex_usd"] = x.capexUsd;
                j["ownership_usd"] = x.ownershipUsd;
                j["tiers"] = x.tiers;
                j["switches"] = x.switches;
            }
            if (x.beatenAtUsd > 0) j["beaten_at_usd"] = x.beatenAtUsd;
            if (!x.reason.empty()) j["reason"] = x.reason;
            candidates.push_back(std::move(j));
        }
        out.push_back({{"fabric", toString(a.fabric)}, {"switch", p.hardware.switchesText(p.fabric.shape.tiers)},
                       {"nic", p.hardware.nic.partNumber}, {"link_gbps", p.fabric.shape.linkGbps},
                       {"buildable", a.buildable}, {"errors", p.errorCount()},
                       {"capex_usd", p.estimates.capex.totalUsd}, {"tco_usd", p.estimates.tcoUsd},
                       {"ownership_usd", plan::ownershipUsd(p)}, {"tiers", p.fabric.shape.tiers},
                       {"fewer_tiers_tolerance", plan::kFewerTiersTolerance}, {"candidates", candidates}});
    }
    return out;
}

} // namespace

json comparisonToJson(const Comparison& c)
{
    json plans = json::array();
    for (const auto& p : c.plans) plans.push_back(planToJson(p));
    return {{"format_version", kPlanJsonVersion},
            {"plans", plans},
            {"alternatives", alternativesJson(c)},
            {"advice",
             {{"recommended_fabric", toString(c.advice.recommended)},
              {"recommended_buildable", c.advice.recommendedBuildable},
              {"reasons", c.advice.reasons}}}};
}

} // namespace fp
