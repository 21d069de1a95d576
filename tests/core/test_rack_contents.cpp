// A rack-scale system's rack content in the BOM (issue 38, "scale-up inventory"): an NVL72 rack carries
// 9 NVLink switch trays, an NVLink spine (the passive copper cable cartridge backplane), 2 rack management
// switches and 2 BlueField-3 per compute tray (DGX GB200 User Guide, Hardware, "Rack Configuration" and
// "DGX GB200 Compute Tray": docs.nvidia.com/dgx/dgxgb200-user-guide/hardware.html). They are counted per
// rack, included with it (price 0, like a DGX's built-in NICs), and change neither the capex nor the
// scale-out fabric's switch count.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "test_catalog_support.h"

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

long long qtyOf(const Bom& bom, const std::string& part)
{
    long long n = 0;
    for (const BomLine& l : bom.lines)
        if (l.part == part) n += l.qty;
    return n;
}

} // namespace

class TestRackContents : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // The bundled example: 576 GPUs = 8 NVL72 racks of 18 trays (144 trays).
    void gb200ExampleListsEachRacksContent()
    {
        const ClusterSpec s = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/gb200-nvl72-8-racks.fabricplan").spec;
        const Plan p = makePlan(s, catalog_);
        const long long racks = 576 / 72;
        QCOMPARE(qtyOf(p.bom, "GB200-NVL72-NVLINK-SWITCH-TRAY"), 9 * racks);   // 72
        QCOMPARE(qtyOf(p.bom, "GB200-NVL72-NVLINK-SPINE"), 1 * racks);         // 8
        QCOMPARE(qtyOf(p.bom, "GB200-NVL72-RACK-MGMT-SWITCH"), 2 * racks);     // 16
        QCOMPARE(qtyOf(p.bom, "GB200-NVL72-TRAY-BLUEFIELD-3"), 144LL * 2);     // 2 per tray
        for (const BomLine& l : p.bom.lines) {
            if (l.category != BomCategory::RackContents) continue;
            QCOMPARE(l.extendedUsd, 0.0);
            QCOMPARE(l.includedWith, std::string("GB200-NVL72"));
            QVERIFY2(l.source.rfind("https://docs.nvidia.com/", 0) == 0, l.source.c_str());
            QVERIFY2(l.usedFor.find("per rack x 8 GB200-NVL72 racks") != std::string::npos, l.usedFor.c_str());
        }
        // Included, so the capex, the power and the fabric's switches are those of the same plan without them.
        Catalog without = catalog_;
        for (PlatformModel& m : without.platforms) m.rackContents.clear();
        const Plan bare = makePlan(s, without);
        QCOMPARE(p.estimates.capex.totalUsd, bare.estimates.capex.totalUsd);
        QCOMPARE(p.bom.totalPowerW, bare.bom.totalPowerW);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf) + p.fabric.switchCount(Tier::Spine),
                 bare.fabric.switchCount(Tier::Leaf) + bare.fabric.switchCount(Tier::Spine));
        QCOMPARE(p.bom.lines.size(), bare.bom.lines.size() + 4);
    }

    // A partial last rack is still a rack: 19 trays of 4 GPUs = 76 GPUs need 2 NVLink domains.
    void partialRackCountsWhole()
    {
        const PlatformModel* gb200 = catalog_.findPlatform("GB200-NVL72");
        QVERIFY(gb200);
        const std::vector<BomLine> lines = rackContentLines(*gb200, 19);
        QCOMPARE(lines.size(), gb200->rackContents.size());
        QCOMPARE(lines[0].qty, 2LL * gb200->rackContents[0].perRack);
        // GB300: the Enterprise RA's 9 NVSwitch trays and 2 in-rack SN2201.
        const PlatformModel* gb300 = catalog_.findPlatform("GB300-NVL72");
        QVERIFY(gb300);
        QCOMPARE(qtyOf(Bom{rackContentLines(*gb300, 18), 0, 0, 0, {}}, "GB300-NVL72-NVSWITCH-TRAY"), 9LL);
        QCOMPARE(qtyOf(Bom{rackContentLines(*gb300, 18), 0, 0, 0, {}}, "GB300-NVL72-RACK-SN2201"), 2LL);
    }

    // A server platform has no rack content: a DGX H100 plan lists none.
    void serversHaveNone()
    {
        ClusterSpec s = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024.fabricplan").spec;
        const Plan p = makePlan(s, catalog_);
        for (const BomLine& l : p.bom.lines) QVERIFY(l.category != BomCategory::RackContents);
        QVERIFY(catalog_.findPlatform("DGX-H100")->rackContents.empty());
    }

    // The plan JSON and bom.csv carry the lines under their own category, with price 0.
    void cliWritesThem()
    {
        const test::CliRun r = test::runCli({QStringLiteral("plan"),
                                             QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/gb200-nvl72-8-racks.fabricplan"),
                                             QStringLiteral("--json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
        int rackLines = 0;
        for (const auto& l : j["bom"])
            if (l["category"] == "rack_contents") {
                ++rackLines;
                QCOMPARE(l["extended_usd"].get<double>(), 0.0);
            }
        QCOMPARE(rackLines, 4);
    }

    // A version 8 file gains the table empty; the rows come with the bundled catalog it is upgraded from.
    void migrationAddsTheTable()
    {
        QTemporaryDir tmp;
        const std::string path = tmp.filePath(QStringLiteral("fresh.sqlite")).toStdString();
        testsupport::writeFile(path, "");
        QCOMPARE(migrateCatalog(path, catalogMigrations()), kCatalogSchemaVersion);
        QCOMPARE(testsupport::rawQuery(path, "SELECT count(*) FROM rack_contents"), std::string("0"));
        // The platform must exist (foreign key) and the count be positive.
        QVERIFY(testsupport::rawExec(path, "INSERT INTO rack_contents (system, item, kind, description, per_rack, source) "
                                           "VALUES ('NOPE', 'X', 'nvlink_spine', 'x', 1, 's')") != SQLITE_OK);
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestRackContents)
#include "test_rack_contents.moc"
