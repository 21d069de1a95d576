// NICs a platform ships with (DGX H100/H200/B200/B300, GB200/GB300 NVL72 trays: platforms.csv
// nics_built_in) are listed in the BOM at their count but bought with the system, so they add nothing to
// network capex; other servers buy NIC cards. Expected figures are computed here from the catalog rows
// (platform, NIC, price), never from what the planner printed before.
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "catalog/catalog_db.h"
#include "catalog/platforms.h"
#include "common/error.h"
#include "plan/compare_bound.h"
#include "plan/plan.h"
#include "random_plans.h"
#include "spec/spec_json.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

const BomLine* nicLine(const Plan& p)
{
    for (const BomLine& l : p.bom.lines)
        if (l.category == BomCategory::Nics) return &l;
    return nullptr;
}

ClusterSpec example(const char* name)
{
    return loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/" + name).spec;
}

double nicPrice(const Catalog& catalog, const std::string& part, const Economics& eco)
{
    const NicModel* nic = catalog.findNic(part);
    const PriceQuote* q = nic ? catalog.priceFor(*nic, eco) : nullptr;
    return q ? q->priceUsd : -1.0;
}

// Relative closeness for sums of a few thousand prices (the BOM adds them in another order).
bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

} // namespace

class TestBuiltinNics : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Which rows say so: every DGX and NVL72 with a source; HGX OEM, PCIe and custom servers buy cards.
    void catalogFlagsTheSystemsThatShipWithNics()
    {
        for (const char* id : {"DGX-H100", "DGX-H200", "DGX-B200", "DGX-B300", "GB200-NVL72", "GB300-NVL72"}) {
            const PlatformModel* p = catalog_.findPlatform(id);
            QVERIFY2(p && p->nicsBuiltIn, id);
            QVERIFY2(p->nicsBuiltInSource.rfind("https://", 0) == 0, id);
            QVERIFY2(!p->nicPart.empty() && p->nicsPerNode > 0, id);
        }
        for (const char* id : {"HGX-H100", "HGX-H200", "HGX-B200", "HGX-B300", "PCIE-8GPU", "CUSTOM"}) {
            const PlatformModel* p = catalog_.findPlatform(id);
            QVERIFY2(p && !p->nicsBuiltIn && p->nicsBuiltInSource.empty(), id);
        }
    }

    // The bug: the 1,024-GPU DGX H100 SuperPOD ordered 1,024 HHHL ConnectX-7 cards on top of the DGX systems.
    // Its capex now falls by exactly nodes x NICs x the card's price; the NIC line keeps its count.
    void dgxSuperPodCapexFallsByTheNicsItShipsWith()
    {
        const ClusterSpec spec = example("dgx-h100-superpod-1024.fabricplan");
        const PlatformModel& dgx = *catalog_.findPlatform("DGX-H100");
        QCOMPARE(spec.platform, dgx.id);
        const long long nodes = spec.gpus / dgx.gpusPerNode;             // 1,024 / 8 = 128
        const long long nics = nodes * dgx.nicsPerNode;                  // 1,024
        const double price = nicPrice(catalog_, dgx.nicPart, spec.economics);
        QVERIFY(price > 0);
        const double builtIn = double(nics) * price;                     // $1,870 x 1,024 in the seed

        Catalog asCards = catalog_;  // the same catalog with DGX H100's NICs bought as cards: the old plan
        for (PlatformModel& p : asCards.platforms)
            if (p.id == dgx.id) p.nicsBuiltIn = false;
        const Plan cards = makePlan(spec, asCards);
        const Plan p = makePlan(spec, catalog_);

        QVERIFY(near(cards.estimates.capex.totalUsd - p.estimates.capex.totalUsd, builtIn));
        QVERIFY(near(cards.estimates.capex.nicsUsd, builtIn));
        QCOMPARE(p.estimates.capex.nicsUsd, 0.0);
        QVERIFY(near(cards.estimates.tcoUsd - p.estimates.tcoUsd, builtIn));
        QVERIFY(near(cards.estimates.capex.perGpuUsd - p.estimates.capex.perGpuUsd, builtIn / double(spec.gpus)));
        QVERIFY(near(cards.bom.totalUsd - p.bom.totalUsd, builtIn));
        // Everything else is the same plan.
        QCOMPARE(p.estimates.capex.switchesUsd, cards.estimates.capex.switchesUsd);
        QCOMPARE(p.estimates.capex.transceiversUsd, cards.estimates.capex.transceiversUsd);
        QCOMPARE(p.bom.lines.size(), cards.bom.lines.size());
        QCOMPARE(p.estimates.opex.powerKw, cards.estimates.opex.powerKw);  // the NICs still draw power

        const BomLine* line = nicLine(p);
        QVERIFY(line);
        QCOMPARE(line->part, dgx.nicPart);
        QCOMPARE(line->qty, nics);
        QCOMPARE(line->unitPriceUsd, 0.0);
        QCOMPARE(line->extendedUsd, 0.0);
        QCOMPARE(line->includedWith, dgx.id);
        QCOMPARE(line->priceSource, std::string("included with DGX-H100"));
        QVERIFY2(line->usedFor.find("built into DGX-H100") != std::string::npos, line->usedFor.c_str());
        QVERIFY(!line->priceEstimated);
        QCOMPARE(nicLine(cards)->qty, nics);
        QVERIFY(nicLine(cards)->includedWith.empty());
    }

    // Designs without such a platform price their NIC cards as before: qty x the catalog price.
    void cardServersStillBuyTheirNics_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : {"spectrum-x-hgx-4096.fabricplan", "roce-tomahawk5-4096.fabricplan",
                              "xdr-b300-4608.fabricplan", "single-node-8-gpus.fabricplan"})
            QTest::newRow(f) << QString::fromUtf8(f);
    }
    void cardServersStillBuyTheirNics()
    {
        QFETCH(QString, file);
        const ClusterSpec spec = example(file.toUtf8().constData());
        const PlatformModel* platform = catalog_.findPlatform(spec.platform);
        QVERIFY(!platform || !platform->nicsBuiltIn);
        const Plan p = makePlan(spec, catalog_);
        const BomLine* line = nicLine(p);
        QVERIFY(line);
        const double price = nicPrice(catalog_, line->part, spec.economics);
        QVERIFY(price > 0);
        QCOMPARE(line->qty, (long long)p.fabric.nodeCount * spec.nicsPerNode);
        QVERIFY(near(p.estimates.capex.nicsUsd, double(line->qty) * price));
        QVERIFY(line->includedWith.empty());
    }

    // HGX H100 (OEM) is the same board as DGX H100 with NIC cards the buyer chooses: those are bought.
    void hgxPricesTheCardsDgxDoesNot()
    {
        ClusterSpec hgx, dgx;
        hgx.gpus = dgx.gpus = 256;
        applyPlatform(hgx, *catalog_.findPlatform("HGX-H100"));
        applyPlatform(dgx, *catalog_.findPlatform("DGX-H100"));
        const Plan ph = makePlan(hgx, catalog_), pd = makePlan(dgx, catalog_);
        const double price = nicPrice(catalog_, "MCX75310AAS-NEAT", hgx.economics);
        QVERIFY(near(ph.estimates.capex.nicsUsd, 32.0 * 8 * price));  // 256 GPUs / 8 = 32 nodes x 8 cards
        QCOMPARE(pd.estimates.capex.nicsUsd, 0.0);
        QCOMPARE(nicLine(ph)->qty, nicLine(pd)->qty);
    }

    // Another NIC named on a DGX (what the comparison's other fabrics do) is bought as add-in cards at its
    // catalog price; fewer NICs per node leave ports dark and still buy nothing.
    void anotherNicOnADgxIsBoughtAsCards()
    {
        ClusterSpec spec;
        spec.gpus = 256;
        applyPlatform(spec, *catalog_.findPlatform("DGX-H100"));
        ClusterSpec other = spec;
        other.nicModel = "MCX755106AS-HEAT";  // ConnectX-7 2 x 200G QSFP112 card, VPI
        const Plan po = makePlan(other, catalog_);
        const BomLine* line = nicLine(po);
        QVERIFY(line && line->includedWith.empty());
        QVERIFY(near(po.estimates.capex.nicsUsd, 32.0 * 8 * nicPrice(catalog_, "MCX755106AS-HEAT", spec.economics)));
        QVERIFY(near(plan::nicCostUsd(other, catalog_), po.estimates.capex.nicsUsd));
        ClusterSpec fewer = spec;
        fewer.nicsPerNode = 4;
        const Plan p = makePlan(fewer, catalog_);
        QCOMPARE(nicLine(p)->qty, 32LL * 4);
        QCOMPARE(p.estimates.capex.nicsUsd, 0.0);
    }

    // The comparison's NIC cost is what the BOM counts, for random designs on every platform (and none).
    void comparisonNicCostIsTheBomsForRandomSpecs()
    {
        std::mt19937 rng(20261202);
        std::vector<const PlatformModel*> platforms{nullptr};
        for (const PlatformModel& p : catalog_.platforms) platforms.push_back(&p);
        const FabricKind fabrics[] = {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC};
        const int gpuChoices[] = {64, 256, 576, 1024, 2304, 4096};
        int builtIn = 0, bought = 0;
        std::vector<std::string> failures;
        const auto next = [&] {
            ClusterSpec s;
            s.gpus = gpuChoices[rng() % std::size(gpuChoices)];
            s.fabric = fabrics[rng() % std::size(fabrics)];
            if (s.fabric != FabricKind::InfiniBand) s.switchModel = "SN5600";
            if (const PlatformModel* p = platforms[rng() % platforms.size()]) applyPlatform(s, *p);
            if (s.fabric == FabricKind::SpectrumX && rng() % 2 == 0) s.nicModel = "900-9D3D4-00EN-HA0";
            return s;
        };
        const test::RandomPlans r = test::planRandomSpecs(catalog_, 60, 600, next, [&](const ClusterSpec& s, Plan& p, int) {
            const double bound = plan::nicCostUsd(s, catalog_);
            if (!near(bound, p.estimates.capex.nicsUsd) && failures.size() < 10)
                failures.push_back(s.platform + " " + s.nicModel + " " + std::to_string(s.gpus) + ": nicCostUsd " +
                                   std::to_string(bound) + " vs BOM " + std::to_string(p.estimates.capex.nicsUsd));
            const BomLine* line = nicLine(p);
            (line && !line->includedWith.empty() ? builtIn : bought) += 1;
            return true;
        });
        std::string all;
        for (const std::string& f : failures) all += "\n  " + f;
        QVERIFY2(failures.empty(), all.c_str());
        qInfo("%d random plans in %d attempts: %d with built-in NICs, %d buying them", r.planned, r.attempts, builtIn,
              bought);
        QVERIFY(r.planned >= 60);
        QVERIFY(builtIn >= 10);  // both paths are exercised
        QVERIFY(bought >= 10);
    }

    // The schema refuses a built-in flag without its source (and without the part it names).
    void seedRowWithoutSourceIsRefused()
    {
        QTemporaryDir tmp;
        const std::filesystem::path seed = std::filesystem::path(tmp.path().toStdString()) / "seed";
        std::filesystem::copy(testsupport::seedDir(), seed);
        std::ifstream in(seed / "platforms.csv");
        std::stringstream text;
        text << in.rdbuf();
        std::string csv = text.str();
        const std::string url =
            ",1,https://docs.nvidia.com/dgx-basepod/reference-architecture-infrastructure-foundation-enterprise-ai/latest/core-components.html,";
        const auto at = csv.find(url);
        QVERIFY(at != std::string::npos);
        csv.replace(at, url.size(), ",1,,");
        std::ofstream(seed / "platforms.csv", std::ios::trunc) << csv;
        try {
            buildCatalogFromSeed(seed.string(), (seed / "out.sqlite").string());
            QFAIL("a built-in NIC without a source was accepted");
        } catch (const UserError& e) {
            QVERIFY2(e.where.rfind("platforms.csv:2", 0) == 0, e.where.c_str());  // DGX-H100, the first row
        }
    }

    // A version 3 catalog (before the column) learns which shipped platforms have built-in NICs.
    void migratedCatalogKnowsTheBuiltInNics()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v3.sqlite");
        QCOMPARE(testsupport::rawExec(path, "ALTER TABLE platforms DROP COLUMN nics_built_in_source; "
                                            "ALTER TABLE platforms DROP COLUMN nics_built_in; "
                                            "UPDATE schema_version SET version = 3"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        for (const PlatformModel& p : c.platforms) {
            const PlatformModel& seeded = *catalog_.findPlatform(p.id);
            QCOMPARE(p.nicsBuiltIn, seeded.nicsBuiltIn);
            QCOMPARE(p.nicsBuiltInSource, seeded.nicsBuiltInSource);
        }
    }
};

QTEST_GUILESS_MAIN(TestBuiltinNics)
#include "test_builtin_nics.moc"
