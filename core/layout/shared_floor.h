#pragma once
// One floor for the whole cluster (issue 38): the compute fabric's floor, on which the design's other
// networks (storage, in-band, out-of-band) are placed one after the other, in the design's order. A
// network's node-side ports stand where their compute nodes stand, its switch-management ports at those
// switches, its servers (storage, management, UFM) in service racks after the last row, its leaves in
// network racks of their own at the row ends, its spines in the spine room. Rules, constants and
// their sources: core/layout/README.md, "Shared floor". O(devices + links) per network.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "catalog/hardware.h"
#include "layout/layout.h"
#include "spec/cluster_spec.h"
#include "topology/builder.h"
#include "topology/fabric.h"

namespace fp::layout {

// Sets `to`'s floor (racks with their power, rows, halls, floor size) to `floor`'s, leaving its devices'
// racks, heights and link lengths: a network's layout showing the cluster's one floor.
void setFloorOf(Layout& to, const Layout& floor);

class SharedFloor {
public:
    // Starts from the compute fabric's placed floor: its racks (with their power), and the rack and
    // height of each of its devices (`computeLayout.heightM`).
    SharedFloor(const ClusterSpec& compute, const Fabric& computeFabric, const Layout& computeLayout);

    // Where each of network `n`'s `ports` endpoint ports stands, in the order its fabric's nodes stand
    // for them (group by group, as plan/cluster_plan.h builds it): the first step of placing it, before
    // its topology is built. Opens the network's service racks. Networks must be placed in the design's
    // order: a per-switch group's ports are those of the switches placed before it.
    struct Endpoints {
        std::vector<std::uint32_t> rack;
        std::vector<float> heightM;
    };
    Endpoints standEndpoints(const NetworkSpec& n, std::uint32_t ports);

    // The order in which the network's leaves take those ports (topology::LeafOrder): place by place (a
    // hall's rows, a spine room, the core room, a service row; places in the order of their first
    // port), and along the floor within a place (rack by rack, line by line), so no leaf serves two halls
    // and a leaf's ports stand side by side. O(ports + racks log racks).
    topology::LeafOrder leafOrderOf(const Endpoints& endpoints) const;

    // Places the network's switches (its fabric, built from `endpoints` in leafOrderOf's order) on the
    // floor: adds its racks and returns its layout (racks: the floor as it now stands, each rack's power
    // the whole floor's; a rack index stays valid as later networks add theirs).
    Layout place(const Fabric& fabric, const Hardware& hardware, Endpoints endpoints);

    // The cluster's racks: every network's devices, each device's power counted once (nodes and the
    // compute fabric's switches as the compute floor counts them, the other networks' switches at their
    // maximum; the servers of the service racks draw no modelled power: the design gives none).
    // rackOfDevice, heightM and linkLengthM are empty: devices are each network's (its plan's layout).
    const Layout& floor() const { return floor_; }
    Layout takeFloor() { return std::move(floor_); }

    long long switchesPlaced() const { return static_cast<long long>(managed_.size()); }

private:
    struct Spot {
        std::uint32_t rack = 0;
        float heightM = 0;
    };
    // Where a network rack is added: the end of a row (row >= 0), or a room (row -1: spine room of hall
    // `hall`, the core room when hall is -1).
    struct Line {
        int row = -1, hall = 0;
        double nextXM = 0, yM = 0, stepM = 0;  // centre of the next rack; +- rack width
        int nextSlot = 0, racksAdded = 0, roomRacks = 0;
        int networkRacks = 0;                  // NET-Rxx-<letter> already in the row
    };
    struct ServerGroup {
        std::size_t network = 0;
        std::string name;
        int count = 0;
        std::size_t firstServer = 0;  // into servers_
        bool matched = false;         // an out-of-band group has taken it as its own devices' ports
    };

    // A rack with leafOrderOf's sort key, by value: its place, then along the floor (line by line, along
    // each line), then its index.
    struct RackInOrder {
        std::int32_t place = 0;
        std::uint32_t rack = 0;
        double yM = 0, xM = 0;
        bool operator<(const RackInOrder& o) const { return std::tie(place, yM, xM, rack) < std::tie(o.place, o.yM, o.xM, o.rack); }
    };

    std::uint32_t addRack(Line& line, RackKind kind, const std::string& name);
    Line& lineOfRow(int row);
    static Line* lineOfHall(std::vector<Line>& lines, int hall);  // the hall's line, or none yet
    Line& lineOfRoom(int hall);
    Line& aisleOfRoom(int hall);
    std::uint32_t addServiceRack(bool storage);
    std::vector<Spot> spotsOfFixedGroup(const NetworkSpec&, const EndpointGroup&, std::size_t group);

    FloorSpec spec_;
    Layout floor_;
    int computeRows_ = 0, serviceRows_ = 0, storageRacks_ = 0, managementRacks_ = 0;
    std::vector<Spot> node_;              // compute nodes
    std::vector<Spot> managed_;           // every switch placed so far, in order (per-switch groups)
    std::vector<Spot> servers_;           // service-rack servers
    std::vector<std::uint32_t> computeRacks_;
    std::vector<ServerGroup> serverGroups_;
    std::vector<Line> rows_;              // per row (compute rows, then service rows)
    std::vector<Line> rooms_;             // spine rooms and the core room, as added
    std::vector<Line> aisles_;            // per room: a line of network racks behind it (aisleOfRoom)
    // Per hall (-1: the core room), its spine room racks' lowest x and furthest y so far, kept as racks are
    // added (in rack order, as a walk over the racks would find them): where aisleOfRoom starts an aisle.
    struct RoomExtent {
        double lowX = std::numeric_limits<double>::max(), backY = std::numeric_limits<double>::lowest();
    };
    std::map<int, RoomExtent> roomExtent_;
    void extendRoom(const Rack& r)
    {
        if (r.kind != RackKind::SpineRoom) return;
        RoomExtent& e = roomExtent_[r.hall];
        e.lowX = std::min(e.lowX, r.xM), e.backY = std::max(e.backY, r.yM);
    }
    std::size_t network_ = 0;             // networks placed so far
    int serviceRowOfNetwork_ = -1;        // this network's service row (-1: none yet)
    int serviceInRow_ = 0;                // racks in that row
    std::uint32_t serviceRack_ = 0;       // the newest service rack
    int serversInRack_ = 0;               // servers in it
    bool serviceRackIsStorage_ = false;   // whether it is a storage rack
    // The floor's first racks in leafOrderOf's order, the racks added since merged in by its next call (a
    // rack's place and position never change): each network sorts its new racks, not every rack it uses.
    mutable std::vector<RackInOrder> racksInOrder_;
};

} // namespace fp::layout
