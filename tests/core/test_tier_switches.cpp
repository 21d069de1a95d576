// Per-tier switch models (issue 18): SN5600 leaves under modular-chassis spines, counted by hand; tiers
// that cannot talk (no common speed, another technology) refused with a finding that names the tier;
// the BOM, the floor and the latency follow each device's own model; defaults and the comparison keep
// the user's tier choices.
#include <QtTest>

#include <map>

#include "catalog/catalog_db.h"
#include "checks/tier_compatibility.h"
#include "common/error.h"
#include "estimate/latency.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
#include "plan/resolve.h"

using namespace fp;

namespace {

constexpr const char* kChassis = "DCS-7816R4-16x36PE";  // 16 slots x 36 x 800G OSFP = 576 cages

// 16,384 GPUs, 8 per node and 8 rails at 400G (ConnectX-7), rail-optimized, SN5600 leaves (64 OSFP
// cages = 128 x 400G), 7816R4 chassis spines (576 OSFP cages = 1,152 x 400G).
ClusterSpec leafSpineChassis()
{
    ClusterSpec s;
    s.fabric = FabricKind::RoCE;
    s.gpus = 16384;
    s.gpusPerNode = 8;
    s.nicsPerNode = 8;
    s.nicModel = "MCX75310AAS-NEAT";
    s.switchModel = "SN5600";
    s.spineSwitchModel = kChassis;
    s.floor.spinePlacement = SpinePlacement::CentralRoom;
    return s;
}

std::map<std::string, long long> switchLines(const Bom& bom, BomCategory category)
{
    std::map<std::string, long long> qty;
    for (const BomLine& l : bom.lines)
        if (l.category == category) qty[l.part] += l.qty;
    return qty;
}

} // namespace

class TestTierSwitches : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Hand count. A rail leaf (SN5600, 128 ports at 400G) takes 64 nodes down and 64 links up at 1:1, so
    // an SU is 64 nodes x 8 rails = 8 leaves; 2,048 nodes = 32 SUs = 256 leaves. Two tiers, since every
    // leaf reaches every 1,152-port spine (256 <= 1,152). Fewest spines: each takes m links from every
    // leaf with 256 x m <= 1,152, so m = 4 and 64 / 4 = 16 spines, each using 1,024 of its 1,152 ports.
    // Host links 2,048 x 8 = 16,384; leaf-spine 256 x 64 = 16,384. On SN5600 alone the same cluster
    // needs a third tier (256 leaves > 128 spine ports).
    void sn5600LeavesUnderChassisSpines()
    {
        const Plan p = makePlan(leafSpineChassis(), catalog_);
        QCOMPARE(p.fabric.shape.tiers, 2);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), 256LL);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), 16LL);
        QCOMPARE(p.fabric.shape.linksLeafToSpine, 4);
        QCOMPARE(p.fabric.switchCount(Tier::Core), 0LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 16384LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), 256LL * 64);
        // Port usage per tier counts each tier's own ports.
        for (const TierUsage& u : p.fabric.usage())
            QCOMPARE(u.portsTotal, u.tier == Tier::Leaf ? 256LL * 128 : 16LL * 1152);
        // Two tiers: the core switch the design names (SN5600) is not part of this fabric, so summaries
        // name the leaf and the spine only; as a three-tier fabric the same hardware names all three.
        QCOMPARE(p.hardware.switchesText(p.fabric.shape.tiers), std::string("leaf SN5600, spine ") + kChassis);
        QCOMPARE(p.hardware.switchesText(3), std::string("leaf SN5600, spine ") + kChassis + ", core SN5600");
        QVERIFY(!p.hardware.oneSwitchOnEveryTier(2));
        QVERIFY(p.hardware.oneSwitchOnEveryTier(1));  // a single-switch fabric has only the leaf's
        // Every device carries its tier's model.
        for (const Device& d : p.fabric.devices) {
            if (d.tier == Tier::Node) continue;
            QCOMPARE(p.hardware.switchModel(d.model).partNumber,
                     std::string(d.tier == Tier::Spine ? kChassis : "SN5600"));
        }
        // The BOM's installed switches per model, with the counts above.
        const auto installed = switchLines(p.bom, BomCategory::Switches);
        QCOMPARE(installed.size(), std::size_t(2));
        QCOMPARE(installed.at("SN5600"), 256LL);
        QCOMPARE(installed.at(kChassis), 16LL);
        QCOMPARE(p.errorCount(), 0);

        ClusterSpec uniform = leafSpineChassis();
        uniform.spineSwitchModel.clear();
        QCOMPARE(makePlan(uniform, catalog_).fabric.shape.tiers, 3);
    }

    // The floor follows each model: a 29 U chassis fills a network rack alone (32 U of switch space),
    // 2 U leaves stack 16 to a rack; a rack's power is its own switches' catalog power.
    // The plan JSON names each tier's switch: part and model name as the catalog's switches.csv writes
    // them (description up to its first comma); a two-tier fabric has no core entry.
    void planJsonNamesEachTiersSwitch()
    {
        const Plan p = makePlan(leafSpineChassis(), catalog_);
        QCOMPARE(p.fabric.shape.tiers, 2);
        const nlohmann::json parts = planToJson(p)["parts"];
        QCOMPARE(parts["switch"].get<std::string>(), std::string("SN5600"));  // unchanged key: the leaf's
        const nlohmann::json& sw = parts["switches"];
        QCOMPARE(sw.size(), std::size_t(2));
        QCOMPARE(sw["leaf"]["part"].get<std::string>(), std::string("SN5600"));
        QCOMPARE(sw["leaf"]["model"].get<std::string>(), std::string("Spectrum-4 SN5600 Ethernet switch"));
        QCOMPARE(sw["spine"]["part"].get<std::string>(), std::string(kChassis));
        QCOMPARE(sw["spine"]["model"].get<std::string>(), std::string("Arista 7816R4 16-slot modular chassis"));
        QVERIFY(!sw.contains("core"));
    }

    void floorPerDeviceModel()
    {
        const Plan p = makePlan(leafSpineChassis(), catalog_);
        const SwitchModel* chassis = catalog_.findSwitch(kChassis);
        QVERIFY(chassis);
        int roomRacks = 0;
        for (const Rack& r : p.layout.racks) {
            if (r.kind != RackKind::SpineRoom) continue;
            ++roomRacks;
            QCOMPARE(r.devices, 1);
            QCOMPARE(r.powerW, chassis->powerMaxW);  // a rack holds its switch at full load (catalog README)
        }
        QCOMPARE(roomRacks, 16);
    }

    // Each hop at its own switch: leaf, spine, leaf = 2 x 500 + 2,000 ns (catalog estimates), 1,500 ns
    // more than three SN5600 hops, and the same-leaf path unchanged.
    void latencyPerTierHop()
    {
        estimate::LatencyInputs in;
        in.fabric = FabricKind::RoCE;
        in.linkGbps = 800;
        in.tiers = 2;
        in.switchNs = 500;
        const double uniform3 = estimate::pathLatency(in, 3).minNs;
        const double uniform1 = estimate::pathLatency(in, 1).minNs;
        in.tierSwitchNs = {500, 2000, 0};
        in.switchNs = 2000;
        QCOMPARE(estimate::pathLatency(in, 3).minNs - uniform3, 1500.0);
        QCOMPARE(estimate::pathLatency(in, 1).minNs, uniform1);

        ClusterSpec fixed = leafSpineChassis();
        fixed.spineSwitchModel = "DCS-7060X6-64PE";  // 500 ns, same speed and optics family
        fixed.tiers = 2;
        fixed.gpus = 2048;
        ClusterSpec chassis = fixed;
        chassis.spineSwitchModel = kChassis;
        const Plan a = makePlan(fixed, catalog_), b = makePlan(chassis, catalog_);
        QCOMPARE(a.estimates.performance.latency.size(), std::size_t(2));
        QCOMPARE(b.estimates.performance.latency.at(0).minNs, a.estimates.performance.latency.at(0).minNs);
        QVERIFY(b.estimates.performance.latency.at(1).minNs > a.estimates.performance.latency.at(1).minNs + 1400);
    }

    // No common speed: an 800G fabric with a 400G-only chassis spine. The finding names the tier, the
    // speeds and the fix (a spine with 800G ports, or 400G everywhere); makePlan refuses the design
    // with it; at 400G the same parts plan.
    void mismatchedSpeedRefused()
    {
        ClusterSpec s = leafSpineChassis();
        s.gpus = 2048;
        s.nicModel = "900-9X81E-00EX-DT0";         // ConnectX-8: 800G links
        s.spineSwitchModel = "PTX10008-8xLC1201";  // 8 x 36 x 400G QSFP56-DD
        // An 800GbE NIC: the catalog has none (the C8180's Ethernet is 2 x 400G, which this spine runs),
        // so this copy gives the C8180 a single 800GbE port.
        Catalog catalog = catalog_;
        for (NicModel& n : catalog.nics)
            if (n.partNumber == s.nicModel) n.ethPortsPerCage = 1, n.ethPortGbps = 800;
        const NicModel& nic = plan::resolveNic(s, catalog);
        QCOMPARE(nic.portGbpsOn(s.fabric), 800);
        const Hardware hw = plan::resolveHardware(s, catalog, nic, 800, 1);
        const std::vector<Finding> f = checks::tierCompatibility(s, hw, catalog);
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].severity, Severity::Error);
        QCOMPARE(f[0].rule, std::string("hardware.tier-speed"));
        QCOMPARE(f[0].where, std::string("/fabric/switches/spine"));
        QVERIFY2(f[0].message.find("800 Gb/s") != std::string::npos, f[0].message.c_str());
        QVERIFY2(f[0].fix.find("--link-gbps 400") != std::string::npos, f[0].fix.c_str());
        try {
            makePlan(s, catalog);
            QFAIL("an 800G leaf under a 400G-only spine was planned");
        } catch (const UserError& e) {
            QCOMPARE(e.where, std::string("/fabric/switches/spine"));
        }
        s.linkGbps = 400;
        const Plan p = makePlan(s, catalog);
        QCOMPARE(p.fabric.shape.linkGbps, 400);
        QCOMPARE(p.hardware.switchOf(Tier::Spine).partNumber, std::string("PTX10008-8xLC1201"));
    }

    // Another technology on one tier: an InfiniBand fabric with an Ethernet spine.
    void otherTechnologyRefused()
    {
        ClusterSpec s;
        s.gpus = 1024;
        s.spineSwitchModel = "SN5600";
        const NicModel& nic = plan::resolveNic(s, catalog_);
        const Hardware hw = plan::resolveHardware(s, catalog_, nic, 400, 1);
        const std::vector<Finding> f = checks::tierCompatibility(s, hw, catalog_);
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].rule, std::string("hardware.tier-protocol"));
        QVERIFY(f[0].fix.find("MQM9700-NS2F") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(UserError, makePlan(s, catalog_));
        // A tier's unknown switch names the tier.
        s.spineSwitchModel = "NOPE-1";
        try {
            makePlan(s, catalog_);
            QFAIL("unknown spine switch planned");
        } catch (const UserError& e) {
            QCOMPARE(e.where, std::string("/fabric/switches/spine"));
            QVERIFY(std::string(e.what()).find("spine") != std::string::npos);
        }
    }

    // Each end of a link in its own device's cage: OSFP leaves under QSFP-DD chassis spines.
    void eachEndInItsOwnCage()
    {
        ClusterSpec s = leafSpineChassis();
        s.gpus = 2048;
        s.spineSwitchModel = "8808-8x36FH";  // 36 x 400G QSFP-DD cards
        const Plan p = makePlan(s, catalog_);
        QCOMPARE(p.hardware.cageOf(Tier::Leaf).formFactor, std::string("OSFP"));
        QCOMPARE(p.hardware.cageOf(Tier::Spine).formFactor, std::string("QSFP-DD"));
        for (const Finding& f : p.findings)
            QVERIFY2(f.rule != "media.cage-mismatch", f.message.c_str());
    }

    // Defaults fill the tiers without their own switch and keep the user's; the comparison keeps a tier
    // switch where it runs the fabric and drops it where it does not (a chassis in an InfiniBand plan, a
    // non-Spectrum switch in a Spectrum-X one).
    void defaultsAndComparisonKeepTierChoices()
    {
        ClusterSpec s = leafSpineChassis();
        s.gpus = 4096;
        s.switchModel = "MQM9700-NS2F";  // not RoCE: the default replaces it, the spine stays
        const plan::FabricParts parts = plan::partsForFabric(s, FabricKind::RoCE, catalog_);
        QCOMPARE(parts.spec.spineSwitchModel, std::string(kChassis));
        QVERIFY(parts.spec.switchModel != "MQM9700-NS2F");
        QVERIFY2(parts.why.find(kChassis) != std::string::npos, parts.why.c_str());
        // A chassis is never the default for every tier.
        for (const ClusterSpec& c : plan::retargetCandidates(ClusterSpec{}, FabricKind::RoCE, catalog_))
            QVERIFY2(!catalog_.findSwitch(c.switchModel)->modularChassis(), c.switchModel.c_str());

        s.switchModel = "SN5600";
        const Comparison c = comparePlans(s, catalog_);
        for (const Plan& p : c.plans) {
            const bool fits = p.spec.fabric == FabricKind::RoCE || p.spec.fabric == FabricKind::UEC;
            QCOMPARE(p.hardware.switchOf(Tier::Spine).partNumber == kChassis, fits);
        }
    }
};

QTEST_GUILESS_MAIN(TestTierSwitches)
#include "test_tier_switches.moc"
