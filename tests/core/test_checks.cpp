// checks::run: every rule fires on a crafted design and stays silent on a good one; identical
// findings are aggregated per link class. Parts: tests/core/test_media_fixtures.h.
#include <QtTest>

#include "hardware_fixture.h"

#include "checks/checks.h"
#include "media/media_rules.h"
#include "test_media_fixtures.h"

using namespace fp;
using namespace fp::testfix;

namespace {

struct Run {
    MediaAssignment media;
    std::vector<Finding> findings;
};

Run runChecks(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const Catalog& cat)
{
    Run r;
    const Hardware hw = testhw::of(cat.switches.front(), cat.nics.front());
    r.media = media::select(spec, fabric, layout, cat, hw);
    r.findings = checks::run(spec, fabric, layout, r.media, cat, hw, lossless::analyse(spec, fabric, layout, r.media, hw));
    return r;
}

// Copies, so callers may pass a temporary.
std::vector<Finding> withRule(const std::vector<Finding>& fs, const std::string& rule)
{
    std::vector<Finding> out;
    for (const Finding& f : fs)
        if (f.rule == rule) out.push_back(f);
    return out;
}

std::string describe(const std::vector<Finding>& fs)
{
    std::string s;
    for (const Finding& f : fs) s += "[" + f.rule + "] " + f.message + "\n";
    return s;
}

// A variant of a fixture module with one property changed.
TransceiverModel variant(const Catalog& cat, const char* base, const char* pn)
{
    TransceiverModel t = *cat.findTransceiver(base);
    t.partNumber = pn;
    return t;
}

Catalog craftedCatalog()
{
    Catalog cat = physicalCatalog();
    TransceiverModel fec = variant(cat, "MMA4Z00-NS", "TEST-FEC-TWIN");
    fec.fec = "RS(528,514)";
    TransceiverModel finned = variant(cat, "MMA4Z00-NS400", "TEST-FINNED-SR4");
    finned.finned = true;
    TransceiverModel upc = variant(cat, "MMA4Z00-NS400", "TEST-UPC-SR4");
    upc.connector = "MPO-12/UPC";
    TransceiverModel hot = variant(cat, "MMA4Z00-NS", "TEST-HOT-TWIN");
    hot.powerClassW = 20;  // QM9700 cages take class 8, 17 W (fabric-facts §1.1)
    TransceiverModel slow = variant(cat, "MMA4Z00-NS", "TEST-200G-TWIN");
    slow.portGbps = 200;
    TransceiverModel acme = variant(cat, "MMA4Z00-NS", "ACME-2xSR4");
    acme.vendor = "Acme";
    acme.oem = false;
    cat.transceivers.insert(cat.transceivers.end(), {fec, finned, upc, hot, slow, acme});
    return cat;
}

} // namespace

class TestChecks : public QObject {
    Q_OBJECT
private slots:
    void pinnedPartRules_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<int>("linkClass");
        QTest::addColumn<float>("routedM");
        QTest::addColumn<QString>("pin");
        QTest::addColumn<int>("panels");
        QTest::addColumn<int>("severity");
        const int hl = int(LinkClass::HostLeaf), ls = int(LinkClass::LeafSpine);
        const int err = int(Severity::Error);
        // SR4 reaches 50 m on OM4; a 90 m route needs the 100 m cord.
        QTest::newRow("reach") << "media.reach" << ls << 90.0f << "MMA4Z00-NS" << 2 << err;
        // 45 m -> 50 m cord; 4 panels: 0.05 x 3.0 + 4 x 0.75 = 3.15 dB > 1.9 dB (reach still fine)
        QTest::newRow("loss") << "media.loss-budget" << ls << 45.0f << "MMA4Z00-NS" << 4 << err;
        QTest::newRow("fec") << "media.fec-mismatch" << hl << 20.0f << "TEST-FEC-TWIN" << 2 << err;
        QTest::newRow("cage") << "media.cage-mismatch" << hl << 20.0f << "TEST-FINNED-SR4" << 2 << err;
        QTest::newRow("connector") << "media.connector-mismatch" << hl << 20.0f << "TEST-UPC-SR4" << 2 << err;
        QTest::newRow("power class") << "media.power-class" << ls << 40.0f << "TEST-HOT-TWIN" << 2 << err;
        QTest::newRow("speed") << "media.speed-mismatch" << ls << 40.0f << "TEST-200G-TWIN" << 2 << err;
        // A third-party part in an NVIDIA switch with third-party optics off (issue 39: the rule is whose part it
        // is; a platform's list is asked only for its own vendor's or an open platform's parts).
        QTest::newRow("third-party") << "media.third-party" << ls << 40.0f << "ACME-2xSR4" << 2
                                     << int(Severity::Warning);
        QTest::newRow("no part") << "media.no-part" << ls << 20000.0f << "" << 2 << err;
    }
    void pinnedPartRules()
    {
        QFETCH(QString, rule);
        QFETCH(int, linkClass);
        QFETCH(float, routedM);
        QFETCH(QString, pin);
        QFETCH(int, panels);
        QFETCH(int, severity);
        const Catalog cat = craftedCatalog();
        ClusterSpec spec = infinibandSpec();
        spec.floor.patchPanelsPerFibreLink = panels;
        const LinkSet s = linksOfLengths(LinkClass(linkClass), {routedM});
        // Good design first: same links, no pin, default panels -> no finding at all.
        if (routedM < 10000) {
            ClusterSpec good = infinibandSpec();
            const Run ok = runChecks(good, s.fabric, s.layout, cat);
            QVERIFY2(ok.findings.empty(), describe(ok.findings).c_str());
        }
        if (!pin.isEmpty()) spec.media.pins = {{toString(LinkClass(linkClass)), pin.toStdString()}};
        const Run bad = runChecks(spec, s.fabric, s.layout, cat);
        const auto hits = withRule(bad.findings, rule.toStdString());
        QVERIFY2(hits.size() == 1, describe(bad.findings).c_str());
        QCOMPARE(int(hits[0].severity), severity);
        QCOMPARE(hits[0].link, std::int64_t(0));
        QVERIFY(!hits[0].fix.empty());
        QVERIFY(hits[0].where.find(displayName(LinkClass(linkClass))) == 0);
        if (!pin.isEmpty()) {  // the pinned part is kept
            const LinkSolution& sol = bad.media.solutions[bad.media.solutionOfLink[0]];
            QVERIFY(sol.moduleA == pin.toStdString() || sol.moduleB == pin.toStdString());
        }
    }

    void lossMessageShowsArithmetic()
    {
        const Catalog cat = craftedCatalog();
        ClusterSpec spec = infinibandSpec();
        spec.floor.patchPanelsPerFibreLink = 4;
        spec.media.pins = {{"leaf_spine", "MMA4Z00-NS"}};
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {45.0f});
        const auto hits = withRule(runChecks(spec, s.fabric, s.layout, cat).findings, "media.loss-budget");
        QCOMPARE(hits.size(), std::size_t(1));
        // 0.050 km x 3.0 dB/km = 0.15; 4 x 0.75 = 3.00 -> 3.15 dB > 1.90 dB
        QVERIFY2(hits[0].message.find("3.15 dB = 0.050 km x 3.0 dB/km + 4 x 0.75 dB") != std::string::npos,
                 hits[0].message.c_str());
        QVERIFY(hits[0].message.find("> 1.90 dB budget") != std::string::npos);
    }

    void finnedModuleNeverInFlatNicCage()
    {
        media::LinkEnd nic{"MCX75310AAS-NEAT", "OSFP", false, 12, 1, true};
        media::LinkEnd sw{"MQM9700-NS2F", "OSFP", true, 17, 2, false};
        QVERIFY(media::cageFit("OSFP", true, nic).find("finned") != std::string::npos);
        QVERIFY(media::cageFit("OSFP", false, nic).empty());
        QVERIFY(media::cageFit("OSFP", true, sw).empty());
        QVERIFY(!media::cageFit("OSFP", false, sw).empty());  // flat module in an air-cooled switch cage
        QVERIFY(!media::cageFit("QSFP112", false, nic).empty());
    }

    void aggregatesPerLinkClass()
    {
        const Catalog cat = craftedCatalog();
        ClusterSpec spec = infinibandSpec();
        spec.media.pins = {{"leaf_spine", "MMA4Z00-NS"}};
        // 512 links beyond the 50 m SR4 reach, in two solution groups (256 leave their rack, 256 do
        // not, so they differ in patch panels): still one finding for all 512.
        LinkSet s = linksOfLengths(LinkClass::LeafSpine, std::vector<float>(512, 90.0f));
        for (std::size_t i = 0; i < 256; ++i) s.layout.rackOfDevice[512 + i] = 0;
        QCOMPARE(media::select(spec, s.fabric, s.layout, cat, testhw::of(cat.switches[0], cat.nics[0])).solutions.size(),
                 std::size_t(2));
        const auto hits = withRule(runChecks(spec, s.fabric, s.layout, cat).findings, "media.reach");
        QCOMPARE(hits.size(), std::size_t(1));
        QVERIFY2(hits[0].message.rfind("512 leaf-spine links", 0) == 0, hits[0].message.c_str());
        QCOMPARE(hits[0].where, std::string("leaf-spine links (512)"));
    }

    void portsExhausted()
    {
        const Catalog cat = physicalCatalog();
        // One leaf (QM9700: 32 cages x 2 = 64 ports at 400G) with 70 host links, then with 64.
        for (int hosts : {70, 64}) {
            Fabric f;
            f.shape.linkGbps = 400;
            f.nodeCount = std::uint32_t(hosts);
            f.devices.resize(hosts + 1);
            f.devices.back().tier = Tier::Leaf;
            for (int n = 0; n < hosts; ++n)
                f.links.push_back({DeviceId(n), DeviceId(hosts), 0, std::uint16_t(n), LinkClass::HostLeaf});
            Layout l;
            l.rackOfDevice.assign(f.devices.size(), 0);
            l.rackOfDevice.back() = 1;
            l.racks.resize(2);
            l.linkLengthM.assign(f.links.size(), 1.0f);
            const auto hits = withRule(runChecks(infinibandSpec(), f, l, cat).findings, "topology.ports-exhausted");
            QCOMPARE(hits.size(), std::size_t(hosts > 64 ? 1 : 0));
            if (hosts > 64) {
                QCOMPARE(hits[0].device, std::int64_t(hosts));
                QVERIFY2(hits[0].message.find("70 links on 64 ports") != std::string::npos, hits[0].message.c_str());
            }
        }
    }

    void cageSpeed()
    {
        const Catalog cat = physicalCatalog();
        LinkSet s = linksOfLengths(LinkClass::LeafSpine, {0.5f});
        QVERIFY(withRule(runChecks(infinibandSpec(), s.fabric, s.layout, cat).findings, "media.speed-mismatch").empty());
        s.fabric.shape.linkGbps = 800;  // the QM9700 fixture has no 800G port mode
        const auto f = runChecks(infinibandSpec(), s.fabric, s.layout, cat).findings;
        QVERIFY(!withRule(f, "media.speed-mismatch").empty());
    }

    void rackPower()
    {
        const Catalog cat = physicalCatalog();
        const LinkSet s = linksOfLengths(LinkClass::HostLeaf, {1.0f, 1.0f});
        ClusterSpec spec = infinibandSpec();
        for (double kw : {14.3, 70.0}) {  // 4 x 14.3 = 57.2 kW fits 60 kW; one 70 kW node does not
            spec.floor.nodePowerKw = kw;
            const Layout l = layout::place(spec, s.fabric, testhw::switchDrawing(1000.0));
            const auto hits = withRule(runChecks(spec, s.fabric, l, cat).findings, "floor.rack-power");
            QCOMPARE(hits.size(), std::size_t(kw > 60 ? 1 : 0));
            if (!hits.empty()) QVERIFY2(hits[0].message.find("70.0 kW") != std::string::npos, hits[0].message.c_str());
        }
    }

    void goodSmallClusterEndToEndAndOrdering()
    {
        const Catalog cat = craftedCatalog();
        // 32 nodes, 2 leaves, 2 spines on the default floor; all media feasible.
        Fabric f;
        f.shape.linkGbps = 400;
        f.nodeCount = 32;
        f.devices.resize(36);
        f.devices[32].tier = f.devices[33].tier = Tier::Leaf;
        f.devices[34].tier = f.devices[35].tier = Tier::Spine;
        for (std::uint32_t n = 0; n < 32; ++n) f.links.push_back({n, 32 + n / 16, 0, 0, LinkClass::HostLeaf});
        for (std::uint32_t l = 0; l < 2; ++l)
            for (std::uint32_t s = 0; s < 2; ++s) f.links.push_back({32 + l, 34 + s, 0, 0, LinkClass::LeafSpine});
        ClusterSpec spec = infinibandSpec();
        const Layout layout = layout::place(spec, f, testhw::switchDrawing(1720.0));
        const Run ok = runChecks(spec, f, layout, cat);
        QVERIFY2(ok.findings.empty(), describe(ok.findings).c_str());
        // Every link got a part at least as long as its route.
        for (std::size_t i = 0; i < f.links.size(); ++i)
            QVERIFY(ok.media.solutions[ok.media.solutionOfLink[i]].orderLengthM >= layout.linkLengthM[i]);
        // A warning and an error together: errors come first.
        spec.media.pins = {{"leaf_spine", "ACME-2xSR4"}, {"host_leaf", "TEST-UPC-SR4"}};
        const Run mixed = runChecks(spec, f, layout, cat);
        QVERIFY(mixed.findings.size() >= 2);
        QCOMPARE(mixed.findings.front().severity, Severity::Error);
        QCOMPARE(mixed.findings.back().severity, Severity::Warning);
    }
};

QTEST_GUILESS_MAIN(TestChecks)
#include "test_checks.moc"
