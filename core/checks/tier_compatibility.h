#pragma once
// checks::tierCompatibility: can the switch of each tier talk to its neighbours? Runs on the resolved
// Hardware before the topology is built (a tier without ports at the link speed cannot be wired), so
// makePlan refuses such a design with the first error and its fix. Rules: core/checks/README.md.
#include <vector>

#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "common/finding.h"
#include "spec/cluster_spec.h"

namespace fp::checks {

// hardware.tier-protocol: a tier's switch does not run the fabric's technology (InfiniBand vs Ethernet);
// hardware.tier-speed: a tier's switch has no ports at the fabric's link speed, so the links to the
// tier below or above have no common speed. Both are errors whose fix names the speeds every tier and
// the NIC share (or switches that fit). Empty when every tier fits.
std::vector<Finding> tierCompatibility(const ClusterSpec&, const Hardware&, const Catalog&);

} // namespace fp::checks
