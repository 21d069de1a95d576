#pragma once
// The per-network part of `fabricplan-cli plan` for a design with several networks: one row per
// network and a total row (ClusterPlan::total, the sum of the rows), then each other network's parts,
// topology and findings. A compute-only design prints nothing here.
#include <iosfwd>

#include "plan/cluster_plan.h"

namespace fp::cli {

void printNetworks(const ClusterPlan&, std::ostream&);
// `compare` for a design with other networks: each fabric's plan with them (clusterTotalsOf), the same
// figures the window's Compare tab shows. Nothing when `totals` is empty.
void printClusterTotals(const Comparison&, const std::vector<NetworkFigures>& totals, std::ostream&);

} // namespace fp::cli
