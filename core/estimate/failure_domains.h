#pragma once
// Failure domains: for one failure of each kind of component, what it cuts off or slows down, worked
// out on the fabric graph itself (so multi-plane and dual-homed hosts show their redundancy wherever
// the topology gives it). README.md, "Resilience".
#include <string>
#include <vector>

#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

struct FailureDomain {
    std::string component;          // stable key: "nic_port", "host_module", "host_cable", "leaf_module",
                                    // "nic", "leaf", "fabric_link", "spine", "core", "plane"
    std::string description;        // for people: "one NIC port (or its link)"
    long long count = 0;            // how many of these the fabric has
    long long gpusDisconnected = 0; // GPUs left with no path to the rest of the cluster
    long long gpusDegraded = 0;     // GPUs that keep a path at reduced bandwidth
    double bandwidthLeftPct = 100;  // to the GPUs slowed (worst of them); 0 when it slows none but cuts some off
    double bisectionLostPct = 0;    // share of the fabric's bisection bandwidth this failure removes
    bool jobSurvives = true;        // a job spanning the whole cluster keeps running (reduced bandwidth)
    double eventsPerYear = 0;       // expected failures of this kind per year (filled by resilience::analyse)
};

namespace bom { struct SolutionCounts; }

namespace resilience {
// One row per kind of component the fabric has (no "core" row without a core tier, no "plane" row for
// a single plane). The representative instance of each kind is the worst one (most links).
// `counts`: bom::countPerSolution of the plan when the caller has it (Bom::perSolution), else counted here.
std::vector<FailureDomain> failureDomains(const ClusterSpec&, const Fabric&, const MediaAssignment&,
                                          const std::vector<bom::SolutionCounts>* counts = nullptr);
} // namespace resilience

} // namespace fp
