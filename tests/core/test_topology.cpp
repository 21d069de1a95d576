// Topology engine against independent figures: Al-Fares k-ary fat-tree counts, two-tier limits,
// NVIDIA's DGX SuperPOD reference design, and graph invariants on many random specs.
#include <QtTest>

#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

#include "common/error.h"
#include "common/format.h"
#include "topology/builder.h"
#include "topology/graph.h"

using namespace fp;

namespace {

ClusterSpec flatSpec(int endpoints)
{
    ClusterSpec s;
    s.gpus = endpoints;
    s.gpusPerNode = 1;
    s.nicsPerNode = 1;
    s.railOptimized = false;
    return s;
}

Fabric buildGeneric(const ClusterSpec& s, int radix) { return topology::build(s, {radix, 1}, 400); }

} // namespace

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    // Al-Fares, Loukissas, Vahdat, "A Scalable, Commodity Data Center Network Architecture", SIGCOMM 2008:
    // a k-ary fat-tree has k^3/4 hosts, k^2/2 edge (leaf) + k^2/2 aggregation (spine) + k^2/4 core
    // switches = 5k^2/4, and k^3/4 links in each of the three link tiers.
    void alFaresFatTree_data()
    {
        QTest::addColumn<int>("k");
        for (int k : {4, 8, 16, 24, 48, 64}) QTest::addRow("k=%d", k) << k;
    }
    void alFaresFatTree()
    {
        QFETCH(int, k);
        ClusterSpec s = flatSpec(k * k * k / 4);
        s.tiers = 3;
        const Fabric f = buildGeneric(s, k);
        QCOMPARE(f.shape.tiers, 3);
        QCOMPARE(f.switchCount(Tier::Leaf), (long long)k * k / 2);
        QCOMPARE(f.switchCount(Tier::Spine), (long long)k * k / 2);
        QCOMPARE(f.switchCount(Tier::Core), (long long)k * k / 4);
        QCOMPARE(f.switchCount(), (long long)5 * k * k / 4);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), (long long)k * k * k / 4);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), (long long)k * k * k / 4);
        QCOMPARE(f.linkCount(LinkClass::SpineCore), (long long)k * k * k / 4);
        QCOMPARE(f.shape.pods, k);
        // A full tree uses every port of every switch.
        for (const auto& u : f.usage()) QCOMPARE(u.portsSpare(), 0LL);
    }

    // Two tiers of radix-R switches, non-blocking, connect at most R leaves x R/2 hosts = R^2/2.
    void twoTierLimit_data()
    {
        QTest::addColumn<int>("radix");
        QTest::addRow("radix 64 (QM9700 at 400G)") << 64;
        QTest::addRow("radix 144 (Q3400 at 800G)") << 144;
        QTest::addRow("radix 128 (SN5600 at 400G)") << 128;
    }
    void twoTierLimit()
    {
        QFETCH(int, radix);
        const int limit = radix * radix / 2;
        QCOMPARE(topology::maxEndpoints(2, {radix, 1}, {1, 1}, {1, 1}), (long long)limit);

        const Fabric atLimit = buildGeneric(flatSpec(limit), radix);
        QCOMPARE(atLimit.shape.tiers, 2);
        QCOMPARE(atLimit.switchCount(Tier::Leaf), (long long)radix);
        QCOMPARE(atLimit.switchCount(Tier::Spine), (long long)radix / 2);

        // One more endpoint: auto goes to three tiers; forcing two tiers is an error that says what fits.
        const Fabric over = buildGeneric(flatSpec(limit + 1), radix);
        QCOMPARE(over.shape.tiers, 3);
        ClusterSpec forced = flatSpec(limit + 1);
        forced.tiers = 2;
        try {
            buildGeneric(forced, radix);
            QFAIL("two tiers beyond the limit must be refused");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find(withThousands(limit)) != std::string::npos, e.what());
            QVERIFY2(e.fix.find("three tiers") != std::string::npos, e.fix.c_str());
        }
    }

    // DGX SuperPOD (DGX H100) reference architecture, compute fabric for 4 SUs of 32 nodes with
    // 8 x NDR 400G rails on QM9700 (64 ports at 400G in 32 twin-port cages): 32 leaf + 16 spine
    // switches (https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/network-fabrics.html).
    // Independent arithmetic: 4 SU x 8 rails = 32 leaves of 32 down/32 up; 32 x 32 uplinks / 64 ports
    // = 16 spines, 2 links from each leaf to each spine. The RA's last SU has 31 DGX (127 in all).
    void dgxSuperPodH100FourSu()
    {
        ClusterSpec s;
        s.gpus = 127 * 8;
        s.gpusPerNode = 8;
        s.nicsPerNode = 8;
        s.railOptimized = true;
        s.suNodes = 32;
        const Fabric f = topology::build(s, {64, 2}, 400);
        QCOMPARE(f.shape.tiers, 2);
        QCOMPARE(f.switchCount(Tier::Leaf), 32LL);
        QCOMPARE(f.switchCount(Tier::Spine), 16LL);
        QCOMPARE(f.shape.linksLeafToSpine, 2);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 127LL * 8);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 32LL * 32);
        // Rail alignment: NIC i of every node in SU 1 lands on leaf-su01-r<i+1>.
        for (const auto& l : f.links) {
            if (l.cls != LinkClass::HostLeaf) continue;
            const Device& node = f.devices[l.a];
            const Device& leaf = f.devices[l.b];
            QCOMPARE(leaf.su, node.su);
            QCOMPARE(int(leaf.rail), l.aPort + 1);
        }
        QVERIFY(f.deviceName(f.links.front().b) == "leaf-su01-r1");
    }

    // A 256-port leaf of 4 ports a cage (SN5600 at 200G) at 2:1 splits 170:85 by the ratio, but 172 + 85 >
    // 256: the uplinks cannot start at a cage boundary, so the leaf takes 168 down ports and no cage carries
    // a host link and an uplink (each class its own part: the media README's rule). At 400G (2 a cage,
    // 128 ports: 84:42) the split is already on a boundary and stays as the ratio gives it.
    void downPortsEndOnACageBoundary()
    {
        ClusterSpec s;
        s.gpus = 8 * 64;
        s.railOptimized = false;
        s.tiers = 2;
        s.leafOversubscription = {2, 1};
        const Fabric f = topology::build(s, {256, 4}, 200);
        QCOMPARE(f.shape.leafDown, 168);
        QCOMPARE(f.shape.leafUp, 85);
        std::vector<int> classesOfCage(std::size_t(f.devices.size()) * 64, 0);  // bit per class, per leaf cage
        for (const Link& l : f.links)
            for (const auto& [dev, port] : {std::pair{l.a, int(l.aPort)}, std::pair{l.b, int(l.bPort)}})
                if (f.devices[dev].tier == Tier::Leaf)
                    classesOfCage[std::size_t(dev) * 64 + std::size_t(port / 4)] |= 1 << int(l.cls);
        for (int bits : classesOfCage) QVERIFY(bits != 3);  // never host-leaf and leaf-spine in one cage
        const Fabric at400 = topology::build(s, {128, 2}, 400);
        QCOMPARE(at400.shape.leafDown, 84);
        QCOMPARE(at400.shape.leafUp, 42);
    }

    // 16 SUs (511 nodes) exceed two tiers (128 leaves > 64): three tiers with 4 SUs (32 leaves) per pod,
    // 32 spines per pod (one per leaf uplink), 4 pods -> 128 spines; each spine's 32 uplinks over
    // 4 pods x 32 / 64 ports = 2 cores per group, 32 groups -> 64 cores.
    void dgxSuperPodH100SixteenSu()
    {
        ClusterSpec s;
        s.gpus = 511 * 8;
        s.suNodes = 32;
        const Fabric f = topology::build(s, {64, 2}, 400);
        QCOMPARE(f.shape.tiers, 3);
        QCOMPARE(f.switchCount(Tier::Leaf), 128LL);
        QCOMPARE(f.switchCount(Tier::Spine), 128LL);
        QCOMPARE(f.switchCount(Tier::Core), 64LL);
        QCOMPARE(f.shape.pods, 4);
        QCOMPARE(f.shape.linksSpineToCore, 16);
    }

    // A partial three-tier fabric gets the core it needs, not the full k-ary tree's k^2/4.
    void partialCoreIsSizedForPodsPresent()
    {
        const int k = 64;
        ClusterSpec s = flatSpec(3 * 32 * 32);  // three full pods of 32 leaves x 32 hosts
        const Fabric f = buildGeneric(s, k);
        QCOMPARE(f.shape.tiers, 3);
        QCOMPARE(f.shape.pods, 3);
        // Each spine has 32 uplinks; 3 pods x 32 / 64 = 1.5 -> 2 cores per group (a divisor of 32),
        // 32 groups -> 64 cores, each core using 3 pods x 16 links = 48 of 64 ports.
        QCOMPARE(f.switchCount(Tier::Core), 64LL);
        QVERIFY(f.switchCount(Tier::Core) < k * k / 4);
        for (std::size_t i = f.nodeCount; i < f.devices.size(); ++i)
            if (f.devices[i].tier == Tier::Core) QCOMPARE(int(f.devices[i].portsUsed), 48);
    }

    void singleSwitchForSmallClusters()
    {
        ClusterSpec s;
        s.gpus = 8;
        const Fabric f = topology::build(s, {64, 2}, 400);
        QCOMPARE(f.shape.tiers, 1);
        QCOMPARE(f.switchCount(), 1LL);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 8LL);
        QCOMPARE(f.usage().front().portsSpare(), 56LL);
    }

    void oversubscriptionSplitsPortsExactly()
    {
        ClusterSpec s = flatSpec(4096);
        s.leafOversubscription = {3, 1};
        const Fabric f = buildGeneric(s, 64);
        QCOMPARE(f.shape.leafDown, 48);
        QCOMPARE(f.shape.leafUp, 16);
        QCOMPARE(f.switchCount(Tier::Leaf), 86LL);  // ceil(4096 / 48)
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 86LL * 16);
        s.leafOversubscription = {2, 1};
        const Fabric g = buildGeneric(s, 64);
        QCOMPARE(g.shape.leafDown, 42);  // 64 / 3 = 21 -> 42:21, ratio exact, one port idle
        QCOMPARE(g.shape.leafUp, 21);
    }

    // A rail leaf of a 32-node SU on a radix-288 switch (Q3400 ports split to 400G: 144 down) has 32
    // endpoints, so at 1:1 it needs 32 uplinks, not the 144 it reserves.
    void uplinksFollowRealEndpoints()
    {
        ClusterSpec s;
        s.gpus = 8 * 32 * 4;  // 4 SUs
        s.suNodes = 32;       // set: the auto SU would fill the 144-down leaf
        const Fabric f = topology::build(s, {288, 4}, 400);
        QCOMPARE(f.shape.leafUp, 144);
        QCOMPARE(f.shape.leafUplinks, 32);
        QCOMPARE(f.switchCount(Tier::Leaf), 32LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 32LL * 32);  // = host links: 1:1
        // 32 leaves x 32 uplinks over 288-port spines: ceil(1024 / 288) = 4, a divisor of 32 -> 4 spines.
        QCOMPARE(f.switchCount(Tier::Spine), 4LL);
    }

    void planesReplicateTheFabric()
    {
        ClusterSpec s;
        s.gpus = 2048;
        s.planes = 2;
        const Fabric one = topology::build([&] { auto t = s; t.planes = 1; return t; }(), {64, 2}, 400);
        const Fabric two = topology::build(s, {64, 2}, 400);
        QCOMPARE(two.switchCount(), 2 * one.switchCount());
        QCOMPARE(two.links.size(), 2 * one.links.size());
        QVERIFY(two.deviceName(two.nodeCount).rfind("pl1-", 0) == 0);
        QCOMPARE(topology::componentsInPlane(two, 0), 1);
        QCOMPARE(topology::componentsInPlane(two, 1), 1);
    }

    void tooBigSaysWhatFits()
    {
        ClusterSpec s = flatSpec(64 * 64 * 64 / 4 + 1);  // one more than a radix-64 fat-tree holds
        try {
            buildGeneric(s, 64);
            QFAIL("must be refused");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("(65,536 at leaf 1:1") != std::string::npos, e.what());
            QVERIFY2(e.fix.find("2:1") != std::string::npos, e.fix.c_str());
        }
    }

    void deterministicPortLevelWiring()
    {
        ClusterSpec s;
        s.gpus = 4096;
        const Fabric a = topology::build(s, {64, 2}, 400);
        const Fabric b = topology::build(s, {64, 2}, 400);
        QCOMPARE(a.links.size(), b.links.size());
        for (std::size_t i = 0; i < a.links.size(); ++i) {
            QCOMPARE(a.links[i].a, b.links[i].a);
            QCOMPARE(a.links[i].bPort, b.links[i].bPort);
        }
        // Twin-port cages: port 0 and 1 of a 2-port cage are "1/1" and "1/2".
        QCOMPARE(a.portName(a.links.front().b, 0), std::string("1/1"));
        QCOMPARE(a.portName(a.links.front().b, 1), std::string("1/2"));
        QCOMPARE(a.portName(a.links.front().a, 3), std::string("nic4"));
    }

    // Invariants on many random specs.
    void randomSpecsKeepInvariants()
    {
        std::mt19937 rng(20261130);
        auto pick = [&](std::initializer_list<int> v) { return *(v.begin() + rng() % v.size()); };
        int built = 0;
        for (int trial = 0; trial < 120; ++trial) {
            ClusterSpec s;
            s.gpusPerNode = pick({1, 4, 8});
            s.nicsPerNode = s.gpusPerNode == 1 ? 1 : pick({1, 2, 4, 8}) % (s.gpusPerNode + 1);
            if (s.nicsPerNode == 0) s.nicsPerNode = 1;
            s.gpus = s.gpusPerNode * (1 + int(rng() % 3000));
            s.railOptimized = rng() % 2;
            s.suNodes = pick({16, 32, 64, 72});
            s.planes = pick({1, 1, 2});
            s.leafOversubscription = pick({1, 1, 2, 3}) == 1 ? Ratio{1, 1} : Ratio{pick({2, 3}), 1};
            s.spineOversubscription = rng() % 4 == 0 ? Ratio{2, 1} : Ratio{1, 1};
            s.tiers = pick({0, 0, 3});
            const int radix = pick({16, 32, 64, 128});
            const int ppc = pick({1, 2});
            s.dualTor = trial % 7 == 3;  // from the trial, not the generator: the other picks stay as they were
            Fabric f;
            try {
                f = topology::build(s, {radix, ppc}, 400);
            } catch (const UserError&) {
                // Too big for this radix (the error path is tested above): the shape alone is refused too.
                bool refused = false;
                try {
                    topology::shapeOf(s, {radix, ppc}, 400);
                } catch (const UserError&) {
                    refused = true;
                }
                QVERIFY2(refused, QByteArray("trial ") + QByteArray::number(trial));
                continue;
            }
            ++built;
            const auto ctx = QByteArray("trial ") + QByteArray::number(trial);
            // Each device's port count is the links that end on it (the builder counts the uplinks in
            // closed form, not link by link).
            std::vector<int> endsOn(f.devices.size(), 0);
            for (const auto& l : f.links) {
                ++endsOn[l.a];
                ++endsOn[l.b];
            }
            for (std::size_t i = 0; i < f.devices.size(); ++i) QCOMPARE(int(f.devices[i].portsUsed), endsOn[i]);
            // The first leaf's host links take its down ports 0 .. n-1, n as the shape says, and no leaf
            // has more host links; the shape alone (shapeOf) is the built fabric's.
            {
                DeviceId firstLeaf = 0;
                while (f.devices[firstLeaf].tier != Tier::Leaf) ++firstLeaf;
                std::map<DeviceId, std::set<int>> hostPortsOf;
                for (const auto& l : f.links)
                    if (l.cls == LinkClass::HostLeaf) hostPortsOf[l.b].insert(l.bPort);
                const std::set<int>& first = hostPortsOf[firstLeaf];
                QVERIFY2(int(first.size()) == f.shape.hostPortsOfFirstLeaf, ctx);
                QVERIFY2(first.empty() || (*first.begin() == 0 && *first.rbegin() == int(first.size()) - 1), ctx);
                for (const auto& [leaf, ports] : hostPortsOf) QVERIFY2(int(ports.size()) <= f.shape.hostPortsOfFirstLeaf, ctx);
                const FabricShape shape = topology::shapeOf(s, {radix, ppc}, 400);
                QVERIFY2(shape.tiers == f.shape.tiers && shape.leavesPerPlane == f.shape.leavesPerPlane &&
                             shape.hostPortsOfFirstLeaf == f.shape.hostPortsOfFirstLeaf &&
                             shape.spinesPerPod == f.shape.spinesPerPod && shape.pods == f.shape.pods &&
                             shape.coresPerGroup == f.shape.coresPerGroup && shape.leafUplinks == f.shape.leafUplinks,
                         ctx);
            }
            // The wiring tasks write disjoint parts of the fabric: each on a thread of its own, started in
            // reverse order, they give the same links in the same order and the same port counts.
            const topology::TaskRunner onThreads = [](std::size_t, const std::vector<std::function<void()>>& tasks) {
                std::vector<std::thread> threads;
                for (auto task = tasks.rbegin(); task != tasks.rend(); ++task) threads.emplace_back(*task);
                for (auto& t : threads) t.join();
            };
            const Fabric threaded = topology::build(s, {radix, ppc}, 400, onThreads);
            QCOMPARE(threaded.links.size(), f.links.size());
            for (std::size_t i = 0; i < f.links.size(); ++i) {
                const Link &x = f.links[i], &y = threaded.links[i];
                QVERIFY2(x.a == y.a && x.b == y.b && x.aPort == y.aPort && x.bPort == y.bPort && x.cls == y.cls, ctx);
            }
            QCOMPARE(threaded.devices.size(), f.devices.size());
            for (std::size_t i = 0; i < f.devices.size(); ++i)
                QCOMPARE(threaded.devices[i].portsUsed, f.devices[i].portsUsed);
            // Every NIC port of every node is used exactly once.
            std::set<std::pair<DeviceId, int>> endpointsSeen;
            std::map<DeviceId, std::set<int>> switchPorts;
            for (const auto& l : f.links) {
                if (l.cls == LinkClass::HostLeaf) QVERIFY2(endpointsSeen.insert({l.a, l.aPort}).second, ctx);
                else QVERIFY2(switchPorts[l.a].insert(l.aPort).second, ctx);
                QVERIFY2(switchPorts[l.b].insert(l.bPort).second, ctx);
                QVERIFY2(l.bPort < radix, ctx);
                if (l.cls != LinkClass::HostLeaf) QVERIFY2(l.aPort < radix, ctx);
            }
            QCOMPARE((long long)endpointsSeen.size(), (long long)f.nodeCount * s.nicsPerNode * s.planes * (s.dualTor ? 2 : 1));
            for (std::size_t i = f.nodeCount; i < f.devices.size(); ++i)
                QVERIFY2(f.devices[i].portsUsed <= radix, ctx);
            if (f.shape.tiers == 1) continue;
            // Leaf ratio is exact; even striping: each leaf sends the same number of links to every spine of its pod.
            QCOMPARE(f.shape.leafDown * s.leafOversubscription.up, f.shape.leafUp * s.leafOversubscription.down);
            // Uplinks in use are the fewest that keep the ratio for the busiest leaf (counted from the links).
            std::map<DeviceId, int> hostLinksOfLeaf;
            for (const auto& l : f.links)
                if (l.cls == LinkClass::HostLeaf) ++hostLinksOfLeaf[l.b];
            int busiest = 0;
            for (const auto& [leaf, n] : hostLinksOfLeaf) busiest = std::max(busiest, n);
            const int D = s.leafOversubscription.down, U = s.leafOversubscription.up;
            QVERIFY2(f.shape.leafUplinks * D >= busiest * U, ctx);
            QVERIFY2(f.shape.leafUplinks == f.shape.leafUp || (f.shape.leafUplinks - 1) * D < busiest * U, ctx);
            std::map<std::pair<DeviceId, DeviceId>, int> leafToSpine;
            std::map<DeviceId, std::set<DeviceId>> spinesOfLeaf;
            for (const auto& l : f.links)
                if (l.cls == LinkClass::LeafSpine) {
                    ++leafToSpine[{l.a, l.b}];
                    spinesOfLeaf[l.a].insert(l.b);
                }
            for (const auto& [pair, n] : leafToSpine) QCOMPARE(n, f.shape.linksLeafToSpine);
            for (const auto& [leaf, spines] : spinesOfLeaf) QCOMPARE((int)spines.size(), f.shape.spinesPerPod);
            // With 1:1 everywhere, up capacity >= down capacity at every switch: full bisection.
            if (s.leafOversubscription == Ratio{1, 1} && s.spineOversubscription == Ratio{1, 1}) {
                std::map<DeviceId, int> up, down;
                for (const auto& l : f.links) {
                    ++down[l.b];
                    if (l.cls != LinkClass::HostLeaf) ++up[l.a];
                }
                for (const auto& [dev, d] : down) {
                    const Tier t = f.devices[dev].tier;
                    if (t == Tier::Leaf || (t == Tier::Spine && f.shape.tiers == 3)) QVERIFY2(up[dev] >= d, ctx);
                }
            }
            // Connected, and hop counts follow the tier structure.
            QCOMPARE(topology::componentsInPlane(f, 0), 1);
            const auto dist = topology::linkDistancesFrom(f, 0);
            int maxNodeDistance = 0;
            for (std::uint32_t n = 0; n < f.nodeCount; ++n) {
                QVERIFY2(dist[n] >= 0, ctx);
                maxNodeDistance = std::max(maxNodeDistance, dist[n]);
            }
            QVERIFY2(maxNodeDistance <= 2 * f.shape.tiers, ctx);
        }
        QVERIFY2(built >= 60, QByteArray::number(built));
    }

    // Dual-ToR, hand count: 4 nodes x 8 NICs, rail-optimized, 16-port leaves at 1:1 (8 down, 8 up). The
    // auto SU is the 4 nodes; each of the 8 rails has one leaf position, a pair: 16 leaves of 4 down links
    // (one per node). 4 nodes x 8 NICs x 2 = 64 host links; 16 leaves x 4 uplinks = 64 = 4 spines x 16
    // ports, one link from every leaf to every spine.
    void dualTorPairsLeaves()
    {
        ClusterSpec s;
        s.gpus = 32;
        s.gpusPerNode = 8;
        s.nicsPerNode = 8;
        s.dualTor = true;
        const Fabric f = topology::build(s, {16, 1}, 200);
        QCOMPARE(f.shape.tiers, 2);
        QCOMPARE(f.switchCount(Tier::Leaf), 16LL);
        QCOMPARE(f.switchCount(Tier::Spine), 4LL);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 64LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 64LL);
        QCOMPARE(f.shape.linksPerNic(), 2);
        QCOMPARE(f.shape.linksLeafToSpine, 1);
        // Each NIC: its two links on the two leaves of one pair, of its rail, on the same down port.
        std::map<std::pair<DeviceId, int>, std::vector<Link>> byNic;
        for (const Link& l : f.links)
            if (l.cls == LinkClass::HostLeaf) byNic[{l.a, l.aPort / 2}].push_back(l);
        QCOMPARE(byNic.size(), std::size_t(32));
        for (const auto& [nic, links] : byNic) {
            QCOMPARE(links.size(), std::size_t(2));
            QVERIFY(links[0].b != links[1].b);
            QCOMPARE(links[0].b / 2, links[1].b / 2);  // leaves 2i, 2i + 1 (devices after 4 nodes: even offset)
            QCOMPARE(links[0].bPort, links[1].bPort);
            QCOMPARE(int(f.devices[links[0].b].rail), nic.second + 1);
            QCOMPARE(int(f.devices[links[1].b].rail), nic.second + 1);
        }
        for (const auto& u : f.usage())
            if (u.tier == Tier::Leaf) QCOMPARE(u.portsUsed, 16LL * 8);
        QCOMPARE(f.deviceName(byNic.begin()->second[0].b), std::string("leaf-su01-r1-a"));
        QCOMPARE(f.deviceName(byNic.begin()->second[1].b), std::string("leaf-su01-r1-b"));
        QCOMPARE(f.portName(0, 1), std::string("nic1/p2"));
    }

    // A leaf per place (topology::LeafOrder, a network's ports on the shared floor), by hand: 58 one-port
    // nodes on 48-port leaves at 11:1 (44 down, 4 up). Place A holds nodes 10-14 (5), place B nodes 0-9
    // and 15-54 (50), place C nodes 55-57 (3): leaves 1 + ceil(50 / 44) = 2 + 1 = 4, not ceil(58 / 44) =
    // 2 in turn. B's first 44 nodes (as listed) on leaf 1's ports 0-43, its last 6 on leaf 2's ports 0-5.
    // Uplinks for the busiest leaf's 44 ports at 11:1: 4, all to one spine (4 leaves x 4 <= 48 ports).
    void leafOrderKeepsPlacesApart()
    {
        const ClusterSpec s = [] {
            ClusterSpec c = flatSpec(58);
            c.leafOversubscription = Ratio{11, 1, 0};
            return c;
        }();
        QCOMPARE(topology::build(s, {48, 1}, 1).switchCount(Tier::Leaf), 2LL);
        topology::LeafOrder order;
        for (std::uint32_t n = 10; n < 15; ++n) order.nodes.push_back(n);
        order.placeStarts.push_back(0);
        order.placeStarts.push_back(std::uint32_t(order.nodes.size()));
        for (std::uint32_t n = 0; n < 10; ++n) order.nodes.push_back(n);
        for (std::uint32_t n = 15; n < 55; ++n) order.nodes.push_back(n);
        order.placeStarts.push_back(std::uint32_t(order.nodes.size()));
        for (std::uint32_t n = 55; n < 58; ++n) order.nodes.push_back(n);
        const Fabric f = topology::build(s, {48, 1}, 1, {}, order);
        QCOMPARE(f.shape.tiers, 2);
        QCOMPARE(f.switchCount(Tier::Leaf), 4LL);
        QCOMPARE(f.switchCount(Tier::Spine), 1LL);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 58LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 16LL);
        QCOMPARE(topology::shapeOf(s, {48, 1}, 1, order).leavesPerPlane, 4);
        const DeviceId firstLeaf = 58;
        std::map<DeviceId, std::set<std::uint32_t>> nodesOf;
        std::map<std::uint32_t, std::pair<DeviceId, int>> endOf;
        for (const Link& l : f.links)
            if (l.cls == LinkClass::HostLeaf) nodesOf[l.b].insert(l.a), endOf[l.a] = {l.b, l.bPort};
        QCOMPARE(endOf.size(), std::size_t(58));
        QCOMPARE(nodesOf[firstLeaf], (std::set<std::uint32_t>{10, 11, 12, 13, 14}));
        QCOMPARE(nodesOf[firstLeaf + 1].size(), std::size_t(44));
        QCOMPARE(nodesOf[firstLeaf + 2].size(), std::size_t(6));
        QCOMPARE(nodesOf[firstLeaf + 3], (std::set<std::uint32_t>{55, 56, 57}));
        QCOMPARE(endOf[0], std::make_pair(firstLeaf + 1, 0));
        QCOMPARE(endOf[15], std::make_pair(firstLeaf + 1, 10));   // listed 11th in place B
        QCOMPARE(endOf[48], std::make_pair(firstLeaf + 1, 43));
        QCOMPARE(endOf[49], std::make_pair(firstLeaf + 2, 0));
        QCOMPARE(endOf[54], std::make_pair(firstLeaf + 2, 5));
        QCOMPARE(endOf[57], std::make_pair(firstLeaf + 3, 2));
        for (const auto& u : f.usage())
            if (u.tier == Tier::Leaf) QCOMPARE(u.portsUsed, 58LL + 16);
        // The first leaf serves 5 ports on ports 0-4; the busiest 44 sized the uplinks.
        QCOMPARE(f.shape.hostPortsOfFirstLeaf, 5);
        QCOMPARE(f.shape.leafUplinks, 4);
        // An order that does not list every node once is the caller's bug, not the user's.
        topology::LeafOrder twice = order;
        twice.nodes.back() = 0;
        QVERIFY_EXCEPTION_THROWN(topology::build(s, {48, 1}, 1, {}, twice), std::logic_error);
    }

    // 8 single-NIC nodes fit one 16-port switch single-homed; dual-homed they need a leaf pair (8 down each,
    // 8 needed up) and a spine: the fewest spines that take 8 links from each of 2 leaves on 16 ports is 1.
    void dualTorNeverCollapsesToOneSwitch()
    {
        ClusterSpec s = flatSpec(8);
        QCOMPARE(buildGeneric(s, 16).shape.tiers, 1);
        s.dualTor = true;
        const Fabric f = buildGeneric(s, 16);
        QCOMPARE(f.shape.tiers, 2);
        QCOMPARE(f.switchCount(Tier::Leaf), 2LL);
        QCOMPARE(f.switchCount(Tier::Spine), 1LL);
        QCOMPARE(f.linkCount(LinkClass::HostLeaf), 16LL);
        QCOMPARE(f.linkCount(LinkClass::LeafSpine), 16LL);
        s.tiers = 1;
        try {
            buildGeneric(s, 16);
            QFAIL("one switch per plane cannot dual-home hosts");
        } catch (const UserError& e) {
            QVERIFY(std::string(e.what()).find("dual-ToR") != std::string::npos);
            QVERIFY(!e.fix.empty());
        }
    }

    // A one-switch design too big for its switch is told the fewest tiers that hold it: 40 ports on a 16-port
    // switch fit two tiers (16 spines x 8 down = 128 at 1:1), so the fix says two tiers, not three.
    void oneSwitchTooBigIsToldTwoTiers()
    {
        // The fix of the refusal of `endpoints` ports in `tiers` tiers of 16-port switches ("" if it is built).
        const auto fixOf = [](int endpoints, int tiers) {
            ClusterSpec s = flatSpec(endpoints);
            s.tiers = tiers;
            try {
                buildGeneric(s, 16);
            } catch (const UserError& e) {
                return e.fix;
            }
            return std::string();
        };
        const std::string one = fixOf(40, 1), two = fixOf(200, 2), past = fixOf(1100, 2);
        QVERIFY2(one.rfind("use two tiers, leaf-spine (holds up to 128)", 0) == 0, one.c_str());
        // Past two tiers (128), within three (16 cores x 8 x 8 = 1,024).
        QVERIFY2(two.rfind("use three tiers (holds up to 1,024)", 0) == 0, two.c_str());
        // Past three tiers too: refused, and no tier count is offered.
        QVERIFY(!past.empty());
        QVERIFY2(past.find("tiers (holds") == std::string::npos, past.c_str());
    }

    void hopCountsByPathClass()
    {
        ClusterSpec s = flatSpec(8 * 8 * 8 / 4);  // k = 8 fat-tree, 128 hosts, 4 per leaf, 16 per pod
        s.tiers = 3;
        const Fabric f = buildGeneric(s, 8);
        const auto d = topology::linkDistancesFrom(f, 0);
        QCOMPARE(d[1], 2);    // same leaf: node-leaf-node
        QCOMPARE(d[4], 4);    // same pod, next leaf: via a spine
        QCOMPARE(d[16], 6);   // next pod: via a core
    }
};

QTEST_GUILESS_MAIN(TestTopology)
#include "test_topology.moc"
