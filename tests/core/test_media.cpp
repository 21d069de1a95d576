// media::select against a hand-built catalog (tests/core/test_media_fixtures.h): the class chosen at
// each length, policies, pins, splitters, caching, and never a cable shorter than its route.
#include <QtTest>

#include "hardware_fixture.h"

#include <chrono>

#include "media/media.h"
#include "media/media_rules.h"
#include "test_media_fixtures.h"

using namespace fp;
using namespace fp::testfix;

namespace {

MediaAssignment selectFor(const ClusterSpec& spec, const LinkSet& s, const Catalog& cat)
{
    return media::select(spec, s.fabric, s.layout, cat, testhw::of(cat.switches.front(), cat.nics.front()));
}

const LinkSolution& solutionOf(const MediaAssignment& m, std::size_t link)
{
    return m.solutions.at(m.solutionOfLink.at(link));
}

std::string firstMessage(const MediaAssignment& m)
{
    return m.findings.empty() ? std::string() : m.findings.front().rule + ": " + m.findings.front().message;
}

bool hasRule(const MediaAssignment& m, const std::string& rule)
{
    for (const Finding& f : m.findings)
        if (f.rule == rule) return true;
    return false;
}

} // namespace

class TestMedia : public QObject {
    Q_OBJECT
private slots:
    // Leaf-spine links (twin-port OSFP at both ends), crossing racks, 2 patch panels for fibre.
    // Expected parts follow from the fixture's reaches and prices (cheapest feasible wins):
    //  DAC <= 2 m, ACC 3-5 m, AOC 10-30 m (cheaper than 2 optics), MM SR4 up to its 50 m OM4 reach,
    //  DR 500 m, FR 2 km, LR 10 km; beyond 10 km nothing.
    void lengthSweep_data()
    {
        QTest::addColumn<float>("routedM");
        QTest::addColumn<int>("media");
        QTest::addColumn<QString>("part");  // cable (assemblies) or module (optics)
        QTest::addColumn<double>("orderM");
        QTest::newRow("0.5 m DAC") << 0.5f << int(MediaClass::DAC) << "MCP4Y10-N00A" << 0.5;
        QTest::newRow("0.7 m DAC 1 m") << 0.7f << int(MediaClass::DAC) << "MCP4Y10-N001" << 1.0;
        QTest::newRow("2 m DAC") << 2.0f << int(MediaClass::DAC) << "MCP4Y10-N002" << 2.0;
        QTest::newRow("2.5 m ACC 3 m") << 2.5f << int(MediaClass::ACC) << "TEST-ACC-3M" << 3.0;
        QTest::newRow("5 m ACC") << 5.0f << int(MediaClass::ACC) << "TEST-ACC-5M" << 5.0;
        QTest::newRow("7 m AOC 10 m") << 7.0f << int(MediaClass::AOC) << "TEST-AOC-10M" << 10.0;
        QTest::newRow("30 m AOC") << 30.0f << int(MediaClass::AOC) << "TEST-AOC-30M" << 30.0;
        QTest::newRow("40 m MM on 50 m OM4") << 40.0f << int(MediaClass::Multimode) << "MMA4Z00-NS" << 50.0;
        QTest::newRow("60 m DR on 100 m OS2") << 60.0f << int(MediaClass::SingleMode) << "MMS4X00-NM" << 100.0;
        QTest::newRow("500 m DR") << 500.0f << int(MediaClass::SingleMode) << "MMS4X00-NM" << 500.0;
        QTest::newRow("600 m FR on 1 km") << 600.0f << int(MediaClass::SingleMode) << "MMS4X50-NM" << 1000.0;
        QTest::newRow("2 km FR") << 2000.0f << int(MediaClass::SingleMode) << "MMS4X50-NM" << 2000.0;
        QTest::newRow("3 km LR on 5 km") << 3000.0f << int(MediaClass::SingleMode) << "TEST-2xLR4" << 5000.0;
        QTest::newRow("10 km LR") << 10000.0f << int(MediaClass::SingleMode) << "TEST-2xLR4" << 10000.0;
        QTest::newRow("20 km nothing") << 20000.0f << int(MediaClass::None) << "" << 0.0;
    }
    void lengthSweep()
    {
        QFETCH(float, routedM);
        QFETCH(int, media);
        QFETCH(QString, part);
        QFETCH(double, orderM);
        const Catalog cat = physicalCatalog();
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {routedM});
        const MediaAssignment m = selectFor(infinibandSpec(), s, cat);
        const LinkSolution& sol = solutionOf(m, 0);
        QCOMPARE(int(sol.media), media);
        if (media == int(MediaClass::None)) {
            QVERIFY(hasRule(m, "media.no-part"));
            // The diagnosis names the closest real part and why it fails, although the too-short
            // assemblies were only marked while a part might still have fitted (media.cpp, solve).
            const std::string msg = firstMessage(m);
            QVERIFY2(QString::fromStdString(msg).contains(
                         QRegularExpression(QStringLiteral("closest: [A-Z0-9][^ ]* .*\\([^)]*\\S[^)]*\\)"))),
                     msg.c_str());
            return;
        }
        QVERIFY2(m.findings.empty(), firstMessage(m).c_str());
        const bool optics = media == int(MediaClass::Multimode) || media == int(MediaClass::SingleMode);
        QCOMPARE(QString::fromStdString(optics ? sol.moduleA : sol.cablePart), part);
        if (optics) {
            QCOMPARE(sol.moduleB, sol.moduleA);
            QCOMPARE(sol.linksPerModuleA, 2);  // twin-port modules serve both links of a cage
            QCOMPARE(sol.patchPanelPorts, 2);  // FloorSpec default: a panel at each end
            QVERIFY(sol.loss.totalDb <= sol.loss.budgetDb);
        } else {
            QVERIFY(sol.moduleA.empty() && sol.moduleB.empty());
            QCOMPARE(sol.linksPerCable, 2);  // 800G twin assembly = two 400G links
        }
        QCOMPARE(sol.orderLengthM, orderM);
        QVERIFY(sol.orderLengthM >= routedM);
    }

    // Host links: NIC (flat single-port OSFP) to leaf (finned twin-port cage).

    // When nothing fits and the closest candidate is optics, the diagnosis names both modules and the
    // fibre, not the fibre alone: 3 km over FR modules (2 km reach) on a 5 km single-mode fibre.
    void diagnosisNamesTheClosestOptics()
    {
        Catalog cat = physicalCatalog();
        std::erase_if(cat.cables, [](const CableModel& c) {
            return c.kind == CableKind::DAC || c.kind == CableKind::ACC || c.kind == CableKind::AOC;
        });
        std::erase_if(cat.transceivers, [](const TransceiverModel& t) { return t.partNumber != "MMS4X50-NM"; });
        QCOMPARE(cat.transceivers.size(), std::size_t(1));
        const MediaAssignment m = selectFor(infinibandSpec(), linksOfLengths(LinkClass::LeafSpine, {3000.0f}), cat);
        QVERIFY(hasRule(m, "media.no-part"));
        const std::string msg = firstMessage(m);
        QVERIFY2(msg.find("closest: MMS4X50-NM + MMS4X50-NM over FIB-OS2-LC-duplex-50000dm (") != std::string::npos,
                 msg.c_str());
        QVERIFY2(msg.find("exceeds MMS4X50-NM reach") != std::string::npos, msg.c_str());
    }
    // Past every part's reach the diagnosis names the part that falls shortest, not the first tried: a
    // 20 km route in this catalog (SR at 50 m, DR at 500 m, FR at 2 km, the LR4 at 10 km, AOCs to 30 m):
    // the LR4 pair (no fibre that long either: the catalog's longest OS2 cord is 10 km).
    void diagnosisPastEveryReachNamesTheLongest()
    {
        const MediaAssignment m = selectFor(infinibandSpec(), linksOfLengths(LinkClass::LeafSpine, {20000.0f}), physicalCatalog());
        QVERIFY(hasRule(m, "media.no-part"));
        const std::string msg = firstMessage(m);
        QVERIFY2(msg.find("closest: TEST-2xLR4 + TEST-2xLR4") != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("no part fits a 20000.0 m route") != std::string::npos, msg.c_str());
    }
    void hostLinks()
    {
        const Catalog cat = physicalCatalog();
        const LinkSet s = linksOfLengths(LinkClass::HostLeaf, {0.9f, 2.8f, 20.0f, 80.0f});
        const MediaAssignment m = selectFor(infinibandSpec(), s, cat);
        QVERIFY2(m.findings.empty(), firstMessage(m).c_str());
        // 0.9 m -> 1 m splitter DAC (2 NICs per cable); 2.8 m -> 3 m splitter.
        QCOMPARE(solutionOf(m, 0).cablePart, std::string("MCP7Y00-N001"));
        QCOMPARE(solutionOf(m, 0).linksPerCable, 2);
        QCOMPARE(solutionOf(m, 1).cablePart, std::string("MCP7Y00-N003"));
        // 20 m: the twin-port DAC/ACC/AOC do not fit the flat NIC cage, so optics: flat SR4 at the NIC,
        // finned twin SR4 at the switch.
        const LinkSolution& mm = solutionOf(m, 2);
        QCOMPARE(mm.media, MediaClass::Multimode);
        QCOMPARE(mm.moduleA, std::string("MMA4Z00-NS400"));
        QCOMPARE(mm.moduleB, std::string("MMA4Z00-NS"));
        QCOMPARE(mm.linksPerModuleA, 1);
        QCOMPARE(mm.linksPerModuleB, 2);
        QCOMPARE(mm.orderLengthM, 20.0);
        // 80 m: beyond SR4's 50 m; DR4 host module (100 m) with the twin DR switch module on 100 m OS2.
        QCOMPARE(solutionOf(m, 3).moduleA, std::string("MMS4X00-NS400"));
        QCOMPARE(solutionOf(m, 3).moduleB, std::string("MMS4X00-NM"));
    }

    // Two planes through one 800G NIC cage (2 x 400G, one link per plane): the cage carries both links,
    // so a 1:2 splitter (whose two legs need two NIC cages) and single-port host modules no longer fit;
    // a flat twin-port module serves both planes, one module per NIC.
    void twoPlanesShareOneNicCage()
    {
        Catalog cat = physicalCatalog();
        cat.nics.front().portGbps = 800;
        LinkSet s = linksOfLengths(LinkClass::HostLeaf, {0.9f, 20.0f});
        s.fabric.shape.planes = 2;
        MediaAssignment m = selectFor(infinibandSpec(), s, cat);
        // Only single-port host modules and splitters exist: every host link is unserved, with the reason.
        QVERIFY2(hasRule(m, "media.no-part"), firstMessage(m).c_str());

        cat.transceivers.push_back(module("TEST-FLAT-2xSR4", 2, false, Medium::Multimode, 850, "2xSR4",
                                          "MPO-12/APC", 50, 0, 1.9, 11, 1100)); // within the NIC cage's 12 W class
        m = selectFor(infinibandSpec(), s, cat);
        QVERIFY2(m.findings.empty(), firstMessage(m).c_str());
        for (std::size_t link : {std::size_t(0), std::size_t(1)}) {
            const LinkSolution& sol = solutionOf(m, link);
            QCOMPARE(sol.moduleA, std::string("TEST-FLAT-2xSR4"));
            QCOMPARE(sol.linksPerModuleA, 2);
            QCOMPARE(sol.linksPerModuleB, 2);
        }
    }

    // 200G hosts on an 800G switch cage (4 x 200G): NVIDIA's 400G SR4 host module runs 2 of its 4 lanes at
    // the end of a 1:2 splitter fibre's leg, and the twin-port switch module feeds two legs from each port
    // (MMA1Z00-NS400 and MMA4Z00-NS docs; fabric-facts §3). Expected from those rules, not from a run:
    // one switch module serves 2 ports x 2 legs = 4 links, one splitter fibre 2 links, one host module 1.
    void halfLaneHostsBehindSplitterFibre()
    {
        Catalog cat = physicalCatalog();
        cat.nics.front().portGbps = 200;
        ClusterSpec spec = infinibandSpec();
        spec.linkGbps = 200;
        LinkSet s = linksOfLengths(LinkClass::HostLeaf, {20.0f, 70.0f});
        s.fabric.shape.linkGbps = 200;
        s.fabric.shape.switchPorts = 128;
        s.fabric.shape.portsPerCage = 4;
        // No module runs 200G yet: every host link is refused, naming the speed.
        MediaAssignment m = selectFor(spec, s, cat);
        QVERIFY2(hasRule(m, "media.no-part"), firstMessage(m).c_str());
        for (TransceiverModel& t : cat.transceivers)
            if (t.partNumber == "MMA4Z00-NS" || t.partNumber == "MMA4Z00-NS400" || t.partNumber == "MMS4X00-NS400" ||
                t.partNumber == "MMS4X00-NM") {
                t.halfLaneGbps = 200;
                if (!t.finned) t.halfLanePowerW = 5;
            }
        // Only straight fibre in the catalog: the split port has no splitter to feed, so still nothing fits,
        // and the closest candidate says a splitter is what is missing.
        m = selectFor(spec, s, cat);
        QVERIFY2(hasRule(m, "media.no-part"), firstMessage(m).c_str());
        QVERIFY2(firstMessage(m).find("splitter") != std::string::npos, firstMessage(m).c_str());
        for (double len : {10.0, 30.0, 100.0}) {
            CableModel mm = fibre("OM4", "MPO-12/APC", len), sm = fibre("OS2", "MPO-12/APC", len);
            for (CableModel* c : {&mm, &sm}) {
                c->partNumber += "-1x2";
                c->legsB = 2;
                c->prices = {estimate(40 + len)};
            }
            cat.cables.push_back(mm);
            cat.cables.push_back(sm);
        }
        m = selectFor(spec, s, cat);
        QVERIFY2(m.findings.empty(), firstMessage(m).c_str());
        const LinkSolution& mm = solutionOf(m, 0);
        QCOMPARE(mm.moduleA, std::string("MMA4Z00-NS400"));
        QCOMPARE(mm.moduleB, std::string("MMA4Z00-NS"));
        QCOMPARE(mm.cablePart, std::string("FIB-OM4-MPO-12/APC-300dm-1x2"));  // the shortest splitter >= 20 m
        QCOMPARE(mm.linksPerModuleA, 1);
        QCOMPARE(mm.linksPerModuleB, 4);
        QCOMPARE(mm.linksPerCable, 2);
        QCOMPARE(mm.cableLegs, 2);
        QVERIFY(mm.halfLanesA);
        QVERIFY(!mm.halfLanesB);
        // 70 m is beyond SR4's 50 m: the single-mode pair, over the single-mode splitter.
        const LinkSolution& sm = solutionOf(m, 1);
        QCOMPARE(sm.moduleA, std::string("MMS4X00-NS400"));
        QCOMPARE(sm.moduleB, std::string("MMS4X00-NM"));
        QCOMPARE(sm.cablePart, std::string("FIB-OS2-MPO-12/APC-1000dm-1x2"));
        // At 400G nothing changes: straight fibre, twin module two links, no half lanes.
        cat.nics.front().portGbps = 400;
        spec.linkGbps = 400;
        LinkSet full = linksOfLengths(LinkClass::HostLeaf, {20.0f});
        const MediaAssignment at400 = selectFor(spec, full, cat);
        QVERIFY2(at400.findings.empty(), firstMessage(at400).c_str());
        QCOMPARE(solutionOf(at400, 0).cablePart, std::string("FIB-OM4-MPO-12/APC-200dm"));
        QCOMPARE(solutionOf(at400, 0).linksPerModuleB, 2);
        QCOMPARE(solutionOf(at400, 0).linksPerCable, 1);
        QVERIFY(!solutionOf(at400, 0).halfLanesA);
    }

    // The pairing rules themselves: a half-lane module needs a splitter's leg, a split port a splitter's single
    // end, and the lane rate must agree (a 4 x 50G 200G module never meets a 100G-lane module at 200G).
    void halfLanePairingRules()
    {
        TransceiverModel twin = module("TWIN", 2, true, Medium::Multimode, 850, "2xSR4", "MPO-12/APC", 50, 0, 1.9, 15, 1);
        TransceiverModel host = module("HOST", 1, false, Medium::Multimode, 850, "SR4", "MPO-12/APC", 50, 0, 1.9, 9, 1);
        twin.halfLaneGbps = host.halfLaneGbps = 200;
        TransceiverModel slowLanes = host;  // a native 200G module on four 50G lanes
        slowLanes.partNumber = "HOST-4x50";
        slowLanes.portGbps = 200;
        slowLanes.halfLaneGbps = 0;
        media::ClassContext ctx;
        ctx.linkGbps = 200;
        ctx.quiet = true;
        ctx.a = {"NIC", "OSFP", false, 12, 1};
        ctx.a.isNic = true;
        ctx.b = {"SW", "OSFP", true, 17, 4};
        ctx.b.upper = true;
        QCOMPARE(media::portMode(host, ctx.a, 200), media::PortMode::HalfLeg);
        QCOMPARE(media::portMode(twin, ctx.b, 200), media::PortMode::Split);
        QCOMPARE(media::portMode(twin, ctx.b, 400), media::PortMode::None);  // 2 ports do not fill 4 links
        QCOMPARE(media::portMode(slowLanes, ctx.a, 200), media::PortMode::Native);
        ctx.b.upper = false;  // a splitter's single end goes on the switch above, never below
        QCOMPARE(media::portMode(twin, ctx.b, 200), media::PortMode::None);
        ctx.b.upper = true;
        QCOMPARE(media::fibreLegsFor(twin, ctx), 2);
        QCOMPARE(media::fibreLegsFor(host, ctx), 1);
        CableModel splitter = fibre("OM4", "MPO-12/APC", 10), straight = splitter;
        splitter.legsB = 2;
        const auto issues = [&](const TransceiverModel& a, const TransceiverModel& b, const CableModel& f) {
            std::vector<media::Issue> out;
            LossBudget loss;
            std::string text;
            media::modulePairIssues(a, b, &f, 5, {}, ctx, out, loss, text);
            return out.size();
        };
        QCOMPARE(issues(host, twin, splitter), std::size_t(0));
        QCOMPARE(issues(host, twin, straight), std::size_t(1));     // a split port needs the splitter
        QCOMPARE(issues(slowLanes, twin, splitter), std::size_t(1)); // 50G lanes do not meet 100G lanes
        ctx.b = ctx.a;  // two host modules: each wants a leg, nobody splits
        QCOMPARE(issues(host, host, splitter), std::size_t(2));       // pairing and the splitter both refused
        QCOMPARE(media::modulePowerW(host, media::PortMode::HalfLeg), 9.0);  // no half-lane figure: its own
        host.halfLanePowerW = 5;
        QCOMPARE(media::modulePowerW(host, media::PortMode::HalfLeg), 5.0);
        QCOMPARE(media::modulePowerW(host, media::PortMode::Native), 9.0);
    }

    void sameRackAvoidsPatchPanels()
    {
        const Catalog cat = physicalCatalog();
        ClusterSpec spec = infinibandSpec();
        // 2.5 m in-rack: copper preferred. Without the preference the ACC still wins on cost here, so
        // make optics artificially cheap to see the preference act.
        Catalog cheapOptics = cat;
        for (TransceiverModel& t : cheapOptics.transceivers) t.prices = {estimate(1)};
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {2.5f}, true);
        QCOMPARE(solutionOf(selectFor(spec, s, cheapOptics), 0).media, MediaClass::ACC);
        spec.media.preferCopperInRack = false;
        const MediaAssignment m = selectFor(spec, s, cheapOptics);
        const LinkSolution& opt = solutionOf(m, 0);
        QCOMPARE(opt.media, MediaClass::Multimode);
        QCOMPARE(opt.patchPanelPorts, 0);  // same rack: direct cord, no panels
        QCOMPARE(opt.loss.connectorsDb, 0.0);
    }

    void lowestPowerObjective()
    {
        // 40 m: MM (15 W twin -> 7.5 W/link/end) vs DR (17 W twin -> 8.5 W). Make MM dearer than DR:
        // lowest cost picks DR, lowest power still picks MM.
        Catalog cat = physicalCatalog();
        for (TransceiverModel& t : cat.transceivers)
            if (t.partNumber == "MMA4Z00-NS") t.prices = {estimate(9000)};
        ClusterSpec spec = infinibandSpec();
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {40.0f});
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).moduleA, std::string("MMS4X00-NM"));
        spec.media.objective = MediaObjective::LowestPower;
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).moduleA, std::string("MMA4Z00-NS"));
    }

    void pinForcesPart()
    {
        const Catalog cat = physicalCatalog();
        ClusterSpec spec = infinibandSpec();
        spec.media.pins = {{"leaf_spine", "MMS4X50-NM"}};
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {40.0f});
        const MediaAssignment m = selectFor(spec, s, cat);
        QCOMPARE(solutionOf(m, 0).moduleA, std::string("MMS4X50-NM"));
        QCOMPARE(solutionOf(m, 0).cablePart.find("LC-duplex") != std::string::npos, true);
        QVERIFY(m.findings.empty());
        // A pinned part that cannot work is kept, and the broken rule is reported.
        spec.media.pins = {{"leaf_spine", "MMA4Z00-NS"}};
        const LinkSet far = linksOfLengths(LinkClass::LeafSpine, {90.0f});
        const MediaAssignment bad = selectFor(spec, far, cat);
        QCOMPARE(solutionOf(bad, 0).moduleA, std::string("MMA4Z00-NS"));
        QVERIFY(hasRule(bad, "media.reach"));
    }

    void protocolAndOemPolicies()
    {
        Catalog cat = physicalCatalog();
        ClusterSpec spec = infinibandSpec();
        // An Ethernet-only cheaper DAC must not be used on InfiniBand.
        CableModel eth = cat.cables.front();
        eth.partNumber = "ETH-ONLY-DAC";
        eth.protocol = Protocol::Ethernet;
        eth.prices = {estimate(1)};
        cat.cables.push_back(eth);
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {0.5f});
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).cablePart, std::string("MCP4Y10-N00A"));
        spec.fabric = FabricKind::RoCE;
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).cablePart, std::string("ETH-ONLY-DAC"));
        // Third-party (not OEM, not qualified): excluded by default, allowed with the policy, and
        // excluded again by the OEM-only price policy.
        spec.fabric = FabricKind::InfiniBand;
        CableModel tp = cat.cables.front();
        tp.partNumber = "ACME-DAC";
        tp.vendor = "Acme";
        tp.oem = false;
        tp.prices = {estimate(2)};
        cat.cables.push_back(tp);
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).cablePart, std::string("MCP4Y10-N00A"));
        spec.media.allowThirdPartyOptics = true;
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).cablePart, std::string("ACME-DAC"));
        spec.economics.pricePolicy = PricePolicy::OemOnly;
        QCOMPARE(solutionOf(selectFor(spec, s, cat), 0).cablePart, std::string("MCP4Y10-N00A"));
    }

    // A what-if generic switch (--radix) is not a real part: no qualification list, and its cages take
    // whatever module or assembly runs at the link speed (a twin module then serves 2 of its ports).
    void genericSwitchTakesAnyPart()
    {
        const Catalog cat = physicalCatalog();
        SwitchModel generic;
        generic.partNumber = "GENERIC-128x400G";
        generic.vendor = "generic";
        generic.cages = 128;
        generic.cageType = "OSFP";
        generic.breakouts = {{400, 1}};
        generic.generic = true;
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, {40.0f});
        const MediaAssignment m = media::select(infinibandSpec(), s.fabric, s.layout, cat, testhw::of(generic, cat.nics.front()));
        QVERIFY2(m.findings.empty(), firstMessage(m).c_str());
        QCOMPARE(solutionOf(m, 0).media, MediaClass::Multimode);
        QCOMPARE(solutionOf(m, 0).linksPerModuleA, 2);
        // The same cages on a real (non-generic) switch: one 400G port per cage takes no twin module.
        generic.generic = false;
        const MediaAssignment real = media::select(infinibandSpec(), s.fabric, s.layout, cat, testhw::of(generic, cat.nics.front()));
        QVERIFY(hasRule(real, "media.no-part"));
    }

    // Links of the same class and length step share one solution; no cable is shorter than its route.
    void cacheAndNeverShorter()
    {
        const Catalog cat = physicalCatalog();
        std::vector<float> lengths;
        for (int i = 0; i < 20000; ++i) lengths.push_back(0.3f + float(i % 997) * 0.05f);  // 0.3 .. 50.1 m
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, lengths);
        const MediaAssignment m = selectFor(infinibandSpec(), s, cat);
        QVERIFY(m.solutions.size() < 40);  // one per length step, not per link
        for (std::size_t i = 0; i < lengths.size(); ++i) {
            const LinkSolution& sol = solutionOf(m, i);
            QVERIFY(sol.media != MediaClass::None);
            QVERIFY2(sol.orderLengthM + 1e-6 >= lengths[i], std::to_string(lengths[i]).c_str());
        }
    }

    void threeMillionLinks()
    {
        const Catalog cat = physicalCatalog();
        std::vector<float> lengths(3'000'000);
        for (std::size_t i = 0; i < lengths.size(); ++i) lengths[i] = 0.5f + float(i % 4001) * 0.01f;
        const LinkSet s = linksOfLengths(LinkClass::LeafSpine, lengths);
        const auto t0 = std::chrono::steady_clock::now();
        const MediaAssignment m = selectFor(infinibandSpec(), s, cat);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("media::select on 3 M links: %.3f s, %zu solutions", seconds, m.solutions.size());
        QCOMPARE(m.solutionOfLink.size(), lengths.size());
    }
};

QTEST_GUILESS_MAIN(TestMedia)
#include "test_media.moc"
