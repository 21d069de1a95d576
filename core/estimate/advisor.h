#pragma once
// estimate::advise: recommend a fabric technology from N estimates of the same spec, with reasons.
// The rule and its sources: core/estimate/README.md ("Advice").
#include <utility>
#include <vector>

#include "estimate/estimates.h"
#include "spec/cluster_spec.h"

namespace fp {

Advice advise(const std::vector<std::pair<FabricKind, Estimates>>&, const ClusterSpec&);

} // namespace fp
