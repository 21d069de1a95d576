#pragma once
// estimate::advise: recommend a fabric technology from N estimates of the same spec, with reasons.
// The rule and its sources: core/estimate/README.md ("Advice").
#include <string>
#include <utility>
#include <vector>

#include "estimate/estimates.h"
#include "spec/cluster_spec.h"

namespace fp {

Advice advise(const std::vector<std::pair<FabricKind, Estimates>>&, const ClusterSpec&);

// One option with the design-rule errors of its plan. An option with errors is not buildable: it is
// listed in the reasons but never recommended while any option without errors exists.
struct FabricOption {
    FabricKind fabric = FabricKind::InfiniBand;
    Estimates estimates;
    int errors = 0;
};
Advice adviseBuildable(const std::vector<FabricOption>&, const ClusterSpec&);

} // namespace fp
