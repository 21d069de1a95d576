// estimate::run and the throughput model against hand calculations on small hand-built fabrics.
#include <QtTest>

#include "hardware_fixture.h"

#include "bom/bom.h"
#include "estimate/estimates.h"
#include "estimate/throughput.h"
#include "test_estimate_fixtures.h"

using namespace fp;
using namespace fp::estimate;

namespace {

// 4 nodes x 2 NICs (2 GPUs per node), 2 rail leaves, 2 spines with 2 parallel links each.
struct Scenario {
    Catalog catalog = fixture::catalog();
    Fabric fabric = fixture::railFabric(4, 2, 2, 2);
    MediaAssignment media;
    ClusterSpec spec;
    Scenario(FabricKind kind = FabricKind::RoCE)
    {
        media.solutions.push_back(fixture::solution(LinkClass::HostLeaf, MediaClass::DAC, "DAC-2M"));
        media.solutions.push_back(fixture::solution(LinkClass::LeafSpine, MediaClass::Multimode, "MPO-20M", "TWIN",
                                                    2, "TWIN", 2, 1, 20.0, 2));
        fixture::assign(media, fabric, LinkClass::HostLeaf, 0);
        fixture::assign(media, fabric, LinkClass::LeafSpine, 1);
        spec.fabric = kind;
        spec.gpus = 8;
        spec.gpusPerNode = 2;
        spec.nicsPerNode = 2;
        spec.economics.labourUsdPerHour = 150;
        spec.economics.skillFactor = 1.2;
        spec.economics.powerUsdPerKwh = 0.10;
        spec.economics.pue = 1.3;
        spec.economics.horizonYears = 5;
        spec.economics.sparesOpticsPct = 2.0;
        spec.economics.spareSwitchPerN = 20;
    }
    Estimates run(const EstimateOptions& options = {}, const NicModel* nicOverride = nullptr) const
    {
        const NicModel& nic = nicOverride ? *nicOverride : catalog.nics[0];
        const Bom bom = bom::collect(spec, fabric, media, catalog, testhw::of(catalog.switches[0], nic));
        return estimate::run(spec, fabric, Layout{}, media, bom, catalog, testhw::of(catalog.switches[0], nic), options);
    }
};

// 8 nodes x 2 NIC ports, nodes 0-3 on leaf 0 and 4-7 on leaf 1 (not rail-optimized), `spines` spines.
Fabric blockFabric(int spines)
{
    return fixture::twoTier(8, 2, 2, spines, 1, [](int n, int) { return n / 4; });
}

} // namespace

class TestEstimate : public QObject {
    Q_OBJECT
private slots:
    void capexOpexTco()
    {
        const Estimates e = Scenario().run();
        // Capex = the BOM of test_bom's scenario A: $122,950; per GPU 122,950 / 8 = 15,368.75.
        QCOMPARE(e.capex.totalUsd, 122950.0);
        QCOMPARE(e.capex.perGpuUsd, 15368.75);
        QCOMPARE(e.capex.switchesUsd, 80000.0);
        QVERIFY(e.capex.estimated);
        // RoCE tuning: 2.5 engineer-weeks x 40 h x $150 x skill 1.2 = $18,000; 5 months to stable.
        QCOMPARE(e.opex.tuningWeeks, 2.5);
        QCOMPARE(e.opex.monthsToStable, 5.0);
        QCOMPARE(e.opex.tuningUsd, 18000.0);
        // Power: switches 4 x 600 + TWIN 8 x 15 + NICs 8 x 25 = 2,720 W = 2.72 kW;
        // energy 2.72 x 1.3 x 8,766 h x $0.10 = $3,099.6576 per year.
        QVERIFY(qFuzzyCompare(e.opex.powerKw, 2.72));
        QVERIFY(qFuzzyCompare(e.opex.energyUsdPerYear, 3099.6576));
        // TCO = 122,950 + 18,000 + 5 x 3,099.6576 = 156,448.288.
        QVERIFY(qFuzzyCompare(e.tcoUsd, 156448.288));
        QVERIFY(!e.notes.empty());
    }

    void nicPowerCountsWithoutNicCapex()
    {
        Scenario s;
        s.spec.economics.includeNics = false;
        const Estimates e = s.run();
        QCOMPARE(e.capex.nicsUsd, 0.0);
        QVERIFY(qFuzzyCompare(e.opex.powerKw, 2.72));  // the NICs still draw 8 x 25 W
    }

    void tuningByFabric_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("weeks");
        QTest::addColumn<double>("months");
        QTest::newRow("infiniband") << int(FabricKind::InfiniBand) << 1.0 << 1.5;
        QTest::newRow("roce") << int(FabricKind::RoCE) << 2.5 << 5.0;
        QTest::newRow("spectrum-x") << int(FabricKind::SpectrumX) << 1.5 << 2.5;
        QTest::newRow("uec") << int(FabricKind::UEC) << 2.0 << 3.5;
    }
    void tuningByFabric()
    {
        QFETCH(int, kind);
        QFETCH(double, weeks);
        QFETCH(double, months);
        const Estimates e = Scenario(FabricKind(kind)).run();
        QCOMPARE(e.opex.tuningWeeks, weeks);
        QCOMPARE(e.opex.monthsToStable, months);
        QCOMPARE(e.opex.tuningUsd, weeks * 40 * 150 * 1.2);
        // RoCE's published 2-3 weeks / 4-6 months bound; UEC sits between Spectrum-X and RoCE.
        if (FabricKind(kind) == FabricKind::RoCE) QVERIFY(weeks >= 2 && weeks <= 3 && months >= 4 && months <= 6);
    }

    void injectionAndBisection()
    {
        const Scenario s;
        // 2 NICs x 1 plane x 400 Gb/s / 2 GPUs per node = 400 Gb/s per GPU.
        QCOMPARE(injectionGbpsPerGpu(s.fabric, 2), 400.0);
        // 8 host links, 8 leaf-spine links: 400 x min(8, 8) / 2 = 1,600 Gb/s.
        QCOMPARE(bisectionGbps(s.fabric), 1600.0);
        QVERIFY(qFuzzyCompare(s.run().performance.bisectionTbps, 1.6));
    }

    void moreOversubscriptionNeverRaisesBisection_data()
    {
        QTest::addColumn<int>("spines");
        QTest::addColumn<double>("expectedGbps");
        // 16 host links; leaf-spine links = 2 leaves x spines. 400 x min(16, 2 x spines) / 2:
        QTest::newRow("1:1") << 8 << 3200.0;
        QTest::newRow("2:1") << 4 << 1600.0;
        QTest::newRow("4:1") << 2 << 800.0;
        QTest::newRow("8:1") << 1 << 400.0;
    }
    void moreOversubscriptionNeverRaisesBisection()
    {
        QFETCH(int, spines);
        QFETCH(double, expectedGbps);
        QCOMPARE(bisectionGbps(blockFabric(spines)), expectedGbps);
        if (spines > 1) QVERIFY(bisectionGbps(blockFabric(spines / 2)) <= bisectionGbps(blockFabric(spines)));
    }

    void efficiencyBands()
    {
        // IB: 0.94 (45-48 GB/s of 50 on NDR).
        QCOMPARE(collectiveEfficiency(FabricKind::InfiniBand, 400, false), 0.94);
        // Tuned RoCE within the published 85-95 % of IB, gap narrowing at 400/800G.
        for (int g : {200, 400, 800}) {
            const double r = relativeEfficiency(FabricKind::RoCE, g, false);
            QVERIFY(r >= 0.85 && r <= 0.95);
        }
        QVERIFY(relativeEfficiency(FabricKind::RoCE, 800, false) > relativeEfficiency(FabricKind::RoCE, 400, false));
        QVERIFY(relativeEfficiency(FabricKind::RoCE, 400, false) > relativeEfficiency(FabricKind::RoCE, 200, false));
        // Misconfigured: ~50 %.
        QCOMPARE(relativeEfficiency(FabricKind::RoCE, 400, true), 0.5);
        // Spectrum-X and UEC near IB, above tuned RoCE.
        for (FabricKind k : {FabricKind::SpectrumX, FabricKind::UEC}) {
            QVERIFY(relativeEfficiency(k, 400, false) >= 0.95);
            QVERIFY(relativeEfficiency(k, 400, false) > relativeEfficiency(FabricKind::RoCE, 800, false));
        }
        // Misconfiguration is a RoCE what-if only.
        Scenario s(FabricKind::RoCE);
        EstimateOptions bad;
        bad.roceMisconfigured = true;
        QVERIFY(qFuzzyCompare(s.run(bad).performance.efficiency, 0.47));
        QVERIFY(qFuzzyCompare(Scenario(FabricKind::InfiniBand).run(bad).performance.efficiency, 0.94));
    }

    void railRingsStayOnTheirLeaf()
    {
        // Rail-optimized: every ring (one per NIC port) lives on one rail leaf -> no cross-leaf flow.
        const EcmpResult r = ringEcmpCollisions(fixture::railFabric(4, 2, 2, 2), 4);
        QCOMPARE(r.crossLeafFlows, 0LL);
        QCOMPARE(r.factor, 1.0);
    }

    void singleUplinkIsOversubscriptionNotCollision()
    {
        // 8 nodes in one ring per port; boundaries 3->4 and 7->0 cross leaves: 2 flows per port, 4 in all.
        // Each leaf sends 2 flows up its only uplink: load 2, and a perfect balancer cannot do better.
        const EcmpResult r = ringEcmpCollisions(blockFabric(1), 8);
        QCOMPARE(r.crossLeafFlows, 4LL);
        QCOMPARE(r.maxLoad, 2);
        QCOMPARE(r.idealMaxLoad, 2);
        QCOMPARE(r.factor, 1.0);
    }

    void hashingCollidesOnWideFabric()
    {
        // 64 nodes x 8 ports, 4 nodes per leaf (16 leaves, 32 down / 32 up each, 1:1), 32 spines.
        // Each of the 8 rings crosses every leaf boundary once: 8 flows leave each leaf over 32 uplinks.
        // Ideal load 1; the chance that 8 hashed flows avoid each other on 32 links is ~38 % per leaf
        // (birthday product 32x31x..x25 / 32^8), so over 16 leaves at least one link carries 2.
        const Fabric f = fixture::twoTier(64, 8, 16, 32, 1, [](int n, int) { return n / 4; });
        const EcmpResult r = ringEcmpCollisions(f, 64);
        QCOMPARE(r.crossLeafFlows, 8LL * 16);
        QCOMPARE(r.idealMaxLoad, 1);
        QVERIFY(r.maxLoad >= 2);
        QVERIFY(r.factor <= 0.5);
        const EcmpResult again = ringEcmpCollisions(f, 64);
        QCOMPARE(again.maxLoad, r.maxLoad);  // deterministic hash
    }

    void balancedFabricsIgnoreCollisions()
    {
        Scenario s(FabricKind::RoCE);
        s.fabric = fixture::twoTier(64, 8, 16, 32, 1, [](int n, int) { return n / 4; });
        s.media.solutionOfLink.clear();
        fixture::assign(s.media, s.fabric, LinkClass::HostLeaf, 0);
        fixture::assign(s.media, s.fabric, LinkClass::LeafSpine, 1);
        s.spec.gpus = 512;
        s.spec.gpusPerNode = 8;
        QVERIFY(s.run().performance.ecmpCollisionFactor <= 0.5);
        s.spec.fabric = FabricKind::InfiniBand;
        QCOMPARE(s.run().performance.ecmpCollisionFactor, 1.0);
        s.spec.fabric = FabricKind::UEC;
        NicModel spraying = s.catalog.nics[0];
        spraying.packetSpraying = true;
        QCOMPARE(s.run({}, &spraying).performance.ecmpCollisionFactor, 1.0);
        QVERIFY(s.run().performance.ecmpCollisionFactor <= 0.5);  // UEC NIC without spraying: hashed
    }

    void largeFabricEstimates()
    {
        // 3.1 M links (as test_bom's large case), RoCE so the ECMP walk runs: 262,144 nodes x 8 ports,
        // not rail-aligned (node n port p -> leaf p x 512 + n % 512), 256 spines.
        Scenario s(FabricKind::RoCE);
        const int leavesPerRail = 512;
        s.fabric = fixture::twoTier(262144, 8, 8 * leavesPerRail, 256, 1,
                                    [&](int n, int p) { return p * leavesPerRail + n % leavesPerRail; });
        s.media.solutionOfLink.clear();
        fixture::assign(s.media, s.fabric, LinkClass::HostLeaf, 0);
        fixture::assign(s.media, s.fabric, LinkClass::LeafSpine, 1);
        s.spec.gpus = 262144 * 8;
        s.spec.gpusPerNode = 8;
        const Bom bom = bom::collect(s.spec, s.fabric, s.media, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        QElapsedTimer timer;
        timer.start();
        const Estimates e = estimate::run(s.spec, s.fabric, Layout{}, s.media, bom, s.catalog, testhw::of(s.catalog.switches[0], s.catalog.nics[0]));
        const qint64 ms = timer.elapsed();
        qInfo("estimate::run over %zu links: %lld ms, ECMP factor %.2f", s.fabric.links.size(),
              static_cast<long long>(ms), e.performance.ecmpCollisionFactor);
        // Consecutive nodes always sit on different leaves: each leaf sends 512 ring flows over 256 uplinks
        // (ideal load 2); hashing 512 flows onto 256 links piles more than 2 on some link.
        QVERIFY(e.performance.ecmpCollisionFactor < 1.0);
    }

    void endToEndCollectivesAndLatency()
    {
        const Estimates e = Scenario(FabricKind::InfiniBand).run();
        const Performance& p = e.performance;
        QCOMPARE(p.injectionGbpsPerGpu, 400.0);
        QVERIFY(p.curve(kCurveAllreduceRing));
        QCOMPARE(p.curve(kCurveAllreduceRing)->points.size(), std::size_t(24));
        QCOMPARE(p.curve(kCurveAlltoall)->points.size(), std::size_t(24));
        QCOMPARE(p.curves.size(), std::size_t(3));
        // 8 GPUs at 400 Gb/s = 50 GB/s x 0.94: busbw at 8 GiB approaches 47 GB/s (nccl-tests NDR ~45-48).
        QVERIFY2(p.allreduceBusbwGBps > 46.0 && p.allreduceBusbwGBps <= 47.0, qPrintable(QString::number(p.allreduceBusbwGBps)));
        QCOMPARE(p.latency.size(), std::size_t(2));  // same leaf, via spine
        QCOMPARE(p.latencyMinNs, p.latency.front().minNs);
        QCOMPARE(p.latencyMaxNs, p.latency.back().maxNs);
    }
};

QTEST_GUILESS_MAIN(TestEstimate)
#include "test_estimate.moc"
