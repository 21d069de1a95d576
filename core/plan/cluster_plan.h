#pragma once
// A cluster's plan: the list of its networks' plans over one catalog, and their totals (issue 38).
// The compute fabric is networks[0], today's Plan unchanged; each NetworkSpec of the design is another
// Plan made by the same stages (resolve -> topology -> layout -> media -> checks -> bom -> estimate)
// from the ClusterSpec that network stands for (endpointFabricSpec): its endpoint ports are the
// "nodes" of a non-rail-optimized fabric, one port each. Its layout is a place on the compute fabric's
// floor, shared by every network (layout/shared_floor.h): ports where their nodes and switches stand. A total is the sum of its networks, computed
// once here; views and exporters read it, never add networks up themselves.
#include <optional>
#include <string>
#include <vector>

#include "common/error.h"
#include "plan/plan.h"

namespace fp {

struct NetworkPlan {
    std::string name;     // "compute" for the compute fabric, else the NetworkSpec's name
    NetworkRole role = NetworkRole::Compute;
    long long endpointPorts = 0;  // ports its endpoints bring (the compute fabric: its host links)
    Plan plan;
};

// What a network counts, or (ClusterPlan::total) what every network counts together.
struct NetworkFigures {
    long long switches = 0;      // installed switches (spares are in the BOM's spares line)
    long long transceivers = 0;  // modules, as the BOM counts them
    long long cables = 0;        // physical cables, the cable plan's rows (a splitter is one)
    double capexUsd = 0;
    double powerW = 0;           // network power, typical: switches, optics, NICs (estimate::opexOf)
    double powerMaxW = 0;        // the same with switches at their maximum (Opex::powerMaxKw)
    int errors = 0, warnings = 0;
    double powerKw() const { return powerW / 1000.0; }
    double powerMaxKw() const { return powerMaxW / 1000.0; }
};
NetworkFigures figuresOf(const Plan&);

struct ClusterPlan {
    std::vector<NetworkPlan> networks;  // [0] the compute fabric, then the design's networks in order
    std::vector<NetworkFigures> figures;  // one per network, same order
    NetworkFigures total;                 // the sum of `figures`
    // With other networks: the cluster's one floor (layout/shared_floor.h), every rack of every network,
    // each rack's power counted once; its rackOfDevice and linkLengthM are empty (each network's own
    // are in its plan's layout, whose racks are these). Empty for the compute fabric alone.
    Layout sharedFloor;
    const Plan& compute() const { return networks.front().plan; }
    // The racks the floor view and the NetBox export show: the shared floor, or the compute fabric's.
    const Layout& floor() const { return networks.size() > 1 ? sharedFloor : compute().layout; }
    int errorCount() const { return total.errors; }
    // Every network's part failures and spares (each plan's resilience), for clusterPartsSummary.
    std::vector<const Resilience*> partFailures() const
    {
        std::vector<const Resilience*> out;
        for (const NetworkPlan& n : networks) out.push_back(&n.plan.resilience);
        return out;
    }
};

// The ClusterSpec network `index` of `cluster.networks` stands for, with `endpointPorts` ports.
ClusterSpec endpointFabricSpec(const ClusterSpec& cluster, std::size_t index, long long endpointPorts);
// Ports of a network's endpoints: PerComputeNode groups follow the compute nodes, PerSwitch groups the
// switches of `switchesBefore` (those of every network listed before it, the compute fabric included).
long long endpointPortsOf(const NetworkSpec&, int computeNodes, long long switchesBefore);

// What makeClusterPlan refuses the design's other networks for before planning them (each network's own
// fields, then its parts as the plan's resolve stage checks them: plan/before_planning.h refusalOf), with
// the network's field path; nothing when they would be planned. `validate` runs it after refusalOf.
std::optional<UserError> networkRefusalOf(const ClusterSpec&, const Catalog&);

// Plans every network. Throws UserError for a bad network, naming it ("/networks/1 (storage): ...").
ClusterPlan makeClusterPlan(const ClusterSpec&, const Catalog&, const PlanOptions& = {});
// The same with the compute fabric already planned (the CLI plans it first, as before).
ClusterPlan makeClusterPlan(Plan compute, const Catalog&, const PlanOptions& = {});

// The compute fabric's plan as the cluster it would be: the design's other networks planned around it
// (an OOB network's management ports follow its switches) and summed with it; the compute fabric's own
// figures when the design has no other networks or keeps the compute fabric alone (compute_only).
// The `total` makeClusterPlan gives the same design. Throws UserError for a bad network, as makeClusterPlan does.
NetworkFigures clusterTotalOf(const Plan& compute, const Catalog&, const PlanOptions& = {});
// How many networks a plan of `cluster` holds: the compute fabric and, unless compute_only, the others.
std::size_t plannedNetworkCount(const ClusterSpec& cluster);

// Each plan of a comparison as the cluster it would be (issue 38): the design's other networks planned
// around it (an OOB network's management ports follow its switches) and summed with it, so every
// alternative carries the other networks' cost. One per Comparison::plans, same order; empty when the
// design has no other networks. Throws UserError for a bad network, as makeClusterPlan does.
std::vector<NetworkFigures> clusterTotalsOf(const Comparison&, const Catalog&, const PlanOptions& = {});

} // namespace fp
