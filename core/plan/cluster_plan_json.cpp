#include "plan/cluster_plan_json.h"

#include "plan/plan_json.h"
#include "plan/resilience_json.h"

namespace fp {
using nlohmann::json;

json networkFiguresJson(const NetworkFigures& f)
{
    return {{"switches", f.switches}, {"transceivers", f.transceivers}, {"cables", f.cables},
            {"capex_usd", f.capexUsd}, {"power_w", f.powerW}, {"power_max_w", f.powerMaxW}, {"errors", f.errors}, {"warnings", f.warnings}};
}

json clusterPlanToJson(const ClusterPlan& c)
{
    json out = planToJson(c.compute());
    if (c.networks.size() < 2) return out;
    json networks = json::array();
    for (std::size_t i = 0; i < c.networks.size(); ++i) {
        const NetworkPlan& n = c.networks[i];
        const json plan = i == 0 ? out : planToJson(n.plan);
        json entry{{"name", n.name}, {"role", toString(n.role)}, {"fabric", plan["fabric"]},
                   {"endpoint_ports", n.endpointPorts}, {"parts", plan["parts"]},
                   {"topology", plan["topology"]}, {"figures", networkFiguresJson(c.figures[i])},
                   {"bom", plan["bom"]}, {"capex_usd", plan["capex_usd"]}, {"power_w", plan["power_w"]},
                   {"checks", plan["checks"]}, {"part_failures", partFailuresToJson(n.plan.resilience)}};
        networks.push_back(std::move(entry));
    }
    out["networks"] = std::move(networks);
    out["total"] = networkFiguresJson(c.total);
    return out;
}

nlohmann::json clusterTotalsJson(const Comparison& c, const std::vector<NetworkFigures>& totals)
{
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < totals.size() && i < c.plans.size(); ++i) {
        nlohmann::json j = networkFiguresJson(totals[i]);
        j["fabric"] = toString(c.plans[i].spec.fabric);
        j["switch"] = c.plans[i].hardware.switchesText(c.plans[i].fabric.shape.tiers);
        out.push_back(std::move(j));
    }
    return out;
}

} // namespace fp
