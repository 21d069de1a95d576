#pragma once
// The pipeline: spec + catalog -> Plan, one value holding every stage's result. The GUI, the CLI and
// every exporter read the same Plan, so they cannot disagree.
#include <functional>
#include <string>
#include <vector>

#include "bom/bom.h"
#include "catalog/catalog.h"
#include "checks/finding.h"
#include "estimate/estimates.h"
#include "layout/layout.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

struct StageTiming {
    std::string stage;   // "topology", "layout", "media", "checks", "bom", "estimate"
    double ms = 0;
};

struct Plan {
    ClusterSpec spec;
    SwitchModel switchModel;   // resolved (or the synthesised generic switch)
    NicModel nicModel;
    PlatformModel platform;    // the design's platform; empty id when it has none
    Fabric fabric;
    Layout layout;
    MediaAssignment media;
    std::vector<Finding> findings;  // all checks, errors first
    Bom bom;
    Estimates estimates;
    std::vector<StageTiming> timings;

    int errorCount() const;
    int warningCount() const;
};

struct PlanOptions {
    EstimateOptions estimate;
    // Polled between stages; return true to abandon the plan (it then throws PlanCancelled).
    std::function<bool()> cancelled;
};

struct PlanCancelled {};

// Throws UserError when the spec is invalid or cannot be built (unknown part, too big for the switch).
Plan makePlan(const ClusterSpec&, const Catalog&, const PlanOptions& = {});

// One plan per fabric technology with the parts the catalog recommends for it, plus the advice.
struct Comparison {
    std::vector<Plan> plans;
    Advice advice;
};
Comparison comparePlans(const ClusterSpec&, const Catalog&, const PlanOptions& = {});

} // namespace fp
