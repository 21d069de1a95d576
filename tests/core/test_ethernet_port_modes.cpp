// A NIC's Ethernet port mode (nics.csv eth_ports_per_cage, eth_port_gbps): the ConnectX-8 C8180 runs
// 800G XDR InfiniBand but Ethernet only as 2 x 400GbE through its one OSFP cage (firmware 40.44 release
// notes: single-port 800GbE not supported). An Ethernet plan of it therefore runs two 400G links per
// NIC, one in each of two planes, as the DGX SuperPOD B300 on Spectrum-X does (fabric-facts §5:
// "each GPU has 2x 400GbE connectivity through two different planes"). Expected figures are computed
// here from the catalog rows and the published SU definition, never from what the planner printed.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "catalog/catalog_db.h"
#include "catalog/platforms.h"
#include "common/error.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/resolve.h"
#include "spec/spec_json.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

const char* const kCx8 = "900-9X81E-00EX-DT0";  // ConnectX-8 C8180, the DGX/HGX B300 NIC

ClusterSpec cx8On(FabricKind fabric, const char* sw, int gpus)
{
    ClusterSpec s;
    s.gpus = gpus;
    s.gpusPerNode = 8;
    s.nicsPerNode = 8;
    s.nicModel = kCx8;
    s.fabric = fabric;
    s.switchModel = sw;
    s.railOptimized = true;
    return s;
}

const std::string* noteContaining(const Plan& p, const std::string& text)
{
    for (const std::string& n : p.fabric.notes)
        if (n.find(text) != std::string::npos) return &n;
    return nullptr;
}

// The distinct host-side parts (module, or cable when the host end is an assembly) of host-leaf links.
std::set<std::string> hostParts(const Plan& p)
{
    std::set<std::string> parts;
    for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
        if (p.fabric.links[i].cls != LinkClass::HostLeaf) continue;
        const LinkSolution& s = p.media.solutions.at(p.media.solutionOfLink.at(i));
        parts.insert(s.moduleA.empty() ? s.cablePart : s.moduleA);
    }
    return parts;
}

} // namespace

class TestEthernetPortModes : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // The rows as their sources say: the C8180's Ethernet is 2 x 400G per cage; every other NIC runs one
    // Ethernet port per cage at its native speed (VPI cards state the same speed for IB and Ethernet;
    // the rest are Ethernet-only).
    void catalogCarriesTheEthernetModes()
    {
        const NicModel& cx8 = *catalog_.findNic(kCx8);
        QCOMPARE(cx8.ports, 1);
        QCOMPARE(cx8.portGbps, 800);
        QCOMPARE(cx8.ethPortsPerCage, 2);
        QCOMPARE(cx8.ethPortGbps, 400);
        QCOMPARE(cx8.portGbpsOn(FabricKind::InfiniBand), 800);
        for (FabricKind f : {FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
            QCOMPARE(cx8.portGbpsOn(f), 400);
            QCOMPARE(cx8.portsPerCageOn(f), 2);
        }
        QCOMPARE(cx8.portsPerCageOn(FabricKind::InfiniBand), 1);
        for (const NicModel& n : catalog_.nics) {
            if (n.partNumber == kCx8) continue;
            QCOMPARE(n.ethPortsPerCage, 1);
            QCOMPARE(n.ethPortGbps, n.protocol == Protocol::InfiniBand ? 0 : n.portGbps);
        }
    }

    // A version 4 catalog (before the columns) learns the modes the seed ships with.
    void version4CatalogLearnsTheModes()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v4.sqlite");
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "ALTER TABLE switches DROP COLUMN open_optics; ALTER TABLE nics DROP COLUMN open_optics; "
                                            "ALTER TABLE nics DROP COLUMN eth_port_gbps; "
                                            "ALTER TABLE nics DROP COLUMN eth_ports_per_cage; "
                                            "DROP TABLE asics; UPDATE schema_version SET version = 4"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        QCOMPARE(c.nics.size(), catalog_.nics.size());
        for (const NicModel& n : c.nics) {
            const NicModel& seeded = *catalog_.findNic(n.partNumber);
            QCOMPARE(n.ethPortsPerCage, seeded.ethPortsPerCage);
            QCOMPARE(n.ethPortGbps, seeded.ethPortGbps);
        }
    }

    // A mode wider than the cage (2 x 500G on an 800G port), or Ethernet on an InfiniBand-only NIC, is
    // refused at build time with its file and line.
    void seedRowsAreChecked_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("wider than the cage") << ",0,1,2,400,40," << ",0,1,2,500,40,";
        QTest::newRow("ethernet on an IB-only NIC") << ",both,1,800,OSFP" << ",infiniband,1,800,OSFP";
    }
    void seedRowsAreChecked()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QTemporaryDir tmp;
        const std::filesystem::path seed = std::filesystem::path(tmp.path().toStdString()) / "seed";
        std::filesystem::copy(testsupport::seedDir(), seed);
        std::stringstream text;
        text << std::ifstream(seed / "nics.csv").rdbuf();
        std::string csv = text.str();
        const auto at = csv.find(from.toStdString());
        QVERIFY(at != std::string::npos);
        csv.replace(at, std::size_t(from.size()), to.toStdString());
        std::ofstream(seed / "nics.csv", std::ios::trunc) << csv;
        try {
            buildCatalogFromSeed(seed.string(), (seed / "out.sqlite").string());
            QFAIL("an impossible Ethernet mode was accepted");
        } catch (const UserError& e) {
            QVERIFY2(e.where.rfind("nics.csv:4", 0) == 0, e.where.c_str());  // the C8180, the third row
        }
    }

    // The bug: RoCE / Spectrum-X / UEC planned one 800GbE link per C8180, a mode its firmware lacks.
    // With speed and planes left alone: two planes, one 400G link per NIC in each, 800G per NIC; one
    // twin-port 2 x 400G module in each NIC cage, of the cage's kind (flat top), running Ethernet.
    void ethernetRunsTwoPlanesOf400G_data()
    {
        QTest::addColumn<int>("fabric");
        QTest::newRow("RoCE") << int(FabricKind::RoCE);
        QTest::newRow("Spectrum-X") << int(FabricKind::SpectrumX);
        QTest::newRow("UEC") << int(FabricKind::UEC);
    }
    void ethernetRunsTwoPlanesOf400G()
    {
        QFETCH(int, fabric);
        const NicModel& cx8 = *catalog_.findNic(kCx8);
        const ClusterSpec spec = cx8On(FabricKind(fabric), "SN5600", 1024);
        const Plan p = makePlan(spec, catalog_);
        const long long nics = spec.gpus / spec.gpusPerNode * spec.nicsPerNode;  // 1,024
        QCOMPARE(p.fabric.shape.linkGbps, cx8.ethPortGbps);
        QCOMPARE(p.fabric.shape.planes, cx8.ethPortsPerCage);
        QVERIFY(!p.fabric.shape.railPlanes);
        QCOMPARE(p.fabric.shape.linksPerNic() * p.fabric.shape.linkGbps, cx8.portGbps);  // the NIC's 800G
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), nics * cx8.ethPortsPerCage);
        QVERIFY(noteContaining(p, "2 x 400G per cage"));
        for (const Finding& f : p.findings)
            QVERIFY2(f.severity != Severity::Error || f.rule == "platform.builtin-nic", f.message.c_str());
        // One part in every NIC cage: a twin-port 2 x 400G OSFP module, flat top like the cage, Ethernet.
        for (const std::string& part : hostParts(p)) {
            const TransceiverModel* m = catalog_.findTransceiver(part);
            QVERIFY2(m, part.c_str());
            QCOMPARE(m->formFactor, cx8.cageType);
            QCOMPARE(m->finned, cx8.cageFinned);
            QCOMPARE(m->ports, 2);
            QCOMPARE(m->portGbps, 400);
            QVERIFY(m->protocol != Protocol::InfiniBand);
        }
        long long hostModules = 0;  // flat-top modules bought (switch cages take finned ones)
        for (const BomLine& l : p.bom.lines)
            if (l.category == BomCategory::Transceivers && !catalog_.findTransceiver(l.part)->finned) hostModules += l.qty;
        QCOMPARE(hostModules, nics);
        const Cage cage = p.hardware.cageOf(Tier::Node);
        QCOMPARE(cage.linksPerCage, 2);
        QCOMPARE(cage.count, 1);
    }

    // InfiniBand keeps the native port: one 800G XDR link per NIC, one plane.
    void infinibandStaysOne800GLink()
    {
        const Plan p = makePlan(cx8On(FabricKind::InfiniBand, "Q3400-RA", 1024), catalog_);
        QCOMPARE(p.fabric.shape.linkGbps, 800);
        QCOMPARE(p.fabric.shape.planes, 1);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 1024LL);
        QVERIFY(!noteContaining(p, "per cage"));
    }

    // 800G Ethernet on it is refused, saying why (firmware, InfiniBand only) and what to do instead.
    void asking800GEthernetIsRefused()
    {
        ClusterSpec s = cx8On(FabricKind::SpectrumX, "SN5600", 1024);
        s.linkGbps = 800;
        try {
            (void)makePlan(s, catalog_);
            QFAIL("800GbE on a ConnectX-8 C8180 was planned");
        } catch (const UserError& e) {
            const std::string what = e.what();
            QCOMPARE(e.where, std::string("/compute/link_gbps"));
            QVERIFY2(what.find("firmware") != std::string::npos, what.c_str());
            QVERIFY2(what.find("2 x 400GbE") != std::string::npos, what.c_str());
            QVERIFY2(what.find("InfiniBand only") != std::string::npos, what.c_str());
            QVERIFY2(e.fix.find("link speed at 0") != std::string::npos, e.fix.c_str());
            QVERIFY2(e.fix.find("2 planes") != std::string::npos, e.fix.c_str());
        }
        // The same error where the fabric's parts are picked for the user (plan --platform HGX-B300
        // --fabric roce --link-gbps 800): the NIC's reason, not "add a larger switch to the catalog".
        ClusterSpec picked = s;
        picked.switchModel.clear();
        picked.platform = "HGX-B300";  // its built-in C8180 is every candidate's NIC
        for (FabricKind fabric : {FabricKind::RoCE, FabricKind::SpectrumX}) {
            picked.fabric = fabric;
            try {
                (void)plan::partsForFabric(picked, fabric, catalog_);
                QFAIL("800GbE on a ConnectX-8 C8180 found parts");
            } catch (const UserError& e) {
                QCOMPARE(e.where, std::string("/compute/link_gbps"));
                QVERIFY2(std::string(e.what()).find("2 x 400GbE") != std::string::npos, e.what());
                QVERIFY2(e.fix.find("link speed at 0") != std::string::npos, e.fix.c_str());
            }
        }
    }

    // What the design sets itself stays: 400G in one plane (half the NIC idle, a what-if), two planes at
    // the default speed, dual-ToR (both ports to a leaf pair, one plane).
    void theDesignsOwnChoicesStay()
    {
        ClusterSpec one = cx8On(FabricKind::RoCE, "SN5600", 512);
        one.linkGbps = 400;
        Plan p = makePlan(one, catalog_);
        QCOMPARE(p.fabric.shape.planes, 1);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 512LL);

        ClusterSpec two = cx8On(FabricKind::RoCE, "SN5600", 512);
        two.planes = 2;
        p = makePlan(two, catalog_);
        QCOMPARE(p.fabric.shape.linkGbps, 400);
        QCOMPARE(p.fabric.shape.planes, 2);

        ClusterSpec dual = cx8On(FabricKind::RoCE, "SN5600", 512);
        dual.dualTor = true;
        p = makePlan(dual, catalog_);
        QCOMPARE(p.fabric.shape.planes, 1);
        QVERIFY(p.fabric.shape.dualTor);
        QCOMPARE(p.fabric.shape.linkGbps, 400);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 2LL * 512);
    }

    // The comparison on HGX B300 / DGX B300 (built-in C8180s): RoCE and Spectrum-X at 2 x 400G per NIC,
    // the same 800G per GPU as XDR InfiniBand, without the "less bandwidth per GPU" note.
    void comparisonRunsEthernetAtFullBandwidth_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::newRow("HGX-B300") << "HGX-B300";
        QTest::newRow("DGX-B300") << "DGX-B300";
    }
    void comparisonRunsEthernetAtFullBandwidth()
    {
        QFETCH(QString, platform);
        ClusterSpec spec;
        spec.gpus = 1024;
        applyPlatform(spec, *catalog_.findPlatform(platform.toStdString()));
        const Comparison c = comparePlans(spec, catalog_);
        QCOMPARE(c.plans.size(), std::size_t(4));
        for (const Plan& p : c.plans) {
            const char* fabric = displayName(p.spec.fabric);
            QCOMPARE(p.hardware.nic.partNumber, std::string(kCx8));
            QVERIFY2(!noteContaining(p, "less bandwidth per GPU"), fabric);
            QCOMPARE(p.fabric.shape.linksPerNic() * p.fabric.shape.linkGbps, 800);
            if (p.spec.fabric == FabricKind::RoCE || p.spec.fabric == FabricKind::SpectrumX) {
                QCOMPARE(p.fabric.shape.linkGbps, 400);
                QCOMPARE(p.fabric.shape.planes, 2);
                QVERIFY2(p.errorCount() == 0, fabric);
            }
        }
    }

    // DGX SuperPOD B300 on Spectrum-X (data/examples/dgx-b300-spectrum-x-4su-2048.fabricplan), from the
    // published SU definition (network-fabrics page, fabric-facts §5): SU = 64 nodes of 8 GPUs, rail
    // aligned, two planes, each GPU 2 x 400GbE, one per plane. SN5600 at 400G: 64 cages x 2 = 128 ports,
    // a rail leaf 64 down (one SU's nodes) and 64 up at 1:1. Per plane: leaves = SUs x 8 rails, spines =
    // leaves x 64 uplinks / 128 ports. The RA's Table 3 (1, 2, 4, 8, 16 SU: 16/8, 32/16, 64/32, 128/64,
    // 256/128 leaf/spine switches, both planes) is this closed form; its cable counts (node-leaf 512 per
    // SU = one per GPU, leaf-spine 512 per SU) count 800G twin-port pairs, here two 400G links each.
    void dgxB300SpectrumXSuperPod()
    {
        const ClusterSpec spec =
            loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-b300-spectrum-x-4su-2048.fabricplan").spec;
        const long long suNodes = 64, rails = 8, planes = 2, ports = 128, leafDown = 64;
        const long long nodes = spec.gpus / 8;        // 256
        const long long sus = nodes / suNodes;        // 4
        const long long leaves = sus * rails * planes;  // 64, the RA's 4-SU row
        const long long spines = planes * (sus * rails * (ports - leafDown)) / ports;  // 32, the RA's
        const long long hostLinks = spec.gpus * planes;                 // 4,096 x 400G = 2,048 GPUs x 800G
        const long long leafSpineLinks = leaves * (ports - leafDown);   // 4,096 x 400G
        QCOMPARE(leaves, 64LL);
        QCOMPARE(spines, 32LL);

        const Plan p = makePlan(spec, catalog_);
        QCOMPARE(p.errorCount(), 0);
        QCOMPARE(p.fabric.shape.suNodes, int(suNodes));
        QCOMPARE(p.fabric.shape.tiers, 2);
        QCOMPARE(p.fabric.shape.planes, int(planes));
        QCOMPARE(p.fabric.shape.linkGbps, 400);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), leaves);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), spines);
        QCOMPARE(p.fabric.switchCount(Tier::Core), 0LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), hostLinks);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), leafSpineLinks);
        QCOMPARE(hostLinks / 2, sus * 512);       // the RA's node-leaf cables: one twin-port pair per GPU
        QCOMPARE(leafSpineLinks / 2, sus * 512);  // the RA's leaf-spine cables at 800G

        // Modules: every link of this floor is beyond copper reach, so every cage holds one twin-port module:
        // one flat-top module per NIC cage (2,048), and 64 finned ones in each switch (leaves: 32 cages
        // down, 32 up; spines: 64 down): (64 + 32) x 64 = 6,144.
        const long long hostCages = spec.gpus;  // one NIC, one cage per GPU
        const long long switchCages = (leaves + spines) * 64;
        long long hostModules = 0, switchModules = 0;
        for (const BomLine& l : p.bom.lines) {
            if (l.category != BomCategory::Transceivers) continue;
            const TransceiverModel* m = catalog_.findTransceiver(l.part);
            QVERIFY2(m && m->ports == 2 && m->portGbps == 400 && m->protocol != Protocol::InfiniBand, l.part.c_str());
            (m->finned ? switchModules : hostModules) += l.qty;
        }
        QCOMPARE(hostModules, hostCages);
        QCOMPARE(switchModules, switchCages);
    }
};

QTEST_GUILESS_MAIN(TestEthernetPortModes)
#include "test_ethernet_port_modes.moc"
