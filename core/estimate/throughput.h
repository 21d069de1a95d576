#pragma once
// Throughput model: injection bandwidth, bisection, large-collective efficiency and ECMP hash
// collisions of a ring all-reduce on the actual graph. README.md ("Throughput").
#include <array>

#include "estimate/estimates.h"

namespace fp::estimate {

// Achieved / line rate for large collectives relative to InfiniBand (IB = 1).
double relativeEfficiency(FabricKind, int linkGbps, bool roceMisconfigured);
// Absolute: kIbEfficiency x relativeEfficiency.
double collectiveEfficiency(FabricKind, int linkGbps, bool roceMisconfigured);

// NIC ports per node (nicsPerNode x planes) x link speed / GPUs per node.
double injectionGbpsPerGpu(const Fabric&, int gpusPerNode);

// Links per class (indexed by LinkClass), from the class ranges (link_ranges.h): no pass over the links.
std::array<long long, kLinkClassCount> linkCountsByClass(const Fabric&);

// Unidirectional bisection: linkGbps x min(host-leaf, leaf-spine, spine-core links) / 2, over the tiers
// present. Halving the fabric, each half can send at most through half of the narrowest tier.
double bisectionGbps(const Fabric&);

struct EcmpResult {
    long long crossLeafFlows = 0;  // ring flows whose ends sit on different leaves
    int maxLoad = 0;               // most flows on one link after hashing
    int idealMaxLoad = 0;          // what a perfect balancer achieves (leaf uplink pigeonhole), in
                                   // queue pairs, and at least one connection's worth (qps)
    double factor = 1.0;           // idealMaxLoad / maxLoad (1 = no collision)
};

// Ring all-reduce over the first `nodes` nodes, one ring per NIC port (rail / plane): node i sends to
// node i+1. Every cross-leaf flow is hashed (deterministic hash of the flow id) onto one of its
// leaf's uplinks, then onto the parallel links down (and through the core when the pods differ).
// A ring moves at its slowest flow, so the factor is ideal load / worst load.
// NCCL may open several queue pairs per connection (NCCL_IB_QPS_PER_CONNECTION); each is hashed on its
// own and carries 1/qps of the flow, so loads and the ideal are counted in queue pairs.
EcmpResult ringEcmpCollisions(const Fabric&, int nodes, int qpsPerConnection = 1);
// What ringEcmpCollisions is asked for a design: the ring's nodes and queue pairs per connection.
struct EcmpQuery {
    int nodes = 0, qps = 1;
    bool operator==(const EcmpQuery&) const = default;
};
EcmpQuery ringEcmpQueryOf(const ClusterSpec&, const EstimateOptions&);
// The ECMP collisions of the ring all-reduce that run() models (ringEcmpCollisions over the nodes and
// queue pairs the options give): a function of the fabric and the query alone, so a plan can compute it
// beside media, and the plans of one floor that ask the same share it (plan_stages.h FloorMemo).
EcmpResult ringEcmpOf(const ClusterSpec&, const Fabric&, const EstimateOptions&);

// True when the fabric balances flows itself: InfiniBand (subnet-manager fat-tree routing, adaptive
// routing), Spectrum-X with adaptive routing switches and SuperNICs, UEC with packet spraying.
bool balancesFlows(FabricKind, const Hardware&);

} // namespace fp::estimate
