// One floor for the cluster (issue 38, layout/shared_floor.h): the other networks stand on the compute
// fabric's floor. Hand-worked routes on a small design (from layout_constants.h and the FloorSpec
// defaults, not from the planner's output), every endpoint of every network in a rack that exists, no
// rack over its space, rack power counted once, and the bundled all-networks example.
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "layout/layout_constants.h"
#include "network_fixtures.h"
#include "plan/cluster_plan.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

// 32 nodes of 8 GPUs, 4 to a rack (60 kW budget / 10.2 kW holds 5), 4 racks to a row: rows R01 and R02.
// The compute fabric: one SU of 8 QM9700 rail leaves (32 down each), all in NET-R01-A at row 0's end.
ClusterSpec smallCluster()
{
    ClusterSpec s;
    s.gpus = 256;
    s.nicModel = "MCX75310AAS-NEAT";
    s.switchModel = "MQM9700-NS2F";
    s.floor.racksPerRow = 4;
    s.floor.nodesPerRack = 4;
    s.floor.rackPowerBudgetKw = 60;
    s.floor.nodePowerKw = 10.2;
    return s;
}

// 32 node ports + 4 storage servers x 1 = 36 ports: one 64-port QM9700 (tiers auto).
NetworkSpec storage()
{
    return test::networkOf("storage", NetworkRole::Storage, FabricKind::InfiniBand, "MQM9700-NS2F", "MCX715105AS-WEAT", 400,
                           {{"node storage ports", EndpointCount::PerComputeNode, 0, 1},
                            {"storage servers", EndpointCount::Fixed, 4, 1}});
}

NetworkSpec oob()
{
    NetworkSpec n = test::networkOf("oob", NetworkRole::OutOfBand, FabricKind::RoCE, "SN2201", "GEN-1GBE-RJ45-PORT", 0,
                                    {{"node BMCs", EndpointCount::PerComputeNode, 0, 1},
                                     {"switch management ports", EndpointCount::PerSwitch, 0, 1},
                                     {"storage server BMCs", EndpointCount::Fixed, 4, 1},
                                     {"rack PDUs", EndpointCount::Fixed, 16, 1}});
    n.leafOversubscription = Ratio{11, 1, 0};
    return n;
}

// The host link of a network's endpoint port (its fabric's node `port`).
long long linkOfPort(const Plan& p, std::uint32_t port)
{
    for (std::size_t i = 0; i < p.fabric.links.size(); ++i)
        if (p.fabric.links[i].cls == LinkClass::HostLeaf && p.fabric.links[i].a == port) return static_cast<long long>(i);
    return -1;
}

const std::string& rackOf(const Plan& p, std::uint32_t device) { return p.layout.racks.at(p.layout.rackOfDevice.at(device)).name; }

// Every endpoint and switch of every network in a rack of the cluster's floor (its layout naming the
// floor's racks), every route positive and under a kilometre, no rack over its space (switch shares,
// nodes per rack, servers per service rack), and each rack's power the sum of its devices', once: a
// node's as the design gives it (the compute fabric's), each switch at its maximum. Counts the service racks.
void checkFloor(const ClusterPlan& c, int& serviceRacks)
{
    const ClusterSpec& s = c.compute().spec;
    const Layout& floor = c.floor();
    QVERIFY(floor.racks.size() > c.compute().layout.racks.size());
    std::vector<double> shares(floor.racks.size(), 0.0), power(floor.racks.size(), 0.0);
    for (std::size_t k = 0; k < c.networks.size(); ++k) {
        const Plan& p = c.networks[k].plan;
        QCOMPARE(p.layout.rackOfDevice.size(), p.fabric.devices.size());
        QCOMPARE(p.layout.linkLengthM.size(), p.fabric.links.size());
        for (std::size_t d = 0; d < p.fabric.devices.size(); ++d) {
            const std::uint32_t r = p.layout.rackOfDevice[d];
            QVERIFY(r < floor.racks.size());
            QCOMPARE(p.layout.racks[r].name, floor.racks[r].name);
            if (d < p.fabric.nodeCount) {
                if (k == 0) power[r] += s.floor.nodePowerKw * 1000.0;  // a node's power, once: the compute fabric's
                continue;
            }
            const SwitchModel& m = p.hardware.switchModel(p.fabric.devices[d].model);
            shares[r] += 1.0 / layout_constants::switchesPerNetworkRack(std::max(1, m.rackUnits));
            power[r] += m.maxPowerW();
        }
        const auto bad = std::find_if(p.layout.linkLengthM.begin(), p.layout.linkLengthM.end(),
                                      [](float len) { return !(len > 0 && len < 1000); });
        QVERIFY2(bad == p.layout.linkLengthM.end(), c.networks[k].name.c_str());
    }
    const int nodesPerRack = nodesPerRackOf(s.floor);
    serviceRacks = 0;
    for (std::size_t r = 0; r < floor.racks.size(); ++r) {
        const Rack& rack = floor.racks[r];
        QVERIFY2(shares[r] <= 1.0 + 1e-9, rack.name.c_str());
        QVERIFY2(std::abs(rack.powerW - power[r]) < 1e-6, rack.name.c_str());
        if (rack.kind == RackKind::Compute) QVERIFY(rack.devices <= nodesPerRack);
        if (rack.kind == RackKind::Service) {
            ++serviceRacks;
            QVERIFY(rack.devices <= layout_constants::kServersPerServiceRack);
        }
    }
}

// A rack's place as a network's leaves group their ports (independently of SharedFloor::leafOrderOf):
// the compute rows of one hall, one hall's spine room (with its aisle), the core room, or one service row.
std::pair<int, int> placeOf(const Rack& r, int computeRows)
{
    if (r.row < 0) return {1, r.hall};
    if (r.row >= computeRows) return {2, r.row};
    return {0, r.hall};
}

// Every leaf of every network but the compute fabric serves ports of one place only, and each network
// has sum over places of ceil(ports there / a leaf's down ports) leaves: a leaf per place, no more.
void checkLeafPerPlace(const ClusterPlan& c)
{
    const int computeRows = c.compute().layout.rows;
    for (std::size_t k = 1; k < c.networks.size(); ++k) {
        const Plan& p = c.networks[k].plan;
        if (p.fabric.shape.tiers < 2) continue;
        std::map<std::pair<int, int>, long long> portsAt;
        for (std::uint32_t n = 0; n < p.fabric.nodeCount; ++n) ++portsAt[placeOf(p.layout.racks[p.layout.rackOfDevice[n]], computeRows)];
        long long leaves = 0;
        for (const auto& [place, ports] : portsAt) leaves += (ports + p.fabric.shape.leafDown - 1) / p.fabric.shape.leafDown;
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), leaves);
        std::map<DeviceId, std::set<std::pair<int, int>>> placesOfLeaf;
        for (const Link& l : p.fabric.links)
            if (l.cls == LinkClass::HostLeaf) placesOfLeaf[l.b].insert(placeOf(p.layout.racks[p.layout.rackOfDevice[l.a]], computeRows));
        for (const auto& [leaf, places] : placesOfLeaf)
            QVERIFY2(places.size() == 1, qPrintable(QString::fromStdString(c.networks[k].name + " " + p.fabric.deviceName(leaf))));
    }
}

} // namespace

class TestSharedFloor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Worked by hand (FloorSpec defaults: rack 0.6 m wide, rows 3 m apart, 2.2 m high, tray 0.5 m above,
    // 1 m slack each end; a node at (k + 0.5) x min(10U = 0.4445 m, 2.2 / 4) in its rack; a 1U switch
    // 1/16 of a network rack, stacked from the top; a service server at (k + 0.5) x 2U = 0.0889 m):
    //   row 0: R01-01..R01-04 at x = 0.3 .. 2.1, NET-R01-A (compute leaves) at slot 4, x = 2.7; y = 0.
    //   The storage switch serves node 0 first: NET-R01-B, slot 5, x = 3.3, height 2.2 x (1 - 1/32) = 2.13125.
    //   The storage servers: a service row after R02 (y = 3): y = 6, STOR-R01 at x = 0.3.
    //   node 0 (R01-01, h 0.22225):  (2.7 - 0.22225) + (2.7 - 2.13125) + |0.3 - 3.3| + 0 + 2 = 8.0465 m
    //   node 31 (R02-04, x 2.1, y 3, h 3.5 x 0.4445 = 1.55575): 1.14425 + 0.56875 + 1.2 + 3 + 2 = 7.913 m
    //   server 0 (STOR-R01, h 0.04445): 2.65555 + 0.56875 + 3.0 + 6.0 + 2 = 14.2243 m
    void handWorkedRoutes()
    {
        ClusterSpec s = smallCluster();
        s.networks = {storage()};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.errorCount(), 0);
        const Plan& st = c.networks[1].plan;
        QCOMPARE(st.fabric.nodeCount, 36u);
        QCOMPARE(st.fabric.switchCount(), 1LL);
        const std::uint32_t sw = st.fabric.nodeCount;
        QCOMPARE(rackOf(st, sw), std::string("NET-R01-B"));
        const Rack& net = st.layout.racks[st.layout.rackOfDevice[sw]];
        QCOMPARE(net.kind, RackKind::Network);
        QVERIFY(std::abs(net.xM - 3.3) < 1e-9);
        QCOMPARE(net.yM, 0.0);
        QCOMPARE(rackOf(st, 0), std::string("R01-01"));
        QCOMPARE(rackOf(st, 31), std::string("R02-04"));
        QCOMPARE(rackOf(st, 32), std::string("STOR-R01"));
        QCOMPARE(rackOf(st, 35), std::string("STOR-R01"));
        const Rack& stor = st.layout.racks[st.layout.rackOfDevice[32]];
        QCOMPARE(stor.kind, RackKind::Service);
        QVERIFY(std::abs(stor.yM - 6.0) < 1e-9);
        QVERIFY(std::abs(stor.xM - 0.3) < 1e-9);
        const auto lengthOf = [&](std::uint32_t port) { return double(st.layout.linkLengthM.at(std::size_t(linkOfPort(st, port)))); };
        QVERIFY2(std::abs(lengthOf(0) - 8.0465) < 1e-3, std::to_string(lengthOf(0)).c_str());
        QVERIFY2(std::abs(lengthOf(31) - 7.913) < 1e-3, std::to_string(lengthOf(31)).c_str());
        QVERIFY2(std::abs(lengthOf(32) - 14.2243) < 1e-3, std::to_string(lengthOf(32)).c_str());
        // The cable plan names the shared floor's racks.
        bool named = false;
        bom::forEachCable(st.fabric, st.layout, st.media, [&](const CableRow& r) {
            named = named || (r.aRack == "R01-01" && r.zRack == "NET-R01-B") || (r.zRack == "R01-01" && r.aRack == "NET-R01-B");
            return true;
        });
        QVERIFY(named);
        // The compute fabric's floor is untouched; the cluster's floor adds one network rack and one
        // service rack, and NET-R01-B draws its one switch at its maximum.
        QCOMPARE(c.floor().racks.size(), c.compute().layout.racks.size() + 2);
        const SwitchModel* qm9700 = catalog_.findSwitch("MQM9700-NS2F");
        QVERIFY(qm9700);
        QCOMPARE(c.floor().racks[st.layout.rackOfDevice[sw]].powerW, qm9700->maxPowerW());
        QCOMPARE(c.floor().racks[st.layout.rackOfDevice[32]].devices, 4);
        QCOMPARE(c.floor().racks[st.layout.rackOfDevice[32]].powerW, 0.0);  // servers: no power figure in the design
    }

    // Servers with a power figure (power_w, each) draw it in their service rack, and a rack holds only as
    // many as its budget allows (smallCluster: 60 kW): 5 storage servers of 25 kW stand 2 + 2 + 1 in
    // STOR-R01..R03 (50, 50, 25 kW), where without a figure all 5 share STOR-R01 at 0 kW. A server above
    // the budget, or a power on a per-node group, is refused with its field.
    void serverPowerFillsServiceRacks()
    {
        ClusterSpec s = smallCluster();
        s.networks = {storage()};
        s.networks[0].endpoints[1].count = 5;
        s.networks[0].endpoints[1].powerWEach = 25'000;
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.errorCount(), 0);
        std::map<std::string, std::pair<int, double>> service;
        for (const Rack& r : c.floor().racks)
            if (r.kind == RackKind::Service) service[r.name] = {r.devices, r.powerW};
        QCOMPARE(service.size(), std::size_t(3));
        QCOMPARE(service["STOR-R01"], std::make_pair(2, 50'000.0));
        QCOMPARE(service["STOR-R02"], std::make_pair(2, 50'000.0));
        QCOMPARE(service["STOR-R03"], std::make_pair(1, 25'000.0));
        s.networks[0].endpoints[1].powerWEach = 0;
        QCOMPARE(makeClusterPlan(s, catalog_).floor().racks.size(), c.floor().racks.size() - 2);

        s.networks[0].endpoints[1].powerWEach = 61'000;
        try {
            makeClusterPlan(s, catalog_);
            QFAIL("a 61 kW server in a 60 kW rack was planned");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QStringLiteral("/networks/0/endpoints/1/power_w (storage)"));
            QVERIFY2(std::string(e.what()).find("60.0 kW rack power budget") != std::string::npos, e.what());
        }
        // An OOB group's ports are BMCs of servers placed elsewhere (matched by count): their power is
        // those servers'.
        s.networks[0].endpoints[1].powerWEach = 0;
        s.networks.push_back(oob());
        s.networks[1].endpoints[2].powerWEach = 300;
        try {
            makeClusterPlan(s, catalog_);
            QFAIL("a power figure on OOB ports was planned");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QStringLiteral("/networks/1/endpoints/2/power_w (oob)"));
        }
        s.networks.pop_back();
        s.networks[0].endpoints[0].powerWEach = 500;  // the nodes' power is the compute fabric's
        try {
            makeClusterPlan(s, catalog_);
            QFAIL("a power figure on per-node ports was planned");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), QStringLiteral("/networks/0/endpoints/0/power_w (storage)"));
        }
    }

    // The OOB network's ports stand at the devices they manage: a node's BMC in its rack, a switch's
    // management port at the switch (compute leaves, spines, the storage switch: one port at each, taken
    // in floor order so that a leaf's ports in turn stand together), the storage servers' BMCs at those
    // servers (matched by count), 2 PDUs per compute rack in each compute rack.
    void oobPortsStandAtTheirDevices()
    {
        ClusterSpec s = smallCluster();
        s.networks = {storage(), oob()};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        const Plan& compute = c.compute();
        const Plan& st = c.networks[1].plan;
        const Plan& o = c.networks[2].plan;
        const std::uint32_t nodes = compute.fabric.nodeCount;
        const std::uint32_t switches = std::uint32_t(compute.fabric.switchCount() + st.fabric.switchCount());
        QCOMPARE(o.fabric.nodeCount, nodes + switches + 4 + 16);
        for (std::uint32_t n = 0; n < nodes; ++n) QCOMPARE(rackOf(o, n), rackOf(compute, n));
        std::multiset<std::string> managedRacks, portRacks;
        for (std::uint32_t k = 0; k < compute.fabric.switchCount(); ++k) managedRacks.insert(rackOf(compute, nodes + k));
        for (std::uint32_t k = 0; k < st.fabric.switchCount(); ++k) managedRacks.insert(rackOf(st, st.fabric.nodeCount + k));
        for (std::uint32_t k = 0; k < switches; ++k) portRacks.insert(rackOf(o, nodes + k));
        QCOMPARE(portRacks, managedRacks);
        QCOMPARE(managedRacks.count("NET-R01-B"), std::size_t(1));  // the storage switch
        for (std::uint32_t k = 1; k < switches; ++k) {  // floor order: hall, rows then room, line, along the line
            const Rack& a = o.layout.racks[o.layout.rackOfDevice[nodes + k - 1]];
            const Rack& b = o.layout.racks[o.layout.rackOfDevice[nodes + k]];
            const bool roomA = a.row < 0, roomB = b.row < 0;
            QVERIFY(std::tie(a.hall, roomA, a.yM, a.xM) <= std::tie(b.hall, roomB, b.yM, b.xM));
        }
        for (std::uint32_t k = 0; k < 4; ++k) {
            QCOMPARE(rackOf(o, nodes + switches + k), rackOf(st, 32 + k));
            QCOMPARE(o.layout.heightM[nodes + switches + k], st.layout.heightM[32 + k]);
        }
        std::map<std::string, int> pdus;
        for (std::uint32_t k = 0; k < 16; ++k) ++pdus[rackOf(o, nodes + switches + 4 + k)];
        QCOMPARE(pdus.size(), std::size_t(8));
        for (const auto& [rack, n] : pdus) {
            QCOMPARE(n, 2);
            QCOMPARE(rack.substr(0, 1), std::string("R"));
        }
        // No new service rack for the BMCs: one STOR rack on the floor.
        int service = 0;
        for (const Rack& r : c.floor().racks) service += r.kind == RackKind::Service;
        QCOMPARE(service, 1);
    }

    // The bundled four-network example: 0 errors, every endpoint and switch of every network in a rack of
    // the cluster's floor, no rack over its space, each rack's power the sum of its devices', once.
    void allNetworksExample()
    {
        const ClusterSpec s =
            loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(4));
        for (const NetworkPlan& n : c.networks) QVERIFY2(n.plan.errorCount() == 0, n.name.c_str());
        int serviceRacks = 0;
        checkFloor(c, serviceRacks);
        if (QTest::currentTestFailed()) return;
        // 16 storage appliances + 4 UFM = 20 servers: STOR-R01 (16), STOR-R02 (4); 5 management servers: MGMT-R01.
        QCOMPARE(serviceRacks, 3);
        // Cables per network (the cable plan's rows), a leaf per place (hall rows, spine room, each service
        // row). Storage: 128 x 2 node ports in the rows -> 8 leaves (32 down), 16 x 2 + 4 UFM = 36 in its
        // service row -> 2: 10 leaves, 8 spines: 292 + 320 links. In-band: 256 in the rows -> 8 leaves,
        // 5 x 2 in its service row -> 1: 9 leaves, 8 spines: 266 + 288 links. OOB (SN2201: all 48 RJ45
        // ports down, its uplinks on the 4 QSFP28 cages): the rows hold 128 BMCs + 64 PDUs + 48 row-end
        // switches (32 compute, 8 storage, 8 in-band leaves) = 240 -> 5 leaves; the spine room 16 + 8 + 8
        // spines -> 1; the storage row 16 + 4 BMCs + its 2 leaves -> 1; the in-band row 5 BMCs + its leaf
        // -> 1: 8 leaves (ports in turn: ceil(300 / 48) = 7), 1 spine: 300 + 8 x 4 links.
        const auto links = [&](std::size_t k) { return static_cast<long long>(c.networks[k].plan.fabric.links.size()); };
        QCOMPARE(links(1), 292LL + 320LL);
        QCOMPARE(links(2), 266LL + 288LL);
        QCOMPARE(links(3), 300LL + 32LL);
        QCOMPARE(c.figures[3].cables, 300LL + 32LL);  // RJ45 cords and QSFP28 uplinks: one cable per link
        checkLeafPerPlace(c);
        QCOMPARE(c.figures[2].cables, links(2));
    }

    // A site of several halls (three tiers, 4 pods of 1,024 nodes, 64 rows > 32 a hall): every port and
    // switch of every network on the floor, within its space and power; a two-tier network's spines in
    // the core room (they serve every hall); servers after the site's last row.
    void severalHalls()
    {
        ClusterSpec s;
        s.gpus = 32768;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s.nicModel = "900-9D3D4-00EN-HA0";
        s.linkGbps = 400;
        s.suNodes = 32;
        NetworkSpec st = storage();
        st.endpoints = {{"node storage ports", EndpointCount::PerComputeNode, 0, 1},
                        {"storage servers", EndpointCount::Fixed, 40, 2}};
        NetworkSpec o = oob();
        o.endpoints = {{"node BMCs", EndpointCount::PerComputeNode, 0, 1},
                       {"switch management ports", EndpointCount::PerSwitch, 0, 1},
                       {"storage server BMCs", EndpointCount::Fixed, 40, 1}};
        s.networks = {st, o};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QVERIFY(c.floor().halls > 1);
        int serviceRacks = 0;
        checkFloor(c, serviceRacks);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(serviceRacks, 3);  // 40 storage servers: 16 + 16 + 8; their BMCs add none
        double lastComputeRowY = 0;
        for (const Rack& r : c.compute().layout.racks)
            if (r.row >= 0) lastComputeRowY = std::max(lastComputeRowY, r.yM);
        const Plan& sp = c.networks[1].plan;
        for (std::uint32_t d = sp.fabric.nodeCount; d < sp.fabric.devices.size(); ++d) {
            const Rack& r = sp.layout.racks[sp.layout.rackOfDevice[d]];
            if (sp.fabric.devices[d].tier == Tier::Spine) QCOMPARE(r.name.substr(0, 5), std::string("CORE-"));
        }
        for (std::uint32_t p = 0; p < sp.fabric.nodeCount; ++p) {
            const Rack& r = sp.layout.racks[sp.layout.rackOfDevice[p]];
            if (r.kind == RackKind::Service) QVERIFY(r.yM > lastComputeRowY);
        }
        // The management ports of the rooms' switches go to OOB leaves in a line of network racks behind
        // each room, level with the leaf's first port: a leaf's ports in its own room stay within a Cat6
        // run (100 m); appended to the end of the core room's line they were up to 150 m away.
        const Plan& op = c.networks[2].plan;
        int aisleLeaves = 0, inRoomLinks = 0;
        for (std::size_t i = 0; i < op.fabric.links.size(); ++i) {
            const Link& l = op.fabric.links[i];
            if (l.cls != LinkClass::HostLeaf) break;
            const Rack& leafRack = op.layout.racks[op.layout.rackOfDevice[l.b]];
            const Rack& portRack = op.layout.racks[op.layout.rackOfDevice[l.a]];
            if (leafRack.row >= 0 || leafRack.kind != RackKind::Network) continue;
            QVERIFY2(leafRack.name.rfind("NET-CORE-", 0) == 0 || leafRack.name.rfind("NET-SPINE-", 0) == 0, leafRack.name.c_str());
            if (portRack.row >= 0 || portRack.hall != leafRack.hall) continue;
            ++inRoomLinks;
            QVERIFY2(op.layout.linkLengthM[i] <= 100.0f, qPrintable(QString::fromStdString(portRack.name + " -> " + leafRack.name) +
                                                                     QString(" %1 m").arg(op.layout.linkLengthM[i])));
        }
        for (std::uint32_t d = op.fabric.nodeCount; d < op.fabric.devices.size(); ++d)
            aisleLeaves += op.layout.racks[op.layout.rackOfDevice[d]].name.rfind("NET-CORE-", 0) == 0;
        // A leaf serves one place (a hall's rows, a room, a service row); one whose ports straddle two rows
        // of its hall stands with the larger share: no other row holds more of its ports than its own.
        checkLeafPerPlace(c);
        const auto placeOf = [&](const Rack& r) { return r.row >= 0 ? r.row : -3 - r.hall; };
        std::map<std::uint32_t, std::map<int, int>> portsByPlace;
        for (const Link& l : op.fabric.links) {
            if (l.cls != LinkClass::HostLeaf) break;
            ++portsByPlace[l.b][placeOf(op.layout.racks[op.layout.rackOfDevice[l.a]])];
        }
        int straddling = 0;
        for (const auto& [leaf, places] : portsByPlace) {
            const int own = places.count(placeOf(op.layout.racks[op.layout.rackOfDevice[leaf]]))
                                ? places.at(placeOf(op.layout.racks[op.layout.rackOfDevice[leaf]])) : 0;
            for (const auto& [place, n] : places)
                QVERIFY2(own >= n, qPrintable(QString("leaf %1: %2 ports at its place, %3 at place %4").arg(leaf).arg(own).arg(n).arg(place)));
            straddling += places.size() > 1;
        }
        QVERIFY(straddling > 0);  // the case exists on this site (rows of one hall)
        QVERIFY(aisleLeaves > 0);
        QVERIFY(inRoomLinks > 100);
    }

    // The bundled four-network example at 100,000 GPUs (12,500 DGX H100 in many halls): every host link of
    // the storage, in-band and OOB networks has a part within reach (Cat6 100 m, the 100G AOC 100 m, the
    // storage optics theirs). With ports in turn 922 OOB BMC and switch
    // links, 8 storage and 8 in-band links were past reach (a leaf serving the end of one hall and the
    // start of the next); a leaf per place leaves none. What stays past reach are leaf-spine runs to the
    // core room beyond the catalog's 100 m for NVIDIA 100G QSFP28 parts (a generic CWDM4 would do,
    // third-party optics off): reported as errors, checked here to be only those.
    void hundredThousandGpusHostLinksInReach()
    {
        ClusterSpec s = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
        s.gpus = 100000;
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QVERIFY(c.floor().halls > 10);
        QCOMPARE(c.compute().errorCount(), 0);
        for (std::size_t k = 1; k < c.networks.size(); ++k) {
            const Plan& p = c.networks[k].plan;
            long long hostLinks = 0;
            for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
                if (p.fabric.links[i].cls != LinkClass::HostLeaf) continue;
                ++hostLinks;
                const LinkSolution& sol = p.media.solutions[p.media.solutionOfLink[i]];
                QVERIFY2(sol.media != MediaClass::None,
                         qPrintable(QString::fromStdString(c.networks[k].name + " " + p.fabric.deviceName(p.fabric.links[i].a) + " -> " +
                                                           p.fabric.deviceName(p.fabric.links[i].b)) +
                                    QStringLiteral(" %1 m").arg(p.layout.linkLengthM[i])));
                if (sol.media == MediaClass::None) return;
            }
            QCOMPARE(hostLinks, c.networks[k].endpointPorts);
            for (const Finding& f : p.findings)
                if (f.severity == Severity::Error)
                    QVERIFY2(f.rule == "media.no-part" && f.message.find("leaf-spine links") != std::string::npos, f.message.c_str());
        }
        checkLeafPerPlace(c);
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestSharedFloor)
#include "test_shared_floor.moc"
