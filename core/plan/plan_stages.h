#pragma once
// makePlan (plan.h) in three steps, so the comparison can build one floor (topology, layout, cage
// groups) for candidates that differ only in NIC, fabric kind and switches of the same shape, and
// plan each of them on it (plan/compare.cpp). For every spec, planOnFloor(r, buildFloor(r, ..), ..) with r = resolveStage(spec, ..)
// is makePlan(spec, ..): same stages, same order, same result.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bom/bom_counts.h"
#include "estimate/throughput.h"
#include "lossless/lossless.h"
#include "media/cage_grouping.h"
#include "media/media.h"
#include "plan/invariants.h"
#include "plan/plan.h"
#include "topology/builder.h"

namespace fp::plan {

// The spec checked and resolved: its parts, the link speed and planes (a note when planes changed).
struct Resolved {
    ClusterSpec spec;
    Hardware hardware;
    int linkGbps = 0;
    std::string planesNote;
    // Where the plan runs another value than the design says (planes, link speed): a warning each,
    // added to the plan's findings (issue 41: no silent override; core/checks/README.md).
    std::vector<Finding> overrides;
    std::vector<StageTiming> timings;  // "resolve"
};

// What the topology, layout and cage grouping stages build: a function of the switches' ports, cages
// and rack units, the spec's shape and floor and the NIC's port count, not of the NIC's model, the
// fabric kind or the switches' names (sameFloor). The racks' power is the one part that depends on the
// switch model (its power draw): planOnFloor sets it for its own switches.
struct Floor {
    Fabric fabric;
    Layout layout;
    media::CageGrouping grouping;
    std::vector<StageTiming> timings;  // "topology", "layout"
};

// What the plans of one floor share beyond the floor itself, worked out by the first plan that needs it
// and read by the others (one plan at a time): the link keys (media::LinkKeys: valid for every plan whose
// switches and NIC split their cages alike, worked out again otherwise), the BOM's cage tally of those
// keys (bom::CageTally) and the ports in use per device (checks::portsInUse); then, each read only when
// the inputs it was made from are equal, the PFC headroom's per-switch runs, the ring's ECMP collisions
// and the invariant check's cable grouping and walk. A plan on the floor then solves a few keys and counts
// a few cage kinds instead of walking every link several times.
struct FloorMemo {
    media::LinkKeys keys;
    bom::CageTally tally;
    std::uint64_t tallyOfKeys = 0;  // the keys' version the tally was counted for
    std::vector<std::uint32_t> portsUsed;
    // The switches' link ends as runs of one length and solution, for the PFC headroom (lossless.h):
    // gathered by the second plan of the same solution numbers (a floor of one plan walks its links).
    lossless::SwitchEnds switchEnds;
    std::vector<std::uint32_t> losslessSolutions;  // the solution numbers of the last PFC plan without them
    // The ring's ECMP collisions (a function of the fabric and the query: estimate/throughput.h).
    std::optional<std::pair<estimate::EcmpQuery, estimate::EcmpResult>> ecmp;
    checks::InvariantMemo invariants;  // the invariant check's cable grouping and walk (plan/invariants.h)
};

// Throw UserError as makePlan does, at the same stage.
Resolved resolveStage(const ClusterSpec&, const Catalog&, const PlanOptions& = {});
// Each tier's ports and ports per cage at the resolved link speed: what the topology is built from.
topology::TierPorts tierPortsOf(const Resolved&);
// With `sharedFloorOrder`, a network that the cluster's shared floor places (layout/shared_floor.h): its
// leaves take its ports in that order (a leaf per place), and only its fabric is built (Floor::layout
// and Floor::grouping empty): the caller places it and groups its cages (media::groupByCage) off the
// shared floor's one-after-the-other path (plan/cluster_plan.cpp).
Floor buildFloor(const Resolved&, const PlanOptions& = {}, const topology::LeafOrder* sharedFloorOrder = nullptr);
// Groups the cages of a floor built with a shared floor's order (media::groupByCage), its time counted as
// its "layout" stage's.
void groupCages(Floor&, const Resolved&);
// How the floor's host ports are named: by the platform's cages when the NICs are its own and fit them,
// else by NIC (empty type).
HostCages hostCagesOf(const Resolved&);
// The remaining stages (media, checks, BOM, invariants, estimates) on a floor built for `resolved` or
// for one sameFloor as it. With `sharedGrouping` (that floor's cage groups, which several plans read
// while the floor lends them its fabric and layout), the floor's own grouping is not read (it may be
// empty) and the shared one is left as it is.
// With `memo`, what the floor's plans share is read from it (and filled in when missing).
Plan planOnFloor(const Resolved&, Floor, const Catalog&, const PlanOptions& = {},
                 const media::CageGrouping* sharedGrouping = nullptr, FloorMemo* memo = nullptr);

// Whether buildFloor gives a and b the same floor (rack power aside): their resolved specs differ at
// most in NIC, switch names and fabric kind; their switches at most in what neither the topology nor the
// layout reads (ports and ports per cage at the link speed and rack units equal, tier by tier); their
// NICs in nothing the cage grouping reads.
bool sameFloor(const Resolved& a, const Resolved& b);

} // namespace fp::plan
