#pragma once
// The Summary's table of a cluster's networks (issue 38): a row per network as ClusterPlan::figures
// counts it and the total row (ClusterPlan::total), the very figures `fabricplan-cli plan` prints under
// "Networks". The row of the network the other views show is marked.
#include <QPalette>
#include <QString>

#include "plan/cluster_plan.h"

namespace fp::gui {

// Empty for a cluster of one network (the compute fabric alone needs no table).
QString networksTableHtml(const ClusterPlan&, int viewedNetwork, const QPalette&);
// "Compute fabric", "Storage fabric (storage)": what the network picker and the table call a network.
QString networkLabel(const NetworkPlan&);

} // namespace fp::gui
