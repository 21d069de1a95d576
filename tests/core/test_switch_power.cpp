// Switch power, typical and maximum (issue 39, data/catalog/README.md "Switch power"): energy is paid on
// the typical draw, the rack power budget and the facility's supply take the maximum. Expected figures are
// worked out here by hand from the catalog README's rule (typical x 2.08 for 800G-port switches, 1,125 W /
// 540 W of a published 51.2T switch; x 2.49 for 400G and slower, Arista 7050DX4-32S 880 W / 353 W) and
// from the design's own counts, not from what the code printed.
#include <QtTest>
#include <QTemporaryDir>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "io/exporter.h"
#include "plan/plan.h"
#include "plan/plan_json.h"

#include "test_catalog_support.h"

using namespace fp;

namespace {

constexpr double kRatio800G = 1125.0 / 540.0;  // 2.083..., the README rounds it to 2.08
constexpr double kRatio400G = 880.0 / 353.0;   // 2.492..., rounded to 2.49

double readmeRatio(const SwitchModel& m)
{
    int fastest = 0;
    for (const Breakout& b : m.breakouts) fastest = std::max(fastest, b.portGbps);
    return std::round((fastest >= 800 ? kRatio800G : kRatio400G) * 100.0) / 100.0;
}

double switchCountIn(const Plan& p, RackKind kind)
{
    double n = 0;
    for (std::size_t d = p.fabric.nodeCount; d < p.fabric.devices.size(); ++d)
        if (p.layout.racks[p.layout.rackOfDevice[d]].kind == kind) n += 1;
    return n;
}

} // namespace

class TestSwitchPower : public QObject {
    Q_OBJECT
    Catalog cat_;
    QTemporaryDir tmp_;

private slots:
    void initTestCase() { cat_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Every switch row has both figures; an estimated maximum is typical x its class's published ratio.
    void everySwitchHasBothFigures()
    {
        QVERIFY(cat_.switches.size() >= 20);
        for (const SwitchModel& m : cat_.switches) {
            QVERIFY2(m.powerW > 0 && m.powerMaxW >= m.powerW, m.partNumber.c_str());
            if (m.powerMaxEstimated)
                QCOMPARE(m.powerMaxW, std::round(m.powerW * readmeRatio(m)));
        }
        // Two rows by hand: SN5600 940 W x 2.08 = 1,955.2 W; QM9700 750 W x 2.49 = 1,867.5 W.
        QCOMPARE(cat_.findSwitch("SN5600")->powerMaxW, 1955.0);
        QCOMPARE(cat_.findSwitch("MQM9700-NS2F")->powerMaxW, 1868.0);
        QCOMPARE(cat_.findSwitch("MQM9700-NS2F")->powerW, 750.0);  // the typical figure keeps its meaning
    }

    // 256 GPUs on QM9700 at 1:1: 256 host ports, 32 down per leaf = 8 leaves, 256 up / 64 = 4 spines.
    // Energy takes 12 x 750 W; the facility figure 12 x 1,868 W; every rack holds its switches' maximum.
    void energyFromTypicalRackAndFacilityFromMax()
    {
        ClusterSpec s;
        s.gpus = 256;
        const Plan p = makePlan(s, cat_);
        QCOMPARE(p.fabric.switchCount(), 12LL);
        const double typical = 750.0, max = 1868.0;
        QCOMPARE(p.bom.subtotalPowerW(BomCategory::Switches), 12 * typical);
        QCOMPARE(p.bom.subtotalPowerMaxW(BomCategory::Switches), 12 * max);
        // Other parts keep one figure.
        for (BomCategory c : {BomCategory::Nics, BomCategory::Transceivers, BomCategory::Cables, BomCategory::Fibre})
            QCOMPARE(p.bom.subtotalPowerMaxW(c), p.bom.subtotalPowerW(c));
        const Opex& o = p.estimates.opex;
        QVERIFY(std::abs((o.powerMaxKw - o.powerKw) - 12 * (max - typical) / 1000.0) < 1e-9);
        const Economics& eco = s.economics;
        QVERIFY(std::abs(o.energyUsdPerYear - o.powerKw * eco.pue * 8766.0 * eco.powerUsdPerKwh) < 1e-6);
        // Racks: nodes at their power, every switch at its maximum.
        double rackW = 0;
        for (const Rack& r : p.layout.racks) rackW += r.powerW;
        const double nodesW = double(p.fabric.nodeCount) * s.floor.nodePowerKw * 1000.0;
        QVERIFY2(std::abs(rackW - (nodesW + 12 * max)) < 1e-6, qPrintable(QString::number(rackW)));
    }

    // A rack that fits at typical power but not at maximum gets floor.rack-power.
    void rackFitsAtTypicalButNotAtMax()
    {
        ClusterSpec s;
        s.gpus = 1024;
        s.floor.nodePowerKw = 1.0;  // nodes far under any budget here: only switches decide
        s.floor.rackPowerBudgetKw = 200.0;
        const Plan roomy = makePlan(s, cat_);
        // The fullest switch rack and its switch count.
        const Rack* fullest = nullptr;
        for (const Rack& r : roomy.layout.racks)
            if (r.kind != RackKind::Compute && (!fullest || r.powerW > fullest->powerW)) fullest = &r;
        QVERIFY(fullest);
        const double n = double(fullest->devices);
        QVERIFY(n >= 2);
        QCOMPARE(fullest->powerW, n * 1868.0);  // QM9700s only, each at its maximum
        for (const Finding& f : roomy.findings) QVERIFY(f.rule != "floor.rack-power");

        // A budget between n x 750 W (typical) and n x 1,868 W (maximum).
        s.floor.rackPowerBudgetKw = n * (750.0 + 1868.0) / 2.0 / 1000.0;
        const Plan tight = makePlan(s, cat_);
        QCOMPARE(switchCountIn(tight, RackKind::Network) + switchCountIn(tight, RackKind::SpineRoom),
                 switchCountIn(roomy, RackKind::Network) + switchCountIn(roomy, RackKind::SpineRoom));
        QVERIFY(n * 750.0 < s.floor.rackPowerBudgetKw * 1000.0);  // fits at typical
        int found = 0;
        for (const Finding& f : tight.findings)
            if (f.rule == "floor.rack-power") {
                ++found;
                QVERIFY2(f.message.find("at full load") != std::string::npos, f.message.c_str());
            }
        QVERIFY(found >= 1);
    }

    // A version 7 file (no maximum column) is migrated: every switch, bundled or the user's own, gets
    // typical x its class's ratio, marked estimated: the bundled rows then read as the seed's.
    void version7CatalogGainsMaximumPower()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v7.sqlite");
        SwitchModel mine;
        mine.partNumber = "MY-800G-SW";
        mine.vendor = "Me";
        mine.source = "my datasheet";
        mine.protocol = Protocol::Ethernet;
        mine.cages = 64;
        mine.cageType = "OSFP";
        mine.breakouts = {{800, 1}, {400, 2}};
        mine.powerW = 1000;
        addCustomPart(path, mine);
        SwitchModel mine400 = mine;
        mine400.partNumber = "MY-400G-SW";
        mine400.breakouts = {{400, 1}};
        addCustomPart(path, mine400);
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; "
                                            "ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "UPDATE schema_version SET version = 7"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        QVERIFY(kCatalogSchemaVersion >= 8);
        QCOMPARE(c.findSwitch("MY-800G-SW")->powerMaxW, 2080.0);  // 1,000 W x 2.08
        QCOMPARE(c.findSwitch("MY-400G-SW")->powerMaxW, 2490.0);  // 1,000 W x 2.49
        QVERIFY(c.findSwitch("MY-800G-SW")->powerMaxEstimated);
        for (const SwitchModel& m : cat_.switches) {
            const SwitchModel* migrated = c.findSwitch(m.partNumber);
            QVERIFY(migrated);
            QCOMPARE(migrated->powerMaxW, m.powerMaxW);
            QCOMPARE(migrated->powerW, m.powerW);
        }
    }

    // A custom switch entered with its typical power only takes the rule's maximum, marked estimated.
    void customSwitchWithoutMaximumGetsTheRule()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "custom.sqlite");
        SwitchModel mine;
        mine.partNumber = "MY-SW";
        mine.vendor = "Me";
        mine.source = "my datasheet";
        mine.cages = 32;
        mine.cageType = "OSFP";
        mine.breakouts = {{800, 1}};
        mine.powerW = 500;
        addCustomPart(path, mine);
        mine.partNumber = "MY-SW-MAX";
        mine.powerMaxW = 1200;
        mine.powerMaxEstimated = false;
        addCustomPart(path, mine);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.findSwitch("MY-SW")->powerMaxW, 1040.0);
        QVERIFY(c.findSwitch("MY-SW")->powerMaxEstimated);
        QCOMPARE(c.findSwitch("MY-SW-MAX")->powerMaxW, 1200.0);
        QVERIFY(!c.findSwitch("MY-SW-MAX")->powerMaxEstimated);
    }

    // A maximum below the typical figure is refused with what to do.
    void maximumBelowTypicalIsRefused()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "bad.sqlite");
        QCOMPARE(testsupport::rawExec(path, "UPDATE switches SET power_max_w = 100 WHERE part = 'SN5600'"), SQLITE_OK);
        try {
            loadCatalog(path);
            QFAIL("a maximum below typical was accepted");
        } catch (const UserError& e) {
            const std::string text = e.what() + std::string(" ") + e.fix;
            QVERIFY2(text.find("SN5600") != std::string::npos && text.find("power_max_w") != std::string::npos,
                     text.c_str());
        }
    }

    // The plan JSON and the BOM CSV carry both figures, the same as the plan's.
    void outputsCarryBothFigures()
    {
        ClusterSpec s;
        s.gpus = 256;
        const Plan p = makePlan(s, cat_);
        const nlohmann::json j = planToJson(p);
        QCOMPARE(j["opex"]["power_kw"].get<double>(), p.estimates.opex.powerKw);
        QCOMPARE(j["opex"]["power_max_kw"].get<double>(), p.estimates.opex.powerMaxKw);
        QCOMPARE(j["power_w"]["total_max"].get<double>(), p.bom.totalPowerMaxW);
        QCOMPARE(j["parts"]["switches"]["leaf"]["power_w"].get<double>(), 750.0);
        QCOMPARE(j["parts"]["switches"]["leaf"]["power_max_w"].get<double>(), 1868.0);
        QCOMPARE(j["bom"][0]["category"].get<std::string>(), std::string("switches"));
        QCOMPARE(j["bom"][0]["power_w"].get<double>(), 750.0);
        QCOMPARE(j["bom"][0]["power_max_w"].get<double>(), 1868.0);
        QCOMPARE(j["bom"][0]["extended_power_max_w"].get<double>(), 8 * 1868.0);

        const std::string csv = tmp_.filePath(QStringLiteral("bom.csv")).toStdString();
        io::ExportContext ctx{p, cat_};
        io::findExporter("bom-csv")->write(ctx, csv);
        std::ifstream in(csv);
        std::string header, first;
        std::getline(in, header);
        std::getline(in, first);
        QVERIFY2(header.find("unit_power_w") != std::string::npos && header.find("unit_power_max_w") != std::string::npos,
                 header.c_str());
        QVERIFY2(first.rfind("switches,MQM9700-NS2F", 0) == 0, first.c_str());
        QVERIFY2(first.find(",1868,14944") != std::string::npos, first.c_str());  // 8 leaves x 1,868 W
    }
};

QTEST_GUILESS_MAIN(TestSwitchPower)
#include "test_switch_power.moc"
