#pragma once
// topology::build: dimension and wire a fabric (single switch, two-tier leaf-spine or three-tier
// fat-tree; rail-optimized or not; planes; oversubscription) down to the port.
// Sizing rules and their sources: core/topology/README.md.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::topology {

// What the builder needs to know about the chosen hardware.
struct SwitchPorts {
    int ports = 0;          // logical ports at the link speed
    int portsPerCage = 1;   // logical ports per physical cage
    std::uint8_t model = 0; // index of the switch model (Hardware::switches), recorded on each Device
    // Leaves only: host-speed ports one uplink takes when uplinks run faster (FabricShape::leafPortsPerUplink);
    // ports and portsPerCage are then at the host speed, the tiers above at the uplinks' speed.
    int portsPerUplink = 1;
    // Leaves only: uplinks on cages of their own (an SN2201's 4 x 100G QSFP28 beside 48 x 1G RJ45), numbered
    // after the `ports` front ports, each uplinkSpeedUp times a host port's speed. 0: uplinks are front ports.
    int uplinkPorts = 0;
    int uplinkSpeedUp = 1;
};

// Ports of the switches of each tier: leaf, spine, core (index = switchTierIndex(tier)).
struct TierPorts {
    std::array<SwitchPorts, kSwitchTierCount> tier;
    TierPorts() = default;
    // The same switch on every tier; {ports, portsPerCage} reads as before per-tier ports existed.
    TierPorts(const SwitchPorts& all) : tier{all, all, all} {}  // NOLINT(google-explicit-constructor)
    TierPorts(int ports, int portsPerCage) : TierPorts(SwitchPorts{ports, portsPerCage, 0}) {}
    TierPorts(const SwitchPorts& leaf, const SwitchPorts& spine, const SwitchPorts& core) : tier{leaf, spine, core} {}
    const SwitchPorts& of(Tier t) const { return tier[std::size_t(switchTierIndex(t))]; }
};

// The order in which a fabric's leaves take its nodes when the nodes are not compute nodes in rows (a
// network's endpoint ports on the cluster's shared floor, layout/shared_floor.h): `nodes` lists every
// node once, place by place and along the floor within a place; `placeStarts` where each place begins
// in `nodes`. A leaf takes the nodes of one place only, so it never serves two halls. Empty: the nodes in
// turn (whole nodes per leaf). Read only by a fabric that is neither rail-optimized nor leaf-per-rack.
struct LeafOrder {
    std::vector<std::uint32_t> nodes;
    std::vector<std::uint32_t> placeStarts;
    bool empty() const { return nodes.empty(); }
};

// Largest endpoint count per plane for 2 and 3 tiers with these ports and ratios.
long long maxEndpoints(int tiers, const TierPorts&, Ratio leaf, Ratio spine);

// Runs the builder's wiring tasks, which write disjoint parts of the fabric: side by side or one after
// the other, as the caller decides from `links`, how many links they write together (plan.cpp uses
// threads for a large fabric only). Without one, build runs them in order.
using TaskRunner = std::function<void(std::size_t links, const std::vector<std::function<void()>>& tasks)>;

// Throws UserError when the spec cannot be built (with what would fit). linkGbps: the host links'
// speed; the switch-to-switch links run at linkGbps x the leaf's portsPerUplink.
Fabric build(const ClusterSpec&, const TierPorts&, int linkGbps, const TaskRunner& run = {}, const LeafOrder& order = {});
// build's shape alone (its dimensioning: the same figures, notes aside, and the same errors), without
// devices or links: what a fabric would be, at a fraction of the cost of building it.
FabricShape shapeOf(const ClusterSpec&, const TierPorts&, int linkGbps, const LeafOrder& order = {});

} // namespace fp::topology
