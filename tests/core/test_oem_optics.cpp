// Procurement truth (issue 39, core/media/README.md "OEM only"): with third-party optics off (the CLI
// default, the GUI box unticked) the BOM holds the switch's and NIC's vendors' own optics and cables;
// open-optics white boxes take third-party parts as their supported path and the BOM says so; generic
// rows say "Generic, quote needed"; where no OEM part fits, the plan has a finding with the fix.
// Expectations are counted from the design, not from output: the RoCE Tomahawk 5 example (4,096 400G NICs
// on 7060X6-64PE leaves and spines at 1:1) fills 4,096 leaf down ports, 4,096 leaf up ports and 4,096
// spine ports, 12,288 ports in 6,144 twin-port cages: one Arista module per cage. On main it ordered 1,402
// MSA-OSFP-800G-2FR4 and 4,742 MSA-OSFP-800G-2XSR4 (6,144 generic modules) with the box unticked.
#include <QtTest>
#include <QTemporaryDir>

#include <filesystem>
#include <set>

#include "catalog/catalog_db.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

#include "oem_lines.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

bool isOptic(const BomLine& l) { return l.category == BomCategory::Transceivers || l.category == BomCategory::Cables; }

std::string mediaErrors(const Plan& p)
{
    std::string s;
    for (const Finding& f : p.findings)
        if (f.severity == Severity::Error && f.rule.rfind("media.", 0) == 0) s += f.rule + ": " + f.message + "\n";
    return s;
}

} // namespace

class TestOemOptics : public QObject {
    Q_OBJECT
    Catalog cat_;

    ClusterSpec example(const char* file)
    {
        return loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/" + file).spec;
    }

private slots:
    void initTestCase() { cat_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Every bundled example, as shipped and with third-party optics off.
    void bundledExamplesOrderOemPartsOnly()
    {
        int checked = 0;
        for (const auto& e : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR)) {
            if (e.path().extension() != ".fabricplan") continue;
            ClusterSpec spec = loadSpecFile(e.path().string()).spec;
            for (bool allow : {spec.media.allowThirdPartyOptics, false}) {
                spec.media.allowThirdPartyOptics = allow;
                const Plan p = makePlan(spec, cat_);
                const std::string bad = test::firstNonOemPart(spec, p);
                QVERIFY2(bad.empty(), qPrintable(QString::fromStdString(e.path().filename().string() + ": " + bad)));
                ++checked;
            }
        }
        QVERIFY(checked >= 18);  // 9 examples, twice
    }

    void tomahawkExampleWithThirdPartyOffOrdersAristaAndNvidia()
    {
        ClusterSpec spec = example("roce-tomahawk5-4096.fabricplan");
        spec.media.allowThirdPartyOptics = false;
        const Plan p = makePlan(spec, cat_);
        QVERIFY2(mediaErrors(p).empty(), mediaErrors(p).c_str());
        long long arista = 0, nvidia = 0;
        for (const BomLine& l : p.bom.lines) {
            if (!isOptic(l)) continue;
            QVERIFY2(l.vendor == "Arista" || l.vendor == "NVIDIA", qPrintable(QString::fromStdString(l.part + " " + l.vendor)));
            if (l.category == BomCategory::Transceivers) (l.vendor == "Arista" ? arista : nvidia) += l.qty;
        }
        QCOMPARE(arista, 6144LL);  // one per used switch cage (header)
        // The NIC end: one NVIDIA module per ConnectX-7 (4,096), unless some host links are copper.
        QVERIFY2(nvidia <= 4096, qPrintable(QString::number(nvidia)));
    }

    // The example as shipped allows third-party optics: generic rows then say a quote is needed and why
    // they are there.
    void genericRowsSayQuoteNeeded()
    {
        const Plan p = makePlan(example("roce-tomahawk5-4096.fabricplan"), cat_);
        int generic = 0;
        for (const BomLine& l : p.bom.lines) {
            if (l.vendor != "Generic MSA" || !isOptic(l)) continue;
            ++generic;
            QVERIFY2(l.description.rfind("Generic, quote needed: ", 0) == 0, l.description.c_str());
            QVERIFY2(l.usedFor.find("third-party optics allowed by the design") != std::string::npos, l.usedFor.c_str());
        }
        QVERIFY(generic > 0);
    }

    // A UEC fabric of white-box switches (Edgecore AIS800-64D) and AMD Pollara NICs: neither vendor sells
    // optics (switches.csv / nics.csv open_optics), so MSA parts are their supported path: the plan needs
    // no third-party box, has no media error, and its lines say why the parts are third-party.
    void openOpticsWhiteBoxPlansWithoutTheBox()
    {
        ClusterSpec s;
        s.fabric = FabricKind::UEC;
        s.switchModel = "AIS800-64D";
        s.nicModel = "POLLARA-400";
        s.gpus = 1024;
        s.linkGbps = 400;
        s.media.allowThirdPartyOptics = false;
        const Plan p = makePlan(s, cat_);
        QVERIFY2(mediaErrors(p).empty(), mediaErrors(p).c_str());
        int open = 0;
        for (const BomLine& l : p.bom.lines) {
            if (!isOptic(l) || l.vendor == "Edgecore" || l.vendor == "AMD") continue;
            QVERIFY2(l.usedFor.find("open optics") != std::string::npos, l.usedFor.c_str());
            QVERIFY2(l.usedFor.find("allowed by the design") == std::string::npos, l.usedFor.c_str());
            ++open;
        }
        QVERIFY(open > 0);
        QVERIFY(test::firstNonOemPart(s, p).empty());
    }

    // An OEM switch whose vendor's parts in the catalog do not fit the links (Juniper QFX5240 at 400G: the
    // catalog's one Juniper optic is an 800G DR8): with the box unticked the plan orders no generic part for
    // those links and says what to do; with it ticked, generic parts fit.
    void noOemPartIsAFindingWithTheFix()
    {
        ClusterSpec s;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "QFX5240-64OD";
        s.nicModel = "MCX75310AAS-NEAT";
        s.gpus = 512;
        s.linkGbps = 400;
        s.media.allowThirdPartyOptics = false;
        const Plan off = makePlan(s, cat_);
        bool said = false;
        for (const Finding& f : off.findings)
            if (f.rule == "media.no-part" && f.severity == Severity::Error &&
                QString::fromStdString(f.fix).contains("third-party optics", Qt::CaseInsensitive))
                said = true;
        QVERIFY(said);
        for (const BomLine& l : off.bom.lines)
            QVERIFY2(!isOptic(l) || l.vendor == "Juniper" || l.vendor == "NVIDIA", l.part.c_str());
        QVERIFY(test::firstNonOemPart(s, off).empty());
        s.media.allowThirdPartyOptics = true;
        const Plan on = makePlan(s, cat_);
        QVERIFY2(mediaErrors(on).empty(), mediaErrors(on).c_str());
    }

    // 100GbE links on SN4600C (QSFP28) longer than NVIDIA's 100 m AOC: its own 100G optics are not in the
    // catalog (no public datasheet), so with the box unticked nothing fits. A 100 m AOC is a candidate with
    // the fewest issues (one: too short), but the finding names what would fit, the generic CWDM4 pair,
    // because allowing third-party optics is the fix; ticked, that pair plans the links with no error.
    void noOemPartNamesTheThirdPartyPartThatWouldFit()
    {
        ClusterSpec s;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN4600C";
        s.nicModel = "MCX715105AS-WEAT";
        s.gpus = 8 * 1024;
        s.gpusPerNode = 8;
        s.nicsPerNode = 1;
        s.linkGbps = 100;
        s.railOptimized = false;
        s.floor.racksPerRow = 200;  // one node a rack in 120 m rows: host routes beyond the 100 m AOC
        s.floor.nodesPerRack = 1;
        s.media.allowThirdPartyOptics = false;
        const Plan off = makePlan(s, cat_);
        bool named = false;
        for (const Finding& f : off.findings)
            if (f.rule == "media.no-part" && f.message.find("no OEM part fits") != std::string::npos &&
                f.message.find("third-party: MSA-QSFP28-100G-CWDM4 + MSA-QSFP28-100G-CWDM4") != std::string::npos)
                named = true;
        QVERIFY2(named, mediaErrors(off).c_str());
        s.media.allowThirdPartyOptics = true;
        const Plan on = makePlan(s, cat_);
        QVERIFY2(mediaErrors(on).empty(), mediaErrors(on).c_str());
        bool usesCwdm4 = false;
        for (const BomLine& l : on.bom.lines) usesCwdm4 |= l.part == "MSA-QSFP28-100G-CWDM4";
        QVERIFY(usesCwdm4);
    }

    // An open-optics switch still has its list: an NVIDIA module pinned in a UfiSpace S9321-64EO is not a
    // third-party choice there (the switch takes any vendor's), but it is not on the S9321's list of MSA
    // parts: a media.not-qualified warning, the part kept.
    void openOpticsSwitchKeepsItsList()
    {
        ClusterSpec s;
        s.fabric = FabricKind::UEC;
        s.switchModel = "S9321-64EO";
        s.nicModel = "POLLARA-400";
        s.gpus = 1024;
        s.linkGbps = 400;
        s.tiers = 2;
        s.media.pins = {{"leaf_spine", "MMS4X00-NM"}};
        const Plan p = makePlan(s, cat_);
        int notQualified = 0, thirdParty = 0;
        for (const Finding& f : p.findings) {
            notQualified += f.rule == "media.not-qualified" ? 1 : 0;
            thirdParty += f.rule == "media.third-party" ? 1 : 0;
        }
        QVERIFY(notQualified >= 1);
        QCOMPARE(thirdParty, 0);
    }

    // A version 6 catalog (before the column) learns the open-optics flags version 7 shipped with: the two
    // white boxes and the AMD and Broadcom NICs, and no other part.
    void version6CatalogLearnsOpenOptics()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v6.sqlite");
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "ALTER TABLE switches DROP COLUMN open_optics; "
                                            "ALTER TABLE nics DROP COLUMN open_optics; UPDATE schema_version SET version = 6"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        std::set<std::string> open;
        for (const SwitchModel& m : c.switches)
            if (m.openOptics) open.insert(m.partNumber);
        for (const NicModel& m : c.nics)
            if (m.openOptics) open.insert(m.partNumber);
        // SN2201 is version 9's (its RJ45 cages take any Cat6 cord); a real version 6 file has no such row.
        QCOMPARE(open, (std::set<std::string>{"AIS800-64D", "S9321-64EO", "POLLARA-400", "BCM957608-P1400GDF00", "SN2201"}));
        for (const SwitchModel& m : c.switches) QCOMPARE(m.openOptics, cat_.findSwitch(m.partNumber)->openOptics);
    }

    // The catalog rule itself: own vendor, open optics, third-party.
    void originOfAPart()
    {
        const PartBase* msa = cat_.findPart("MSA-OSFP-800G-2XDR4");
        const PartBase* arista = cat_.findPart("OSFP-800G-2XDR4");
        QVERIFY(msa && arista);
        QVERIFY(cat_.originAt("DCS-7060X6-64PE", *arista) == PartOrigin::Oem);
        QVERIFY(cat_.originAt("DCS-7060X6-64PE", *msa) == PartOrigin::ThirdParty);
        QVERIFY(cat_.originAt("S9321-64EO", *msa) == PartOrigin::OpenOptics);
        QVERIFY(cat_.originAt("S9321-64EO", *arista) == PartOrigin::OpenOptics);
        QVERIFY(cat_.originAt("MQM9700-NS2F", *msa) == PartOrigin::ThirdParty);
        QVERIFY(cat_.originAt("POLLARA-400", *msa) == PartOrigin::OpenOptics);
    }
};

QTEST_GUILESS_MAIN(TestOemOptics)
#include "test_oem_optics.moc"
