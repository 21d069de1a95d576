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
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/resolve.h"
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

const std::string* noteContaining(const Plan& p, const std::string& text)
{
    for (const std::string& n : p.fabric.notes)
        if (n.find(text) != std::string::npos) return &n;
    return nullptr;
}

bool hasRule(const Plan& p, const char* rule)
{
    for (const Finding& f : p.findings)
        if (f.rule == rule) return f.severity == Severity::Error;
    return false;
}

// Relative closeness for sums of a few thousand prices (the BOM adds them in another order).
bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

} // namespace

class TestBuiltinNics : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Which rows say so: every DGX and NVL72 and HGX B300 with a source; other HGX OEM, PCIe and custom servers buy cards.
    void catalogFlagsTheSystemsThatShipWithNics()
    {
        // HGX B300 too: its baseboard carries the ConnectX-8s (third-party sources, platforms.csv notes).
        for (const char* id : {"DGX-H100", "DGX-H200", "DGX-B200", "DGX-B300", "HGX-B300", "GB200-NVL72", "GB300-NVL72"}) {
            const PlatformModel* p = catalog_.findPlatform(id);
            QVERIFY2(p && p->nicsBuiltIn, id);
            QVERIFY2(p->nicsBuiltInSource.rfind("https://", 0) == 0, id);
            QVERIFY2(!p->nicPart.empty() && p->nicsPerNode > 0, id);
        }
        for (const char* id : {"HGX-H100", "HGX-H200", "HGX-B200", "PCIE-8GPU", "CUSTOM"}) {
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
                              "single-node-8-gpus.fabricplan"})
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

    // The BOM line of a built-in NIC names the system, not the add-in card that stands in for it in the
    // catalog (its "HHHL" form factor fits no DGX); a card server's line keeps the card's description.
    void builtInNicLineNamesTheSystem()
    {
        ClusterSpec dgx, hgx;
        dgx.gpus = hgx.gpus = 256;
        applyPlatform(dgx, *catalog_.findPlatform("DGX-H100"));
        applyPlatform(hgx, *catalog_.findPlatform("HGX-H100"));
        const std::string& card = catalog_.findNic("MCX75310AAS-NEAT")->description;
        QCOMPARE(nicLine(makePlan(dgx, catalog_))->description, std::string("ConnectX-7 VPI (built into DGX-H100)"));
        QCOMPARE(nicLine(makePlan(hgx, catalog_))->description, card);
    }

    // The bug: comparing the DGX SuperPODs (and the GB200 racks) priced 1,024 BlueField-3 SuperNICs for
    // Spectrum-X and AMD Pollara cards for UEC, add-in cards these systems cannot take. Every fabric now
    // plans with the system's own NIC at no price, every candidate considered names it, and the fabrics
    // whose NIC-side features it lacks (not a SuperNIC, no packet spraying: the catalog's flags) are not
    // buildable on the system, say why, and are never recommended.
    void comparisonKeepsTheBuiltInNic_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : {"dgx-h100-superpod-1024.fabricplan", "dgx-b200-superpod-1024.fabricplan",
                              "gb200-nvl72-8-racks.fabricplan"})
            QTest::newRow(f) << QString::fromUtf8(f);
    }
    void comparisonKeepsTheBuiltInNic()
    {
        QFETCH(QString, file);
        const ClusterSpec spec = example(file.toUtf8().constData());
        const PlatformModel& platform = *catalog_.findPlatform(spec.platform);
        QVERIFY(platform.nicsBuiltIn);
        const NicModel& builtIn = *catalog_.findNic(platform.nicPart);
        QVERIFY(!builtIn.superNic && !builtIn.packetSpraying);  // ConnectX-7 in all three
        const Comparison c = comparePlans(spec, catalog_);
        QCOMPARE(c.plans.size(), std::size_t(4));
        for (std::size_t k = 0; k < c.plans.size(); ++k) {
            const Plan& p = c.plans[k];
            const char* fabric = displayName(p.spec.fabric);
            const BomLine* line = nicLine(p);
            QVERIFY2(line && line->part == platform.nicPart, fabric);
            QCOMPARE(line->extendedUsd, 0.0);
            QCOMPARE(p.estimates.capex.nicsUsd, 0.0);
            for (const CompareCandidate& cand : c.alternatives[k].candidates)
                QVERIFY2(cand.nicModel == platform.nicPart, (std::string(fabric) + " " + cand.nicModel).c_str());
            // Not buildable as that fabric on this system: an error, not a part it cannot hold.
            const bool lacks = p.spec.fabric == FabricKind::SpectrumX || p.spec.fabric == FabricKind::UEC;
            const std::string* note = noteContaining(p, "built-in NIC " + platform.nicPart);
            QVERIFY2(lacks == (note != nullptr), fabric);
            QCOMPARE(hasRule(p, "platform.builtin-nic"), lacks);
            QCOMPARE(c.alternatives[k].buildable, !lacks && p.errorCount() == 0);
            if (lacks) QVERIFY(c.advice.recommended != p.spec.fabric);
            if (note) QVERIFY2(note->find("Compare on HGX-") != std::string::npos || platform.id == "GB200-NVL72",
                               note->c_str());
            // Its error cannot go away at a lower speed, so the round is not planned again at half the
            // NIC's (a split plan wins only without errors): every candidate is at the NIC's own speed.
            if (lacks)
                for (const CompareCandidate& cand : c.alternatives[k].candidates)
                    QVERIFY2(cand.linkGbps == builtIn.portGbps, (std::string(fabric) + " " + cand.switchModel).c_str());
        }
    }

    // ConnectX-8 SuperNICs (DGX B300, GB300 trays) run Spectrum-X in full (SuperPOD B300 RA): no note
    // there; they do not spray packets, so UEC says what is missing. Still no other NIC anywhere.
    void connectX8SystemsRunSpectrumX()
    {
        ClusterSpec spec;
        spec.gpus = 256;
        applyPlatform(spec, *catalog_.findPlatform("DGX-B300"));
        const NicModel& cx8 = *catalog_.findNic(spec.nicModel);
        QVERIFY(cx8.superNic && !cx8.packetSpraying);
        const Comparison c = comparePlans(spec, catalog_);
        for (const Plan& p : c.plans) {
            QCOMPARE(nicLine(p)->part, cx8.partNumber);
            const bool note = noteContaining(p, "built-in NIC") != nullptr;
            QCOMPARE(note, p.spec.fabric == FabricKind::UEC);
            QCOMPARE(hasRule(p, "platform.builtin-nic"), p.spec.fabric == FabricKind::UEC);
        }
    }

    // HGX servers take cards: their comparison still retargets to each fabric's NIC (a SuperNIC for
    // Spectrum-X, a packet-spraying NIC for UEC), priced, and says nothing of built-in NICs.
    void cardServersStillRetarget()
    {
        ClusterSpec spec;
        spec.gpus = 1024;
        applyPlatform(spec, *catalog_.findPlatform("HGX-H100"));
        const Comparison c = comparePlans(spec, catalog_);
        for (const Plan& p : c.plans) {
            const NicModel& nic = p.hardware.nic;
            QVERIFY(nicRunsFabric(nic, p.spec.fabric));
            QVERIFY(p.estimates.capex.nicsUsd > 0);
            QVERIFY(!noteContaining(p, "built-in NIC"));
            QVERIFY(!hasRule(p, "platform.builtin-nic"));
        }
    }

    // `plan --platform DGX-H100 --fabric spectrum-x` takes the same rule: the built-in NIC, flagged, and the
    // note; HGX H100 takes each fabric's own NIC.
    void fabricDefaultsKeepTheBuiltInNic()
    {
        ClusterSpec dgx, hgx;
        dgx.gpus = hgx.gpus = 256;
        applyPlatform(dgx, *catalog_.findPlatform("DGX-H100"));
        applyPlatform(hgx, *catalog_.findPlatform("HGX-H100"));
        for (FabricKind f : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
            const plan::FabricParts d = plan::partsForFabric(dgx, f, catalog_);
            QCOMPARE(d.spec.nicModel, std::string("MCX75310AAS-NEAT"));
            const bool lacks = f == FabricKind::SpectrumX || f == FabricKind::UEC;
            QVERIFY2(lacks == (d.why.find("Compare on HGX-H100") != std::string::npos), d.why.c_str());
            QCOMPARE(d.clean, !lacks);
            const NicModel& picked = *catalog_.findNic(plan::partsForFabric(hgx, f, catalog_).spec.nicModel);
            QVERIFY2(nicRunsFabric(picked, f), picked.partNumber.c_str());
        }
    }

    // Random designs over every platform: no compared plan, and no candidate, has a NIC its platform
    // cannot hold (on a platform with built-in NICs: that NIC, whatever NIC the design named).
    void randomComparisonsHoldOnlyTheirNics()
    {
        std::mt19937 rng(20261203);
        std::vector<const PlatformModel*> platforms;
        for (const PlatformModel& p : catalog_.platforms) platforms.push_back(&p);
        const FabricKind fabrics[] = {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC};
        const int gpuChoices[] = {64, 128, 256, 576};
        int compared = 0, builtIn = 0;
        std::string failures;
        const auto next = [&] {
            ClusterSpec s;
            s.gpus = gpuChoices[rng() % std::size(gpuChoices)];
            s.fabric = fabrics[rng() % std::size(fabrics)];
            if (s.fabric != FabricKind::InfiniBand) s.switchModel = "SN5600";
            applyPlatform(s, *platforms[rng() % platforms.size()]);
            if (s.fabric == FabricKind::SpectrumX && rng() % 2 == 0) s.nicModel = "900-9D3D4-00EN-HA0";
            return s;
        };
        test::planRandomSpecs(catalog_, 16, 200, next, [&](const ClusterSpec& s, Plan&, int) {
            const PlatformModel* platform = catalog_.findPlatform(s.platform);
            Comparison c;
            try {
                c = comparePlans(s, catalog_);
            } catch (const UserError&) {
                return true;
            }
            ++compared;
            if (!platform || !platform->nicsBuiltIn) return true;
            ++builtIn;
            for (std::size_t k = 0; k < c.plans.size(); ++k) {
                if (c.plans[k].hardware.nic.partNumber != platform->nicPart)
                    failures += "\n  " + s.platform + " plan " + c.plans[k].hardware.nic.partNumber;
                for (const CompareCandidate& cand : c.alternatives[k].candidates)
                    if (cand.nicModel != platform->nicPart) failures += "\n  " + s.platform + " candidate " + cand.nicModel;
            }
            return true;
        });
        QVERIFY2(failures.empty(), failures.c_str());
        qInfo("%d random comparisons, %d on platforms with built-in NICs", compared, builtIn);
        QVERIFY(compared >= 12);
        QVERIFY(builtIn >= 4);
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
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "ALTER TABLE switches DROP COLUMN open_optics; ALTER TABLE nics DROP COLUMN open_optics; "
                                            "ALTER TABLE nics DROP COLUMN eth_port_gbps; "
                                            "ALTER TABLE nics DROP COLUMN eth_ports_per_cage; "
                                            "ALTER TABLE platforms DROP COLUMN nics_built_in_source; "
                                            "ALTER TABLE platforms DROP COLUMN nics_built_in; "
                                            "DROP TABLE asics; UPDATE schema_version SET version = 3"),
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
