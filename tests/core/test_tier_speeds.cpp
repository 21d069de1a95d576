// A speed per tier (issue 40): host links at the NIC's speed, leaf-spine and spine-core links at the
// design's fabric speed (fabric_gbps), a leaf's cage carrying host ports or uplinks from the same lanes
// (core/topology/README.md, "Two speeds"). Expected figures are hand counts from the switch's cages and the
// design, never what the planner printed.
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "estimate/latency.h"
#include "estimate/model_constants.h"
#include "io/lossless_config.h"
#include "io/netbox_model.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"
#include "network_fixtures.h"
#include "plan_findings.h"
#include "spec/spec_json.h"
#include "roce_200g_hosts.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

// Alibaba HPN's pod as the issue gives it: 15,360 GPUs in 1,920 nodes of 8 ConnectX-7 MCX755106AS-HEAT
// (2 x 200GbE), two planes (a NIC's two ports), SN5600 ToRs and aggregation switches at 16:15, 128-node
// segments; 200G to the hosts, 400G up.
ClusterSpec hpnPod()
{
    ClusterSpec s = testsupport::roce200GHosts(15360);
    s.fabricGbps = 400;
    s.planes = 2;
    s.leafOversubscription = {16, 15};
    s.suNodes = 128;
    return s;
}

// 4,096 GPUs of 400GbE BlueField-3 SuperNICs on SN5600 leaves under 800G uplinks, one plane, 1:1.
ClusterSpec fourHundredUnderEightHundred()
{
    ClusterSpec s;
    s.gpus = 4096;
    s.fabric = FabricKind::RoCE;
    s.nicModel = "900-9D3D4-00EN-HA0";
    s.switchModel = "SN5600";
    s.linkGbps = 400;
    s.fabricGbps = 800;
    s.media.allowThirdPartyOptics = true;  // NVIDIA's catalog rows have no single-port 800GbE module
    return s;
}


} // namespace

class TestTierSpeeds : public QObject {
    Q_OBJECT
    Catalog catalog_;

    // Each leaf's host ports and uplinks, by the leaf port they use; each uplink's cage holds only uplinks.
    void checkLeafPorts(const Plan& p, int hostPorts, int uplinks, int portsPerUplink, int portsPerCage)
    {
        std::map<DeviceId, std::vector<int>> down, up;
        for (const Link& l : p.fabric.links) {
            if (l.cls == LinkClass::HostLeaf) down[l.b].push_back(l.bPort);
            if (l.cls == LinkClass::LeafSpine) up[l.a].push_back(l.aPort);
        }
        for (auto& [leaf, ports] : up) {
            QCOMPARE(int(ports.size()), uplinks);
            QCOMPARE(int(down[leaf].size()), hostPorts);
            std::sort(ports.begin(), ports.end());
            const int firstCageOfUplinks = ports.front() / portsPerCage;
            for (int port : down[leaf]) QVERIFY(port / portsPerCage < firstCageOfUplinks);  // no cage of both
            std::map<int, int> perCage;
            for (std::size_t i = 0; i < ports.size(); ++i) {
                if (i) QCOMPARE(ports[i] - ports[i - 1], portsPerUplink);  // an uplink takes k host-speed ports
                ++perCage[ports[i] / portsPerCage];
            }
            for (const auto& [cage, n] : perCage) QCOMPARE(n, portsPerCage / portsPerUplink);
        }
    }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // The count: 240 ToRs x 60 uplinks at 400G = 14,400 leaf-spine links (not 28,800 at 200G). By
    // hand: per plane 1,920 x 8 = 15,360 NIC ports; 15 segments x 8 rails = 120 ToRs of 128 host ports
    // (32 of the SN5600's 64 cages at 4 x 200G); 256 ports at 16:15 split 128:120, the 120 up ports are
    // 60 x 400G (2 a cage); each ToR one link to each of 60 aggregation switches of 128 x 400G ports.
    void hpnPodPlansAtTwoSpeeds()
    {
        const Plan p = makePlan(hpnPod(), catalog_);
        QVERIFY2(p.errorCount() == 0, testsupport::errorText(p).c_str());
        QCOMPARE(p.fabric.shape.linkGbps, 200);
        QCOMPARE(p.fabric.shape.fabricGbps, 400);
        QCOMPARE(p.fabric.shape.leafPortsPerUplink, 2);
        QCOMPARE(p.fabric.shape.tiers, 2);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), 240LL);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), 120LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 1920LL * 8 * 2);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), 240LL * 60);
        checkLeafPorts(p, 128, 60, 2, 4);
        // Spines run 128 ports at 400G: each takes one link from each of its plane's 120 ToRs.
        std::map<DeviceId, int> spineLinks;
        for (const Link& l : p.fabric.links)
            if (l.cls == LinkClass::LeafSpine) {
                QVERIFY(l.bPort < 128);
                ++spineLinks[l.b];
            }
        for (const auto& [spine, n] : spineLinks) QCOMPARE(n, 120);
        // The uplinks are named as the cage runs them: 400G ports 33/1 and 33/2, not the 200G sub-ports 1 and 3.
        const DeviceId leaf = p.fabric.links[std::size_t(p.fabric.linkCount(LinkClass::HostLeaf))].a;
        QCOMPARE(p.fabric.portName(leaf, 128), std::string("33/1"));
        QCOMPARE(p.fabric.portName(leaf, 130), std::string("33/2"));
        QCOMPARE(p.fabric.portName(leaf, 132), std::string("34/1"));
        QCOMPARE(p.fabric.portName(leaf, 127), std::string("32/4"));
        // Every module runs its link class's speed: 200G at the hosts (splitter legs), 400G ports up.
        for (const LinkSolution& sol : p.media.solutions) {
            const int gbps = sol.cls == LinkClass::HostLeaf ? 200 : 400;
            for (const std::string& part : {sol.moduleA, sol.moduleB}) {
                if (part.empty()) continue;
                const TransceiverModel* m = catalog_.findTransceiver(part);
                QVERIFY2(m, part.c_str());
                QVERIFY2(m->portGbps == gbps || m->halfLaneGbps == gbps, part.c_str());
            }
        }
        // Bisection: the narrower of 30,720 x 200G and 14,400 x 400G, halved.
        QCOMPARE(p.estimates.performance.bisectionTbps, std::min(30720.0 * 200, 14400.0 * 400) / 2 / 1000);
        for (const Finding& f : p.findings) QVERIFY2(f.rule.rfind("invariant.", 0) != 0, f.message.c_str());
    }

    // The lossless configs name each port as its cage runs it, with a PFC profile of its own speed: a leaf's
    // 400G uplinks in an 800G cage are swp33s0 and swp33s1 (2 x 400G), its 200G host ports swp1s0..s3.
    void losslessConfigsFollowEachPortsSpeed()
    {
        const Plan p = makePlan(hpnPod(), catalog_);
        const std::vector<std::string> lines = io::nvueLosslessLines(p);
        std::map<std::string, std::string> profileOf;  // the leaf section's interfaces (the first section)
        bool leaf = false;
        for (const std::string& l : lines) {
            if (l.rfind("# --- ", 0) == 0) leaf = l.find("leaf") != std::string::npos;
            const std::string set = "nv set interface ", pfc = " qos pfc profile ";
            if (!leaf || l.rfind(set, 0) != 0 || l.find(pfc) == std::string::npos) continue;
            profileOf[l.substr(set.size(), l.find(pfc) - set.size())] = l.substr(l.find(pfc) + pfc.size());
        }
        QCOMPARE(int(profileOf.size()), 128 + 60);  // every host port and uplink a leaf uses
        QVERIFY(profileOf.count("swp33s0") && profileOf.count("swp33s1") && !profileOf.count("swp33s2"));
        QVERIFY(profileOf.at("swp33s1").rfind("pfc-400g-", 0) == 0);
        QVERIFY(profileOf.at("swp1s3").rfind("pfc-200g-", 0) == 0);
        const nlohmann::json sonic = io::sonicLosslessConfig(p);
        const auto& cable = sonic["switches"][0]["config_db"]["CABLE_LENGTH"]["AZURE"];
        QVERIFY(cable.contains("Ethernet256") && cable.contains("Ethernet260") && !cable.contains("Ethernet258"));
    }

    // NetBox: the SN5600 is a leaf of 128 x 200G host ports and 60 x 400G uplinks and a spine of 400G
    // ports; one device type cannot hold both, so the spines get their own: 64 cages x 2 ports at 400G,
    // named as the cable plan names them (1/1, 1/2, ..., 64/2), and every cable's spine end is one of them.
    void netboxTypesFollowEachTiersPorts()
    {
        const Plan p = makePlan(hpnPod(), catalog_);
        const io::ExportContext ctx{p, catalog_, nullptr, {}};
        const io::NetboxModel model(ctx);
        QCOMPARE(model.switchTypes().size(), std::size_t(2));
        const DeviceId leaf = p.fabric.nodeCount;
        DeviceId spine = leaf;
        while (p.fabric.devices[spine].tier != Tier::Spine) ++spine;
        const io::NetboxDeviceType& leafType = model.typeOf(leaf);
        const io::NetboxDeviceType& spineType = model.typeOf(spine);
        QCOMPARE(leafType.model, std::string("SN5600"));
        QCOMPARE(spineType.model, std::string("SN5600 (400G ports)"));
        QCOMPARE(int(spineType.interfaces.size()), 128);
        std::set<std::string> spinePorts;
        for (const io::NetboxInterface& i : spineType.interfaces) {
            QCOMPARE(i.type, std::string("400gbase-x-osfp"));
            spinePorts.insert(i.name);
        }
        QVERIFY(spinePorts.count("1/1") && spinePorts.count("64/2") && !spinePorts.count("1/3"));
        for (const Link& l : p.fabric.links)
            if (l.cls == LinkClass::LeafSpine)
                QVERIFY(spinePorts.count(model.interfaceName(l.b, p.fabric.portName(l.b, l.bPort))));
        // The leaf's own type: 128 host ports at 200G, then 60 uplinks at 400G (33/1, 33/2, ...).
        int host = 0, up = 0;
        for (const io::NetboxInterface& i : leafType.interfaces) (i.type == "400gbase-x-osfp" ? up : host)++;
        QCOMPARE(host, 128);
        QCOMPARE(up, 64);  // the type lists every uplink port of the cages (32 cages x 2); the plan uses 60
    }

    // The same pod at one speed: leaf-spine links at 200G, twice as many (the 28,800).
    void hpnPodAtOneSpeedHasTwiceTheUplinks()
    {
        ClusterSpec s = hpnPod();
        s.fabricGbps = 0;
        const Plan p = makePlan(s, catalog_);
        QCOMPARE(p.fabric.shape.fabricGbps, 0);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), 28800LL);
    }

    // 400G down, 800G up on SN5600 (128 x 400G or 64 x 800G): 1:1 splits 128 ports 64:64, 32 uplinks of 800G
    // per leaf; 512 nodes x 8 NICs in SUs of 64 nodes: 8 SUs x 8 rails = 64 leaves, each one link to each of
    // 32 spines of 64 x 800G. At one speed the same leaves send 64 x 400G.
    void fourHundredDownEightHundredUp()
    {
        const Plan p = makePlan(fourHundredUnderEightHundred(), catalog_);
        QVERIFY2(p.errorCount() == 0, testsupport::errorText(p).c_str());
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), 64LL);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), 32LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 4096LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), 64LL * 32);
        checkLeafPorts(p, 64, 32, 2, 2);
        for (const LinkSolution& sol : p.media.solutions)
            if (sol.cls == LinkClass::LeafSpine && !sol.moduleA.empty())
                QCOMPARE(catalog_.findTransceiver(sol.moduleA)->portGbps, 800);
        QCOMPARE(p.estimates.performance.bisectionTbps, 4096.0 * 400 / 2 / 1000);  // 2,048 x 800G = 4,096 x 400G

        ClusterSpec one = fourHundredUnderEightHundred();
        one.fabricGbps = 0;
        QCOMPARE(makePlan(one, catalog_).fabric.linkCount(LinkClass::LeafSpine), 64LL * 64);

        // OEM optics only: no NVIDIA module in the catalog runs one 800GbE port, and the error names the
        // third-party part that would.
        ClusterSpec oem = fourHundredUnderEightHundred();
        oem.media.allowThirdPartyOptics = false;
        const Plan q = makePlan(oem, catalog_);
        QVERIFY(testsupport::errorText(q).find("MSA-OSFP-800G-DR8") != std::string::npos);
    }

    // Another network at two speeds: 1,024 storage ports at 200G (512 servers x 2) on SN5600 leaves of
    // 128 down ports and 64 x 400G uplinks (1:1), 8 leaves; 4 spines of 128 x 400G each take 16 links from
    // every leaf (the builder's even striping: 4 x 16 = 64 uplinks, 8 x 16 = 128 spine ports): 512 links.
    void aStorageNetworkAtTwoSpeeds()
    {
        ClusterSpec s;
        s.gpus = 64;
        NetworkSpec n = test::networkOf("storage", NetworkRole::Storage, FabricKind::RoCE, "SN5600", "MCX755106AS-HEAT", 200,
                                        {{.name = "storage servers", .per = EndpointCount::Fixed, .count = 512, .portsEach = 2}});
        n.fabricGbps = 400;
        n.tiers = 2;
        s.networks.push_back(n);
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(int(c.networks.size()), 2);
        const Plan& p = c.networks[1].plan;
        QVERIFY2(p.errorCount() == 0, testsupport::errorText(p).c_str());
        QCOMPARE(p.fabric.shape.fabricGbps, 400);
        QCOMPARE(p.fabric.switchCount(Tier::Leaf), 8LL);
        QCOMPARE(p.fabric.switchCount(Tier::Spine), 4LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 1024LL);
        QCOMPARE(p.fabric.linkCount(LinkClass::LeafSpine), 512LL);
        // Saved and read back with the network's own speed; a wrong one is refused at the network's field.
        QCOMPARE(specFromJson(specToJson(s)).spec.networks.at(0).fabricGbps, 400);
        s.networks[0].fabricGbps = 300;
        try {
            makeClusterPlan(s, catalog_);
            QFAIL("planned");
        } catch (const UserError& e) {
            QVERIFY2(e.where.find("/networks/0") != std::string::npos && e.where.find("fabric_gbps") != std::string::npos,
                     e.where.c_str());
        }
    }

    // Serialisation at each link's own speed (latency.cpp): a via-spine path has two host links and two
    // fabric links, so 800G fabric links save two 64-byte frames' difference at 400G and 800G.
    void latencySerialisesEachLinkAtItsSpeed()
    {
        estimate::LatencyInputs in;
        in.fabric = FabricKind::InfiniBand;
        in.nicNs = 500;
        in.switchNs = 200;
        in.linkGbps = 400;
        const PathLatency one = estimate::pathLatency(in, 3);
        in.fabricGbps = 800;
        const PathLatency two = estimate::pathLatency(in, 3);
        const double frame400 = model::kSmallMessageFrameBytes * 8 / 400,
                     frame800 = model::kSmallMessageFrameBytes * 8 / 800;
        QCOMPARE(two.minNs, one.minNs);  // cut-through: once, at the slowest (the host) link
        QVERIFY(std::abs((one.maxNs - two.maxNs) - 2 * (frame400 - frame800)) < 1e-9);
    }

    // Refused with the field and a fix: a fabric speed that is no whole multiple of the hosts', or slower.
    void unevenSpeedsAreRefused()
    {
        for (const auto& [host, fabric] : {std::pair{200, 300}, std::pair{400, 200}}) {
            ClusterSpec s = hpnPod();
            s.linkGbps = host;
            s.fabricGbps = fabric;
            try {
                makePlan(s, catalog_);
                QFAIL("planned");
            } catch (const UserError& e) {
                QCOMPARE(e.where.substr(e.where.rfind('/') + 1), std::string("fabric_gbps"));
                QVERIFY2(std::string(e.fix).find("multiple of the host link speed") != std::string::npos, e.fix.c_str());
            }
        }
        // A generic what-if switch has one speed: refused at the fabric speed's field, not the leaf switch's.
        ClusterSpec generic = hpnPod();
        generic.genericRadix = 64;
        try {
            makePlan(generic, catalog_);
            QFAIL("planned");
        } catch (const UserError& e) {
            QCOMPARE(e.where, std::string("/fabric/fabric_gbps"));
        }
        // One switch has no switch-to-switch links: one speed, whatever the design says of the fabric's.
        ClusterSpec one = hpnPod();
        one.gpus = 256;
        one.planes = 1;
        one.tiers = 1;
        const Plan single = makePlan(one, catalog_);
        QCOMPARE(single.fabric.shape.tiers, 1);
        QCOMPARE(single.fabric.shape.fabricGbps, 0);
        // The NIC's own speed (no link speed set) is the host speed the fabric speed is checked against.
        ClusterSpec s = hpnPod();
        s.linkGbps = 0;
        s.fabricGbps = 300;
        QVERIFY_THROWS_EXCEPTION(UserError, makePlan(s, catalog_));
    }

    // A design file carries it as fabric.fabric_gbps under format minor 2, only when set.
    void designFileRoundTrip()
    {
        const ClusterSpec s = hpnPod();
        const nlohmann::json j = specToJson(s);
        QCOMPARE(j["fabric"]["fabric_gbps"].get<int>(), 400);
        QCOMPARE(j["format_minor"].get<int>(), 2);
        QCOMPARE(specFromJson(j).spec.fabricGbps, 400);
        ClusterSpec plain = s;
        plain.fabricGbps = 0;
        const nlohmann::json k = specToJson(plain);
        QVERIFY(!k["fabric"].contains("fabric_gbps"));
        QVERIFY(!k.contains("format_minor"));
    }
};

QTEST_GUILESS_MAIN(TestTierSpeeds)
#include "test_tier_speeds.moc"
