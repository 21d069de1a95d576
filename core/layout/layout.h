#pragma once
// layout::place: racks on a floor, devices in racks, and a routed (not straight-line) length for
// every link. Model and constants: core/layout/README.md.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/hardware.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

enum class RackKind : std::uint8_t { Compute, Network, SpineRoom };
const char* toString(RackKind);

struct Rack {
    RackKind kind = RackKind::Compute;
    int row = 0;          // -1 for a spine room or the core room (rows are numbered across halls)
    int slot = 0;         // position along the row
    double xM = 0, yM = 0;// rack centre on the floor
    double powerW = 0;    // everything in it at full load (nodes + switches at their maximum; optics are
                          // added by the estimate): what the rack power budget must hold
    int devices = 0;
    std::string name;     // "R03-12", "NET-R03-A", "SPINE-01"; several halls: "SPINE-H03-01", "CORE-01"
    int hall = 0;         // hall (= pod with several halls); -1 for the core room
};

struct Layout {
    int rows = 0;
    int halls = 1;        // one per pod with three tiers and several pods (README "Halls")
    std::vector<Rack> racks;
    std::vector<std::uint32_t> rackOfDevice;  // per device
    std::vector<float> linkLengthM;           // per link: routed length incl. slack, before rounding
    double floorWidthM = 0, floorDepthM = 0;
};

namespace layout {
// Node power comes from spec.floor.nodePowerKw; each switch draws its model's power (Device::model);
// network racks hold as many of the tallest switch model as fit.
Layout place(const ClusterSpec&, const Fabric&, const Hardware&);
// Nodes per compute rack: min(floor.nodesPerRack, floor(rackPowerBudgetKw / nodePowerKw)), at least 1.
int nodesPerRack(const FloorSpec&);
} // namespace layout

} // namespace fp
