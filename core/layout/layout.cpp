#include "layout/layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "layout/layout_constants.h"
#include "common/user_text.h"
#include "layout/rack_power.h"

namespace fp {

const char* toString(RackKind k)
{
    switch (k) {
    case RackKind::Compute: return "compute";
    case RackKind::Network: return "network";
    case RackKind::SpineRoom: return "spine_room";
    case RackKind::Service: return "service";
    }
    return "?";
}

std::string SitePlacement::hallName(int hall) const
{
    if (hall < 0) return "core room";
    return std::size_t(hall) < hallNames.size() ? hallNames[std::size_t(hall)] : std::string();
}

namespace layout {

Router::Router(const Layout& layout, const FloorSpec& floor)
    : topToTrayM_(float(floor.rackHeightM + floor.trayHeightM)), slackM_(float(2 * floor.slackPerEndM)),
      inRackSlackM_(float(2 * layout_constants::kInRackSlackPerEndM))
{
    x_.reserve(layout.racks.size());
    y_.reserve(layout.racks.size());
    for (const Rack& r : layout.racks) x_.push_back(float(r.xM)), y_.push_back(float(r.yM));
    const SitePlacement& site = layout.site;
    if (site.buildings() <= 1) return;
    for (const Rack& r : layout.racks) buildingOf_.push_back(std::uint32_t(r.building));
    for (std::size_t b = 0; b < site.buildings(); ++b) centreX_.push_back(float(site.centreXM[b])), centreY_.push_back(float(site.centreYM[b]));
    for (double m : site.routeM) routeM_.push_back(float(m));
}

float Router::betweenBuildings(std::uint32_t rackA, float hA, std::uint32_t rackB, float hB) const
{
    const std::size_t ba = buildingOf_[rackA], bb = buildingOf_[rackB];
    return (topToTrayM_ - hA) + (topToTrayM_ - hB) + std::fabs(x_[rackA] - centreX_[ba]) + std::fabs(y_[rackA] - centreY_[ba]) +
           routeM_[ba * centreX_.size() + bb] + std::fabs(x_[rackB] - centreX_[bb]) + std::fabs(y_[rackB] - centreY_[bb]) + slackM_;
}

} // namespace layout

namespace layout {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// At least two digits, as printf's %02d (negative numbers do not occur). A 100,000-GPU floor names
// thousands of racks; snprintf cost 1,300 instructions a name.
void appendTwoDigits(std::string& out, int v)
{
    if (v >= 0 && v < 10) out += '0';
    out += std::to_string(v);
}

std::string rackName(const char* prefix, int a, int b)
{
    std::string name(prefix);
    appendTwoDigits(name, a);
    name += '-';
    appendTwoDigits(name, b);
    return name;
}

std::string networkRackName(int row, int k)
{
    std::string name("NET-R");
    appendTwoDigits(name, row + 1);
    name += '-';
    if (k < 26) name += char('A' + k);
    else name += std::to_string(k + 1);
    return name;
}

// One rule for the layout and the topology's top-of-rack leaves (spec/cluster_spec.h).
int nodesPerRackFor(const FloorSpec& floor) { return nodesPerRackOf(floor); }

// The first node of each pod, when pods are consecutive node ranges 0, 1, 2, ... (a node's pod is that
// of the leaf its first link reaches); empty otherwise. Halls of pods, automatic or described, need it.
std::vector<std::uint32_t> podStarts(const Fabric& fabric)
{
    const std::uint32_t nodes = fabric.nodeCount;
    std::vector<std::uint32_t> podOfNode(nodes, kNone);
    for (const Link& l : fabric.links) {
        if (l.cls != LinkClass::HostLeaf) break;  // host-leaf links come first
        if (l.a < nodes && podOfNode[l.a] == kNone) podOfNode[l.a] = fabric.devices[l.b].pod;
    }
    std::vector<std::uint32_t> first;
    std::uint32_t previous = kNone;
    for (std::uint32_t n = 0; n < nodes; ++n) {
        const std::uint32_t pod = podOfNode[n] == kNone ? (previous == kNone ? 0 : previous) : podOfNode[n];
        if (pod == previous) continue;
        if (pod != (previous == kNone ? 0 : previous + 1)) return {};  // not in pod order
        first.push_back(n);
        previous = pod;
    }
    return first;
}

// Halls (README "Halls"): with three tiers, several pods and more compute rows than one hall holds
// (kMaxRowsPerHall), each pod's nodes get a hall of their own. Returns the first node of each hall and,
// last, the node count; pod p is hall p. One hall ({0, nodes}) otherwise, or unless the pods are
// consecutive node ranges (podStarts).
std::vector<std::uint32_t> hallsOfNodes(const Fabric& fabric, const FloorSpec& floor)
{
    const std::uint32_t nodes = fabric.nodeCount;
    const std::vector<std::uint32_t> oneHall{0, nodes};
    if (fabric.shape.tiers < 3 || fabric.shape.pods <= 1 || nodes == 0) return oneHall;
    const long long racks = (nodes + nodesPerRackFor(floor) - 1) / nodesPerRackFor(floor);
    const long long perRow = std::max(1, floor.racksPerRow);
    if ((racks + perRow - 1) / perRow <= layout_constants::kMaxRowsPerHall) return oneHall;
    std::vector<std::uint32_t> first = podStarts(fabric);
    if (first.size() < 2) return oneHall;
    first.push_back(nodes);
    return first;
}

// Nodes in halls of a described site (README "Sites"). The units placed are pods (three tiers with
// several pods, as consecutive node ranges) or else scalable units (the nodes' SU), or rows when there
// are fewer than two SUs or they are not consecutive. By hand (a hall's `pods`): each hall takes that many pods in order. By rule:
// a unit goes to the current hall while the hall's rows hold it, else to the next hall; a unit that does
// not fit an empty hall stays there (over its rows: the site problem below). Units beyond the last hall
// go to the last hall, over its rows.
struct SiteHalls {
    std::vector<std::uint32_t> firstNode;  // per hall, then the node count
    std::vector<int> hallOfPod;            // pods placed by pod: their hall; empty: spines have no hall of their own
    std::vector<int> podsOfHall;
};

SiteHalls siteHallsOfNodes(const Fabric& fabric, const FloorSpec& floor, SitePlacement& site)
{
    const std::vector<HallSpec>& halls = floor.site.halls;
    const std::size_t hallCount = halls.size();
    const std::uint32_t nodes = fabric.nodeCount;
    const long long npr = nodesPerRackFor(floor), perRow = std::max(1, floor.racksPerRow);
    auto rowsFor = [&](long long n) { return ((n + npr - 1) / npr + perRow - 1) / perRow; };
    // Units: [unitStart[u], unitStart[u + 1]).
    std::vector<std::uint32_t> unitStart;
    bool byPods = fabric.shape.tiers >= 3 && fabric.shape.pods > 1;
    if (byPods) {
        unitStart = podStarts(fabric);
        byPods = !unitStart.empty();
    }
    if (!byPods) {
        std::uint32_t previous = kNone;
        bool consecutive = true;
        for (std::uint32_t n = 0; n < nodes; ++n) {
            const std::uint32_t su = fabric.devices[n].su;
            if (su == previous) continue;
            if (previous != kNone && su < previous) consecutive = false;
            unitStart.push_back(n);
            previous = su;
        }
        // No SUs to keep whole (a non-rail design numbers every node SU 0; or SUs out of order): rows,
        // so a hall is filled to its last row and the next one continues.
        if (!consecutive || unitStart.size() < 2) {
            const std::uint32_t perRowNodes = std::uint32_t(npr * perRow);
            unitStart.clear();
            for (std::uint32_t n = 0; n < nodes; n += perRowNodes) unitStart.push_back(n);
        }
    }
    unitStart.push_back(nodes);
    const std::size_t units = unitStart.size() - 1;

    SiteHalls out;
    out.firstNode.assign(hallCount + 1, nodes);
    out.podsOfHall.assign(hallCount, 0);
    std::vector<int> hallOfUnit(units, int(hallCount) - 1);
    const bool byHand = std::any_of(halls.begin(), halls.end(), [](const HallSpec& h) { return h.pods > 0; });
    long long handPods = 0;
    for (const HallSpec& h : halls) handPods += h.pods;
    if (byHand && (!byPods || handPods != (long long)units)) {
        site.problemField = "/floor/site/halls";
        if (!byPods) {
            site.problem = "the halls place pods by hand, but this design has no pods to place (two tiers, or one pod)";
            site.problemFix = "remove the halls' \"pods\" to place the rows by rule";
        } else {
            site.problem = "the halls place " + std::to_string(handPods) + " pods by hand; the design has " + std::to_string(units);
            site.problemFix = "make the halls' \"pods\" add up to " + std::to_string(units) + ", or remove them to place pods by rule";
        }
    }
    if (byHand && site.problem.empty()) {
        std::size_t u = 0;
        for (std::size_t h = 0; h < hallCount; ++h)
            for (int k = 0; k < halls[h].pods && u < units; ++k) hallOfUnit[u++] = int(h);
    } else {
        std::size_t h = 0;
        long long inHall = 0;  // nodes in hall h so far
        for (std::size_t u = 0; u < units; ++u) {
            const long long size = unitStart[u + 1] - unitStart[u];
            while (h + 1 < hallCount && inHall > 0 && rowsFor(inHall + size) > halls[h].rows) ++h, inHall = 0;
            hallOfUnit[u] = int(h);
            inHall += size;
        }
    }
    for (std::size_t u = units; u-- > 0;) out.firstNode[std::size_t(hallOfUnit[u])] = unitStart[u];
    for (std::size_t h = hallCount; h-- > 0;) out.firstNode[h] = std::min(out.firstNode[h], out.firstNode[h + 1]);
    if (byPods) {
        out.hallOfPod = hallOfUnit;
        for (int h : hallOfUnit) ++out.podsOfHall[std::size_t(h)];
    }
    for (std::size_t h = 0; h < hallCount; ++h) {
        const long long rows = rowsFor(out.firstNode[h + 1] - out.firstNode[h]);
        if (rows > halls[h].rows && site.problem.empty()) {
            site.problem = "hall " + quotedText(halls[h].name) + " holds " + std::to_string(halls[h].rows) + " rows; the design places " +
                           std::to_string(rows) + " rows of compute racks in it";
            site.problemField = "/floor/site/halls/" + std::to_string(h) + "/rows";
            long long need = 0;
            for (std::size_t u = 0; u < units; ++u) need = std::max(need, rowsFor(unitStart[u + 1] - unitStart[u]));
            long long total = rowsFor(nodes), held = 0;
            for (const HallSpec& hs : halls) held += hs.rows;
            site.problemFix = byPods && need > halls[h].rows
                                  ? "one pod takes " + std::to_string(need) + " rows: give the hall that many, or use smaller pods (/fabric/pod_nodes)"
                                  : "the design takes about " + std::to_string(total) + " rows and the halls hold " + std::to_string(held) +
                                        ": add rows or a hall";
        }
    }
    return out;
}

} // namespace

int nodesPerRack(const FloorSpec& floor) { return nodesPerRackFor(floor); }

void setRackPower(Layout& layout, const ClusterSpec& spec, const Fabric& fabric, const Hardware& hardware)
{
    for (Rack& rack : layout.racks) rack.powerW = 0;
    if (layout.racks.empty()) return;
    // Device order, nodes first: every rack's sum comes out the same to the last bit each time. Nodes of no
    // power (a network's ports: their nodes' power is the compute fabric's) add nothing: x + 0 is x for
    // every sum here (from +0, of no -0), so they are skipped.
    const double nodeW = spec.floor.nodePowerKw * 1000.0;
    const std::size_t nodes = std::min<std::size_t>(fabric.nodeCount, fabric.devices.size());
    for (std::size_t d = nodeW == 0.0 ? nodes : 0; d < fabric.devices.size(); ++d)
        layout.racks[layout.rackOfDevice[d]].powerW +=
            d < fabric.nodeCount ? nodeW : hardware.switchModel(fabric.devices[d].model).maxPowerW();
}

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
    const double nodePitchM = std::min(layout_constants::kNodePitchM, floor.rackHeightM / npr);

    // Halls: the user's (README "Sites"), else one per pod when three tiers have several pods (README
    // "Halls"), else one hall.
    Layout out;
    const bool described = !floor.site.empty();
    SiteHalls siteHalls;
    if (described) siteHalls = siteHallsOfNodes(fabric, floor, out.site);
    const std::vector<std::uint32_t> hallFirstNode = described ? siteHalls.firstNode : hallsOfNodes(fabric, floor);
    const int halls = int(hallFirstNode.size()) - 1;
    const bool severalHalls = halls > 1;
    // The hall of a spine (its pod's) or -1: it stands in the core room (a described site's two tiers).
    auto spineHallOf = [&](std::size_t d) {
        if (!severalHalls) return 0;
        const int pod = int(fabric.devices[d].pod);
        if (!described) return std::min(pod, halls - 1);
        return siteHalls.hallOfPod.empty() ? -1 : siteHalls.hallOfPod[std::size_t(std::min<int>(pod, int(siteHalls.hallOfPod.size()) - 1))];
    };
    std::vector<int> hallFirstRow(halls + 1, 0), hallFirstRack(halls + 1, 0);
    std::vector<int> computeInRow, hallOfRow;  // per row (rows numbered across halls)
    for (int h = 0; h < halls; ++h) {
        const std::uint32_t hallNodes = hallFirstNode[h + 1] - hallFirstNode[h];
        const int racksHere = int((hallNodes + std::uint32_t(npr) - 1) / std::uint32_t(npr));
        // A described hall may stay empty; an automatic one always has a row.
        const int rowsHere = std::max(described ? 0 : 1, (racksHere + perRow - 1) / perRow);
        for (int r = 0; r < rowsHere; ++r) {
            computeInRow.push_back(std::max(0, std::min(perRow, racksHere - r * perRow)));
            hallOfRow.push_back(h);
        }
        hallFirstRow[h + 1] = hallFirstRow[h] + rowsHere;
        hallFirstRack[h + 1] = hallFirstRack[h] + racksHere;
    }
    const int rows = hallFirstRow[halls];
    const int computeRacks = hallFirstRack[halls];
    auto hallOfNode = [&](std::uint32_t node) {
        return int(std::upper_bound(hallFirstNode.begin(), hallFirstNode.end(), node) - hallFirstNode.begin()) - 1;
    };
    // Compute rack (0-based, across halls) of a node; its row follows.
    auto computeRackOfNode = [&](std::uint32_t node) {
        const int h = severalHalls ? std::clamp(hallOfNode(node), 0, halls - 1) : 0;
        return hallFirstRack[h] + int((node - hallFirstNode[h]) / std::uint32_t(npr));
    };

    out.rows = rows;
    out.rackOfDevice.assign(deviceCount, 0);
    std::vector<float> heightM(deviceCount, 0.0f);

    auto rowOfNode = [&](std::uint32_t node) {
        const int h = severalHalls ? std::clamp(hallOfNode(node), 0, halls - 1) : 0;
        return hallFirstRow[h] + int((node - hallFirstNode[h]) / std::uint32_t(npr)) / perRow;
    };

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

    // Pass 1: where each switch goes (row for end/middle-of-row, a spine room, the core room, or a
    // compute rack). One hall: spines and cores share its spine room (or spread over all rows). Several
    // halls: a spine stands in its pod's hall, a core in the core room between the halls.
    const bool leavesInRack = floor.leafPlacement == LeafPlacement::InRack;
    const bool spinesInRoom = floor.spinePlacement == SpinePlacement::CentralRoom;
    std::vector<int> switchRow(deviceCount, -1);   // -1: a room or in a compute rack
    std::vector<int> roomOf(deviceCount, -1);      // spine room of hall h = h; the core room = halls
    // Each switch's network rack (within its row, or within its room) and where in it it starts
    // (share of the rack above it), packed in device order as pass 2 places them.
    std::vector<std::uint32_t> netRackOf(deviceCount, 0);
    std::vector<double> shareAbove(deviceCount, 0.0);
    std::vector<RackFill> rowFill(rows);
    std::vector<RackFill> roomFill(halls + 1);  // spine room per hall, then the core room
    std::vector<long long> roundRobin(halls, 0);
    long long roundRobinAll = 0;
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        const Tier t = fabric.devices[d].tier;
        RackFill* fill = nullptr;
        // A spine's hall is its pod's (pods and halls share one numbering, hallsOfNodes; a described
        // site maps pods to halls); -1: it has none.
        const int hall = t == Tier::Spine ? spineHallOf(d) : 0;
        if (t == Tier::Leaf) {
            if (leavesInRack) continue;
            switchRow[d] = leafRow(DeviceId(d));
            fill = &rowFill[switchRow[d]];
        } else if (severalHalls && (t == Tier::Core || (hall < 0 && spinesInRoom))) {
            roomOf[d] = halls;
            fill = &roomFill[halls];
        } else if (spinesInRoom) {
            roomOf[d] = hall;
            fill = &roomFill[hall];
        } else if (hall < 0 || hallFirstRow[hall + 1] == hallFirstRow[hall]) {  // every row, across halls
            switchRow[d] = int(roundRobinAll++ % std::max(1, rows));
            fill = &rowFill[switchRow[d]];
        } else {
            const int rowsOfHall = severalHalls ? hallFirstRow[hall + 1] - hallFirstRow[hall] : rows;
            switchRow[d] = hallFirstRow[hall] + int(roundRobin[hall]++ % rowsOfHall);
            fill = &rowFill[switchRow[d]];
        }
        shareAbove[d] = fill->place(shareOf(d));
        netRackOf[d] = std::uint32_t(fill->racks - 1);
    }

    // Racks row by row: compute racks, with the row's network racks at its end or in its middle.
    // Coordinates here are within the rack's hall; halls are moved to their place on the site below.
    std::vector<std::uint32_t> computeRackIndex(computeRacks);
    std::vector<std::uint32_t> firstNetRackOfRow(rows);
    std::vector<double> hallRowEndM(halls, 0.0);
    for (int r = 0, computeSeen = 0; r < rows; ++r) {
        const int computeHere = computeInRow[r];
        const int netHere = rowFill[r].racks;
        const int netSlot = floor.leafPlacement == LeafPlacement::MiddleOfRow ? computeHere / 2 : computeHere;
        const int h = hallOfRow[r];
        firstNetRackOfRow[r] = std::uint32_t(out.racks.size());
        for (int k = 0; k < netHere; ++k) {
            Rack rack;
            rack.kind = RackKind::Network;
            rack.row = r;
            rack.hall = h;
            rack.slot = netSlot + k;
            rack.name = networkRackName(r, k);
            out.racks.push_back(std::move(rack));
        }
        const int rowInHall = r - hallFirstRow[h];
        for (int c = 0; c < computeHere; ++c) {
            Rack rack;
            rack.kind = RackKind::Compute;
            rack.row = r;
            rack.hall = h;
            rack.slot = c < netSlot ? c : c + netHere;
            rack.name = rackName("R", r + 1, c + 1);
            computeRackIndex[computeSeen++] = std::uint32_t(out.racks.size());
            out.racks.push_back(std::move(rack));
        }
        for (std::size_t i = firstNetRackOfRow[r]; i < out.racks.size(); ++i) {
            out.racks[i].xM = (out.racks[i].slot + 0.5) * floor.rackWidthM;
            out.racks[i].yM = rowInHall * floor.rowPitchM;
        }
        hallRowEndM[h] = std::max(hallRowEndM[h], (computeHere + netHere) * floor.rackWidthM);
    }
    // Rooms: the spine room of each hall, then the core room. A spine room's racks stand in rows of
    // racksPerRow at the row pitch, spineRoomDistanceM beyond its hall's row ends; the core room is
    // about square (racks per row ~ sqrt(racks x pitch / width)), as it is reached from every side.
    const int coreRacks = roomFill[halls].racks;
    const int coreRowRacks =
        std::max(perRow, int(std::ceil(std::sqrt(coreRacks * floor.rowPitchM / std::max(0.1, floor.rackWidthM)))));
    auto racksPerRoomRow = [&](int room) { return room == halls ? coreRowRacks : perRow; };
    std::vector<std::uint32_t> firstRoomRack(halls + 2);
    for (int room = 0; room <= halls; ++room) {
        firstRoomRack[room] = std::uint32_t(out.racks.size());
        const bool coreRoom = room == halls;
        const int across = racksPerRoomRow(room);
        for (int k = 0; k < roomFill[room].racks; ++k) {
            Rack rack;
            rack.kind = RackKind::SpineRoom;
            rack.row = -1;
            rack.hall = coreRoom ? -1 : room;
            rack.slot = k;
            char buf[32];
            if (coreRoom)
                std::snprintf(buf, sizeof buf, "CORE-%02d", k + 1);
            else if (severalHalls)
                std::snprintf(buf, sizeof buf, "SPINE-H%02d-%02d", room + 1, k + 1);
            else
                std::snprintf(buf, sizeof buf, "SPINE-%02d", k + 1);
            rack.name = buf;
            rack.xM = (coreRoom ? 0.0 : hallRowEndM[room] + floor.spineRoomDistanceM) +
                      (k % across + 0.5) * floor.rackWidthM;
            rack.yM = (k / across) * floor.rowPitchM;
            out.racks.push_back(std::move(rack));
        }
    }
    firstRoomRack[halls + 1] = std::uint32_t(out.racks.size());
    // Footprint of a room and of a hall (its rows, then its spine room); depth from the first rack
    // line to the last plus one rack depth.
    auto roomRows = [&](int room) { return (roomFill[room].racks + racksPerRoomRow(room) - 1) / racksPerRoomRow(room); };
    auto roomWidthM = [&](int room) { return std::min(roomFill[room].racks, racksPerRoomRow(room)) * floor.rackWidthM; };
    auto roomDepthM = [&](int room) { return roomFill[room].racks > 0 ? (roomRows(room) - 1) * floor.rowPitchM + floor.rackDepthM : 0.0; };
    auto hallWidthM = [&](int h) {
        return hallRowEndM[h] + (roomFill[h].racks > 0 ? floor.spineRoomDistanceM + roomWidthM(h) : 0.0);
    };
    auto hallDepthM = [&](int h) {
        return (std::max(hallFirstRow[h + 1] - hallFirstRow[h], roomRows(h)) - 1) * floor.rowPitchM + floor.rackDepthM;
    };
    if (!severalHalls) {
        out.floorWidthM = halls > 0 ? hallWidthM(0) : 0.0;
        out.floorDepthM = halls > 0 ? hallDepthM(0) : floor.rackDepthM;
    } else {
        // The site (README "Halls"): the core room at the centre; halls in cells of the largest hall's
        // size, kHallGapM apart, in columns left and right of the core room and rows above and below its
        // centre line. Each hall is mirrored so that its spine room is in the corner facing the core,
        // and halls take the cells whose spine room is nearest the core (Manhattan) first. A described
        // site (README "Sites") does this per building, around the building's centre: the core room in
        // the core building, an empty point (where the routes from other buildings land) elsewhere.
        struct Cell {
            int col, row;     // col != 0: left (< 0) or right (> 0) of the core room; row 0 level with its centre
            double x0, y0;    // top-left corner, core-room centre at (0, 0)
            double distanceM; // from the core-room centre to the centre of the spine-room corner
        };
        struct Box {
            double minX, minY, maxX, maxY;
        };
        std::vector<Cell> cellOfHall(static_cast<std::size_t>(halls));
        std::vector<double> cellWidthOfHall(std::size_t(halls), 0.0), cellDepthOfHall(std::size_t(halls), 0.0);
        const double gapM = layout_constants::kHallGapM;
        // Cells for `members` around a centre room of coreW x coreD at (0, 0), each hall's cell and its
        // size recorded; returns the bounding box.
        auto arrange = [&](const std::vector<int>& members, double coreW, double coreD) {
            double cellW = 0, cellD = 0, roomW = 0, roomD = 0;
            for (int h : members) {
                cellW = std::max(cellW, hallWidthM(h)), cellD = std::max(cellD, hallDepthM(h));
                roomW = std::max(roomW, roomWidthM(h)), roomD = std::max(roomD, roomDepthM(h));
            }
            std::vector<Cell> cells;
            const int reach = int(std::ceil(std::sqrt(double(members.size())))) + 1;
            for (int row = -reach; row <= reach; ++row) {
                for (int col = -reach; col <= reach; ++col) {
                    if (col == 0) continue;
                    Cell c{col, row, 0, 0, 0};
                    const double nearX = coreW / 2 + gapM + (std::abs(col) - 1) * (cellW + gapM);
                    c.x0 = col > 0 ? nearX : -nearX - cellW;
                    c.y0 = row * (cellD + gapM) - cellD / 2;
                    const double roomY = row < 0 ? c.y0 + cellD - roomD / 2 : c.y0 + roomD / 2;
                    c.distanceM = nearX + roomW / 2 + std::fabs(roomY);
                    cells.push_back(c);
                }
            }
            std::stable_sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
                // Compared to the millimetre, so that mirror-image cells tie exactly.
                const long long da = std::llround(a.distanceM * 1000), db = std::llround(b.distanceM * 1000);
                if (da != db) return da < db;
                return a.row != b.row ? a.row < b.row : a.col < b.col;
            });
            Box box{-coreW / 2, -coreD / 2, coreW / 2, coreD / 2};
            for (std::size_t k = 0; k < members.size() && k < cells.size(); ++k) {
                const Cell& c = cells[k];
                cellOfHall[std::size_t(members[k])] = c;
                cellWidthOfHall[std::size_t(members[k])] = cellW;
                cellDepthOfHall[std::size_t(members[k])] = cellD;
                box.minX = std::min(box.minX, c.x0), box.minY = std::min(box.minY, c.y0);
                box.maxX = std::max(box.maxX, c.x0 + cellW), box.maxY = std::max(box.maxY, c.y0 + cellD);
            }
            return box;
        };
        const double coreW = roomWidthM(halls), coreD = roomDepthM(halls);
        // Buildings: one (the automatic floor) or the described site's, each arranged around its centre
        // and then set side by side, kBuildingGapM apart (on the drawing only: routes between buildings
        // follow the site's routes, not this gap).
        const std::vector<int> buildingOfHall = described ? hallBuildings(floor.site) : std::vector<int>(std::size_t(halls), 0);
        const int buildings = described ? int(siteBuildings(floor.site).size()) : 1;
        const int coreBuilding = described ? std::max(0, coreBuildingIndex(floor.site)) : 0;
        std::vector<double> centreX(std::size_t(buildings), 0.0);
        Box site{0, 0, 0, 0};
        double nextX = 0;
        for (int b = 0; b < buildings; ++b) {
            std::vector<int> members;
            for (int h = 0; h < halls; ++h)
                if (buildingOfHall[std::size_t(h)] == b) members.push_back(h);
            const bool withCore = b == coreBuilding;
            const Box box = arrange(members, withCore ? coreW : 0.0, withCore ? coreD : 0.0);
            // The building's centre at x = nextX - box.minX (its left edge at nextX), y = 0.
            centreX[std::size_t(b)] = b == 0 ? 0.0 : nextX - box.minX;
            if (b == 0) site = box;
            site.minX = std::min(site.minX, centreX[std::size_t(b)] + box.minX), site.maxX = std::max(site.maxX, centreX[std::size_t(b)] + box.maxX);
            site.minY = std::min(site.minY, box.minY), site.maxY = std::max(site.maxY, box.maxY);
            nextX = centreX[std::size_t(b)] + box.maxX + layout_constants::kBuildingGapM;
        }
        for (Rack& rack : out.racks) {
            if (rack.hall < 0) {  // core room, centred on its building's centre
                rack.building = coreBuilding;
                rack.xM += centreX[std::size_t(coreBuilding)] - coreW / 2 - site.minX;
                rack.yM += -coreD / 2 + floor.rackDepthM / 2 - site.minY;
                continue;
            }
            const Cell& c = cellOfHall[std::size_t(rack.hall)];
            const double cellW = cellWidthOfHall[std::size_t(rack.hall)], cellD = cellDepthOfHall[std::size_t(rack.hall)];
            rack.building = buildingOfHall[std::size_t(rack.hall)];
            // Mirror right of the core (spine room on the left) and above it (spine room at the bottom).
            const double x = c.col > 0 ? cellW - rack.xM : rack.xM;
            const double y = c.row < 0 ? cellD - floor.rackDepthM - rack.yM : rack.yM;
            rack.xM = centreX[std::size_t(rack.building)] + c.x0 + x - site.minX;
            rack.yM = c.y0 + floor.rackDepthM / 2 + y - site.minY;
        }
        out.floorWidthM = site.maxX - site.minX;
        out.floorDepthM = site.maxY - site.minY;
        out.site.coreBuilding = coreBuilding;
        for (int b = 0; b < buildings; ++b) {
            out.site.centreXM.push_back(centreX[std::size_t(b)] - site.minX);
            out.site.centreYM.push_back(-site.minY);
        }
    }
    out.halls = halls;
    {
        SitePlacement& site = out.site;
        for (int h = 0; h < halls; ++h) {
            std::string automatic = severalHalls ? "H" : "";  // "H01", as the halls' spine rooms are named
            if (severalHalls) appendTwoDigits(automatic, h + 1);
            site.hallNames.push_back(described ? floor.site.halls[std::size_t(h)].name : automatic);
            site.hallRowsUsed.push_back(hallFirstRow[h + 1] - hallFirstRow[h]);
            site.hallRowsCapacity.push_back(described ? floor.site.halls[std::size_t(h)].rows : 0);
            site.hallPods.push_back(described ? siteHalls.podsOfHall[std::size_t(h)] : severalHalls ? 1 : 0);
        }
        site.hallBuilding = described ? hallBuildings(floor.site) : std::vector<int>(std::size_t(halls), 0);
        site.buildingNames = described ? siteBuildings(floor.site) : std::vector<std::string>{std::string()};
        site.routeM = described ? buildingRouteMatrix(floor.site) : std::vector<double>{0.0};
        for (double& m : site.routeM) m = std::max(0.0, m);  // unreachable pairs are refused by validateSpec
        site.centreXM.resize(site.buildings(), 0.0);
        site.centreYM.resize(site.buildings(), 0.0);
    }

    // Pass 2: devices into racks, with a height for the vertical run to the tray.
    for (std::uint32_t n = 0; n < nodes; ++n) {
        const std::uint32_t rack = computeRackIndex[computeRackOfNode(n)];
        out.rackOfDevice[n] = rack;
        const std::uint32_t inHall = n - hallFirstNode[severalHalls ? std::clamp(hallOfNode(n), 0, halls - 1) : 0];
        heightM[n] = float((inHall % std::uint32_t(npr) + 0.5) * nodePitchM);
        ++out.racks[rack].devices;
    }
    std::vector<double> shareUsedInRack(out.racks.size(), 0.0);  // in-rack leaves of a compute rack
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        std::uint32_t rack;
        double above;
        if (switchRow[d] >= 0) {
            rack = firstNetRackOfRow[switchRow[d]] + netRackOf[d];
            above = shareAbove[d];
        } else if (roomOf[d] >= 0) {
            rack = firstRoomRack[roomOf[d]] + netRackOf[d];
            above = shareAbove[d];
        } else {  // in-rack leaf
            const std::uint32_t n = firstNode[d];
            rack = n == kNone ? (computeRacks > 0 ? computeRackIndex[0] : 0) : out.rackOfDevice[n];
            above = rack < shareUsedInRack.size() ? shareUsedInRack[rack] : 0.0;
            if (rack < shareUsedInRack.size()) shareUsedInRack[rack] += shareOf(d);
        }
        if (rack >= out.racks.size()) rack = 0;  // defensive: an empty floor
        out.rackOfDevice[d] = rack;
        // Switches stack from the rack top down, each over its model's pitch (rack height / K).
        heightM[d] = float(floor.rackHeightM * (1.0 - above - 0.5 * shareOf(d)));
        if (!out.racks.empty()) ++out.racks[rack].devices;
    }
    setRackPower(out, spec, fabric, hardware);

    // Routed length of every link: O(links), no allocation per link.
    out.linkLengthM.resize(fabric.links.size());
    const Router route(out, floor);
    const std::uint32_t* rackOf = out.rackOfDevice.data();
    const float* h = heightM.data();
    float* len = out.linkLengthM.data();
    const std::size_t linkCount = fabric.links.size();
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = fabric.links[i];
        len[i] = route(rackOf[l.a], h[l.a], rackOf[l.b], h[l.b]);
    }
    out.heightM = std::move(heightM);
    return out;
}

} // namespace layout
} // namespace fp
