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

#include <nlohmann/json.hpp>

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
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

    // 100,000 GPUs (the default InfiniBand parts: QM9700, 49 pods of 256 nodes; the last has 212) in three
    // halls of 70 rows. By hand: a pod is 256 nodes = 64 racks of 4 = 4 rows of 16, so a 70-row hall
    // holds 17 pods (68 rows; 18 would take 72): 17, 17 and the remaining 15 (14 x 256 + 212 nodes =
    // 949 racks = 60 rows). Every route within its part's reach; every cable names both halls.
    void threeHallSiteOf100kGpus()
    {
        ClusterSpec s = infiniband(100'000);
        s.floor.site.halls = {hall("Hall A", "DC1", 70), hall("Hall B", "DC1", 70), hall("Hall C", "DC1", 70)};
        const Plan p = makePlan(s, catalog_);
        QVERIFY2(p.errorCount() == 0, errorsOf(p).c_str());
        QCOMPARE(p.fabric.shape.pods, 49);
        QCOMPARE(p.layout.site.hallPods, (std::vector<int>{17, 17, 15}));
        QCOMPARE(p.layout.site.hallRowsUsed, (std::vector<int>{68, 68, 60}));
        QCOMPARE(p.layout.site.hallRowsCapacity, (std::vector<int>{70, 70, 70}));
        // A pod's leaves and spines stand in its hall: leaf-spine links never leave it.
        for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
            const Link& l = p.fabric.links[i];
            if (l.cls == LinkClass::SpineCore) continue;
            QCOMPARE(p.layout.racks[p.layout.rackOfDevice[l.a]].hall, p.layout.racks[p.layout.rackOfDevice[l.b]].hall);
        }
        const double longest = requireEveryRouteWithinReach(p);
        std::set<std::string> halls;
        std::size_t rows = 0;
        bom::forEachCable(p.fabric, p.layout, p.media, [&](const CableRow& r) {
            halls.insert(r.aHall);
            halls.insert(r.zHall);
            ++rows;
            return true;
        });
        QCOMPARE(halls, (std::set<std::string>{"Hall A", "Hall B", "Hall C", "core room"}));
        qInfo("%zu cables, longest route %.1f m, site %.0f x %.0f m", rows, longest, p.layout.floorWidthM, p.layout.floorDepthM);
    }

    // 1,000,000 GPUs on SN5600 (128 x 400G, 123 pods of 16 rows) on a campus of two buildings, 16 halls of
    // 64 rows in each, 300 m between them: 4 pods a hall, so 30 full halls, one with 3 pods and one empty
    // (S16); cores in North's core room. South's spine-core links cross the route, beyond a DR module's
    // 500 m, and every route stays within the reach of the part media chose (FR4 for the long ones).
    void campusOfTwoBuildingsAtAMillionGpus()
    {
        ClusterSpec s;
        s.gpus = 1'000'000;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s = plan::partsForFabric(s, FabricKind::RoCE, catalog_).spec;  // its NIC and speed: 400G
        s.switchModel = "SN5600";
        for (const char* building : {"North", "South"})
            for (int h = 1; h <= 16; ++h)
                s.floor.site.halls.push_back(hall(std::string(1, building[0]) + (h < 10 ? "0" : "") + std::to_string(h), building, 64));
        s.floor.site.routes = {{"North", "South", 300.0}};
        const Plan p = makePlan(s, catalog_);
        QVERIFY2(p.errorCount() == 0, errorsOf(p).c_str());
        QCOMPARE(p.fabric.shape.pods, 123);
        std::vector<int> pods(32, 4);
        pods[30] = 3, pods[31] = 0;
        QCOMPARE(p.layout.site.hallPods, pods);
        double longestCrossing = 0;
        for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
            const Link& l = p.fabric.links[i];
            if (p.layout.racks[p.layout.rackOfDevice[l.a]].building != p.layout.racks[p.layout.rackOfDevice[l.b]].building)
                longestCrossing = std::max(longestCrossing, double(p.layout.linkLengthM[i]));
        }
        QVERIFY2(longestCrossing > 500.0, qPrintable(QString::number(longestCrossing)));  // past DR's reach
        // The plan JSON says the same: 32 halls, their pods, the route between the buildings.
        const nlohmann::json site = planToJson(p).at("site");
        QCOMPARE(site.at("halls").size(), std::size_t(32));
        QCOMPARE(site.at("halls")[30].at("pods").get<int>(), 3);
        QCOMPARE(site.at("halls")[31].at("building").get<std::string>(), std::string("South"));
        QCOMPARE(site.at("buildings")[0].at("route_m")[1].get<double>(), 300.0);
        const double longest = requireEveryRouteWithinReach(p);
        qInfo("longest route %.1f m (between buildings %.1f m), site %.0f x %.0f m", longest, longestCrossing, p.layout.floorWidthM,
              p.layout.floorDepthM);
        // 5 km between the buildings: beyond FR4's 2 km, and the catalog's LR4 modules are QSFP-DD, not the
        // SN5600's OSFP: the spine-core links crossing it have no part, an error (not a silent short
        // cable), and a lossless RoCE fabric cannot hold the PFC headroom of 5 km.
        s.floor.site.routes[0].lengthM = 5000.0;
        const Plan far = makePlan(s, catalog_);
        const Finding* noPart = findingOf(far, "media.no-part");
        QVERIFY(noPart);
        QCOMPARE(noPart->severity, Severity::Error);
        QVERIFY2(noPart->where.rfind("spine-core", 0) == 0, noPart->where.c_str());
        QVERIFY(findingOf(far, "lossless.buffer-fit"));
    }

    // A two-tier design spans halls too: the DGX B300 XDR example's 8 SUs of 72 nodes (18 racks, one row
    // each) in two halls of 4 rows; its spines stand in the core room between them, and each SU's leaves
    // in its own hall.
    void twoTierDesignSpansHalls()
    {
        ClusterSpec s = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/xdr-b300-4608.fabricplan").spec;
        s.floor.site.halls = {hall("West", "", 4), hall("East", "", 4)};
        const Plan p = makePlan(s, catalog_);
        QVERIFY2(p.errorCount() == 0, errorsOf(p).c_str());
        QCOMPARE(p.fabric.shape.tiers, 2);
        QCOMPARE(p.layout.site.hallRowsUsed, (std::vector<int>{4, 4}));
        for (std::size_t d = 0; d < p.fabric.devices.size(); ++d) {
            const Rack& r = p.layout.racks[p.layout.rackOfDevice[d]];
            if (p.fabric.devices[d].tier == Tier::Spine) QCOMPARE(r.hall, -1);
            else QVERIFY(r.hall == (p.fabric.devices[d].su < 4 ? 0 : 1) || d >= p.fabric.nodeCount);
        }
        requireEveryRouteWithinReach(p);
    }

    // A non-rail two-tier design has no SUs to keep whole (every node is SU 0): its rows fill the halls.
    // 2,048 GPUs = 256 nodes = 64 racks of 4 = 4 rows of 16, in two halls of 2 rows.
    void nonRailDesignFillsHallsByRows()
    {
        ClusterSpec s = infiniband(2048);
        s.railOptimized = false;
        s.tiers = 2;
        s.floor.site.halls = {hall("A", "", 2), hall("B", "", 2)};
        const Plan p = makePlan(s, catalog_);
        QVERIFY2(p.errorCount() == 0, errorsOf(p).c_str());
        QCOMPARE(p.fabric.shape.tiers, 2);
        QCOMPARE(p.layout.site.hallRowsUsed, (std::vector<int>{2, 2}));
    }

    // A site too small is an error naming the hall's rows and what it needs, not a silent overflow; pods
    // placed by hand must add up. Every node is still placed.
    void siteTooSmallIsAnError()
    {
        ClusterSpec s = infiniband(100'000);
        s.floor.site.halls = {hall("Hall A", "", 100), hall("Hall B", "", 80)};  // 196 rows needed: 25 + 20 pods fit
        const Plan p = makePlan(s, catalog_);
        const Finding* f = findingOf(p, "floor.site");
        QVERIFY(f);
        QCOMPARE(f->severity, Severity::Error);
        QCOMPARE(f->where, std::string("/floor/site/halls/1/rows"));
        QVERIFY2(f->message.find("\"Hall B\" holds 80 rows") != std::string::npos, f->message.c_str());
        QVERIFY2(f->fix.find("halls hold 180") != std::string::npos, f->fix.c_str());
        QCOMPARE(p.layout.site.hallPods, (std::vector<int>{25, 24}));
        long long placed = 0;
        for (const Rack& r : p.layout.racks) placed += r.kind == RackKind::Compute ? r.devices : 0;
        QCOMPARE(placed, (long long)p.fabric.nodeCount);

        s.floor.site.halls = {hall("Hall A", "", 100, 25), hall("Hall B", "", 100, 23)};  // 48 of 49 pods
        const Plan fortyEightPods = makePlan(s, catalog_);
        const Finding* byHand = findingOf(fortyEightPods, "floor.site");
        QVERIFY(byHand);
        QVERIFY2(byHand->message.find("48 pods by hand; the design has 49") != std::string::npos, byHand->message.c_str());
        s.floor.site.halls[1].pods = 24;
        const Plan handPlaced = makePlan(s, catalog_);
        QVERIFY2(handPlaced.errorCount() == 0, errorsOf(handPlaced).c_str());
        QCOMPARE(handPlaced.layout.site.hallPods, (std::vector<int>{25, 24}));
        QCOMPARE(handPlaced.layout.site.hallRowsUsed, (std::vector<int>{100, 96}));  // 25 x 4; 23 x 4 + the 212-node pod's 4
    }

    // floor.site in a design file: written as format minor 3 and read back equal; mistakes refused with
    // the field and a fix.
    void designFileRoundTripAndRefusals()
    {
        ClusterSpec s;
        s.floor.site.halls = {hall("A", "North", 30), hall("B", "South", 20, 0)};
        s.floor.site.routes = {{"North", "South", 250.0}};
        s.floor.site.coreBuilding = "South";
        const nlohmann::json j = specToJson(s);
        QCOMPARE(j.at("format_minor").get<int>(), 3);
        QCOMPARE(specFromJson(j, "t").spec.floor.site, s.floor.site);
        QVERIFY(!specToJson(ClusterSpec{}).at("floor").contains("site"));
        QVERIFY(validateSpec(s).empty());

        auto problemAt = [](const ClusterSpec& spec, const std::string& field) {
            for (const SpecProblem& p : validateSpec(spec))
                if (p.field == field) return p.message + " | " + p.fix;
            return std::string();
        };
        ClusterSpec bad = s;
        bad.floor.site.routes.clear();
        QVERIFY(problemAt(bad, "/floor/site/routes").find("no route joins building \"North\"") != std::string::npos);
        bad = s;
        bad.floor.site.routes[0].to = "Sotuh";
        QVERIFY(problemAt(bad, "/floor/site/routes/0/to").find("\"South\"") != std::string::npos);
        bad = s;
        bad.floor.site.halls[1].name = "A";
        QVERIFY(!problemAt(bad, "/floor/site/halls/1/name").empty());
        bad = s;
        bad.floor.site.halls[0].rows = 0;
        QVERIFY(!problemAt(bad, "/floor/site/halls/0/rows").empty());
        bad = s;
        bad.floor.site.coreBuilding = "East";
        QVERIFY(!problemAt(bad, "/floor/site/core_building").empty());
        // An unknown key in a hall is refused as any other typo.
        nlohmann::json typo = j;
        typo["floor"]["site"]["halls"][0]["row"] = 3;
        try {
            specFromJson(typo, "t.fabricplan");
            QFAIL("a misspelt hall key was accepted");
        } catch (const UserError& e) {
            QVERIFY2(e.where == "t.fabricplan: /floor/site/halls/0/row", e.where.c_str());
            QVERIFY2(e.fix.find("did you mean \"rows\"") != std::string::npos, e.fix.c_str());
        }
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
