// 200G hosts on 800G switch cages (issue 40): NVIDIA's 400G SR4/DR4 modules run 200G on half their lanes
// behind a 1:2 splitter fibre's leg, and the twin-port switch module feeds two legs from each of its ports
// (core/media/README.md, "200G from 400G ports"; sources in data/catalog/transceivers.csv). Expected
// figures come from those rules and the design's own counts, never from what the planner printed.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/plan.h"
#include "roce_200g_hosts.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

// The modules NVIDIA documents in 200G mode (the seed's sources): the single-port host modules and the
// twin-port switch modules they hang from.
const std::set<std::string> kHalfLaneModules = {"MMA4Z00-NS",    "MMA4Z00-NS-T",  "MMS4X00-NS",    "MMS4X00-NS-T",
                                                "MMA4Z00-NS400", "MMS4X00-NS400", "MMA1Z00-NS400", "MMS1X00-NS400"};

// 32 nodes x 8 ConnectX-7 MCX755106AS-HEAT (2 x QSFP112, 200GbE) on one SN5600 (64 OSFP cages, 4 x 200G each).
ClusterSpec oneSwitchOf200GHosts()
{
    ClusterSpec s = testsupport::roce200GHosts(256);
    s.tiers = 1;
    return s;
}

} // namespace

class TestHalfLaneOptics : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Exactly the documented modules run at half their lanes, each a parallel (MPO, SR/DR) 400G port at 200G,
    // and a host module draws less there (5-6.5 W max against 9 W).
    void catalogCarriesTheHalfLaneModes()
    {
        std::set<std::string> found;
        for (const TransceiverModel& t : catalog_.transceivers) {
            if (t.halfLaneGbps == 0) {
                QCOMPARE(t.halfLanePowerW, 0.0);
                continue;
            }
            found.insert(t.partNumber);
            QCOMPARE(t.halfLaneGbps * 2, t.portGbps);
            QCOMPARE(t.lanes, 4);
            QVERIFY2(t.connector.rfind("MPO", 0) == 0, t.partNumber.c_str());
            QVERIFY2(t.pmd == "SR4" || t.pmd == "DR4", t.partNumber.c_str());
            if (!t.finned) QVERIFY2(t.halfLanePowerW > 0 && t.halfLanePowerW < t.powerW, t.partNumber.c_str());
        }
        QCOMPARE(found, kHalfLaneModules);
        QCOMPARE(catalog_.findTransceiver("MMA1Z00-NS400")->halfLanePowerW, 5.0);
        QCOMPARE(catalog_.findTransceiver("MMA4Z00-NS400")->halfLanePowerW, 6.5);
    }

    // A version 9 catalog (before the columns) learns the figures the seed ships with.
    void version9CatalogLearnsTheHalfLaneModes()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v9.sqlite");
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kSwitchesBeforeVersion11) +
                                                "ALTER TABLE transceivers DROP COLUMN half_lane_power_w; "
                                                "ALTER TABLE transceivers DROP COLUMN half_lane_gbps; "
                                                "UPDATE schema_version SET version = 9"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        QCOMPARE(c.transceivers.size(), catalog_.transceivers.size());
        for (const TransceiverModel& t : c.transceivers) {
            const TransceiverModel& seeded = *catalog_.findTransceiver(t.partNumber);
            QCOMPARE(t.halfLaneGbps, seeded.halfLaneGbps);
            QCOMPARE(t.halfLanePowerW, seeded.halfLanePowerW);
        }
    }

    // A half-lane speed that is not half the port's is refused when the catalog is built, naming the line.
    void impossibleHalfLaneSpeedIsRefused()
    {
        QTemporaryDir tmp;
        const std::filesystem::path seed = std::filesystem::path(tmp.path().toStdString()) / "seed";
        std::filesystem::copy(testsupport::seedDir(), seed);
        std::stringstream text;
        text << std::ifstream(seed / "transceivers.csv").rdbuf();
        std::string csv = text.str();
        const std::string row = "\nMMA1Z00-NS400,";
        const auto at = csv.find(row);
        QVERIFY(at != std::string::npos);
        const auto end = csv.find('\n', at + 1);
        const auto field = csv.rfind(",200,5", end);
        QVERIFY(field != std::string::npos && field > at);
        csv.replace(field, 6, ",300,5");
        std::ofstream(seed / "transceivers.csv", std::ios::trunc) << csv;
        try {
            buildCatalogFromSeed(seed.string(), (seed / "out.sqlite").string());
            QFAIL("a 300G half-lane speed on a 400G module was accepted");
        } catch (const UserError& e) {
            QVERIFY2(e.where.find("transceivers.csv:") != std::string::npos, e.where.c_str());
        }
    }

    // One SN5600 of 256 x 200G hosts: every host link runs at 200G through a splitter, and the bill counts it
    // by hand: 256 links, so 256 host modules at half their lanes (one per QSFP112 cage), 256 / 4 = 64 twin
    // switch modules (every cage full) and 256 / 2 = 128 splitter fibres; the cable plan has 128 cables of
    // two legs, and no error.
    void oneSwitchOf200GHostsPlansAndCountsByHand()
    {
        const Plan p = makePlan(oneSwitchOf200GHosts(), catalog_);
        QCOMPARE(p.errorCount(), 0);
        QCOMPARE(p.fabric.shape.linkGbps, 200);
        QCOMPARE(p.fabric.links.size(), std::size_t(256));
        long long hostModules = 0, switchModules = 0, splitters = 0, straight = 0;
        double hostPowerW = 0, expectedHostPowerW = 0;
        for (const BomLine& l : p.bom.lines) {
            if (l.category == BomCategory::Transceivers) {
                const TransceiverModel* t = catalog_.findTransceiver(l.part);
                QVERIFY2(t && kHalfLaneModules.count(l.part), l.part.c_str());
                if (t->finned) {
                    switchModules += l.qty;
                    QCOMPARE(l.extendedPowerW, double(l.qty) * t->powerW);  // twin modules: their usual power
                } else {
                    hostModules += l.qty;
                    hostPowerW += l.extendedPowerW;
                    expectedHostPowerW += double(l.qty) * t->halfLanePowerW;
                    QVERIFY2(l.usedFor.find("on half their lanes") != std::string::npos, l.usedFor.c_str());
                }
            }
            if (l.category == BomCategory::Fibre) {
                const CableModel* c = catalog_.findCable(l.part);
                QVERIFY(c);
                (c->legsB == 2 ? splitters : straight) += l.qty;
            }
        }
        QCOMPARE(hostModules, 256LL);
        QCOMPARE(switchModules, 64LL);
        QCOMPARE(splitters, 128LL);
        QCOMPARE(straight, 0LL);
        QCOMPARE(hostPowerW, expectedHostPowerW);
        QCOMPARE(hostPowerW, 256 * 5.0);  // both QSFP112 host modules: 5 W max at 200G
        long long cables = 0, legs = 0, notTwoLegs = 0;
        std::set<std::string> switchPorts;
        bom::forEachCable(p.fabric, p.layout, p.media, [&](const CableRow& row) {
            ++cables;
            legs += static_cast<long long>(row.legs.size());
            notTwoLegs += row.legs.size() != 2;
            for (const CableLeg& leg : row.legs) switchPorts.insert(leg.zPort);
            return true;
        });
        QCOMPARE(notTwoLegs, 0LL);
        // Patch panels (two in a fibre's path, one at each end): a port a link on the hosts' side, a port a
        // splitter on the switch's (one MPO for both legs): 256 + 128 = 384 ports, 8 panels of 48.
        long long crossRack = 0;
        for (const Link& l : p.fabric.links) crossRack += p.layout.rackOfDevice[l.a] != p.layout.rackOfDevice[l.b];
        QCOMPARE(crossRack, 256LL);
        QCOMPARE(p.spec.floor.patchPanelsPerFibreLink, 2);
        long long panels = 0;
        std::string panelUse;
        for (const BomLine& l : p.bom.lines)
            if (l.category == BomCategory::PatchPanels) panels += l.qty, panelUse = l.usedFor;
        QVERIFY2(panelUse.rfind("384 ports", 0) == 0, panelUse.c_str());
        QCOMPARE(panels, 8LL);
        QCOMPARE(cables, 128LL);
        QCOMPARE(legs, 256LL);
        QCOMPARE(switchPorts.size(), std::size_t(256));  // every leg on its own switch port
    }

    // The same hosts at 400G (one port each, the single-port ConnectX-7) keep a straight fibre per link and
    // two links per twin module: the half-lane mode is taken only at 200G.
    void fourHundredGigHostsKeepStraightFibre()
    {
        ClusterSpec s = oneSwitchOf200GHosts();
        s.gpus = 128;  // 128 x 400G: one SN5600
        s.nicModel = "MCX75310AAS-NEAT";
        s.linkGbps = 400;
        const Plan p = makePlan(s, catalog_);
        QCOMPARE(p.errorCount(), 0);
        for (const LinkSolution& sol : p.media.solutions) {
            QVERIFY(!sol.halfLanesA && !sol.halfLanesB);
            QVERIFY(sol.linksPerModuleB <= 2);
        }
        for (const BomLine& l : p.bom.lines)
            if (l.category == BomCategory::Fibre) QCOMPARE(catalog_.findCable(l.part)->legsB, 1);
    }
};

QTEST_GUILESS_MAIN(TestHalfLaneOptics)
#include "test_half_lane_optics.moc"
