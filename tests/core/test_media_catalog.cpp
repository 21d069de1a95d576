// media::select and checks::run on the built catalog (FABRICPLAN_TEST_CATALOG, from data/catalog).
// Expectations come from NVIDIA's published use of each part (fabric-facts §3.2-3.3), not from output:
//  - QM9700 <-> ConnectX-7 OSFP at 1-3 m: the MCP7Y00 splitter DAC (twin finned -> 2 x flat 400G);
//  - QM9700 <-> QM9700 at <= 2 m: the MCP4Y10 twin-port DAC;
//  - host links beyond copper and within 50 m: flat SR4 at the NIC + finned twin SR4 at the switch
//    (MMA4Z00-NS400 + MMA4Z00-NS, 50 m OM4 with two patch panels);
//  - 60-500 m switch-to-switch: twin DR4 single-mode (MMS4X00-NS 100 m or MMS4X00-NM 500 m).
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
        const auto findings = checks::run(spec, f, layout, m, cat_, testhw::of(*sw_, *nic_));
        std::string all;
        for (const Finding& x : findings) all += x.rule + ": " + x.message + "\n";
        QVERIFY2(findings.empty(), all.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMediaCatalog)
#include "test_media_catalog.moc"
