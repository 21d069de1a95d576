#include "spec/validate.h"

#include "common/error.h"

namespace fp {
namespace {

struct Collector {
    std::vector<SpecProblem>& out;
    void range(const char* field, long long value, long long lo, long long hi, const std::string& what)
    {
        if (value < lo || value > hi)
            out.push_back({field, what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                                      ", not " + std::to_string(value),
                           "enter a value from " + std::to_string(lo) + " to " + std::to_string(hi)});
    }
    void positive(const char* field, double value, const std::string& what)
    {
        if (!(value > 0))
            out.push_back({field, what + " must be greater than 0, not " + std::to_string(value), "enter a positive value"});
    }
    void nonNegative(const char* field, double value, const std::string& what)
    {
        if (!(value >= 0))
            out.push_back({field, what + " must not be negative, not " + std::to_string(value), "enter 0 or more"});
    }
};

void ratio(std::vector<SpecProblem>& out, const char* field, Ratio r, const char* what)
{
    if (r.down < 1 || r.up < 1 || r.down > 64 || r.up > 64)
        out.push_back({field,
                       std::string(what) + " oversubscription " + std::to_string(r.down) + ":" + std::to_string(r.up) +
                           " is not a valid DOWN:UP ratio",
                       "use whole numbers from 1 to 64 on both sides, e.g. 1:1 (non-blocking) or 3:1"});
    // DOWN < UP is undersubscription (more bandwidth up than down, e.g. 1:2 top-of-rack leaves that
    // keep headroom for drains and failures): allowed.
}

} // namespace

std::vector<SpecProblem> validateSpec(const ClusterSpec& s)
{
    std::vector<SpecProblem> p;
    Collector c{p};
    c.range("/compute/gpus", s.gpus, 1, kMaxGpus, "GPU count");
    c.range("/compute/gpus_per_node", s.gpusPerNode, 1, kMaxGpusPerNode, "GPUs per node");
    c.range("/compute/nics_per_node", s.nicsPerNode, 1, kMaxNicsPerNode, "NICs per node");
    if (s.gpus >= 1 && s.gpusPerNode >= 1 && s.gpus % s.gpusPerNode != 0)
        p.push_back({"/compute/gpus",
                     std::to_string(s.gpus) + " GPUs do not fill whole nodes of " + std::to_string(s.gpusPerNode),
                     "use a multiple of " + std::to_string(s.gpusPerNode) + ", e.g. " +
                         std::to_string((s.gpus / s.gpusPerNode + 1) * s.gpusPerNode)});
    if (s.linkGbps != 0) c.range("/compute/link_gbps", s.linkGbps, 10, 1600, "Link speed (Gb/s)");
    if (s.nicModel.empty() && s.genericRadix == 0)
        p.push_back({"/compute/nic", "no NIC is chosen", "pick a NIC from the catalog"});
    if (s.genericRadix != 0) c.range("/fabric/generic_radix", s.genericRadix, 2, kMaxRadix, "Generic switch radix");
    else if (s.switchModel.empty())
        p.push_back({"/fabric/switch", "no switch is chosen", "pick a switch from the catalog or set a generic radix"});
    c.range("/fabric/tiers", s.tiers, 0, 3, "Tiers (0 = auto)");
    c.range("/fabric/su_nodes", s.suNodes, 0, 4096, "Nodes per scalable unit (0 = auto)");
    c.range("/fabric/pod_nodes", s.podNodes, 0, kMaxGpus, "Nodes per pod (0 = auto)");
    c.range("/fabric/planes", s.planes, 1, kMaxPlanes, "Planes");
    if (s.railPlanes && s.planes >= 1 && s.nicsPerNode >= 1 && s.nicsPerNode % s.planes != 0)
        p.push_back({"/fabric/rail_planes",
                     std::to_string(s.nicsPerNode) + " NICs per node do not split evenly into " +
                         std::to_string(s.planes) + " rail planes",
                     "use a plane count that divides the NICs per node, or planes over NIC ports"});
    ratio(p, "/fabric/leaf_oversubscription", s.leafOversubscription, "Leaf");
    ratio(p, "/fabric/spine_oversubscription", s.spineOversubscription, "Spine");

    const auto& f = s.floor;
    c.range("/floor/racks_per_row", f.racksPerRow, 1, 1000, "Racks per row");
    c.range("/floor/nodes_per_rack", f.nodesPerRack, 1, 256, "Nodes per rack");
    c.positive("/floor/rack_power_budget_kw", f.rackPowerBudgetKw, "Rack power budget");
    c.positive("/floor/node_power_kw", f.nodePowerKw, "Node power");
    if (f.nodePowerKw > 0 && f.rackPowerBudgetKw > 0 && f.nodePowerKw > f.rackPowerBudgetKw)
        p.push_back({"/floor/node_power_kw",
                     "one node (" + std::to_string(f.nodePowerKw) + " kW) exceeds the rack power budget (" +
                         std::to_string(f.rackPowerBudgetKw) + " kW)",
                     "raise the rack power budget or check the node power"});
    c.positive("/floor/rack_width_m", f.rackWidthM, "Rack width");
    c.positive("/floor/rack_depth_m", f.rackDepthM, "Rack depth");
    c.positive("/floor/row_pitch_m", f.rowPitchM, "Row pitch");
    c.positive("/floor/rack_height_m", f.rackHeightM, "Rack height");
    c.nonNegative("/floor/tray_height_m", f.trayHeightM, "Tray height");
    c.nonNegative("/floor/slack_per_end_m", f.slackPerEndM, "Slack per end");
    c.range("/floor/patch_panels_per_fibre_link", f.patchPanelsPerFibreLink, 0, 6, "Patch panels per fibre link");
    c.nonNegative("/floor/spine_room_distance_m", f.spineRoomDistanceM, "Spine room distance");

    const auto& e = s.economics;
    c.nonNegative("/economics/labour_usd_per_hour", e.labourUsdPerHour, "Labour rate");
    c.positive("/economics/skill_factor", e.skillFactor, "Skill factor");
    c.nonNegative("/economics/power_usd_per_kwh", e.powerUsdPerKwh, "Power price");
    if (!(e.pue >= 1.0 && e.pue <= 3.0))
        p.push_back({"/economics/pue", "PUE must be between 1.0 and 3.0, not " + std::to_string(e.pue), "typical values are 1.1 to 1.6"});
    c.range("/economics/horizon_years", e.horizonYears, 1, 30, "Horizon");
    if (!(e.sparesOpticsPct >= 0 && e.sparesOpticsPct <= 100))
        p.push_back({"/economics/spares_optics_pct", "spares must be 0 to 100 %", "typical: 2 %"});
    c.range("/economics/spare_switch_per_n", e.spareSwitchPerN, 0, 100000, "One spare switch per N");
    if (e.pricePolicy == PricePolicy::NamedSource && e.priceSource.empty())
        p.push_back({"/economics/price_source", "the price policy names a source but none is given",
                     "choose a price source, or use cheapest-qualified"});
    if (!(s.workload.commToComputePct >= 0 && s.workload.commToComputePct <= 100))
        p.push_back({"/workload/comm_to_compute_pct", "must be 0 to 100 %", "typical training: 10-40 %"});
    for (std::size_t i = 0; i < s.media.pins.size(); ++i) {
        const auto& lc = s.media.pins[i].linkClass;
        if (lc != "host_leaf" && lc != "leaf_spine" && lc != "spine_core")
            p.push_back({"/media/pins/" + std::to_string(i) + "/link_class", "\"" + lc + "\" is not a link class",
                         "use host_leaf, leaf_spine or spine_core"});
    }
    return p;
}

void requireValid(const ClusterSpec& s)
{
    const auto problems = validateSpec(s);
    if (!problems.empty()) throw UserError(problems.front().message, problems.front().field, problems.front().fix);
}

} // namespace fp
