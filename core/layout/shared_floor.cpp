#include "layout/shared_floor.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "layout/layout_constants.h"

namespace fp::layout {
namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

std::string twoDigits(int v) { return (v >= 0 && v < 10 ? "0" : "") + std::to_string(v); }

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string firstWord(const std::string& s)
{
    const std::string l = lower(s);
    return l.substr(0, l.find(' '));
}

// A network rack's share of its rack, as layout::place fills them (layout_constants.h).
struct Fill {
    std::uint32_t rack = kNone;
    double used = 1.0;  // 1: full, the next switch opens a rack
};

} // namespace

void setFloorOf(Layout& to, const Layout& floor)
{
    to.rows = floor.rows;
    to.halls = floor.halls;
    to.racks = floor.racks;
    to.floorWidthM = floor.floorWidthM;
    to.floorDepthM = floor.floorDepthM;
    to.site = floor.site;
    // The compute fabric's plan reports a site that cannot hold the design (checks floor.site), once.
    to.site.problem.clear(), to.site.problemField.clear(), to.site.problemFix.clear();
}

SharedFloor::SharedFloor(const ClusterSpec& compute, const Fabric& computeFabric, const Layout& computeLayout)
    : spec_(compute.floor)
{
    setFloorOf(floor_, computeLayout);
    computeRows_ = computeLayout.rows;
    const auto spotOf = [&](std::size_t d) {
        const std::uint32_t rack = d < computeLayout.rackOfDevice.size() ? computeLayout.rackOfDevice[d] : 0;
        const float h = d < computeLayout.heightM.size() ? computeLayout.heightM[d] : float(spec_.rackHeightM / 2);
        return Spot{rack, h};
    };
    for (std::size_t d = 0; d < computeFabric.devices.size(); ++d)
        (d < computeFabric.nodeCount ? node_ : managed_).push_back(spotOf(d));
    // Each row's end (the rack of its highest slot: new racks follow it, away from the row's first
    // rack) and each room's last rack.
    rows_.resize(std::size_t(std::max(0, floor_.rows)));
    std::vector<int> lowSlot(rows_.size(), std::numeric_limits<int>::max());
    std::vector<double> lowX(rows_.size(), 0.0);
    for (std::size_t i = 0; i < floor_.racks.size(); ++i) {
        const Rack& r = floor_.racks[i];
        extendRoom(r);
        if (r.kind == RackKind::Compute) computeRacks_.push_back(std::uint32_t(i));
        if (r.row >= 0 && std::size_t(r.row) < rows_.size()) {
            Line& line = rows_[std::size_t(r.row)];
            line.row = r.row;
            line.hall = r.hall;
            line.yM = r.yM;
            if (r.slot >= line.nextSlot) line.nextSlot = r.slot + 1, line.nextXM = r.xM;
            if (r.slot < lowSlot[std::size_t(r.row)]) lowSlot[std::size_t(r.row)] = r.slot, lowX[std::size_t(r.row)] = r.xM;
            if (r.kind == RackKind::Network) ++line.networkRacks;
        } else if (r.kind == RackKind::SpineRoom) {
            auto room = std::find_if(rooms_.begin(), rooms_.end(), [&](const Line& l) { return l.hall == r.hall; });
            if (room == rooms_.end()) {
                rooms_.push_back(Line{-1, r.hall, 0, 0, spec_.rackWidthM, 0, 0, 0, 0});
                room = rooms_.end() - 1;
            }
            Line& line = *room;
            // The room's direction from its first two racks on one line (a mirrored hall's runs to -x).
            if (line.roomRacks == 1 && r.yM == line.yM) line.stepM = r.xM > line.nextXM ? spec_.rackWidthM : -spec_.rackWidthM;
            ++line.roomRacks;
            line.nextSlot = r.slot + 1;
            line.nextXM = r.xM;
            line.yM = r.yM;
        }
    }
    for (std::size_t k = 0; k < rows_.size(); ++k) {
        Line& line = rows_[k];
        line.row = int(k);
        line.stepM = line.nextXM < lowX[k] ? -spec_.rackWidthM : spec_.rackWidthM;  // a mirrored hall runs to -x
        line.nextXM += line.stepM;
    }
    for (Line& room : rooms_) room.nextXM += room.stepM;
}

SharedFloor::Line& SharedFloor::lineOfRow(int row) { return rows_.at(std::size_t(row)); }

SharedFloor::Line* SharedFloor::lineOfHall(std::vector<Line>& lines, int hall)
{
    for (Line& line : lines)
        if (line.hall == hall) return &line;
    return nullptr;
}

SharedFloor::Line& SharedFloor::lineOfRoom(int hall)
{
    if (Line* room = lineOfHall(rooms_, hall)) return *room;
    // No such room yet (the compute fabric has no spines there): one is opened as layout::place opens
    // a spine room, spineRoomDistanceM beyond the end of the longest row, on row 0's line.
    Line room{.row = -1, .hall = hall, .stepM = spec_.rackWidthM};
    double rowEndM = 0, rowY = std::numeric_limits<double>::max();
    for (const Rack& r : floor_.racks)
        if (r.row >= 0 && r.row < computeRows_) rowEndM = std::max(rowEndM, r.xM + spec_.rackWidthM / 2), rowY = std::min(rowY, r.yM);
    room.nextXM = rowEndM + spec_.spineRoomDistanceM + spec_.rackWidthM / 2;
    room.yM = rowY == std::numeric_limits<double>::max() ? 0.0 : rowY;
    rooms_.push_back(room);
    return rooms_.back();
}

// Network racks for the leaves whose ports stand in a room (switch management ports of spines and cores):
// one line a row pitch behind the room's last line, where each leaf's rack stands level with its first
// port, so its ports (taken along the room's lines) are a room's depth and a few racks away. Appended to
// the room's own line instead, a 300-rack core room's first racks would be 150 m from their leaf.
SharedFloor::Line& SharedFloor::aisleOfRoom(int hall)
{
    if (Line* aisle = lineOfHall(aisles_, hall)) return *aisle;
    Line aisle{.row = -1, .hall = hall, .stepM = spec_.rackWidthM};
    double lowX = std::numeric_limits<double>::max(), backY = std::numeric_limits<double>::lowest();
    if (const auto room = roomExtent_.find(hall); room != roomExtent_.end()) lowX = room->second.lowX, backY = room->second.backY;
    if (lowX == std::numeric_limits<double>::max()) lowX = lineOfRoom(hall).nextXM, backY = lineOfRoom(hall).yM;
    aisle.nextXM = lowX;
    aisle.yM = backY + spec_.rowPitchM;
    aisles_.push_back(aisle);
    return aisles_.back();
}

std::uint32_t SharedFloor::addRack(Line& line, RackKind kind, const std::string& name)
{
    Rack r;
    r.kind = kind;
    r.row = line.row;
    r.hall = line.hall;
    // Its building: the core room's, or its hall's (README "Sites").
    const SitePlacement& site = floor_.site;
    r.building = line.hall < 0 ? site.coreBuilding
                 : std::size_t(line.hall) < site.hallBuilding.size() ? site.hallBuilding[std::size_t(line.hall)] : 0;
    r.slot = line.nextSlot++;
    r.xM = line.nextXM;
    r.yM = line.yM;
    r.name = name;
    line.nextXM += line.stepM;
    ++line.racksAdded;
    floor_.floorWidthM = std::max(floor_.floorWidthM, r.xM + spec_.rackWidthM / 2);
    floor_.floorDepthM = std::max(floor_.floorDepthM, r.yM + spec_.rackDepthM);
    extendRoom(r);
    floor_.racks.push_back(std::move(r));
    return std::uint32_t(floor_.racks.size() - 1);
}

std::uint32_t SharedFloor::addServiceRack(bool storage)
{
    const int perRow = std::max(1, spec_.racksPerRow);
    if (serviceRowOfNetwork_ < 0 || serviceInRow_ >= perRow) {
        // A service row of this network's own, one row pitch after the last row (compute or service),
        // starting at the first compute rack's line: later networks' racks never land in it.
        double lastY = 0, firstX = std::numeric_limits<double>::max();
        for (const Line& l : rows_) lastY = std::max(lastY, l.yM);
        for (const std::uint32_t k : computeRacks_) firstX = std::min(firstX, floor_.racks[k].xM);
        Line line;
        line.row = int(rows_.size());
        line.hall = 0;
        line.yM = rows_.empty() ? 0.0 : lastY + spec_.rowPitchM;
        line.stepM = spec_.rackWidthM;
        line.nextXM = firstX == std::numeric_limits<double>::max() ? spec_.rackWidthM / 2 : firstX;
        rows_.push_back(line);
        floor_.rows = int(rows_.size());
        ++serviceRows_;
        serviceRowOfNetwork_ = line.row;
        serviceInRow_ = 0;
    }
    ++serviceInRow_;
    serversInRack_ = 0;
    serviceRackIsStorage_ = storage;
    const int number = storage ? ++storageRacks_ : ++managementRacks_;
    return serviceRack_ = addRack(lineOfRow(serviceRowOfNetwork_), RackKind::Service,
                                  (storage ? "STOR-R" : "MGMT-R") + twoDigits(number));
}

// Where a fixed group's endpoints stand (one spot per endpoint). Out-of-band: the management ports of
// devices the design counts elsewhere, matched by count: an earlier network's server group of the same
// count (the same first word preferred: "UFM appliance BMCs" -> "UFM appliances"), else a whole number
// per compute rack (PDUs, in-rack management switches' uplinks). Otherwise, and for every other
// network: servers of their own in service racks (storage racks for a storage network's, and a
// converged network's groups named "storage", management racks for the rest).
std::vector<SharedFloor::Spot> SharedFloor::spotsOfFixedGroup(const NetworkSpec& n, const EndpointGroup& g, std::size_t)
{
    std::vector<Spot> out;
    const int count = std::max(0, g.count);
    if (n.role == NetworkRole::OutOfBand && count > 0) {
        ServerGroup* match = nullptr;
        for (ServerGroup& s : serverGroups_) {
            if (s.matched || s.network >= network_ || s.count != count) continue;
            if (!match) match = &s;
            if (firstWord(s.name) == firstWord(g.name)) {
                match = &s;
                break;
            }
        }
        if (match) {
            match->matched = true;
            out.assign(servers_.begin() + std::ptrdiff_t(match->firstServer),
                       servers_.begin() + std::ptrdiff_t(match->firstServer + std::size_t(count)));
            return out;
        }
        const std::size_t racks = computeRacks_.size();
        if (racks > 0 && std::size_t(count) % racks == 0) {
            const std::size_t perRack = std::size_t(count) / racks;
            const float h = float(spec_.rackHeightM * layout_constants::kRackPortHeightFraction);
            for (int e = 0; e < count; ++e) out.push_back({computeRacks_[std::size_t(e) / perRack], h});
            return out;
        }
    }
    const bool storage = n.role == NetworkRole::Storage ||
                         (n.role == NetworkRole::StorageInBand && lower(g.name).find("storage") != std::string::npos);
    serverGroups_.push_back({network_, g.name, count, servers_.size(), n.role == NetworkRole::OutOfBand});
    for (int e = 0; e < count; ++e) {
        // A new rack when this one is full: 16 servers, or (servers with a power figure) the next one would
        // take it past the rack power budget, as compute racks hold fewer nodes by power.
        const bool overBudget = serviceRowOfNetwork_ >= 0 && g.powerWEach > 0 &&
                                floor_.racks[serviceRack_].powerW + g.powerWEach > spec_.rackPowerBudgetKw * 1000.0 + 1e-6;
        if (serviceRowOfNetwork_ < 0 || serversInRack_ >= layout_constants::kServersPerServiceRack ||
            serviceRackIsStorage_ != storage || overBudget)
            addServiceRack(storage);
        const float h = float((serversInRack_ + 0.5) * layout_constants::kServicePitchM);
        ++serversInRack_;
        ++floor_.racks[serviceRack_].devices;
        floor_.racks[serviceRack_].powerW += std::max(0.0, g.powerWEach);  // as the design gives it (0: not given)
        servers_.push_back({serviceRack_, h});
        out.push_back(servers_.back());
    }
    return out;
}

SharedFloor::Endpoints SharedFloor::standEndpoints(const NetworkSpec& n, std::uint32_t ports)
{
    Endpoints out;
    out.rack.assign(ports, computeRacks_.empty() ? 0 : computeRacks_.front());
    out.heightM.assign(ports, float(spec_.rackHeightM / 2));
    serviceRowOfNetwork_ = -1;
    serviceInRow_ = 0;
    // Group by group, in the order the fabric's nodes stand for them.
    std::uint32_t port = 0;
    const std::size_t switchesBefore = managed_.size();
    for (std::size_t k = 0; k < n.endpoints.size() && port < ports; ++k) {
        const EndpointGroup& g = n.endpoints[k];
        std::vector<Spot> fixed;
        const std::vector<Spot>* spots = &fixed;
        std::size_t count = 0;
        if (g.per == EndpointCount::PerComputeNode) {
            spots = &node_;
            count = node_.size();
        } else if (g.per == EndpointCount::PerSwitch) {
            // The management ports in floor order (hall by hall, its rows before its room, line by line and
            // along each line), not in device order: the compute fabric lists its switches plane by plane,
            // so consecutive devices stand rows or halls apart (leafOrderOf orders each place again; this
            // order is the one the fabric's nodes, the cable plan's rows, follow).
            // The order is a rack's (its key: hall, room, line, place along it, then the rack), then the
            // switch's: the racks that hold switches are sorted by their keys (a few thousand, against tens
            // of thousands of switches), and the switches counted into them in device order.
            struct Keyed {
                int hall = 0;
                bool room = false;  // a hall's rows, then its room
                double yM = 0, xM = 0;
                std::uint32_t rack = 0;
            };
            std::vector<std::uint32_t> atRack(floor_.racks.size(), 0);  // switches per rack, then each rack's next slot
            std::vector<Keyed> keyed;
            for (std::size_t i = 0; i < switchesBefore; ++i) {
                const std::uint32_t rack = managed_[i].rack;
                if (atRack[rack]++ > 0) continue;
                const Rack& r = floor_.racks[rack];
                keyed.push_back({r.hall, r.row < 0, r.yM, r.xM, rack});
            }
            std::sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
                return std::tie(a.hall, a.room, a.yM, a.xM, a.rack) < std::tie(b.hall, b.room, b.yM, b.xM, b.rack);
            });
            std::uint32_t at = 0;
            for (const Keyed& k : keyed) {
                const std::uint32_t inRack = atRack[k.rack];
                atRack[k.rack] = at;
                at += inRack;
            }
            fixed.resize(switchesBefore);
            for (std::size_t i = 0; i < switchesBefore; ++i) fixed[atRack[managed_[i].rack]++] = managed_[i];
            count = switchesBefore;
        } else {
            fixed = spotsOfFixedGroup(n, g, k);
            count = fixed.size();
        }
        const int each = std::max(1, g.portsEach);
        if (spots->empty()) count = 0;  // nothing to stand at: the ports keep the first compute rack
        for (std::size_t e = 0; e < count && port < ports; ++e) {
            const Spot s = (*spots)[std::min(e, spots->size() - 1)];
            for (int q = 0; q < each && port < ports; ++q, ++port) out.rack[port] = s.rack, out.heightM[port] = s.heightM;
        }
    }
    return out;
}

topology::LeafOrder SharedFloor::leafOrderOf(const Endpoints& endpoints) const
{
    // A rack's place: its hall's compute rows, its hall's spine room (with the room's aisle), the core
    // room, or a service row of its own.
    const auto placeOf = [&](const Rack& r) -> std::int32_t {
        if (r.row < 0) return r.hall < 0 ? -1 : 3 * r.hall + 1;
        if (r.row >= computeRows_) return -2 - r.row;
        return 3 * r.hall;
    };
    const std::size_t ports = endpoints.rack.size();
    std::vector<std::uint32_t> portsOfRack(floor_.racks.size(), 0), firstPortOfRack(floor_.racks.size(), kNone);
    for (std::size_t q = ports; q-- > 0;) {
        ++portsOfRack[endpoints.rack[q]];
        firstPortOfRack[endpoints.rack[q]] = std::uint32_t(q);
    }
    // Racks by place, then along the floor (line by line, along each line): the floor's racks in that
    // order, those added since the last network's call sorted (with their sort keys by value: a sort
    // through floor_.racks was most of this function's time) and merged in.
    if (racksInOrder_.size() < floor_.racks.size()) {
        std::vector<RackInOrder> added;
        added.reserve(floor_.racks.size() - racksInOrder_.size());
        for (std::size_t r = racksInOrder_.size(); r < floor_.racks.size(); ++r) {
            const Rack& rack = floor_.racks[r];
            added.push_back({placeOf(rack), std::uint32_t(r), rack.yM, rack.xM});
        }
        std::sort(added.begin(), added.end());
        std::vector<RackInOrder> merged;
        merged.reserve(floor_.racks.size());
        std::merge(racksInOrder_.begin(), racksInOrder_.end(), added.begin(), added.end(), std::back_inserter(merged));
        racksInOrder_ = std::move(merged);
    }
    // The racks that hold ports, in that order.
    std::vector<RackInOrder> held;
    for (const RackInOrder& r : racksInOrder_)
        if (portsOfRack[r.rack] > 0) held.push_back(r);
    // Places (runs of `held`) in the order of their first port: the fabric's node order, so leaf 0
    // serves the first group's.
    struct Place {
        std::uint32_t firstPort = kNone;
        std::size_t begin = 0, end = 0;
    };
    std::vector<Place> places;
    for (std::size_t i = 0; i < held.size(); ++i) {
        if (i == 0 || held[i].place != held[i - 1].place) places.push_back({kNone, i, i});
        places.back().end = i + 1;
        places.back().firstPort = std::min(places.back().firstPort, firstPortOfRack[held[i].rack]);
    }
    std::sort(places.begin(), places.end(), [](const Place& a, const Place& b) { return a.firstPort < b.firstPort; });
    // Each rack's ports in port order, racks in that order (a counting sort: O(ports)).
    topology::LeafOrder order;
    std::vector<std::uint32_t> next(floor_.racks.size(), 0);
    std::uint32_t at = 0;
    for (const Place& place : places) {
        order.placeStarts.push_back(at);
        for (std::size_t i = place.begin; i < place.end; ++i) {
            next[held[i].rack] = at;
            at += portsOfRack[held[i].rack];
        }
    }
    order.nodes.resize(ports);
    for (std::uint32_t q = 0; q < ports; ++q) order.nodes[next[endpoints.rack[q]]++] = q;
    return order;
}

Layout SharedFloor::place(const Fabric& fabric, const Hardware& hardware, Endpoints endpoints)
{
    const std::size_t deviceCount = fabric.devices.size();
    const std::uint32_t nodes = fabric.nodeCount;
    std::vector<std::uint32_t> rackOf = std::move(endpoints.rack);
    std::vector<float> heightM = std::move(endpoints.heightM);
    if (rackOf.size() != nodes) throw std::logic_error("SharedFloor::place: the fabric's nodes are not the endpoints stood");
    rackOf.resize(deviceCount, computeRacks_.empty() ? 0 : computeRacks_.front());
    heightM.resize(deviceCount, float(spec_.rackHeightM / 2));

    // The switches: a leaf at the end of the row (or in the room's aisle) where most of the ports it
    // serves stand, in network racks of this network's own; spines in the spine room (the core room on a
    // floor of several halls), or round-robin over the compute rows' ends (spinePlacement EndOfRow). A
    // leaf's ports are one place's (leafOrderOf), side by side along the floor: a leaf whose ports
    // straddle two rows of a hall stands with the larger share.
    //
    // Each switch's host ports by row or room (a room: its hall's; the core room's hall is -1), with
    // the first port in each. A leaf's ports are one place's, in a row or two: kShares rows suffice (a
    // port in a further one is not counted).
    struct Share {
        int key = 0;
        std::uint32_t first = kNone, count = 0;
    };
    constexpr int kShares = 8;
    struct Shares {
        std::array<Share, kShares> at{};
        int used = 0;
    };
    std::vector<Shares> sharesOf(deviceCount - nodes);
    // Finer than leafOrderOf's places: where a leaf stands is a row's end or a room's aisle.
    const auto rowOrRoomOf = [&](std::uint32_t port) {
        const Rack& r = floor_.racks[rackOf[port]];
        return r.row >= 0 ? r.row : -3 - r.hall;
    };
    for (const Link& l : fabric.links) {
        if (l.cls != LinkClass::HostLeaf) break;  // host-leaf links come first
        Shares& shares = sharesOf[l.b - nodes];
        const int key = rowOrRoomOf(l.a);
        int k = 0;
        while (k < shares.used && shares.at[std::size_t(k)].key != key) ++k;
        if (k == shares.used) {
            if (k == kShares) continue;
            shares.at[std::size_t(k)] = {key, l.a, 0};
            ++shares.used;
        }
        ++shares.at[std::size_t(k)].count;
    }
    // The first port of the row or room that holds most of a switch's ports (the first such row on a tie).
    const auto firstPortOfLargestShare = [&](std::size_t d) {
        const Shares& shares = sharesOf[d - nodes];
        const Share* best = nullptr;
        for (int k = 0; k < shares.used; ++k)
            if (!best || shares.at[std::size_t(k)].count > best->count) best = &shares.at[std::size_t(k)];
        return best ? best->first : kNone;
    };
    std::vector<Fill> rowFill(rows_.size()), roomFill, aisleFill;
    // The last room asked for, by its index (rooms_ may grow meanwhile): every spine asks for the same
    // one, which lineOfRoom finds by a search through the rooms.
    int lastRoomHall = 0;
    std::size_t lastRoom = std::numeric_limits<std::size_t>::max();
    const auto fillOfRoom = [&](int hall) -> std::pair<Line*, Fill*> {
        if (lastRoom == std::numeric_limits<std::size_t>::max() || hall != lastRoomHall) {
            lastRoom = std::size_t(&lineOfRoom(hall) - rooms_.data());
            lastRoomHall = hall;
        }
        if (roomFill.size() < rooms_.size()) roomFill.resize(rooms_.size());
        return {&rooms_[lastRoom], &roomFill[lastRoom]};
    };
    const auto fillOfAisle = [&](int hall) -> std::pair<Line*, Fill*> {
        Line& line = aisleOfRoom(hall);
        const std::size_t at = std::size_t(&line - aisles_.data());
        if (aisleFill.size() < aisles_.size()) aisleFill.resize(aisles_.size());
        return {&line, &aisleFill[at]};
    };
    long long roundRobin = 0;
    double aisleX = 0;  // a room leaf's first port, along its aisle
    const bool severalHalls = floor_.halls > 1;
    for (std::size_t d = nodes; d < deviceCount; ++d) {
        const Device& dev = fabric.devices[d];
        Line* line = nullptr;
        Fill* fill = nullptr;
        if (dev.tier == Tier::Leaf) {
            const std::uint32_t first = firstPortOfLargestShare(d);
            const Rack& near = floor_.racks[first == kNone ? rackOf.front() : rackOf[first]];
            if (near.row >= 0) {
                line = &lineOfRow(near.row), fill = &rowFill[std::size_t(near.row)];
            } else {
                std::tie(line, fill) = fillOfAisle(near.hall);
                aisleX = near.xM;
            }
        } else if (spec_.spinePlacement == SpinePlacement::CentralRoom || severalHalls || computeRows_ == 0) {
            std::tie(line, fill) = fillOfRoom(severalHalls ? -1 : 0);
        } else {
            const int row = int(roundRobin++ % computeRows_);
            line = &lineOfRow(row), fill = &rowFill[std::size_t(row)];
        }
        const SwitchModel& model = hardware.switchModel(dev.model);
        const double share = 1.0 / layout_constants::switchesPerNetworkRack(std::max(1, model.rackUnits));
        const bool inAisle = dev.tier == Tier::Leaf && line->row < 0;
        if (fill->rack == kNone || fill->used + share > 1.0 + 1e-9) {
            std::string name;
            if (inAisle) {
                line->nextXM = std::max(line->nextXM, aisleX);  // level with the leaf's first port
                const int k = ++line->networkRacks;
                name = line->hall < 0  ? "NET-CORE-" + twoDigits(k)
                       : severalHalls ? "NET-SPINE-H" + twoDigits(line->hall + 1) + "-" + twoDigits(k)
                                      : "NET-SPINE-" + twoDigits(k);
            } else if (line->row >= 0) {
                const int k = line->networkRacks++;
                name = "NET-R" + twoDigits(line->row + 1) + "-" + (k < 26 ? std::string(1, char('A' + k)) : std::to_string(k + 1));
            } else {
                const int k = ++line->roomRacks;
                name = line->hall < 0 ? "CORE-" + twoDigits(k)
                                      : (severalHalls ? "SPINE-H" + twoDigits(line->hall + 1) + "-" : std::string("SPINE-")) + twoDigits(k);
            }
            fill->rack = addRack(*line, line->row >= 0 || inAisle ? RackKind::Network : RackKind::SpineRoom, name);
            fill->used = 0;
        }
        const double above = fill->used;
        fill->used += share;
        rackOf[d] = fill->rack;
        heightM[d] = float(spec_.rackHeightM * (1.0 - above - 0.5 * share));
        Rack& rack = floor_.racks[fill->rack];
        ++rack.devices;
        rack.powerW += model.maxPowerW();
        managed_.push_back({fill->rack, heightM[d]});
    }

    // Routed lengths, by the rule layout::place routes the compute fabric's.
    Layout out;
    setFloorOf(out, floor_);
    out.linkLengthM.resize(fabric.links.size());
    const Router route(out, spec_);
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        out.linkLengthM[i] = route(rackOf[l.a], heightM[l.a], rackOf[l.b], heightM[l.b]);
    }
    out.rackOfDevice = std::move(rackOf);
    out.heightM = std::move(heightM);
    ++network_;
    return out;
}

} // namespace fp::layout
