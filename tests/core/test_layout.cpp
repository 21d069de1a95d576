// layout::place against hand geometry. Floor constants used below: rack 0.6 m wide, rows 3.0 m apart,
// racks 2.2 m tall, tray 0.5 m above, 1.0 m slack per end (FloorSpec defaults); node pitch 10U =
// 0.4445 m; 16 switches per network rack -> switch pitch 2.2 / 16 = 0.1375 m; in-rack slack 0.3 m/end.
#include <QtTest>

#include "hardware_fixture.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "layout/layout.h"
#include "layout/layout_constants.h"

using namespace fp;

namespace {

// 32 nodes (one NIC each), leaf 0 serves nodes 0-15, leaf 1 nodes 16-31; two spines, each leaf to
// each spine. Devices: nodes 0-31, leaves 32-33, spines 34-35.
Fabric smallFabric(bool twoLeavesPerSu = false)
{
    Fabric f;
    f.shape.linkGbps = 400;
    f.nodeCount = 32;
    for (std::uint32_t n = 0; n < 32; ++n) {
        Device d;
        d.tier = Tier::Node;
        d.su = twoLeavesPerSu ? 0 : n / 16;
        d.index = n;
        f.devices.push_back(d);
    }
    for (std::uint32_t i = 0; i < 2; ++i) {
        Device d;
        d.tier = Tier::Leaf;
        d.su = twoLeavesPerSu ? 0 : i;
        d.index = i;
        f.devices.push_back(d);
    }
    for (std::uint32_t i = 0; i < 2; ++i) {
        Device d;
        d.tier = Tier::Spine;
        d.index = i;
        f.devices.push_back(d);
    }
    for (std::uint32_t n = 0; n < 32; ++n) f.links.push_back({n, 32 + n / 16, 0, std::uint16_t(n % 16), LinkClass::HostLeaf});
    for (std::uint32_t l = 0; l < 2; ++l)
        for (std::uint32_t s = 0; s < 2; ++s)
            f.links.push_back({32 + l, 34 + s, std::uint16_t(16 + s), std::uint16_t(l), LinkClass::LeafSpine});
    return f;
}

ClusterSpec smallSpec()
{
    ClusterSpec spec;
    spec.gpus = 256;
    spec.railOptimized = false;
    spec.floor.racksPerRow = 4;
    spec.floor.nodesPerRack = 4;  // 60 kW / 14.3 kW = 4.19 -> 4 fit
    return spec;
}

// Three tiers, 4 pods (halls) of 9 nodes (one NIC each): leaf p serves nodes 9p..9p+8, spine p is pod
// p's; each spine links to both cores. Devices: nodes 0-35, leaves 36-39, spines 40-43, cores 44-45.
// All switches 2U (16 per rack).
Fabric fourPodFabric()
{
    Fabric f;
    f.shape.linkGbps = 400;
    f.shape.tiers = 3;
    f.shape.pods = 4;
    f.nodeCount = 36;
    for (std::uint32_t n = 0; n < 36; ++n) {
        Device d;
        d.tier = Tier::Node;
        d.su = n / 9;
        d.index = n;
        f.devices.push_back(d);
    }
    for (Tier t : {Tier::Leaf, Tier::Spine})
        for (std::uint32_t p = 0; p < 4; ++p) {
            Device d;
            d.tier = t;
            d.pod = p;
            d.su = p;
            f.devices.push_back(d);
        }
    for (std::uint32_t c = 0; c < 2; ++c) {
        Device d;
        d.tier = Tier::Core;
        d.index = c;
        f.devices.push_back(d);
    }
    for (std::uint32_t n = 0; n < 36; ++n) f.links.push_back({n, 36 + n / 9, 0, std::uint16_t(n % 9), LinkClass::HostLeaf});
    for (std::uint32_t p = 0; p < 4; ++p) f.links.push_back({36 + p, 40 + p, 9, 0, LinkClass::LeafSpine});
    for (std::uint32_t p = 0; p < 4; ++p)
        for (std::uint32_t c = 0; c < 2; ++c) f.links.push_back({40 + p, 44 + c, std::uint16_t(10 + c), std::uint16_t(p), LinkClass::SpineCore});
    return f;
}

// One node per rack, one rack per row: 36 rows, more than one hall holds (kMaxRowsPerHall = 32).
ClusterSpec fourHallSpec()
{
    ClusterSpec spec;
    spec.railOptimized = false;
    spec.floor.racksPerRow = 1;
    spec.floor.nodesPerRack = 1;
    return spec;
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void nodesPerRackHonoursPower()
    {
        FloorSpec f;
        f.nodesPerRack = 8;
        f.rackPowerBudgetKw = 60;
        f.nodePowerKw = 14.3;  // floor(60 / 14.3) = 4
        QCOMPARE(layout::nodesPerRack(f), 4);
        f.nodePowerKw = 25;    // floor(60 / 25) = 2
        QCOMPARE(layout::nodesPerRack(f), 2);
        f.nodePowerKw = 5;     // power allows 12, the rack 8
        QCOMPARE(layout::nodesPerRack(f), 8);
        f.nodePowerKw = 70;    // a node over budget still gets a rack (checks report it)
        QCOMPARE(layout::nodesPerRack(f), 1);
    }

    void podsGetHallsAroundTheCoreRoom()
    {
        // Hand geometry (README "Halls"). A hall: 9 rows of one compute rack; row 0 also holds the
        // leaf's network rack (row end 2 x 0.6 = 1.2 m); its spine room 30 m on (one rack, centre x
        // 31.5 m): hall 1.2 + 30 + 0.6 = 31.8 m wide, 8 x 3 + 1.2 = 25.2 m deep. Core room: one rack,
        // 0.6 x 1.2 m, centre (0, 0). Cells one 10 m gap from it: left/right of its centre line first
        // (spine room centre 10.3 + 0.3 = 10.6 m across, 12.6 - 0.6 = 12.0 m up: 22.6 m), then the row
        // above (10.6 + 23.2 = 33.8 m). So pod 0 left, pod 1 right, pods 2 and 3 above left and right,
        // each mirrored so that its spine room faces the core.
        static_assert(layout_constants::kMaxRowsPerHall < 36 && layout_constants::kHallGapM == 10.0);
        const Fabric f = fourPodFabric();
        const Layout l = layout::place(fourHallSpec(), f, testhw::switchDrawing(1000.0));
        QCOMPARE(l.halls, 4);
        QCOMPARE(l.rows, 36);
        for (std::uint32_t p = 0; p < 4; ++p) {
            const Rack& spineRack = l.racks[l.rackOfDevice[40 + p]];
            QCOMPARE(spineRack.kind, RackKind::SpineRoom);
            QCOMPARE(spineRack.hall, int(p));  // a pod's spines stand in its own hall
            QCOMPARE(l.racks[l.rackOfDevice[36 + p]].hall, int(p));
            QCOMPARE(l.racks[l.rackOfDevice[9 * p]].hall, int(p));
            QCOMPARE(l.racks[l.rackOfDevice[9 * p + 8]].row, int(9 * p + 8));
        }
        QCOMPARE(QString::fromStdString(l.racks[l.rackOfDevice[43]].name), QStringLiteral("SPINE-H04-01"));
        const Rack& coreRack = l.racks[l.rackOfDevice[44]];
        QCOMPARE(coreRack.hall, -1);
        QCOMPARE(QString::fromStdString(coreRack.name), QStringLiteral("CORE-01"));
        // Site: x from -42.1 (left halls) to 42.1; y from -47.8 (top of the row above) to 12.6 (bottom
        // of the level halls): 84.2 x 60.4 m. Shifted so the site starts at (0, 0).
        QVERIFY(std::fabs(l.floorWidthM - 84.2) < 1e-6);
        QVERIFY(std::fabs(l.floorDepthM - 60.4) < 1e-6);
        QVERIFY(std::fabs(coreRack.xM - 42.1) < 1e-6);
        QVERIFY2(std::fabs(coreRack.yM - 47.8) < 1e-6, qPrintable(QString::number(coreRack.yM)));
        const Rack& spine0 = l.racks[l.rackOfDevice[40]];
        QVERIFY(std::fabs(spine0.xM - 31.5) < 1e-6);
        QVERIFY(std::fabs(spine0.yM - 35.8) < 1e-6);
        const Rack& spine3 = l.racks[l.rackOfDevice[43]];  // mirrored: 0.3 m into its cell from the core side
        QVERIFY(std::fabs(spine3.xM - 52.7) < 1e-6);
        QVERIFY(std::fabs(spine3.yM - 24.6) < 1e-6);
        // Lengths: both ends 2U at the rack top, 2 x (2.2 + 0.5 - 2.2 x (1 - 1/32)) = 1.1375 m up and
        // down, 2 x 1 m slack. Leaf-spine in every hall: 31.5 - 0.9 = 30.6 m along row 0's line ->
        // 33.7375 m. Spine-core: pods 0 and 1, 10.6 + 12.0 m -> 25.7375 m; pods 2 and 3, 10.6 + 23.2 m
        // -> 36.9375 m; to the second core (one 2U pitch lower in CORE-01) 0.1375 m more.
        double maxLeafSpine = 0, maxSpineCore = 0;
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const double len = l.linkLengthM[i];
            if (f.links[i].cls == LinkClass::LeafSpine) {
                QVERIFY2(std::fabs(len - 33.7375) < 1e-4, qPrintable(QString::number(len)));
                maxLeafSpine = std::max(maxLeafSpine, len);
            }
            if (f.links[i].cls == LinkClass::SpineCore) {
                const double want = (f.links[i].a < 42 ? 25.7375 : 36.9375) + 0.1375 * (f.links[i].b - 44);
                QVERIFY2(std::fabs(len - want) < 1e-4, qPrintable(QString::number(len)));
                maxSpineCore = std::max(maxSpineCore, len);
            }
        }
        QVERIFY(std::fabs(maxLeafSpine - 33.7375) < 1e-4);
        QVERIFY(std::fabs(maxSpineCore - 37.075) < 1e-4);
    }

    void smallThreeTierFloorKeepsOneHall()
    {
        // The same fabric at 4 nodes per rack and 4 racks per row: 9 racks, 3 rows, one hall.
        const Fabric f = fourPodFabric();
        const Layout l = layout::place(smallSpec(), f, testhw::switchDrawing(1000.0));
        QCOMPARE(l.halls, 1);
        QCOMPARE(l.rackOfDevice[40], l.rackOfDevice[44]);  // spines and cores share SPINE-01
        QCOMPARE(QString::fromStdString(l.racks[l.rackOfDevice[44]].name), QStringLiteral("SPINE-01"));
        Fabric onePod = f;
        onePod.shape.pods = 1;  // one pod: one hall however many rows
        QCOMPARE(layout::place(fourHallSpec(), onePod, testhw::switchDrawing(1000.0)).halls, 1);
    }

    void endOfRowGeometry()
    {
        const Fabric f = smallFabric();
        const Layout l = layout::place(smallSpec(), f, testhw::switchDrawing(1000.0));
        // 32 nodes / 4 per rack = 8 compute racks; 4 per row -> 2 rows, each with one network rack.
        QCOMPARE(l.rows, 2);
        int compute = 0, network = 0, room = 0;
        for (const Rack& r : l.racks)
            (r.kind == RackKind::Compute ? compute : r.kind == RackKind::Network ? network : room)++;
        QCOMPARE(compute, 8);
        QCOMPARE(network, 2);
        QCOMPARE(room, 1);
        const Rack& leafRack0 = l.racks[l.rackOfDevice[32]];
        QCOMPARE(leafRack0.kind, RackKind::Network);
        QCOMPARE(leafRack0.row, 0);
        QCOMPARE(leafRack0.slot, 4);  // after the 4 compute racks
        QCOMPARE(l.racks[l.rackOfDevice[33]].row, 1);
        // Rack power: 4 nodes x 14.3 kW = 57.2 kW; the network rack holds one 1000 W leaf.
        QCOMPARE(l.racks[l.rackOfDevice[0]].powerW, 57200.0);
        QCOMPARE(leafRack0.powerW, 1000.0);

        // node 0 -> leaf 0: node at 0.5 x 0.4445 = 0.22225 m in rack x = 0.3; leaf at 2.2 - 0.06875 =
        // 2.13125 m in rack x = 4.5 x 0.6 = 2.7.
        // up = (2.7 - 0.22225) + (2.7 - 2.13125) = 3.0465; across = 2.4; slack 2.0 -> 7.4465 m
        QVERIFY(qAbs(l.linkLengthM[0] - 7.4465) < 1e-4);
        // node 17 -> leaf 1 (row 1, rack R02-01, second node at 1.5 x 0.4445 = 0.66675 m):
        // up = 2.03325 + 0.56875 = 2.602; across 2.4; slack 2 -> 7.002 m
        QVERIFY(qAbs(l.linkLengthM[17] - 7.002) < 1e-4);
        // leaf 1 (row 1, x 2.7, y 3.0) -> spine 0 (room: rows end at 5 x 0.6 = 3.0 m, +30 m, first rack
        // centre +0.3 -> x 33.3, y 0): up 0.56875 x 2 = 1.1375; x 30.6; y 3.0; slack 2 -> 36.7375 m
        QCOMPARE(f.links[34].a, DeviceId(33));
        QVERIFY(qAbs(l.linkLengthM[34] - 36.7375) < 1e-4);
        // spine-room distance: the room starts 30 m past the longest row
        QVERIFY(qAbs(l.racks[l.rackOfDevice[34]].xM - 33.3) < 1e-9);
        QVERIFY(l.floorWidthM >= 33.6 - 1e-9);
    }

    void spineRoomIsABlockOfRows()
    {
        // 40 spines -> 3 room racks of 16; racksPerRow 2 -> room rows of 2: racks (0,0), (1,0), (0,1).
        Fabric f = smallFabric();
        for (int i = 0; i < 38; ++i) {
            Device d;
            d.tier = Tier::Spine;
            f.devices.push_back(d);
        }
        ClusterSpec spec = smallSpec();
        spec.floor.racksPerRow = 2;  // 8 compute racks -> 4 rows; rows end at (2 + 1) x 0.6 = 1.8 m
        const Layout l = layout::place(spec, f, testhw::switchDrawing(1000.0));
        const Rack& third = l.racks[l.rackOfDevice[f.devices.size() - 1]];
        QCOMPARE(third.kind, RackKind::SpineRoom);
        // x = 1.8 + 30 + 0.5 x 0.6 = 32.1; y = 1 x 3.0
        QVERIFY(qAbs(third.xM - 32.1) < 1e-9);
        QVERIFY(qAbs(third.yM - 3.0) < 1e-9);
    }

    void tallSwitchesFillRacksSooner()
    {
        // 40 spines in the room: 2U switches -> 16 per rack -> 3 racks; 4U (Q3400-RA) -> 32U / 4U = 8 per
        // rack -> 5 racks; 1U stays at the 16-switch cap.
        Fabric f = smallFabric();
        for (int i = 0; i < 38; ++i) {
            Device d;
            d.tier = Tier::Spine;
            f.devices.push_back(d);
        }
        auto roomRacks = [&](int rackUnits) {
            const Layout l = layout::place(smallSpec(), f, testhw::switchDrawing(1000.0, rackUnits));
            return std::count_if(l.racks.begin(), l.racks.end(),
                                 [](const Rack& r) { return r.kind == RackKind::SpineRoom; });
        };
        QCOMPARE(roomRacks(2), 3L);
        QCOMPARE(roomRacks(4), 5L);
        QCOMPARE(roomRacks(1), 3L);
    }

    void middleOfRowPutsNetworkRackInTheMiddle()
    {
        ClusterSpec spec = smallSpec();
        spec.floor.leafPlacement = LeafPlacement::MiddleOfRow;
        const Fabric f = smallFabric();
        const Layout l = layout::place(spec, f, testhw::switchDrawing(1000.0));
        QCOMPARE(l.racks[l.rackOfDevice[32]].slot, 2);  // 4 compute racks: 2 | NET | 2
        QCOMPARE(l.racks[l.rackOfDevice[12]].slot, 4);  // node 12 is in compute rack 4 of row 0 -> slot 4
        // node 0 (slot 0, x 0.3) -> leaf 0 (slot 2, x 1.5): up 3.0465, across 1.2, slack 2 -> 6.2465 m
        QVERIFY(qAbs(l.linkLengthM[0] - 6.2465) < 1e-4);
    }

    void inRackLeavesGiveShortBoundedLinks()
    {
        ClusterSpec spec = smallSpec();
        spec.floor.leafPlacement = LeafPlacement::InRack;
        const Fabric f = smallFabric();
        const Layout l = layout::place(spec, f, testhw::switchDrawing(1000.0));
        QCOMPARE(l.rackOfDevice[32], l.rackOfDevice[0]);   // rack of its first node
        QCOMPARE(l.rackOfDevice[33], l.rackOfDevice[16]);
        const double bound = spec.floor.rackHeightM + 2 * layout_constants::kInRackSlackPerEndM;
        int sameRack = 0;
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            if (l.rackOfDevice[f.links[i].a] != l.rackOfDevice[f.links[i].b]) continue;
            ++sameRack;
            QVERIFY(l.linkLengthM[i] <= bound);
            QVERIFY(l.linkLengthM[i] >= 2 * layout_constants::kInRackSlackPerEndM - 1e-6);
        }
        QCOMPARE(sameRack, 8);  // nodes 0-3 with leaf 0, nodes 16-19 with leaf 1
        // node 0 (0.22225 m) -> leaf 0 at the rack top (2.13125 m): 1.909 + 0.6 = 2.509 m
        QVERIFY(qAbs(l.linkLengthM[0] - 2.509) < 1e-4);
    }

    void railSuLeavesStayTogether()
    {
        ClusterSpec spec = smallSpec();
        spec.railOptimized = true;
        const Fabric f = smallFabric(true);  // one SU of 32 nodes spanning both rows, two leaves
        const Layout l = layout::place(spec, f, testhw::switchDrawing(1000.0));
        QCOMPARE(l.rackOfDevice[32], l.rackOfDevice[33]);  // both in row 0's network rack
        spec.railOptimized = false;
        const Layout split = layout::place(spec, f, testhw::switchDrawing(1000.0));
        QVERIFY(split.rackOfDevice[32] != split.rackOfDevice[33]);  // each in its first node's row
    }

    void everyLengthAtLeastTheStraightRun()
    {
        const Fabric f = smallFabric();
        const Layout l = layout::place(smallSpec(), f, testhw::switchDrawing(1000.0));
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const Rack& a = l.racks[l.rackOfDevice[f.links[i].a]];
            const Rack& b = l.racks[l.rackOfDevice[f.links[i].b]];
            const double straight = std::hypot(a.xM - b.xM, a.yM - b.yM);
            QVERIFY(l.linkLengthM[i] >= straight + 2.0);  // Manhattan + slack >= Euclidean + slack
        }
    }

    void threeMillionLinksAllPlaced()
    {
        // 131,072 nodes x 8 NICs = 1,048,576 host links to 16,384 leaves; each leaf 32 uplinks to
        // 512 spines... here 2 x 1,048,576 leaf-spine links to 1,024 spines: ~3.1 M links.
        Fabric f;
        const std::uint32_t nodes = 131072, leaves = 16384, spines = 1024;
        f.nodeCount = nodes;
        f.devices.resize(nodes + leaves + spines);
        for (std::uint32_t i = nodes; i < nodes + leaves; ++i) f.devices[i].tier = Tier::Leaf;
        for (std::uint32_t i = nodes + leaves; i < nodes + leaves + spines; ++i) f.devices[i].tier = Tier::Spine;
        f.links.reserve(3'200'000);
        for (std::uint32_t n = 0; n < nodes; ++n)
            for (std::uint16_t k = 0; k < 8; ++k) f.links.push_back({n, nodes + (n * 8 + k) / 64, k, 0, LinkClass::HostLeaf});
        for (std::uint32_t l = 0; l < leaves; ++l)
            for (std::uint16_t k = 0; k < 128; ++k)
                f.links.push_back({nodes + l, nodes + leaves + (l * 128u + k) % spines, k, 0, LinkClass::LeafSpine});
        ClusterSpec spec;
        spec.railOptimized = false;
        const auto t0 = std::chrono::steady_clock::now();
        const Layout l = layout::place(spec, f, testhw::switchDrawing(1500.0));
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("layout::place on %zu links: %.3f s, %zu racks", f.links.size(), seconds, l.racks.size());
        QCOMPARE(l.linkLengthM.size(), f.links.size());
        // Every link gets a real route (timing lives in fabricplan-bench, not here).
        QVERIFY(std::all_of(l.linkLengthM.begin(), l.linkLengthM.end(),
                            [](float m) { return m > 0 && std::isfinite(m); }));
    }
};

QTEST_GUILESS_MAIN(TestLayout)
#include "test_layout.moc"
