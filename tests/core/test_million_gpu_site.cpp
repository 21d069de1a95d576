// 1,000,000 GPUs on the default parts of every fabric: the site layout (core/layout/README.md,
// "Halls") keeps every routed length within the reach of the part media chose for it, so the plan
// has no media.no-part error. Before halls, one spine room ~1 km (InfiniBand) to 5 km (Ethernet, one
// 5.9 km-deep hall) from the far rows left leaf-spine links with no part at all.
#include <QtTest>

#include <algorithm>

#include "catalog/catalog_db.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "route_reach.h"

using namespace fp;

class TestMillionGpuSite : public QObject {
    Q_OBJECT
    Catalog catalog_;

    double reachOf(const LinkSolution& s) const { return testsupport::reachOf(catalog_, s); }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void everyRouteWithinItsPartsReach_data()
    {
        QTest::addColumn<int>("fabric");
        QTest::newRow("infiniband") << int(FabricKind::InfiniBand);
        QTest::newRow("roce") << int(FabricKind::RoCE);
        QTest::newRow("spectrum-x") << int(FabricKind::SpectrumX);
        QTest::newRow("uec") << int(FabricKind::UEC);
    }
    void everyRouteWithinItsPartsReach()
    {
        QFETCH(int, fabric);
        ClusterSpec spec;
        spec.gpus = 1'000'000;
        const plan::FabricParts parts = plan::partsForFabric(spec, FabricKind(fabric), catalog_);
        const Plan p = makePlan(parts.spec, catalog_);
        QCOMPARE(p.fabric.shape.tiers, 3);
        QVERIFY(p.layout.halls > 1);
        for (const Finding& f : p.findings)
            QVERIFY2(f.severity != Severity::Error, qPrintable(QString::fromStdString(f.rule + ": " + f.message)));
        // Longest route per solution (each is one part choice) and per class; then every solution's
        // longest route against its part's reach.
        double longest[kLinkClassCount] = {0, 0, 0};
        std::vector<double> longestOfSolution(p.media.solutions.size(), 0.0);
        for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
            const double len = p.layout.linkLengthM[i];
            double& l = longestOfSolution[p.media.solutionOfLink[i]];
            l = std::max(l, len);
            double& c = longest[int(p.fabric.links[i].cls)];
            c = std::max(c, len);
        }
        for (std::size_t k = 0; k < p.media.solutions.size(); ++k) {
            const LinkSolution& s = p.media.solutions[k];
            const double len = longestOfSolution[k];
            if (len == 0) continue;
            QVERIFY2(s.media != MediaClass::None, qPrintable(QString("a %1 m route has no part").arg(len)));
            QVERIFY2(len <= reachOf(s) && len <= s.orderLengthM + 1e-6,
                     qPrintable(QString("%1 m route, part %2 reaches %3 m").arg(len).arg(QString::fromStdString(s.cablePart)).arg(reachOf(s))));
        }
        // Leaf-spine stays within a hall (~100 m); spine-core crosses the site to the core room but
        // within the 500 m of a DR4 module, the shortest single-mode reach every fabric has.
        QVERIFY2(longest[int(LinkClass::LeafSpine)] < 150.0, qPrintable(QString::number(longest[1])));
        QVERIFY2(longest[int(LinkClass::SpineCore)] < 500.0, qPrintable(QString::number(longest[2])));
        qInfo("%s: longest host-leaf %.1f m, leaf-spine %.1f m, spine-core %.1f m; %d halls, site %.0f x %.0f m",
              toString(FabricKind(fabric)), longest[0], longest[1], longest[2], p.layout.halls, p.layout.floorWidthM,
              p.layout.floorDepthM);
    }

    // The comparison plans every fabric at least on the parts `plan --fabric` picks, so a fabric that
    // plans cleanly there is buildable in the comparison too (InfiniBand was "not buildable": its
    // ranked NIC, at 400G, needs four links per Q3400 cage, which no catalog part carries).
    void comparisonAgreesWithThePlanDefaults()
    {
        ClusterSpec spec;
        spec.gpus = 1'000'000;
        const Comparison c = comparePlans(spec, catalog_);
        QCOMPARE(int(c.alternatives.size()), 4);
        for (const auto& alt : c.alternatives) {
            const plan::FabricParts parts = plan::partsForFabric(spec, alt.fabric, catalog_);
            if (parts.clean) QVERIFY2(alt.buildable, toString(alt.fabric));
        }
        for (const Plan& p : c.plans)
            if (p.spec.fabric == c.advice.recommended) QCOMPARE(p.errorCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMillionGpuSite)
#include "test_million_gpu_site.moc"
