#pragma once
// The plan as versioned JSON: what the CLI prints, the json exporter writes and scripts read.
// Stable keys (kept across versions; more may be added): topology.tiers, topology.dual_tor, topology.endpoints,
// topology.switches.{leaf,spine,core,total}, topology.links.{host_leaf,leaf_spine,spine_core,total},
// bom[].{category,part,vendor,description,qty,unit_price_usd,extended_usd,power_w}, capex_usd.total,
// power_w.total, checks[].{severity,rule,message}, performance.*, opex.*, tco_usd,
// parts.{switch,nic}, parts.switches.{leaf,spine,core}.{part,model} (the tiers the fabric has).
#include <nlohmann/json.hpp>

#include "plan/plan.h"

namespace fp {

constexpr int kPlanJsonVersion = 1;

nlohmann::json planToJson(const Plan&);
nlohmann::json comparisonToJson(const Comparison&);

} // namespace fp
