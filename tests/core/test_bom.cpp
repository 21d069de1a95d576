// BOM quantities reconcile with link counts, counted on paper for small hand-built fabrics.
#include <QtTest>

#include "hardware_fixture.h"

#include "bom/bom.h"
#include "test_estimate_fixtures.h"

using namespace fp;

namespace {

ClusterSpec specWithSpares(double pct, int perN, bool nics = true)
{
    ClusterSpec s;
    s.gpus = 32;
    s.economics.sparesOpticsPct = pct;
    s.economics.spareSwitchPerN = perN;
    s.economics.includeNics = nics;
    return s;
}

// 4 nodes x 2 rails, 2 leaves, 2 spines, 2 parallel links leaf->spine: 8 host-leaf + 8 leaf-spine links.
// Host-leaf on DAC; leaf-spine twin-port optics at both ends over MPO fibre, 2 panel ports per link.
struct ScenarioA {
    Catalog catalog = fixture::catalog();
    Fabric fabric = fixture::railFabric(4, 2, 2, 2);
    MediaAssignment media;
    ScenarioA()
    {
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::DAC, "DAC-2M"));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::Multimode, "MPO-20M", "TWIN",
                                                    2, "TWIN", 2, 1, 20.0, 2));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
    }
};

} // namespace

class TestBom : public QObject {
    Q_OBJECT
private slots:
    void quantitiesReconcileWithLinks()
    {
        ScenarioA s;
        QCOMPARE(s.fabric.links.size(), std::size_t(16));
        const Bom bom = bom::collect(specWithSpares(0, 0), s.fabric, s.media, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        // Switches per tier: 2 leaves, 2 spines.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Switches, "SW"), 4LL);
        // NICs: 4 nodes x 2.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Nics, "NIC"), 8LL);
        // Twin-port at both ends: 8 links / 2 at the leaves + 8 / 2 at the spines = 8 modules.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "TWIN"), 8LL);
        // One DAC per host link, one fibre cord per leaf-spine link.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Cables, "DAC-2M"), 8LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Fibre, "MPO-20M"), 8LL);
        // Panels: 8 links x 2 ports = 16 ports / 12 per panel -> 2.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::PatchPanels, "PP-12"), 2LL);
        QCOMPARE(bom.subtotalUsd(BomCategory::Spares), 0.0);
    }

    void pricesPowerAndSpares()
    {
        ScenarioA s;
        const Bom bom = bom::collect(specWithSpares(2.0, 20), s.fabric, s.media, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        // Spares: ceil(2 % of 8) = 1 TWIN, 1 DAC, 1 MPO; ceil(4 switches / 20) = 1 switch.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Spares, "TWIN"), 1LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Spares, "DAC-2M"), 1LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Spares, "MPO-20M"), 1LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Spares, "SW"), 1LL);
        // $: switches 4 x 20,000 = 80,000; NICs 8 x 1,500 = 12,000; TWIN 8 x 1,000 = 8,000; DAC 8 x 100 = 800;
        // MPO 8 x 50 = 400; panels 2 x 300 = 600; spares 1,000 + 100 + 50 + 20,000 = 21,150. Sum 122,950.
        QCOMPARE(bom.subtotalUsd(BomCategory::Switches), 80000.0);
        QCOMPARE(bom.subtotalUsd(BomCategory::Spares), 21150.0);
        QCOMPARE(bom.totalUsd, 122950.0);
        // Power: switches 4 x 600 = 2,400; NICs 8 x 25 = 200; TWIN 8 x 15 = 120; spares on a shelf 0. = 2,720 W.
        QCOMPARE(bom.totalPowerW, 2720.0);
        const BomLine* twin = fixture::findLine(bom, BomCategory::Transceivers, "TWIN");
        QVERIFY(twin);
        QVERIFY(twin->priceEstimated);
        QCOMPARE(QString::fromStdString(twin->priceSource), QStringLiteral("test-estimate"));
        QCOMPARE(QString::fromStdString(twin->usedFor), QStringLiteral("leaf-spine, 8 links"));
        // BOM order is the category order.
        for (std::size_t i = 1; i < bom.lines.size(); ++i)
            QVERIFY(int(bom.lines[i - 1].category) <= int(bom.lines[i].category));
    }

    void nicsCanBeLeftOut()
    {
        ScenarioA s;
        const Bom bom = bom::collect(specWithSpares(0, 0, false), s.fabric, s.media, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        QCOMPARE(bom.subtotalUsd(BomCategory::Nics), 0.0);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Nics, "NIC"), 0LL);
    }

    void singlePortHostTwinPortLeaf()
    {
        // Host-leaf optics: single-port module at each NIC, twin-port at the leaf.
        Catalog catalog = fixture::catalog();
        Fabric fabric = fixture::railFabric(4, 2, 2, 1);
        MediaAssignment media;
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::Multimode, "MPO-20M", "SINGLE",
                                                    1, "TWIN", 2));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::DAC, "DAC-2M"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
        const Bom bom = bom::collect(specWithSpares(0, 0), fabric, media, catalog, testhw::of(catalog.switches[0], catalog.nics[0]));
        // 8 host links: 8 single-port modules (2 x links over both ends would be 16 for single-port;
        // here only the A end is single-port) and 8 / 2 = 4 twin-port modules at the leaves.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "SINGLE"), 8LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "TWIN"), 4LL);
    }

    void singlePortBothEndsIsTwoPerLink()
    {
        Catalog catalog = fixture::catalog();
        Fabric fabric = fixture::railFabric(4, 2, 2, 1);
        MediaAssignment media;
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::Multimode, "MPO-20M", "SINGLE",
                                                    1, "SINGLE", 1));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::DAC, "DAC-2M"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
        const Bom bom = bom::collect(specWithSpares(0, 0), fabric, media, catalog, testhw::of(catalog.switches[0], catalog.nics[0]));
        // 2 x 8 optical links = 16.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "SINGLE"), 16LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Cables, "DAC-2M"), 4LL);  // 2 leaves x 2 spines x 1
    }

    void twinPortRoundsUpPerDevice()
    {
        // 3 nodes x 2 rails: each leaf has 3 host links -> ceil(3/2) = 2 twin modules per leaf, 4 in all
        // (not ceil(6/2) = 3: a module cannot be shared by two switches).
        Catalog catalog = fixture::catalog();
        Fabric fabric = fixture::railFabric(3, 2, 1, 1);
        MediaAssignment media;
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::Multimode, "MPO-20M", "SINGLE",
                                                    1, "TWIN", 2));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::DAC, "DAC-2M"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
        const Bom bom = bom::collect(specWithSpares(0, 0), fabric, media, catalog, testhw::of(catalog.switches[0], catalog.nics[0]));
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "TWIN"), 4LL);
    }

    void splitterCablesServeTwoLinks()
    {
        // 1:2 splitter DACs from the leaf cage to two NICs: 8 host links / 2 legs = 4 cables.
        Catalog catalog = fixture::catalog();
        Fabric fabric = fixture::railFabric(4, 2, 2, 1);
        MediaAssignment media;
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::DAC, "SPLIT-2M", {}, 1, {}, 1, 2));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::DAC, "DAC-2M"));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
        const Bom bom = bom::collect(specWithSpares(0, 0), fabric, media, catalog, testhw::of(catalog.switches[0], catalog.nics[0]));
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Cables, "SPLIT-2M"), 4LL);
        // Cable plan: 4 splitters + 4 leaf-spine DACs, and the BOM agrees with it.
        QCOMPARE(bom::cableCount(fabric, media), std::size_t(8));
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Cables, "SPLIT-2M") + fixture::qtyOf(bom, BomCategory::Cables, "DAC-2M"),
                 8LL);
        std::size_t rows = 0;
        bom::forEachCable(fabric, Layout{}, media, [&](const CableRow& r) {
            ++rows;
            if (r.cablePart == "SPLIT-2M") {
                if (r.media != "DAC 1:2") return false;
            }
            return true;
        });
        QCOMPARE(rows, std::size_t(8));
    }

    void leadTimesGiveTheCriticalPath()
    {
        ScenarioA s;
        s.catalog.switches[0].leadTimeDays = 120;
        for (auto& c : s.catalog.cables)
            if (c.partNumber == "DAC-2M") c.leadTimeDays = 30;
        const Bom bom = bom::collect(specWithSpares(0, 0), s.fabric, s.media, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        // The switch (120 days) is the critical path, not the cable (30).
        QCOMPARE(bom.longestLeadTimeDays(), 120);
        int known = 0;
        for (const auto& l : bom.lines)
            if (l.leadTimeDays > 0) ++known;
        // Switches are one line per tier (leaf, spine), plus the DAC line; everything else unknown.
        QCOMPARE(known, 3);
        QCOMPARE(bom.linesWithoutLeadTime(), static_cast<int>(bom.lines.size()) - 3);
    }

    void cablePlanRows()
    {
        ScenarioA s;
        Layout layout;
        layout.racks.push_back({RackKind::Compute, 0, 0, 0, 0, 0, 0, "R01-01"});
        layout.racks.push_back({RackKind::Network, 0, 1, 0, 0, 0, 0, "NET-R01-A"});
        layout.rackOfDevice.assign(s.fabric.devices.size(), 1);
        for (std::uint32_t n = 0; n < s.fabric.nodeCount; ++n) layout.rackOfDevice[n] = 0;
        QCOMPARE(bom::cableCount(s.fabric, s.media), std::size_t(16));
        std::vector<CableRow> rows;
        bom::forEachCable(s.fabric, layout, s.media, [&](const CableRow& r) {
            rows.push_back(r);
            return true;
        });
        QCOMPARE(rows.size(), std::size_t(16));
        // First link: node 0 NIC port 0 -> leaf 0 port 0 (cage 1, sub-port 1), DAC of 2 m.
        QCOMPARE(rows[0].index, std::size_t(1));
        QCOMPARE(QString::fromStdString(rows[0].label), QStringLiteral("C000001 node-0001 nic1 <> leaf-001 1/1"));
        QCOMPARE(QString::fromStdString(rows[0].aRack), QStringLiteral("R01-01"));
        QCOMPARE(QString::fromStdString(rows[0].zRack), QStringLiteral("NET-R01-A"));
        QCOMPARE(rows[0].lengthM, 2.0);
        // Last row is a leaf-spine fibre with twin modules at both ends.
        QCOMPARE(QString::fromStdString(rows.back().cablePart), QStringLiteral("MPO-20M"));
        QCOMPARE(QString::fromStdString(rows.back().aModule), QStringLiteral("TWIN"));
        QCOMPARE(rows.back().index, std::size_t(16));
        // Early stop after 3 rows.
        int calls = 0;
        bom::forEachCable(s.fabric, layout, s.media, [&](const CableRow&) { return ++calls < 3; });
        QCOMPARE(calls, 3);
    }

    void threeMillionLinksCollect()
    {
        // 262,144 nodes x 8 rails -> 2,097,152 host links on 4,096 leaves (512 down each);
        // every leaf has 256 uplinks to 256 spines -> 1,048,576 leaf-spine links. 3,145,728 in all.
        const int nodes = 262144, rails = 8, leavesPerRail = 512, spines = 256;
        Fabric f = fixture::twoTier(nodes, rails, rails * leavesPerRail, spines, 1,
                                    [&](int n, int p) { return p * leavesPerRail + n % leavesPerRail; });
        QCOMPARE(f.links.size(), std::size_t(3145728));
        Catalog catalog = fixture::catalog();
        MediaAssignment media;
        // Eight host-leaf length classes and four leaf-spine ones, interleaved as a real layout would be.
        for (int k = 0; k < 8; ++k)
            media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::Multimode, "MPO-20M", "SINGLE",
                                                        1, "TWIN", 2, 1, 10.0 + k));
        for (int k = 0; k < 4; ++k)
            media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::Multimode, "MPO-20M", "TWIN",
                                                        2, "TWIN", 2, 1, 30.0 + k, 2));
        media.solutionOfLink.resize(f.links.size());
        for (std::size_t i = 0; i < f.links.size(); ++i)
            // Host link i = node x 8 + rail: class (node / 512) % 8, so each leaf's 512 nodes spread over
            // all 8 classes. Leaf-spine: class (i / 2) % 4.
            media.solutionOfLink[i] = f.links[i].cls == LinkClass::HostLeaf ? std::uint32_t((i / 4096) % 8)
                                                                            : std::uint32_t(8 + (i / 2) % 4);
        QElapsedTimer timer;
        timer.start();
        const Bom bom = bom::collect(specWithSpares(2.0, 20), f, media, catalog, testhw::of(catalog.switches[0], catalog.nics[0]));
        const qint64 ms = timer.elapsed();
        qInfo("collect over %zu links: %lld ms", f.links.size(), static_cast<long long>(ms));
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "SINGLE"), 2097152LL);
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Fibre, "MPO-20M"), 3145728LL);
        // Twin modules: leaves get 512 host links over 8 length classes = 64 per class -> 32 modules per
        // class, 256 per leaf x 4,096 = 1,048,576; each leaf's 256 uplinks fall into 4 classes of 64 ->
        // 128 per leaf x 4,096 = 524,288; a spine's 4,096 downlinks (index l x 256 + s) all share class
        // (s / 2) % 4 -> 2,048 per spine x 256 = 524,288. Total 2,097,152 = host links / 2 + 2 x leaf-spine / 2.
        QCOMPARE(fixture::qtyOf(bom, BomCategory::Transceivers, "TWIN"), 2097152LL);
    }
};

QTEST_GUILESS_MAIN(TestBom)
#include "test_bom.moc"
