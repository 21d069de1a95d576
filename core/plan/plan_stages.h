#pragma once
// makePlan (plan.h) in three steps, so the comparison can build one floor (topology, layout, cage
// groups) for candidates that differ only in NIC and fabric kind, and plan each of them on it
// (plan/compare.cpp). For every spec, planOnFloor(r, buildFloor(r, ..), ..) with r = resolveStage(spec, ..)
// is makePlan(spec, ..): same stages, same order, same result.
#include <string>
#include <vector>

#include "media/cage_grouping.h"
#include "plan/plan.h"

namespace fp::plan {

// The spec checked and resolved: its parts, the link speed and planes (a note when planes changed).
struct Resolved {
    ClusterSpec spec;
    Hardware hardware;
    int linkGbps = 0;
    std::string planesNote;
    std::vector<StageTiming> timings;  // "resolve"
};

// What the topology, layout and cage grouping stages build: a function of the switches, the spec's
// shape and floor and the NIC's port count, not of the NIC's model or the fabric kind (sameFloor).
struct Floor {
    Fabric fabric;
    Layout layout;
    media::CageGrouping grouping;
    std::vector<StageTiming> timings;  // "topology", "layout"
};

// Throw UserError as makePlan does, at the same stage.
Resolved resolveStage(const ClusterSpec&, const Catalog&, const PlanOptions& = {});
Floor buildFloor(const Resolved&, const PlanOptions& = {});
// The remaining stages (media, checks, BOM, invariants, estimates) on a floor built for `resolved` or
// for one sameFloor as it.
Plan planOnFloor(const Resolved&, Floor, const Catalog&, const PlanOptions& = {});

// Whether buildFloor gives a and b the same floor: their resolved specs differ at most in NIC model and
// fabric kind, their hardware at most in NIC and its NIC in nothing the cage grouping reads.
bool sameFloor(const Resolved& a, const Resolved& b);

} // namespace fp::plan
