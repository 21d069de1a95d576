// Golden snapshots: every bundled example and a dozen representative specs, planned and printed as a
// readable text (golden_snapshot.h), diffed against tests/data/golden/<name>.txt. A change to the numbers
// then shows up in review as a diff of these files, on purpose. To accept an intended change:
//   tests/update-goldens.sh        (or FABRICPLAN_UPDATE_GOLDEN=1 ctest -R core/test_golden)
// then review `git diff tests/data/golden` like code.
#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "golden_snapshot.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

struct Case {
    std::string name;
    ClusterSpec spec;
};

std::vector<Case> representativeSpecs()
{
    std::vector<Case> cases;
    auto add = [&](const char* name, auto edit) {
        ClusterSpec s;
        s.name = name;
        edit(s);
        cases.push_back({name, s});
    };
    add("ib-ndr-256-two-tier", [](ClusterSpec& s) { s.gpus = 256; });
    add("ib-ndr-2048-three-tier", [](ClusterSpec& s) { s.gpus = 2048; s.tiers = 3; });
    add("ib-ndr-512-not-rail", [](ClusterSpec& s) { s.gpus = 512; s.railOptimized = false; });
    add("ib-ndr-1024-two-planes-200g", [](ClusterSpec& s) { s.planes = 2; s.linkGbps = 200; });
    add("ib-ndr-1024-leaf-2to1", [](ClusterSpec& s) { s.leafOversubscription = {2, 1}; });
    add("ib-ndr-512-in-rack-leaves", [](ClusterSpec& s) {
        s.gpus = 512;
        s.floor.leafPlacement = LeafPlacement::InRack;
        s.floor.nodesPerRack = 2;
    });
    add("ib-generic-radix-48", [](ClusterSpec& s) { s.gpus = 1024; s.genericRadix = 48; });
    add("ib-xdr-cx8-1152-two-planes", [](ClusterSpec& s) {
        s.gpus = 1152; s.nicModel = "900-9X81E-00EX-DT0"; s.switchModel = "Q3400-RA"; s.planes = 2; s.linkGbps = 400;
    });
    add("roce-th5-2048-third-party-low-power", [](ClusterSpec& s) {
        s.gpus = 2048; s.fabric = FabricKind::RoCE; s.switchModel = "DCS-7060X6-64PE"; s.linkGbps = 400;
        s.media.allowThirdPartyOptics = true; s.media.objective = MediaObjective::LowestPower;
    });
    add("spectrum-x-sn5600-8192", [](ClusterSpec& s) {
        s.gpus = 8192; s.fabric = FabricKind::SpectrumX; s.switchModel = "SN5600"; s.nicModel = "900-9D3D4-00EN-HA0";
        s.linkGbps = 400;
    });
    add("uec-pollara-1024-end-of-row-spines", [](ClusterSpec& s) {
        s.fabric = FabricKind::UEC; s.switchModel = "AIS800-64D"; s.nicModel = "POLLARA-400"; s.linkGbps = 400;
        s.floor.spinePlacement = SpinePlacement::EndOfRow;
    });
    add("ib-ndr-4096-no-spares-no-nics", [](ClusterSpec& s) {
        s.gpus = 4096; s.economics.sparesOpticsPct = 0; s.economics.spareSwitchPerN = 0; s.economics.includeNics = false;
    });
    add("ib-ndr-8-single-switch", [](ClusterSpec& s) { s.gpus = 64; s.tiers = 1; });
    return cases;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void snapshots_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("examplePath");
        for (const auto& e : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR))
            if (e.path().extension() == ".fabricplan") {
                const std::string stem = "example-" + e.path().stem().string();
                QTest::newRow(stem.c_str()) << QString::fromStdString(stem) << QString::fromStdString(e.path().string());
            }
        for (const Case& c : representativeSpecs())
            QTest::newRow(c.name.c_str()) << QString::fromStdString(c.name) << QString();
    }

    void snapshots()
    {
        QFETCH(QString, name);
        QFETCH(QString, examplePath);
        ClusterSpec spec;
        if (!examplePath.isEmpty()) {
            spec = loadSpecFile(examplePath.toStdString()).spec;
        } else {
            for (const Case& c : representativeSpecs())
                if (c.name == name.toStdString()) spec = c.spec;
        }
        std::string text = "# golden snapshot " + name.toStdString() + " (regenerate: tests/update-goldens.sh)\n";
        text += "spec: fabric=" + std::string(toString(spec.fabric)) + " switch=" + spec.switchModel +
                " nic=" + spec.nicModel + " gpus=" + std::to_string(spec.gpus) + "\n";
        try {
            text += golden::snapshot(makePlan(spec, catalog_));
        } catch (const UserError& e) {
            text += std::string("error: ") + e.what() + "\n";
        }
        const std::string path = std::string(FABRICPLAN_TEST_DATA) + "/golden/" + name.toStdString() + ".txt";
        if (std::getenv("FABRICPLAN_UPDATE_GOLDEN")) {
            std::filesystem::create_directories(std::filesystem::path(path).parent_path());
            std::ofstream(path) << text;
            return;
        }
        QVERIFY2(std::filesystem::exists(path),
                 qPrintable("no golden file " + QString::fromStdString(path) + "; run tests/update-goldens.sh"));
        const std::string expected = readFile(path);
        if (expected != text) {
            std::ofstream(path + ".actual") << text;
            QFAIL(qPrintable("plan differs from " + QString::fromStdString(path) + "; diff it with " +
                             QString::fromStdString(path) + ".actual, and if the change is intended run "
                             "tests/update-goldens.sh and review the diff"));
        }
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestGolden)
#include "test_golden.moc"
