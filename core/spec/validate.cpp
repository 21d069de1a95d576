#include "spec/validate.h"

#include <cmath>
#include <cstdio>

#include "common/error.h"

namespace fp {
namespace {

// The decimal fields, their bounds and where each lives in a ClusterSpec. The upper bounds are far
// beyond any real floor or price (and at least the GUI editors' maxima) but keep every derived length,
// power and cost finite.
struct NumberField {
    NumberLimit limit;
    double (*get)(const ClusterSpec&);
};

const std::vector<NumberField>& numberFields()
{
    static const std::vector<NumberField> fields{
        {{"/floor/rack_power_budget_kw", "Rack power budget", 0, 1000, true, "kW"}, [](const ClusterSpec& s) { return s.floor.rackPowerBudgetKw; }},
        {{"/floor/node_power_kw", "Node power", 0.01, 200, false, "kW"}, [](const ClusterSpec& s) { return s.floor.nodePowerKw; }},
        {{"/floor/rack_width_m", "Rack width", 0, 10, true, "m"}, [](const ClusterSpec& s) { return s.floor.rackWidthM; }},
        {{"/floor/rack_depth_m", "Rack depth", 0, 10, true, "m"}, [](const ClusterSpec& s) { return s.floor.rackDepthM; }},
        {{"/floor/row_pitch_m", "Row pitch", 0, 100, true, "m"}, [](const ClusterSpec& s) { return s.floor.rowPitchM; }},
        {{"/floor/rack_height_m", "Rack height", 0, 10, true, "m"}, [](const ClusterSpec& s) { return s.floor.rackHeightM; }},
        {{"/floor/tray_height_m", "Tray height", 0, 10, false, "m"}, [](const ClusterSpec& s) { return s.floor.trayHeightM; }},
        {{"/floor/slack_per_end_m", "Slack per end", 0, 20, false, "m"}, [](const ClusterSpec& s) { return s.floor.slackPerEndM; }},
        {{"/floor/spine_room_distance_m", "Spine room distance", 0, 100000, false, "m"}, [](const ClusterSpec& s) { return s.floor.spineRoomDistanceM; }},
        {{"/economics/labour_usd_per_hour", "Labour rate", 0, 10000, false, "$/h"}, [](const ClusterSpec& s) { return s.economics.labourUsdPerHour; }},
        {{"/economics/skill_factor", "Skill factor", 0, 10, true, ""}, [](const ClusterSpec& s) { return s.economics.skillFactor; }},
        {{"/economics/power_usd_per_kwh", "Power price", 0, 10, false, "$/kWh"}, [](const ClusterSpec& s) { return s.economics.powerUsdPerKwh; }},
        {{"/economics/pue", "PUE", 1, 3, false, ""}, [](const ClusterSpec& s) { return s.economics.pue; }},
        {{"/economics/spares_optics_pct", "Spare optics", 0, 100, false, "%"}, [](const ClusterSpec& s) { return s.economics.sparesOpticsPct; }},
        {{"/workload/comm_to_compute_pct", "Communication share", 0, 100, false, "%"}, [](const ClusterSpec& s) { return s.workload.commToComputePct; }},
        {{"/workload/model_params_billion", "Model size", 0, 1000000, false, "B params"}, [](const ClusterSpec& s) { return s.workload.modelParamsBillion; }},
    };
    return fields;
}

std::string shortNumber(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

void checkNumber(std::vector<SpecProblem>& out, const NumberLimit& l, double v)
{
    const bool ok = std::isfinite(v) && (l.minExclusive ? v > l.min : v >= l.min) && v <= l.max;
    if (ok) return;
    const std::string unit = *l.unit ? std::string(" ") + l.unit : std::string();
    const std::string lo = (l.minExclusive ? "above " : "from ") + shortNumber(l.min);
    out.push_back({l.field,
                   std::string(l.what) + " must be " + (l.minExclusive ? "more than " : "from ") + shortNumber(l.min) +
                       (l.minExclusive ? " and at most " : " to ") + shortNumber(l.max) + unit + ", not " + shortNumber(v),
                   "enter a value " + lo + (l.minExclusive ? " up to " : " to ") + shortNumber(l.max) + unit});
}

struct Collector {
    std::vector<SpecProblem>& out;
    void range(const char* field, long long value, long long lo, long long hi, const std::string& what)
    {
        if (value < lo || value > hi)
            out.push_back({field, what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                                      ", not " + std::to_string(value),
                           "enter a value from " + std::to_string(lo) + " to " + std::to_string(hi)});
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
    if (f.nodePowerKw > 0 && f.rackPowerBudgetKw > 0 && f.nodePowerKw > f.rackPowerBudgetKw)
        p.push_back({"/floor/node_power_kw",
                     "one node (" + std::to_string(f.nodePowerKw) + " kW) exceeds the rack power budget (" +
                         std::to_string(f.rackPowerBudgetKw) + " kW)",
                     "raise the rack power budget or check the node power"});
    c.range("/floor/patch_panels_per_fibre_link", f.patchPanelsPerFibreLink, 0, 6, "Patch panels per fibre link");

    const auto& e = s.economics;
    c.range("/economics/horizon_years", e.horizonYears, 1, 30, "Horizon");
    c.range("/economics/spare_switch_per_n", e.spareSwitchPerN, 0, 100000, "One spare switch per N");
    if (e.pricePolicy == PricePolicy::NamedSource && e.priceSource.empty())
        p.push_back({"/economics/price_source", "the price policy names a source but none is given",
                     "choose a price source, or use cheapest-qualified"});
    c.range("/workload/data_parallel", s.workload.dataParallel, 0, kMaxGpus, "Data-parallel ranks (0 = all GPUs)");
    for (const auto& n : numberFields()) checkNumber(p, n.limit, n.get(s));
    c.range("/name", static_cast<long long>(s.name.size()), 0, kMaxNameLength, "Name length");
    for (std::size_t i = 0; i < s.media.pins.size(); ++i) {
        const auto& lc = s.media.pins[i].linkClass;
        if (lc != "host_leaf" && lc != "leaf_spine" && lc != "spine_core")
            p.push_back({"/media/pins/" + std::to_string(i) + "/link_class", "\"" + lc + "\" is not a link class",
                         "use host_leaf, leaf_spine or spine_core"});
    }
    return p;
}

const std::vector<NumberLimit>& numberLimits()
{
    static const std::vector<NumberLimit> limits = [] {
        std::vector<NumberLimit> v;
        for (const auto& n : numberFields()) v.push_back(n.limit);
        return v;
    }();
    return limits;
}

void requireValid(const ClusterSpec& s)
{
    const auto problems = validateSpec(s);
    if (!problems.empty()) throw UserError(problems.front().message, problems.front().field, problems.front().fix);
}

} // namespace fp
