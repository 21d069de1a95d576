#pragma once
// The BOM and the cable plan of a cluster with several networks as CSV: the columns of bom-csv and
// cables-csv (io/csv_exporters.cpp) after a first `network` column, every network's rows in the
// cluster plan's order (the compute fabric first). Like those files no totals row: the sum of a
// column over every row is the cluster's total (ClusterPlan::total). Cable ids restart per network;
// (network, cable_id) names a cable.
#include <string>

#include "plan/cluster_plan.h"

namespace fp::io {

void writeClusterBomCsv(const ClusterPlan&, const std::string& path, bool utf8Bom = false);
void writeClusterCablesCsv(const ClusterPlan&, const std::string& path, bool utf8Bom = false);

} // namespace fp::io
