// Defaults that fit: picking a fabric picks parts that plan without errors (plan/fabric_defaults.h),
// the SU size fills a leaf, more planes when three tiers cannot connect the cluster, and the spec
// fields behind them (auto SU, top-of-rack leaves, pods, undersubscription) read, write and validate.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/resolve.h"
#include "spec/spec_json.h"
#include "spec/validate.h"
#include "test_catalog_support.h"

using namespace fp;

class TestFabricDefaults : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(testsupport::bundledCatalog(tmp_)); }

    // The issue: `plan --gpus 4096 --fabric roce` kept the InfiniBand switch and failed; the GUI picked
    // AIS800-64D, for which no host optic fits. Every fabric now gets parts whose plan has no errors.
    void everyFabricGetsPartsThatPlanCleanly_data()
    {
        QTest::addColumn<int>("fabric");
        QTest::addColumn<int>("gpus");
        for (FabricKind f : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC})
            for (int gpus : {256, 4096})
                QTest::addRow("%s %d", toString(f), gpus) << int(f) << gpus;
    }
    void everyFabricGetsPartsThatPlanCleanly()
    {
        QFETCH(int, fabric);
        QFETCH(int, gpus);
        ClusterSpec s;  // the built-in defaults: InfiniBand parts
        s.gpus = gpus;
        const plan::FabricParts parts = plan::partsForFabric(s, FabricKind(fabric), catalog_);
        QVERIFY2(parts.clean, parts.why.c_str());
        QCOMPARE(int(parts.spec.fabric), fabric);
        const Plan p = makePlan(parts.spec, catalog_);
        QCOMPARE(p.errorCount(), 0);
        const bool ib = FabricKind(fabric) == FabricKind::InfiniBand;
        QVERIFY(p.hardware.switchOf(fp::Tier::Leaf).protocol == (ib ? Protocol::InfiniBand : Protocol::Ethernet));
    }

    // The user's parts stay when they already run the fabric and plan cleanly (keepOwn: a design's own
    // switch, from its file or the GUI); without keepOwn the spec's switch is only ranked first.
    void userPartsAreKeptWhenTheyFit()
    {
        ClusterSpec s;
        s.gpus = 1024;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s.linkGbps = 400;
        const plan::FabricParts parts = plan::partsForFabric(s, FabricKind::RoCE, catalog_, true);
        QVERIFY(parts.clean);
        QCOMPARE(parts.spec.switchModel, std::string("SN5600"));
        QCOMPARE(parts.spec.nicModel, s.nicModel);
    }

    // No part plans cleanly: the first candidate that builds is the fallback, and the note counts its
    // plan's errors. RoCE with the dual-port 200G ConnectX-7 (MCX755106AS-HEAT) on 16,384 GPUs: its host
    // links run at 200G through 1:2 splitter fibre (core/media/README.md), but its leaf-spine links at 200G
    // would need a split port at both ends, which no part serves; candidates whose host links no part serves
    // are passed over without a plan (plan::hostLinksFailMedia); the fallback's errors are counted in full
    // once it is known to be used.
    void whenNothingPlansCleanlyTheFallbacksErrorsAreCounted()
    {
        for (int gpus : {16384}) {
            ClusterSpec s;
            s.gpus = gpus;
            s.nicModel = "MCX755106AS-HEAT";
            const plan::FabricParts parts = plan::partsForFabric(s, FabricKind::RoCE, catalog_);
            QVERIFY2(!parts.clean, parts.why.c_str());
            const int errors = makePlan(parts.spec, catalog_).errorCount();
            QVERIFY(errors > 0);
            const std::string said = "their plan has " + std::to_string(errors) + " design-rule error";
            QVERIFY2(parts.why.find(said) != std::string::npos, parts.why.c_str());
        }
    }

    // 64 GPUs of 200G NICs fit one 800G-cage switch: each cage feeds four hosts through a twin-port module and
    // two 1:2 splitter fibres, so a switch now plans cleanly where every one failed media before.
    void twoHundredGigHostsPlanOnOneSwitch()
    {
        ClusterSpec s;
        s.gpus = 64;
        s.nicModel = "MCX755106AS-HEAT";
        const plan::FabricParts parts = plan::partsForFabric(s, FabricKind::RoCE, catalog_);
        QVERIFY2(parts.clean, parts.why.c_str());
        const Plan p = makePlan(parts.spec, catalog_);
        QCOMPARE(p.errorCount(), 0);
        QCOMPARE(p.fabric.shape.linkGbps, 200);
    }

    // 4,096 GPUs on SN5600 at 400G (128 ports): the auto SU is 64 nodes (a rail leaf's 64 down ports),
    // 4096 / 8 / 64 = 8 SUs x 8 rails = 64 leaves of 64 down + 64 up, all 128 ports used, and
    // 64 x 64 / 128 = 32 spines: 96 switches (the figure), not 160 at 50 % with 32-node SUs.
    void suSizeFillsTheLeaf()
    {
        ClusterSpec s;
        s.gpus = 4096;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s.linkGbps = 400;
        const Plan p = makePlan(s, catalog_);
        QCOMPARE(p.fabric.shape.suNodes, 64);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), 64LL);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), 32LL);
        QCOMPARE(p.fabric.switchCount(), 96LL);
        const TierUsage leaves = p.fabric.usage().front();
        QCOMPARE(leaves.utilisation(), 1.0);
        s.suNodes = 32;  // set explicitly: kept
        const Plan q = makePlan(s, catalog_);
        QCOMPARE(q.fabric.shape.suNodes, 32);
        QCOMPARE(q.fabric.switchCount(), 160LL);
    }

    // Three tiers of Q3400 at 800G connect 144 x 72 x 72 = 746,496 NIC ports per plane; 1,000,000 GPUs
    // with one ConnectX-8 each need 1,000,000. Two rail planes (rails 1-4 and 5-8 of every node) of
    // 500,000 each connect them at 800G. With one NIC per node there are no rails to split: the NIC's
    // 800G port runs as 2 planes of 400G on 288-port switches (5,971,968 per plane).
    void morePlanesWhenThreeTiersCannotConnect()
    {
        ClusterSpec s;
        s.gpus = 1'000'000;
        s.switchModel = "Q3400-RA";
        s.nicModel = "900-9X81E-00EX-DT0";
        const NicModel& nic = plan::resolveNic(s, catalog_);
        const SwitchModel sw = plan::resolveSwitch(s, catalog_, 800);
        plan::PlaneChoice c = plan::planesThatConnect(s, nic, sw, 800);
        QVERIFY(c.changed);
        QCOMPARE(c.planes, 2);
        QVERIFY(c.railPlanes);
        QCOMPARE(c.linkGbps, 800);
        QVERIFY2(c.note.find("rail planes") != std::string::npos, c.note.c_str());
        ClusterSpec one = s;
        one.gpusPerNode = 1;
        one.nicsPerNode = 1;
        c = plan::planesThatConnect(one, nic, sw, 800);
        QVERIFY(c.changed);
        QCOMPARE(c.planes, 2);
        QVERIFY(!c.railPlanes);
        QCOMPARE(c.linkGbps, 400);
        // Fits already: unchanged. Forced tiers: unchanged (the user asked for them).
        s.gpus = 4608;
        QVERIFY(!plan::planesThatConnect(s, nic, sw, 800).changed);
        s.gpus = 1'000'000;
        s.tiers = 3;
        QVERIFY(!plan::planesThatConnect(s, nic, sw, 800).changed);
    }

    // Rail planes wire each NIC once: NIC i of every node in plane i / (NICs / planes), at full speed.
    void railPlanesWireEachNicOnce()
    {
        ClusterSpec s;
        s.gpus = 2048;
        s.planes = 2;
        s.railPlanes = true;
        const Plan p = makePlan(s, catalog_);
        QCOMPARE(p.errorCount(), 0);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 2048LL);  // one link per NIC, not per NIC x plane
        QCOMPARE(p.fabric.shape.endpointsPerPlane, 1024);
        for (const Link& l : p.fabric.links) {
            if (l.cls != LinkClass::HostLeaf) break;
            QCOMPARE(int(p.fabric.devices[l.b].plane), l.aPort / 4);
            QCOMPARE(int(p.fabric.devices[l.b].rail), l.aPort + 1);
        }
    }

    // `plan --gpus 1000000` plans on each fabric's default parts.
    void millionGpusPlanOnEachFabricsDefault_data()
    {
        QTest::addColumn<int>("fabric");
        for (FabricKind f : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC})
            QTest::addRow("%s", toString(f)) << int(f);
    }
    void millionGpusPlanOnEachFabricsDefault()
    {
        QFETCH(int, fabric);
        ClusterSpec s;
        s.gpus = 1'000'000;
        const plan::FabricParts parts = plan::partsForFabric(s, FabricKind(fabric), catalog_);
        QVERIFY2(parts.clean, parts.why.c_str());
        const Plan p = makePlan(parts.spec, catalog_);
        // The parts fit (probe plan clean, topology connects). At this size the floor model's spine
        // room is a kilometre from the far rows: the only errors allowed are optics reach on that route.
        for (const Finding& e : p.findings)
            if (e.severity == Severity::Error)
                QVERIFY2(e.rule == "media.no-part" && e.message.find("m route") != std::string::npos, e.message.c_str());
        QVERIFY(p.fabric.shape.tiers <= 3);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 1'000'000LL * p.fabric.shape.linksPerNic());  // rail planes: one link per NIC
    }

    void specFieldsRoundTrip()
    {
        ClusterSpec s;
        s.leafPerRack = true;
        s.podNodes = 384;
        s.railPlanes = true;
        s.planes = 2;
        s.leafOversubscription = {1, 2};
        s.suNodes = 0;
        const ClusterSpec back = specFromJson(specToJson(s), "test").spec;
        QVERIFY(back == s);
        QVERIFY(validateSpec(s).empty());  // 1:2 undersubscription is valid
        // "auto" is accepted for su_nodes; a file that sets 32 keeps 32.
        nlohmann::json j = specToJson(s);
        j["fabric"]["su_nodes"] = "auto";
        QCOMPARE(specFromJson(j, "test").spec.suNodes, 0);
        j["fabric"]["su_nodes"] = 32;
        QCOMPARE(specFromJson(j, "test").spec.suNodes, 32);
        j["fabric"].erase("su_nodes");
        QCOMPARE(specFromJson(j, "test").spec.suNodes, 0);
    }
};

QTEST_GUILESS_MAIN(TestFabricDefaults)
#include "test_fabric_defaults.moc"
