#pragma once
// Bring-up and tuning effort of one fabric: the per-transport figure for a reference fabric, scaled by the
// fabric's size, tiers and planes. The rule and its sources: core/estimate/README.md, "Tuning effort".
#include <string>

#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::estimate {

struct TuningEffort {
    double weeks = 0;       // engineer-weeks to bring up and tune the fabric
    double months = 0;      // calendar months to a stable production cluster
    double scale = 1;       // weeks / the reference fabric's weeks
    std::string basis;      // one line: the scale and what it came from, for the estimate notes
};

// `generatedLossless`: a RoCE fabric whose lossless settings FabricPlan derived and checked.
TuningEffort tuningEffortOf(FabricKind kind, bool generatedLossless, const Fabric& fabric);

} // namespace fp::estimate
