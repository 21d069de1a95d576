#pragma once
// topology::build: dimension and wire a fabric (single switch, two-tier leaf-spine or three-tier
// fat-tree; rail-optimized or not; planes; oversubscription) down to the port.
// Sizing rules and their sources: core/topology/README.md.
#include "catalog/parts.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::topology {

// What the builder needs to know about the chosen hardware.
struct SwitchPorts {
    int ports = 0;          // logical ports at the link speed
    int portsPerCage = 1;   // logical ports per physical cage
};

// Largest endpoint count per plane for 2 and 3 tiers with these ports and ratios.
long long maxEndpoints(int tiers, const SwitchPorts&, Ratio leaf, Ratio spine);

// Throws UserError when the spec cannot be built (with what would fit).
Fabric build(const ClusterSpec&, const SwitchPorts&, int linkGbps);

} // namespace fp::topology
