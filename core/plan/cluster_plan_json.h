#pragma once
// The cluster plan as JSON: planToJson of the compute fabric (the keys scripts already read), and, when
// the design has other networks, `networks[]` (one entry per network, the compute fabric first: its
// role, endpoint ports, switches by tier, transceivers, cables, capex, power, BOM and findings) and
// `total` (the sum of the networks' figures, from ClusterPlan::total). A compute-only design's JSON is
// planToJson's, unchanged.
#include <nlohmann/json.hpp>

#include "plan/cluster_plan.h"

namespace fp {

nlohmann::json clusterPlanToJson(const ClusterPlan&);
nlohmann::json networkFiguresJson(const NetworkFigures&);
// `compare --json`'s "cluster_totals": per compared fabric, its plan with the design's other networks
// (clusterTotalsOf), [{"fabric": ..., "switch": ..., figures...}].
nlohmann::json clusterTotalsJson(const Comparison&, const std::vector<NetworkFigures>& totals);

} // namespace fp
