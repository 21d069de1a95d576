// media::select and checks::run on the built catalog (FABRICPLAN_TEST_CATALOG, from data/catalog).
// Expectations come from NVIDIA's published use of each part (fabric-facts §3.2-3.3), not from output:
//  - QM9700 <-> ConnectX-7 OSFP at 1-3 m: the MCP7Y00 splitter DAC (twin finned -> 2 x flat 400G);
//  - QM9700 <-> QM9700 at <= 2 m: the MCP4Y10 twin-port DAC;
//  - host links beyond copper and within 50 m: flat SR4 at the NIC + finned twin SR4 at the switch
//    (MMA4Z00-NS400 + MMA4Z00-NS, 50 m OM4 with two patch panels);
//  - 60-500 m switch-to-switch: twin DR4 single-mode (MMS4X00-NS 100 m or MMS4X00-NM 500 m);
//  - 3-5 m switch-to-switch with both links of a cage to one cage: the MCA4J80 twin-port ACC (the
//    passive MCP4Y10 stops at 2 m); when the two links go to two switches, no straight cable fits;
//  - DGX H100 twin-port flat host cages: flat twin modules (MMA4Z00-NS-FLT 50 m, MMS4X00-NS-FLT
//    100 m, MMS4X00-NM-FLT 500 m), one per host cage, its two legs to two rail leaves;
//  - Q3400 <-> Q3400 at XDR within 3 m: the MCA4K50 twin-port XDR copper.
// (FR4 at 1-2 km is not asserted: the seed has no LC-duplex OS2 fibre longer than 100 m yet.)
#include <QtTest>

#include "hardware_fixture.h"

#include <filesystem>

#include "catalog/catalog_db.h"
#include "checks/checks.h"
#include "test_media_fixtures.h"

using namespace fp;
using namespace fp::testfix;

class TestMediaCatalog : public QObject {
    Q_OBJECT
    Catalog cat_;
    const SwitchModel* sw_ = nullptr;
    const NicModel* nic_ = nullptr;

private slots:
    void initTestCase()
    {
        if (!std::filesystem::exists(FABRICPLAN_TEST_CATALOG)) QSKIP("built catalog not present");
        cat_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
        sw_ = cat_.findSwitch("MQM9700-NS2F");
        nic_ = cat_.findNic("MCX75310AAS-NEAT");
        QVERIFY(sw_ && nic_);
    }

    void nvidiaInfiniBandParts_data()
    {
        QTest::addColumn<int>("linkClass");
        QTest::addColumn<float>("routedM");
        QTest::addColumn<int>("media");
        QTest::addColumn<QString>("expectPrefix");  // of the cable (assemblies) or module B (optics)
        const int hl = int(LinkClass::HostLeaf), ls = int(LinkClass::LeafSpine);
        QTest::newRow("host 1 m splitter DAC") << hl << 1.0f << int(MediaClass::DAC) << "MCP7Y00";
        QTest::newRow("host 2.5 m splitter DAC") << hl << 2.5f << int(MediaClass::DAC) << "MCP7Y00";
        QTest::newRow("host 20 m SR4") << hl << 20.0f << int(MediaClass::Multimode) << "MMA4Z00-NS";
        QTest::newRow("leaf-spine 1.5 m DAC") << ls << 1.5f << int(MediaClass::DAC) << "MCP4Y10";
        QTest::newRow("leaf-spine 2.5 m twin ACC") << ls << 2.5f << int(MediaClass::ACC) << "MCA4J80-N003";
        QTest::newRow("leaf-spine 4 m twin ACC") << ls << 4.0f << int(MediaClass::ACC) << "MCA4J80-N004";
        QTest::newRow("leaf-spine 5 m twin ACC") << ls << 5.0f << int(MediaClass::ACC) << "MCA4J80-N005";
        QTest::newRow("leaf-spine 40 m SR4") << ls << 40.0f << int(MediaClass::Multimode) << "MMA4Z00-NS";
        QTest::newRow("leaf-spine 300 m DR4") << ls << 300.0f << int(MediaClass::SingleMode) << "MMS4X00-N";
    }
    void nvidiaInfiniBandParts()
    {
        QFETCH(int, linkClass);
        QFETCH(float, routedM);
        QFETCH(int, media);
        QFETCH(QString, expectPrefix);
        const ClusterSpec spec = infinibandSpec();
        const LinkSet s = linksOfLengths(LinkClass(linkClass), {routedM});
        const MediaAssignment m = media::select(spec, s.fabric, s.layout, cat_, testhw::of(*sw_, *nic_));
        const LinkSolution& sol = m.solutions.at(m.solutionOfLink.at(0));
        std::string all;
        for (const Finding& f : m.findings) all += f.rule + ": " + f.message + "\n";
        QVERIFY2(m.findings.empty(), all.c_str());
        QCOMPARE(int(sol.media), media);
        const bool optics = media == int(MediaClass::Multimode) || media == int(MediaClass::SingleMode);
        const std::string part = optics ? sol.moduleB : sol.cablePart;
        QVERIFY2(part.rfind(expectPrefix.toStdString(), 0) == 0, (part + " / " + sol.reason).c_str());
        QVERIFY(sol.orderLengthM >= routedM);
        if (optics) {
            QCOMPARE(sol.linksPerModuleB, 2);  // twin-port module in the switch cage
            QVERIFY(!sol.cablePart.empty());   // with a fibre
            QVERIFY(sol.loss.totalDb <= sol.loss.budgetDb || sol.loss.budgetDb == 0);
        }
    }

    // One leaf cage whose two links go to two spines 4 m away (one link per spine): a straight twin cable
    // would put both links into one far cage, so the ACC that serves 4 m to one spine does not fit; a twin
    // module (one fibre per port) does.
    void twinCableNeedsOneFarCage()
    {
        Fabric f;
        f.shape.linkGbps = 400;
        f.shape.portsPerCage = 2;
        f.devices.resize(3);
        f.devices[0].tier = Tier::Leaf;
        f.devices[1].tier = f.devices[2].tier = Tier::Spine;
        f.links.push_back({0, 1, 0, 0, LinkClass::LeafSpine});
        f.links.push_back({0, 2, 1, 0, LinkClass::LeafSpine});
        Layout layout;
        layout.rackOfDevice = {0, 1, 1};
        layout.linkLengthM = {4.0f, 4.0f};
        const MediaAssignment m = media::select(infinibandSpec(), f, layout, cat_, testhw::of(*sw_, *nic_));
        QVERIFY(m.findings.empty());
        const LinkSolution& sol = m.solutions.at(m.solutionOfLink.at(0));
        QCOMPARE(m.solutionOfLink.at(1), m.solutionOfLink.at(0));
        QVERIFY2(sol.moduleA == "MMA4Z00-NS" && sol.linksPerModuleA == 2, (sol.moduleA + " " + sol.cablePart).c_str());

        // The same two links into one spine cage (ports 0 and 1): the twin ACC.
        f.links[1] = {0, 1, 1, 1, LinkClass::LeafSpine};
        const MediaAssignment one = media::select(infinibandSpec(), f, layout, cat_, testhw::of(*sw_, *nic_));
        QCOMPARE(one.solutions.at(one.solutionOfLink.at(0)).cablePart, std::string("MCA4J80-N004"));
    }

    // DGX H100: NIC ports 2k and 2k+1 share host cage k (four twin-port flat OSFP cages), and rail-optimized
    // wiring sends them to two leaves. Media puts one flat twin module in the host cage.
    void dgxHostCagesTakeFlatTwinModules_data()
    {
        QTest::addColumn<float>("routedM");
        QTest::addColumn<QString>("hostModule");
        QTest::newRow("20 m multimode") << 20.0f << "MMA4Z00-NS-FLT";
        QTest::newRow("80 m DR4 100 m") << 80.0f << "MMS4X00-NS-FLT";
        QTest::newRow("300 m DR4 500 m") << 300.0f << "MMS4X00-NM-FLT";
    }
    void dgxHostCagesTakeFlatTwinModules()
    {
        QFETCH(float, routedM);
        QFETCH(QString, hostModule);
        Fabric f;
        f.shape.linkGbps = 400;
        f.shape.portsPerCage = 2;
        f.nodeCount = 1;
        f.nicsPerNode = 2;
        f.devices.resize(3);
        f.devices[0].tier = Tier::Node;
        f.devices[1].tier = f.devices[2].tier = Tier::Leaf;
        f.links.push_back({0, 1, 0, 0, LinkClass::HostLeaf});  // NIC 0 -> rail-0 leaf
        f.links.push_back({0, 2, 1, 0, LinkClass::HostLeaf});  // NIC 1 -> rail-1 leaf
        Layout layout;
        layout.rackOfDevice = {0, 1, 1};
        layout.linkLengthM = {routedM, routedM};
        Hardware hw = testhw::of(*sw_, *nic_);
        hw.platform = *cat_.findPlatform("DGX-H100");
        QCOMPARE(hw.nicPortsPerHostCage(), 2);
        const MediaAssignment m = media::select(infinibandSpec(), f, layout, cat_, hw);
        std::string all;
        for (const Finding& x : m.findings) all += x.rule + ": " + x.message + "\n";
        QVERIFY2(m.findings.empty(), all.c_str());
        QCOMPARE(m.cages.cageOf(f, 0, 0), m.cages.cageOf(f, 0, 1));  // one host cage
        const LinkSolution& sol = m.solutions.at(m.solutionOfLink.at(0));
        QCOMPARE(QString::fromStdString(sol.moduleA), hostModule);
        QCOMPARE(sol.linksPerModuleA, 2);
        // Without the platform each NIC port is its own flat single-port cage.
        const MediaAssignment card = media::select(infinibandSpec(), f, layout, cat_, testhw::of(*sw_, *nic_));
        QCOMPARE(card.solutions.at(card.solutionOfLink.at(0)).linksPerModuleA, 1);
    }

    // Quantum-X800 Q3400 twin-port cages at XDR (2 x 800G): 2 m between two switches, both links of a
    // cage to one cage, is the MCA4K50 XDR copper.
    void xdrSwitchLinksTakeXdrCopper()
    {
        const SwitchModel* q3400 = cat_.findSwitch("Q3400-RA");
        const NicModel* cx8 = cat_.findNic("900-9X81E-00EX-DT0");
        QVERIFY(q3400 && cx8);
        LinkSet s = linksOfLengths(LinkClass::LeafSpine, {2.0f});
        s.fabric.shape.linkGbps = 800;
        const MediaAssignment m = media::select(infinibandSpec(), s.fabric, s.layout, cat_, testhw::of(*q3400, *cx8));
        const LinkSolution& sol = m.solutions.at(m.solutionOfLink.at(0));
        QVERIFY2(m.findings.empty(), m.findings.empty() ? "" : m.findings.front().message.c_str());
        QCOMPARE(sol.cablePart, std::string("MCA4K50-X002"));
        QCOMPARE(sol.linksPerCable, 2);
    }

    // A small IB cluster laid out on the default floor: no finding at all.
    void smallClusterIsClean()
    {
        Fabric f;
        f.shape.linkGbps = 400;
        f.nodeCount = 32;
        f.devices.resize(36);
        f.devices[32].tier = f.devices[33].tier = Tier::Leaf;
        f.devices[34].tier = f.devices[35].tier = Tier::Spine;
        for (std::uint32_t n = 0; n < 32; ++n) f.links.push_back({n, 32 + n / 16, 0, 0, LinkClass::HostLeaf});
        for (std::uint32_t l = 0; l < 2; ++l)
            for (std::uint32_t s = 0; s < 2; ++s) f.links.push_back({32 + l, 34 + s, 0, 0, LinkClass::LeafSpine});
        const ClusterSpec spec = infinibandSpec();
        const Layout layout = layout::place(spec, f, testhw::switchDrawing(sw_->powerW));
        const MediaAssignment m = media::select(spec, f, layout, cat_, testhw::of(*sw_, *nic_));
        const Hardware hw = testhw::of(*sw_, *nic_);
        const auto findings = checks::run(spec, f, layout, m, cat_, hw, lossless::analyse(spec, f, layout, m, hw));
        std::string all;
        for (const Finding& x : findings) all += x.rule + ": " + x.message + "\n";
        QVERIFY2(findings.empty(), all.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMediaCatalog)
#include "test_media_catalog.moc"
