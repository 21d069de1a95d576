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
    int switchRackUnits = 1;
    for (const SwitchModel& sw : hardware.switches) switchRackUnits = std::max(switchRackUnits, sw.rackUnits);
    const int K = layout_constants::switchesPerNetworkRack(switchRackUnits);
    const std::size_t deviceCount = fabric.devices.size();
    const std::uint32_t nodes = fabric.nodeCount;
    const int npr = nodesPerRackFor(floor);
    const int perRow = std::max(1, floor.racksPerRow);
    const int computeRacks = int((nodes + std::uint32_t(npr) - 1) / std::uint32_t(npr));
    const int rows = std::max(1, (computeRacks + perRow - 1) / perRow);
    const double nodePitchM = std::min(layout_constants::kNodePitchM, floor.rackHeightM / npr);
    const double switchPitchM = floor.rackHeightM / K;

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
    std::vector<int> switchesInRow(rows, 0);
    long long roomSwitches = 0, spineRoundRobin = 0;
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        const Tier t = fabric.devices[d].tier;
        if (t == Tier::Leaf) {
            if (leavesInRack) continue;
            switchRow[d] = leafRow(DeviceId(d));
        } else if (spinesInRoom) {
            ++roomSwitches;
            continue;
        } else {
            switchRow[d] = int(spineRoundRobin++ % rows);
        }
        ++switchesInRow[switchRow[d]];
    }

    // Racks row by row: compute racks, with the row's network racks at its end or in its middle.
    std::vector<std::uint32_t> computeRackIndex(computeRacks);
    std::vector<std::uint32_t> firstNetRackOfRow(rows);
    std::vector<int> switchesPlacedInRack;
    double rowEndMaxM = 0;
    for (int r = 0; r < rows; ++r) {
        const int computeHere = std::min(perRow, computeRacks - r * perRow);
        const int netHere = (switchesInRow[r] + K - 1) / K;
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
    const int roomRacks = int((roomSwitches + K - 1) / K);
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
    switchesPlacedInRack.assign(out.racks.size(), 0);
    for (std::uint32_t n = 0; n < nodes; ++n) {
        const std::uint32_t rack = computeRackIndex[n / std::uint32_t(npr)];
        out.rackOfDevice[n] = rack;
        heightM[n] = float((n % std::uint32_t(npr) + 0.5) * nodePitchM);
        out.racks[rack].powerW += floor.nodePowerKw * 1000.0;
        ++out.racks[rack].devices;
    }
    std::vector<int> placedInRow(rows, 0);
    long long placedInRoom = 0;
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        std::uint32_t rack;
        if (switchRow[d] >= 0) {
            const int r = switchRow[d];
            rack = firstNetRackOfRow[r] + std::uint32_t(placedInRow[r]++ / K);
        } else if (fabric.devices[d].tier == Tier::Leaf) {  // in-rack leaf
            const std::uint32_t n = firstNode[d];
            rack = n == kNone ? (computeRacks > 0 ? computeRackIndex[0] : 0) : out.rackOfDevice[n];
        } else {
            rack = firstRoomRack + std::uint32_t(placedInRoom++ / K);
        }
        if (rack >= out.racks.size()) rack = 0;  // defensive: an empty floor
        out.rackOfDevice[d] = rack;
        // Switches stack from the rack top down.
        heightM[d] = float(floor.rackHeightM - (switchesPlacedInRack[rack]++ + 0.5) * switchPitchM);
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
