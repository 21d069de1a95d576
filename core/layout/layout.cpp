#include "layout/layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "layout/layout_constants.h"

namespace fp {

const char* toString(RackKind k)
{
    switch (k) {
    case RackKind::Compute: return "compute";
    case RackKind::Network: return "network";
    case RackKind::SpineRoom: return "spine_room";
    }
    return "?";
}

namespace layout {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

std::string rackName(const char* prefix, int a, int b)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s%02d-%02d", prefix, a, b);
    return buf;
}

std::string networkRackName(int row, int k)
{
    char buf[48];
    if (k < 26)
        std::snprintf(buf, sizeof buf, "NET-R%02d-%c", row + 1, char('A' + k));
    else
        std::snprintf(buf, sizeof buf, "NET-R%02d-%d", row + 1, k + 1);
    return buf;
}

// One rule for the layout and the topology's top-of-rack leaves (spec/cluster_spec.h).
int nodesPerRackFor(const FloorSpec& floor) { return nodesPerRackOf(floor); }

} // namespace

int nodesPerRack(const FloorSpec& floor) { return nodesPerRackFor(floor); }

Layout place(const ClusterSpec& spec, const Fabric& fabric, const Hardware& hardware)
{
    const FloorSpec& floor = spec.floor;
    // A network rack holds K switches of one model (layout_constants.h); with per-tier models each switch
    // takes 1/K of its model's rack, so a rack of 2U leaves holds 16 and one of chassis spines 1 or 2.
    std::vector<double> shareOfModel;
    for (const SwitchModel& sw : hardware.switches)
        shareOfModel.push_back(1.0 / layout_constants::switchesPerNetworkRack(std::max(1, sw.rackUnits)));
    auto shareOf = [&](std::size_t d) { return shareOfModel.at(fabric.devices[d].model); };
    // Rack fill in shares; a rack takes a switch while the shares fit (whole racks: no rounding drift).
    struct RackFill {
        int racks = 0;
        double used = 1.0;  // share used in the newest rack; 1 = full, the next switch opens a rack
        double place(double share)
        {
            if (used + share > 1.0 + 1e-9) {
                ++racks;
                used = 0;
            }
            const double at = used;
            used += share;
            return at;
        }
    };
    const std::size_t deviceCount = fabric.devices.size();
    const std::uint32_t nodes = fabric.nodeCount;
    const int npr = nodesPerRackFor(floor);
    const int perRow = std::max(1, floor.racksPerRow);
    const int computeRacks = int((nodes + std::uint32_t(npr) - 1) / std::uint32_t(npr));
    const int rows = std::max(1, (computeRacks + perRow - 1) / perRow);
    const double nodePitchM = std::min(layout_constants::kNodePitchM, floor.rackHeightM / npr);

    Layout out;
    out.rows = rows;
    out.rackOfDevice.assign(deviceCount, 0);
    std::vector<float> heightM(deviceCount, 0.0f);

    auto rowOfNode = [&](std::uint32_t node) { return int(node / std::uint32_t(npr)) / perRow; };

    // The first node each leaf serves decides its row (and, in-rack, its rack).
    std::vector<std::uint32_t> firstNode(deviceCount, kNone);
    for (const Link& l : fabric.links) {
        if (l.cls != LinkClass::HostLeaf) break;  // links are grouped by class, host-leaf first
        firstNode[l.b] = std::min(firstNode[l.b], l.a);
    }
    // Rail-optimized: all leaves of an SU stand together, in the row of the SU's first node.
    std::vector<std::uint32_t> suFirstNode;
    if (spec.railOptimized) {
        for (std::uint32_t n = 0; n < nodes; ++n) {
            std::uint32_t su = fabric.devices[n].su;
            if (su >= suFirstNode.size()) suFirstNode.resize(su + 1, kNone);
            suFirstNode[su] = std::min(suFirstNode[su], n);
        }
    }
    auto leafRow = [&](DeviceId leaf) {
        std::uint32_t n = firstNode[leaf];
        if (n == kNone) return 0;
        if (spec.railOptimized) {
            std::uint32_t su = fabric.devices[n].su;
            if (su < suFirstNode.size() && suFirstNode[su] != kNone) n = suFirstNode[su];
        }
        return rowOfNode(n);
    };

    // Pass 1: where each switch goes (row for end/middle-of-row, spine room, or a compute rack).
    const bool leavesInRack = floor.leafPlacement == LeafPlacement::InRack;
    const bool spinesInRoom = floor.spinePlacement == SpinePlacement::CentralRoom;
    std::vector<int> switchRow(deviceCount, -1);  // -1: spine room or in a compute rack
    // Each switch's network rack (within its row, or within the spine room) and where in it it starts
    // (share of the rack above it), packed in device order as pass 2 places them.
    std::vector<std::uint32_t> netRackOf(deviceCount, 0);
    std::vector<double> shareAbove(deviceCount, 0.0);
    std::vector<RackFill> rowFill(rows);
    RackFill roomFill;
    long long spineRoundRobin = 0;
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        const Tier t = fabric.devices[d].tier;
        RackFill* fill = nullptr;
        if (t == Tier::Leaf) {
            if (leavesInRack) continue;
            switchRow[d] = leafRow(DeviceId(d));
            fill = &rowFill[switchRow[d]];
        } else if (spinesInRoom) {
            fill = &roomFill;
        } else {
            switchRow[d] = int(spineRoundRobin++ % rows);
            fill = &rowFill[switchRow[d]];
        }
        shareAbove[d] = fill->place(shareOf(d));
        netRackOf[d] = std::uint32_t(fill->racks - 1);
    }

    // Racks row by row: compute racks, with the row's network racks at its end or in its middle.
    std::vector<std::uint32_t> computeRackIndex(computeRacks);
    std::vector<std::uint32_t> firstNetRackOfRow(rows);
    double rowEndMaxM = 0;
    for (int r = 0; r < rows; ++r) {
        const int computeHere = std::min(perRow, computeRacks - r * perRow);
        const int netHere = rowFill[r].racks;
        const int netSlot = floor.leafPlacement == LeafPlacement::MiddleOfRow ? computeHere / 2 : computeHere;
        firstNetRackOfRow[r] = std::uint32_t(out.racks.size());
        for (int k = 0; k < netHere; ++k) {
            Rack rack;
            rack.kind = RackKind::Network;
            rack.row = r;
            rack.slot = netSlot + k;
            rack.name = networkRackName(r, k);
            out.racks.push_back(std::move(rack));
        }
        for (int c = 0; c < std::max(0, computeHere); ++c) {
            Rack rack;
            rack.kind = RackKind::Compute;
            rack.row = r;
            rack.slot = c < netSlot ? c : c + netHere;
            rack.name = rackName("R", r + 1, c + 1);
            computeRackIndex[r * perRow + c] = std::uint32_t(out.racks.size());
            out.racks.push_back(std::move(rack));
        }
        rowEndMaxM = std::max(rowEndMaxM, (computeHere + netHere) * floor.rackWidthM);
    }
    const std::uint32_t firstRoomRack = std::uint32_t(out.racks.size());
    const int roomRacks = roomFill.racks;
    for (int k = 0; k < roomRacks; ++k) {
        Rack rack;
        rack.kind = RackKind::SpineRoom;
        rack.row = -1;
        rack.slot = k;
        char buf[32];
        std::snprintf(buf, sizeof buf, "SPINE-%02d", k + 1);
        rack.name = buf;
        out.racks.push_back(std::move(rack));
    }
    for (Rack& rack : out.racks) {
        if (rack.kind == RackKind::SpineRoom) {
            // Spine room beyond the row ends, spineRoomDistanceM along the tray from row 0's end; its
            // racks stand in rows of racksPerRow at the same row pitch.
            rack.xM = rowEndMaxM + floor.spineRoomDistanceM + (rack.slot % perRow + 0.5) * floor.rackWidthM;
            rack.yM = (rack.slot / perRow) * floor.rowPitchM;
        } else {
            rack.xM = (rack.slot + 0.5) * floor.rackWidthM;
            rack.yM = rack.row * floor.rowPitchM;
        }
    }
    const int roomRows = (roomRacks + perRow - 1) / perRow;
    out.floorWidthM = roomRacks > 0
                          ? rowEndMaxM + floor.spineRoomDistanceM + std::min(roomRacks, perRow) * floor.rackWidthM
                          : rowEndMaxM;
    out.floorDepthM = (std::max(rows, roomRows) - 1) * floor.rowPitchM + floor.rackDepthM;

    // Pass 2: devices into racks, with a height for the vertical run to the tray.
    for (std::uint32_t n = 0; n < nodes; ++n) {
        const std::uint32_t rack = computeRackIndex[n / std::uint32_t(npr)];
        out.rackOfDevice[n] = rack;
        heightM[n] = float((n % std::uint32_t(npr) + 0.5) * nodePitchM);
        out.racks[rack].powerW += floor.nodePowerKw * 1000.0;
        ++out.racks[rack].devices;
    }
    std::vector<double> shareUsedInRack(out.racks.size(), 0.0);  // in-rack leaves of a compute rack
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        std::uint32_t rack;
        double above;
        if (switchRow[d] >= 0) {
            rack = firstNetRackOfRow[switchRow[d]] + netRackOf[d];
            above = shareAbove[d];
        } else if (fabric.devices[d].tier == Tier::Leaf) {  // in-rack leaf
            const std::uint32_t n = firstNode[d];
            rack = n == kNone ? (computeRacks > 0 ? computeRackIndex[0] : 0) : out.rackOfDevice[n];
            above = rack < shareUsedInRack.size() ? shareUsedInRack[rack] : 0.0;
            if (rack < shareUsedInRack.size()) shareUsedInRack[rack] += shareOf(d);
        } else {
            rack = firstRoomRack + netRackOf[d];
            above = shareAbove[d];
        }
        if (rack >= out.racks.size()) rack = 0;  // defensive: an empty floor
        out.rackOfDevice[d] = rack;
        // Switches stack from the rack top down, each over its model's pitch (rack height / K).
        heightM[d] = float(floor.rackHeightM * (1.0 - above - 0.5 * shareOf(d)));
        if (!out.racks.empty()) {
            out.racks[rack].powerW += hardware.switchModel(fabric.devices[d].model).powerW;
            ++out.racks[rack].devices;
        }
    }

    // Routed length of every link: O(links), no allocation per link.
    out.linkLengthM.resize(fabric.links.size());
    std::vector<float> rackX(out.racks.size()), rackY(out.racks.size());
    for (std::size_t i = 0; i < out.racks.size(); ++i) {
        rackX[i] = float(out.racks[i].xM);
        rackY[i] = float(out.racks[i].yM);
    }
    const float topToTrayM = float(floor.rackHeightM + floor.trayHeightM);
    const float slackM = float(2 * floor.slackPerEndM);
    const float inRackSlackM = float(2 * layout_constants::kInRackSlackPerEndM);
    const std::uint32_t* rackOf = out.rackOfDevice.data();
    const float* h = heightM.data();
    float* len = out.linkLengthM.data();
    const std::size_t linkCount = fabric.links.size();
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = fabric.links[i];
        const std::uint32_t ra = rackOf[l.a], rb = rackOf[l.b];
        if (ra == rb) {
            len[i] = std::fabs(h[l.a] - h[l.b]) + inRackSlackM;
        } else {
            const float up = (topToTrayM - h[l.a]) + (topToTrayM - h[l.b]);
            len[i] = up + std::fabs(rackX[ra] - rackX[rb]) + std::fabs(rackY[ra] - rackY[rb]) + slackM;
        }
    }
    return out;
}

} // namespace layout
} // namespace fp
