#include "topology/builder.h"
#include "topology/link_budget.h"
#include "topology/too_big.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "common/error.h"
#include "common/format.h"

namespace fp::topology {
namespace {

long long ceilDiv(long long a, long long b) { return (a + b - 1) / b; }

// How many upper switches a group of lower switches needs, and how many parallel links each lower
// switch sends to each of them. Fewest upper switches first: from the port-count minimum
// ceil(lower x needed / upperDown) upwards, the first S where every lower switch sends the same
// m = ceil(needed / S) links to every upper switch within its reserved uplinks (S x m <= reserved) and
// every upper switch takes m links from each lower one (lower x m <= upperDown). A lower switch then
// uses S x m uplinks, at least the `needed` (a 31-node rail leaf on a 64-port switch: 4 spines x 8
// links, not 31 spines x 1). {0, 0} when nothing fits.
struct Striping {
    int switches = 0;
    int linksEach = 0;
};

Striping fewestUpperSwitches(long long needed, int reserved, long long lower, int upperDown)
{
    if (needed < 1 || lower < 1 || upperDown < 1) return {};
    for (long long S = std::max<long long>(1, ceilDiv(lower * needed, upperDown)); S <= reserved; ++S) {
        const long long m = ceilDiv(needed, S);
        if (S * m <= reserved && lower * m <= upperDown) return {static_cast<int>(S), static_cast<int>(m)};
    }
    return {};
}

struct PortSplit {
    int down = 0, up = 0;
};

// A switch's ports split at DOWN:UP (README "Leaf ports"). A whole-number ratio is a cabling pattern: whole
// groups of D down and U up ports, t = floor(R / (D+U)) of them, so the split is exactly D:U (64 ports at 2:1:
// 42 down, 21 up), as it has always been. A decimal ratio is a bound on DOWN/UP kept exact as a fraction
// (1:1.16 = 25:29): whole groups of 25 + 29 would idle 10 of a 64-port leaf's ports, so it takes the most down
// ports the bound allows, d = floor(R * D / (D+U)), and the fewest up ports that keep d/u at or under D/U,
// u = ceil(d * U / D); d + u <= R always (d <= R*D/(D+U) gives d*U/D <= R - d, a whole number). 64 ports at
// 1:1.16: d = floor(6400 / 216) = 29, u = ceil(29 * 1.16 = 33.64) = 34, one port idle, 29:34 = 1:1.172.
PortSplit splitPorts(int ports, Ratio r)
{
    if (r.decimals == 0) {
        const int t = ports / (r.down + r.up);
        return {r.down * t, r.up * t};
    }
    const Ratio e = reduced(r);
    const long long d = static_cast<long long>(ports) * e.down / (e.down + e.up);
    const long long u = d > 0 ? ceilDiv(d * e.up, e.down) : 0;
    return {static_cast<int>(d), static_cast<int>(u)};
}

// The first uplink port of a switch: right after its down ports, moved up to the next cage boundary when
// the switch has ports to spare, so that no cage carries a down link and an uplink (two link classes,
// whose media may differ, while one cage holds one part).
int firstUplinkPort(int down, int up, int ports, int perCage)
{
    const int aligned = perCage > 1 ? (down + perCage - 1) / perCage * perCage : down;
    return aligned + up <= ports ? aligned : down;
}

// A switch's split with its down ports ending on a cage boundary when the uplinks could not start at one
// otherwise (no port to spare): one cage then never carries a down link and an uplink. An SN5600 at 200G
// (4 ports a cage) at 2:1 splits 256 ports 170:85; the uplinks cannot start at port 172, so it takes 168
// down (a little less oversubscribed), not a cage of 2 host links and 2 uplinks.
PortSplit splitCages(int ports, int perCage, Ratio r)
{
    PortSplit split = splitPorts(ports, r);
    if (perCage > 1 && firstUplinkPort(split.down, split.up, ports, perCage) % perCage != 0 && split.down > perCage)
        split.down -= split.down % perCage;
    return split;
}

// A leaf's ports split at DOWN:UP of bandwidth: its host-speed ports (k of them an uplink at k times the
// speed), or, with uplink cages of its own, every front port down that the uplinks' bandwidth allows at the
// ratio (an SN2201 at 11:1: 48 x 1G under 4 x 100G, all 48) and those cages up.
PortSplit leafSplit(const SwitchPorts& leaf, Ratio r)
{
    if (leaf.uplinkPorts > 0) {
        const Ratio e = reduced(r);
        const long long most = static_cast<long long>(leaf.uplinkPorts) * std::max(1, leaf.uplinkSpeedUp) * e.down / e.up;
        return {static_cast<int>(std::min<long long>(leaf.ports, most)), leaf.uplinkPorts};
    }
    PortSplit split = splitCages(leaf.ports, leaf.portsPerCage, r);
    split.up /= std::max(1, leaf.portsPerUplink);
    return split;
}

// Where the leaves of one plane come from: either rail-optimized SUs or whole nodes per leaf.
struct LeafGrouping {
    bool rails = false;
    int suNodes = 0;                   // rails: nodes per SU
    int sus = 0;
    std::vector<int> firstLeafOfSu;    // rails: leaf offset of each SU (size sus + 1)
    std::vector<int> leavesPerRailOfSu;// rails: ceil(nodes in SU / down ports)
    int nodesPerLeaf = 0;              // no rails: whole nodes per leaf (at most, with a LeafOrder)
    int leaves = 0;
    int leavesPerSuFull = 0;
    // With a LeafOrder: each node's leaf and its slot on it (port slot x NICs + i); the most nodes on
    // one leaf, and on the first.
    std::vector<int> leafOfNode, slotOfNode;
    int busiestNodes = 0, firstLeafNodes = 0;
};

// Whole nodes per leaf, place by place (LeafOrder): each place's nodes fill leaves of their own.
void groupByPlace(LeafGrouping& g, const LeafOrder& order, int nodes)
{
    if (order.nodes.size() != static_cast<std::size_t>(nodes) || order.placeStarts.empty() || order.placeStarts.front() != 0)
        throw std::logic_error("topology::build: a leaf order must list every node once, from its first place");
    g.leafOfNode.assign(static_cast<std::size_t>(nodes), -1);
    g.slotOfNode.assign(static_cast<std::size_t>(nodes), 0);
    int leaf = 0;
    for (std::size_t p = 0; p < order.placeStarts.size(); ++p) {
        const std::size_t begin = order.placeStarts[p];
        const std::size_t end = p + 1 < order.placeStarts.size() ? order.placeStarts[p + 1] : order.nodes.size();
        if (end < begin || end > order.nodes.size()) throw std::logic_error("topology::build: leaf order places out of order");
        // The place's j-th node (from its first): leaf + j / nodesPerLeaf, slot j % nodesPerLeaf, counted.
        int leafOfNext = leaf, slotOfNext = 0;
        for (std::size_t j = begin; j < end; ++j) {
            const std::uint32_t n = order.nodes[j];
            if (n >= static_cast<std::uint32_t>(nodes) || g.leafOfNode[n] >= 0)
                throw std::logic_error("topology::build: a leaf order must list every node once");
            g.leafOfNode[n] = leafOfNext;
            g.slotOfNode[n] = slotOfNext;
            if (++slotOfNext == g.nodesPerLeaf) slotOfNext = 0, ++leafOfNext;
        }
        const int inPlace = static_cast<int>(end - begin);
        leaf += static_cast<int>(ceilDiv(inPlace, g.nodesPerLeaf));
        g.busiestNodes = std::max(g.busiestNodes, std::min(inPlace, g.nodesPerLeaf));
        if (p == 0) g.firstLeafNodes = std::min(inPlace, g.nodesPerLeaf);
    }
    g.leaves = leaf;
}

LeafGrouping groupLeaves(const ClusterSpec& spec, int nodes, int nics, int leafDown, const LeafOrder& order)
{
    LeafGrouping g;
    if (spec.railOptimized && !spec.leafPerRack) {
        g.rails = true;
        // Auto SU: as many nodes as a rail leaf has down ports, so every rail leaf is full.
        g.suNodes = std::min(spec.suNodes > 0 ? spec.suNodes : leafDown, nodes);
        g.sus = static_cast<int>(ceilDiv(nodes, g.suNodes));
        g.firstLeafOfSu.reserve(g.sus + 1);
        int offset = 0;
        for (int su = 0; su < g.sus; ++su) {
            const int inSu = std::min(g.suNodes, nodes - su * g.suNodes);
            const int perRail = static_cast<int>(ceilDiv(inSu, leafDown));
            g.firstLeafOfSu.push_back(offset);
            g.leavesPerRailOfSu.push_back(perRail);
            offset += perRail * nics;
        }
        g.firstLeafOfSu.push_back(offset);
        g.leaves = offset;
        g.leavesPerSuFull = static_cast<int>(ceilDiv(g.suNodes, leafDown)) * nics;
    } else if (spec.leafPerRack) {
        // Top-of-rack: one leaf takes every NIC of the nodes in its rack (the layout's rack rule).
        g.nodesPerLeaf = std::min(nodesPerRackOf(spec.floor), nodes);
        if (g.nodesPerLeaf * nics > leafDown)
            throw UserError("a rack's " + std::to_string(g.nodesPerLeaf) + " nodes x " + std::to_string(nics) +
                                " NICs need " + std::to_string(g.nodesPerLeaf * nics) +
                                " leaf down ports; the leaf has " + std::to_string(leafDown) + " at its ratio",
                            "/fabric/leaf_per_rack",
                            "put fewer nodes in a rack, undersubscribe the leaf less, or use a switch with more ports");
        g.leaves = static_cast<int>(ceilDiv(nodes, g.nodesPerLeaf));
        g.busiestNodes = g.firstLeafNodes = g.nodesPerLeaf;
    } else {
        g.nodesPerLeaf = leafDown / nics;
        if (g.nodesPerLeaf == 0)
            throw UserError("a leaf has " + std::to_string(leafDown) + " down ports, fewer than the " +
                                std::to_string(nics) + " NICs of one node",
                            "/fabric/rail_optimized",
                            "use a rail-optimized layout, a switch with more ports, or fewer NICs per node");
        g.leaves = static_cast<int>(ceilDiv(nodes, g.nodesPerLeaf));
        g.busiestNodes = g.firstLeafNodes = std::min(g.nodesPerLeaf, nodes);
        if (!order.empty()) groupByPlace(g, order, nodes);
    }
    return g;
}

struct Wiring {
    Fabric& f;
    const TierPorts& ports;
    // Inlined: called once per link (300,000 at 100,000 GPUs), where a call cost as much as the work.
    [[gnu::always_inline]] void link(DeviceId a, int aPort, DeviceId b, int bPort, LinkClass cls)
    {
        f.links.push_back({a, b, static_cast<std::uint16_t>(aPort), static_cast<std::uint16_t>(bPort), cls});
        ++f.devices[a].portsUsed;
        ++f.devices[b].portsUsed;
    }
    // Inlined too: called once per device, a node per endpoint port in a network's fabric.
    [[gnu::always_inline]] DeviceId add(Tier t, int plane, int pod, int su, int rail, int index)
    {
        Device d;
        d.tier = t;
        d.plane = static_cast<std::uint16_t>(plane);
        d.pod = static_cast<std::uint32_t>(pod);
        d.su = static_cast<std::uint32_t>(su);
        d.rail = static_cast<std::uint16_t>(rail);
        d.index = static_cast<std::uint32_t>(index);
        if (t != Tier::Node) d.model = ports.of(t).model;
        f.devices.push_back(d);
        return static_cast<DeviceId>(f.devices.size() - 1);
    }
    // Nodes 0 .. nodes - 1, node n as add(Tier::Node, 0, 0, suOf(n), 0, n): written in place (a node per
    // endpoint port in a network's fabric, where a push each cost more than the node).
    template <typename SuOf>
    void addNodes(int nodes, SuOf suOf)
    {
        const std::size_t first = f.devices.size();
        f.devices.resize(first + static_cast<std::size_t>(nodes));
        Device* d = f.devices.data() + first;
        for (int n = 0; n < nodes; ++n) {
            d[n].su = static_cast<std::uint32_t>(suOf(n));
            d[n].index = static_cast<std::uint32_t>(n);
        }
    }
};

// `limit`: the NIC ports per plane this design can really connect with `tiers` tiers: whole leaves of its
// SU or node grouping under every switch the tier above can take, not the full-radix k^3/4.
[[noreturn]] void tooBig(const ClusterSpec& spec, long long endpoints, int tiers, long long limit, const TierPorts& sw,
                         int linkGbps)
{
    const Ratio leaf = spec.leafOversubscription, spine = spec.spineOversubscription;
    std::string fix = "use a switch with more ports at this speed (or split its ports to a lower speed)";
    for (Ratio r : {Ratio{2, 1}, Ratio{3, 1}}) {
        if (r.down * leaf.up <= leaf.down * r.up) continue;  // not more oversubscribed than now
        const long long m = maxEndpoints(3, sw, r, spine);
        if (m >= endpoints) {
            fix += ", or oversubscribe the leaf " + ratioText(r) + " (holds up to " + withThousands(m) + " per plane)";
            break;
        }
    }
    if (const int planes = railPlanesThatConnect(spec, sw, linkGbps, spec.nicsPerNode); planes > 0)
        fix = "split the NICs into " + std::to_string(planes) + " rail planes (planes " + std::to_string(planes) +
              ", rail planes on: " + std::to_string(spec.nicsPerNode / planes) + " of the " +
              std::to_string(spec.nicsPerNode) + " NICs of every node in each), or " + fix;
    else if (tiers == 3 && !spec.railPlanes && spec.planes == 1 && spec.nicsPerNode > 1)
        fix += "; rail planes do not help: even one NIC of every node per plane exceeds it";
    // The fewest tiers that hold it, and only tiers that do: a one-switch design that two tiers connect was
    // told "use three tiers" (which a storage or management network cannot even be set to: its tiers are 0,
    // 1 or 2), and one past three tiers was told to use them.
    const long long two = maxEndpoints(2, sw, leaf, spine), three = maxEndpoints(3, sw, leaf, spine);
    if (tiers == 1 && two >= endpoints)
        fix = "use two tiers, leaf-spine (holds up to " + withThousands(two) + "), or " + fix;
    else if (tiers < 3 && three >= endpoints)
        fix = "use three tiers (holds up to " + withThousands(three) + "), or " + fix;
    throw FabricTooBig(withThousands(endpoints) + " NIC ports per plane exceed what " + std::to_string(tiers) +
                        " tier" + (tiers > 1 ? "s" : "") + " of " + std::to_string(sw.of(Tier::Leaf).ports) +
                        "-port switches connect in this design (" + withThousands(limit) + " at leaf " + ratioText(leaf) +
                           (tiers == 3 ? ", spine " + ratioText(spine) : std::string()) + ")",
                       "/fabric", fix, limit);
}

} // namespace

long long maxEndpoints(int tiers, const TierPorts& ports, Ratio leaf, Ratio spine)
{
    const int Rl = ports.of(Tier::Leaf).ports, Rs = ports.of(Tier::Spine).ports, Rc = ports.of(Tier::Core).ports;
    // The builder's split (splitCages), so the closed form never promises a down port it does not build.
    const PortSplit l = leafSplit(ports.of(Tier::Leaf), leaf);
    if (tiers <= 1) return Rl;
    if (tiers == 2) return static_cast<long long>(Rs) * l.down;  // Rs leaves (one link to each spine)
    const PortSplit s = splitCages(Rs, ports.of(Tier::Spine).portsPerCage, spine);
    return static_cast<long long>(Rc) * s.down * l.down;          // Rc pods of spineDown leaves
}

namespace {

// build, or with shapeOnly its dimensioning alone (shapeOf): the same checks, the same shape, no devices
// and no links.
Fabric buildOrShape(const ClusterSpec& spec, const TierPorts& sw, int linkGbps, const TaskRunner& run, bool shapeOnly,
                    const LeafOrder& order)
{
    // Each tier's radix where that tier's ports are split; R is the leaf's (and a single switch's).
    const int R = sw.of(Tier::Leaf).ports;
    const int Rs = sw.of(Tier::Spine).ports;
    const int Rc = sw.of(Tier::Core).ports;
    if (std::min({R, Rs, Rc}) < 2)
        throw UserError("the switch has " + counted(std::min({R, Rs, Rc}), "port") + " at " + std::to_string(linkGbps) + " Gb/s",
                        "/fabric/switch", "choose a switch that runs this link speed, or a generic radix of 2 or more");
    const int nodes = spec.nodes();
    const int planes = spec.planes;
    // Rail planes: the planes split the NICs (plane p takes rails p*n .. p*n+n-1), each NIC one link;
    // otherwise every NIC has one port in every plane.
    if (spec.railPlanes && (planes < 1 || spec.nicsPerNode % planes != 0))
        throw UserError(std::to_string(spec.nicsPerNode) + " NICs per node do not split evenly into " +
                            std::to_string(planes) + " rail planes",
                        "/fabric/rail_planes", "use a plane count that divides the NICs per node");
    const int nics = spec.railPlanes ? spec.nicsPerNode / planes : spec.nicsPerNode;  // NICs in one plane
    // Dual-ToR (README "Dual-ToR"): every NIC sends two links into each of its planes, one to each leaf
    // of a pair; the leaves of a pair serve the same NICs on the same down ports.
    const int sides = spec.dualTor ? 2 : 1;
    if (spec.dualTor && spec.tiers == 1)
        throw UserError("dual-ToR hosts need leaves in pairs under spines; one switch per plane cannot dual-home them",
                        "/fabric/tiers", "set tiers to auto, 2 or 3, or turn dual-ToR off");
    const long long endpoints = static_cast<long long>(nodes) * nics * sides;
    // Node port of NIC i (0-based within the plane) in plane p, side s of a dual-ToR pair; see Fabric::portName.
    auto nodePort = [&](int i, int p, int s = 0) {
        return (spec.railPlanes ? p * nics + i : i * planes + p) * sides + s;
    };
    auto globalRail = [&](int i, int p) { return spec.railPlanes ? p * nics + i : i; };

    Fabric f;
    f.nicsPerNode = spec.nicsPerNode;
    FabricShape& sh = f.shape;
    sh.planes = planes;
    sh.railPlanes = spec.railPlanes;
    sh.dualTor = spec.dualTor;
    // Uplinks faster than the host links take k of the leaf's host-speed ports each (fabric.h), or stand in
    // uplink cages of their own (ownUplinks, after the front ports), speedUp times the host speed.
    const SwitchPorts& leafPorts = sw.of(Tier::Leaf);
    const int k = std::max(1, leafPorts.portsPerUplink);
    const int ownUplinks = leafPorts.uplinkPorts;
    const int speedUp = ownUplinks > 0 ? std::max(1, leafPorts.uplinkSpeedUp) : k;
    if (ownUplinks > 0 && leafPorts.portsPerCage != 1)
        throw UserError("a leaf with uplink cages of their own must run one port a front cage (its cage index)",
                        "/fabric/switches/leaf", "run the leaf's front ports unsplit, or choose another leaf switch");
    sh.linkGbps = linkGbps;
    sh.fabricGbps = speedUp > 1 ? linkGbps * speedUp : 0;
    sh.leafPortsPerUplink = k;
    sh.switchPorts = R;
    sh.portsPerCage = std::max(1, sw.of(Tier::Leaf).portsPerCage);
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        sh.portsPerCageOfTier[std::size_t(switchTierIndex(t))] = std::max(1, sw.of(t).portsPerCage);
        sh.portsOfTier[std::size_t(switchTierIndex(t))] = sw.of(t).ports;
    }
    if (ownUplinks > 0) sh.portsOfTier[0] = R + ownUplinks;  // the front ports, then the uplink cages'
    sh.nodes = nodes;
    sh.endpointsPerPlane = static_cast<int>(endpoints);
    sh.maxEndpoints2Tier = static_cast<int>(std::min<long long>(maxEndpoints(2, sw, spec.leafOversubscription, spec.spineOversubscription), INT32_MAX));
    sh.maxEndpoints3Tier = static_cast<int>(std::min<long long>(maxEndpoints(3, sw, spec.leafOversubscription, spec.spineOversubscription), INT32_MAX));

    // Single switch: everything fits on one switch per plane and the user did not ask for more.
    if (spec.tiers == 1 || (spec.tiers == 0 && endpoints <= R && !spec.dualTor)) {
        if (endpoints > R) tooBig(spec, endpoints, 1, R, sw, linkGbps);
        sh.tiers = 1;
        sh.fabricGbps = 0;  // no switch-to-switch links: one speed
        sh.leafPortsPerUplink = 1;
        sh.leafDown = R;
        sh.leavesPerPlane = 1;
        sh.hostPortsOfFirstLeaf = static_cast<int>(endpoints);  // node n's NIC i on port n x NICs + i
        requireLinksWithinBudget(endpoints * planes);
        if (shapeOnly) return f;
        Wiring w{f, sw};
        f.devices.reserve(nodes + planes);
        w.addNodes(nodes, [](int) { return 0; });
        f.nodeCount = static_cast<std::uint32_t>(nodes);
        f.links.reserve(static_cast<std::size_t>(endpoints) * planes);
        for (int p = 0; p < planes; ++p) {
            const DeviceId s = w.add(Tier::Leaf, p, 0, 0, 0, 0);
            for (int n = 0; n < nodes; ++n)
                for (int i = 0; i < nics; ++i) w.link(n, nodePort(i, p), s, n * nics + i, LinkClass::HostLeaf);
        }
        f.notes.push_back("All " + std::to_string(endpoints) + " NIC ports per plane fit on one " +
                          std::to_string(R) + "-port switch: a single-switch fabric.");
        return f;
    }

    PortSplit leaf = leafSplit(leafPorts, spec.leafOversubscription);
    if (leaf.down == 0 || leaf.up == 0)
        throw UserError("leaf oversubscription " + ratioText(spec.leafOversubscription) + " does not fit a " +
                            std::to_string(R) + "-port switch",
                        "/fabric/leaf_oversubscription", "use a smaller ratio or a switch with more ports");
    sh.leafDown = leaf.down;
    sh.leafUp = leaf.up;
    const int leafUpReserved = leaf.up;
    if (spec.leafPerRack && spec.railOptimized)
        f.notes.push_back("One leaf per rack: every NIC of a rack's nodes lands on its top-of-rack leaf (not rail-optimized).");
    const LeafGrouping g = groupLeaves(spec, nodes, nics, leaf.down, order);
    // g counts leaf positions; with dual-ToR each position is a pair of leaves (2s, 2s + 1).
    const int L = g.leaves * sides;
    const int leavesPerSuFull = g.leavesPerSuFull * sides;
    if (spec.dualTor)
        f.notes.push_back("Dual-ToR: each NIC has one link to each leaf of a pair (" + std::to_string(g.leaves) +
                          " pairs per plane); a leaf failure leaves its hosts connected at half bandwidth.");
    if (g.rails && spec.suNodes <= 0)
        f.notes.push_back("Scalable unit of " + std::to_string(g.suNodes) + " nodes: what fills a rail leaf's " +
                          std::to_string(leaf.down) + " down ports at leaf " + ratioText(spec.leafOversubscription) + ".");
    // Uplinks the busiest leaf needs for its real endpoints at the leaf ratio (a rail leaf of a 32-node SU
    // on a 144-down switch needs 32 at 1:1, not 144; a top-of-rack leaf of 16 NICs at 1:2 needs 32).
    const long long busiest = g.rails ? std::min(g.suNodes, leaf.down) : static_cast<long long>(g.busiestNodes) * nics;
    // The first leaf's nodes (the first of SU 1, or the first whole nodes) take its down ports from port
    // 0; it is the busiest unless a LeafOrder's first place has fewer nodes than a leaf.
    sh.hostPortsOfFirstLeaf = static_cast<int>(g.rails ? busiest : static_cast<long long>(g.firstLeafNodes) * nics);
    // Uplink cages of their own are all cabled (an SN2201's 4 x 100G, as NVIDIA's SuperPOD RA draws them):
    // their bandwidth dwarfs the front ports', and a leaf keeps its uplinks when one fails.
    const long long neededUp = ownUplinks > 0 ? leafUpReserved : std::min<long long>(
        leafUpReserved, ceilDiv(busiest * spec.leafOversubscription.up, static_cast<long long>(spec.leafOversubscription.down) * speedUp));
    sh.leavesPerPlane = L;
    if (g.rails) {
        sh.sus = g.sus;
        sh.suNodes = g.suNodes;
        sh.leavesPerSu = leavesPerSuFull;
        sh.leavesPerRail = g.leavesPerRailOfSu.front() * sides;
    } else {
        sh.nodesPerLeaf = g.nodesPerLeaf;
    }

    // Pods ("AI zones") the user asked for: that many nodes under each set of spines.
    int podLeavesAsked = 0;
    if (spec.podNodes > 0 && spec.podNodes < nodes) {
        podLeavesAsked = (g.rails ? std::max(1, spec.podNodes / g.suNodes) * g.leavesPerSuFull
                                  : std::max(1, spec.podNodes / g.nodesPerLeaf)) * sides;
    }

    // Tiers: two when every leaf can reach every spine with at least one link (L <= R) and no pods
    // were asked for, else three.
    int tiers = spec.tiers;
    if (tiers == 0) tiers = L <= Rs && podLeavesAsked == 0 ? 2 : 3;
    // At most Rs leaves, one link to each spine, each holding what this design puts on a leaf.
    if (tiers == 2 && L > Rs) tooBig(spec, endpoints, 2, static_cast<long long>(Rs) * busiest, sw, linkGbps);
    sh.tiers = tiers;

    // Pod geometry (three tiers): as many leaves per pod as a spine's down ports allow, whole SUs only,
    // or the pod size asked for.
    PortSplit spine{Rs, 0};
    int leavesPerPod = L;
    if (tiers == 3) {
        spine = splitCages(Rs, sw.of(Tier::Spine).portsPerCage, spec.spineOversubscription);
        if (spine.down == 0 || spine.up == 0)
            throw UserError("spine oversubscription " + ratioText(spec.spineOversubscription) + " does not fit a " +
                                std::to_string(Rs) + "-port switch",
                            "/fabric/spine_oversubscription", "use a smaller ratio");
        leavesPerPod = spine.down / sides * sides;  // both leaves of a pair in one pod
        if (leavesPerPod == 0)
            throw UserError("a spine has " + counted(spine.down, "down port") + ", fewer than a dual-ToR leaf pair",
                            "/fabric/spine_oversubscription", "use a smaller spine ratio or a switch with more ports");
        if (podLeavesAsked > 0) {
            if (podLeavesAsked > spine.down)
                throw UserError("a pod of " + std::to_string(spec.podNodes) + " nodes has " +
                                    std::to_string(podLeavesAsked) + " leaves, more than a spine's " +
                                    std::to_string(spine.down) + " down ports at spine " +
                                    ratioText(spec.spineOversubscription),
                                "/fabric/pod_nodes", "use smaller pods, a switch with more ports, or leave pod size on auto");
            leavesPerPod = podLeavesAsked;
        } else if (g.rails && leavesPerSuFull <= spine.down)
            leavesPerPod = spine.down / leavesPerSuFull * leavesPerSuFull;
        else if (g.rails)
            f.notes.push_back("A scalable unit has " + std::to_string(leavesPerSuFull) +
                              " leaves, more than a pod's spines can take (" + std::to_string(spine.down) +
                              "); SUs span pods.");
        leavesPerPod = std::min(leavesPerPod, L);
    }
    const int pods = static_cast<int>(ceilDiv(L, leavesPerPod));
    const Striping toSpine = fewestUpperSwitches(neededUp, leafUpReserved, leavesPerPod, tiers == 3 ? spine.down : Rs);
    if (toSpine.switches == 0)
        tooBig(spec, endpoints, tiers, maxEndpoints(tiers, sw, spec.leafOversubscription, spec.spineOversubscription), sw, linkGbps);
    const int spinesPerPod = toSpine.switches;
    const int m = toSpine.linksEach;
    leaf.up = spinesPerPod * m;
    if (leaf.up < leafUpReserved)
        f.notes.push_back("Leaf uplinks sized for " + std::to_string(busiest) + " endpoints per leaf: " +
                          std::to_string(leaf.up) + " of " + std::to_string(leafUpReserved) +
                          " reserved uplink ports used.");
    if (leaf.up > neededUp)
        f.notes.push_back("Each leaf uses " + std::to_string(leaf.up) + " uplinks (needs " + std::to_string(neededUp) +
                          ") so that " + std::to_string(spinesPerPod) + " spines take " + std::to_string(m) +
                          " links from every leaf: fewer spines than one per uplink.");
    sh.leafUplinks = leaf.up;
    sh.leafUplinkBase = ownUplinks > 0 ? R : firstUplinkPort(leaf.down, leaf.up * k, R, sh.portsPerCageOfTier[0]);
    if (sh.leafUplinkBase % k != 0)  // splitCages ends the down ports on a cage boundary when it must
        throw UserError("a leaf's " + std::to_string(leaf.down) + " host ports leave no whole " +
                            std::to_string(linkGbps * k) + "G uplink port", "/fabric/fabric_gbps",
                        "use another leaf ratio, or the host speed for the fabric links");
    sh.pods = pods;
    sh.leavesPerPod = leavesPerPod;
    sh.spinesPerPod = spinesPerPod;
    sh.linksLeafToSpine = m;
    sh.spineDown = tiers == 3 ? spine.down : Rs;

    int spineUpUsed = 0, coresPerGroup = 0, mc = 1;
    if (tiers == 3) {
        // Uplinks sized for the down links a spine really has, at the spine ratio.
        const long long downUsed = static_cast<long long>(leavesPerPod) * m;
        const long long spineNeeded = std::min<long long>(
            spine.up, ceilDiv(downUsed * spec.spineOversubscription.up, spec.spineOversubscription.down));
        const Striping toCore = fewestUpperSwitches(spineNeeded, spine.up, pods, Rc);
        // A core takes one link from each pod: at most Rc pods of this design's pods.
        if (toCore.switches == 0)
            tooBig(spec, endpoints, 3, static_cast<long long>(Rc) * leavesPerPod * busiest, sw, linkGbps);
        coresPerGroup = toCore.switches;
        mc = toCore.linksEach;
        spineUpUsed = coresPerGroup * mc;
        sh.spineUp = spineUpUsed;
        sh.coreGroups = spinesPerPod;
        sh.coresPerGroup = coresPerGroup;
        sh.linksSpineToCore = mc;
        if (coresPerGroup < spineUpUsed)
            f.notes.push_back("Core sized for " + counted(pods, "pod") + ": " +
                              counted(coresPerGroup * spinesPerPod, "core switch", "core switches") +
                              " instead of the " + withThousands(spinesPerPod * spineUpUsed) + " of a full " +
                              withThousands(Rc) + "-pod tree.");
        if (spec.spineOversubscription.down > spec.spineOversubscription.up)
            f.notes.push_back("Pods are joined at " + ratioText(spec.spineOversubscription) + ": each spine has " +
                              std::to_string(downUsed) + " links down and " + std::to_string(spineUpUsed) + " up.");
    }

    const long long hostLinks = endpoints * planes;
    const long long leafSpineLinks = static_cast<long long>(L) * leaf.up * planes;
    const long long spineCoreLinks = tiers == 3 ? static_cast<long long>(pods) * spinesPerPod * spineUpUsed * planes : 0;
    requireLinksWithinBudget(hostLinks + leafSpineLinks + spineCoreLinks);
    if (shapeOnly) return f;

    // Devices: nodes, then per plane leaves, spines, cores.
    const long long switchesPerPlane = L + static_cast<long long>(pods) * spinesPerPod +
                                       static_cast<long long>(spinesPerPod) * coresPerGroup;
    f.devices.reserve(nodes + switchesPerPlane * planes);
    Wiring w{f, sw};
    w.addNodes(nodes, [&](int n) { return g.rails ? n / g.suNodes : 0; });
    f.nodeCount = static_cast<std::uint32_t>(nodes);

    std::vector<DeviceId> firstLeaf(planes), firstSpine(planes), firstCore(planes);
    for (int p = 0; p < planes; ++p) {
        firstLeaf[p] = static_cast<DeviceId>(f.devices.size());
        for (int l = 0; l < L; ++l) {
            const int pod = l / leavesPerPod;
            const int position = l / sides, side = l % sides;
            if (g.rails) {
                const int su = static_cast<int>(std::upper_bound(g.firstLeafOfSu.begin(), g.firstLeafOfSu.end(), position) -
                                                g.firstLeafOfSu.begin()) - 1;
                const int within = position - g.firstLeafOfSu[su];
                const int perRail = g.leavesPerRailOfSu[su];
                w.add(Tier::Leaf, p, pod, su, globalRail(within / perRail, p) + 1, (within % perRail) * sides + side);
            } else {
                w.add(Tier::Leaf, p, pod, 0, 0, l);
            }
        }
        firstSpine[p] = static_cast<DeviceId>(f.devices.size());
        for (int pod = 0; pod < pods; ++pod)
            for (int s = 0; s < spinesPerPod; ++s) w.add(Tier::Spine, p, pod, 0, 0, s);
        firstCore[p] = static_cast<DeviceId>(f.devices.size());
        for (int grp = 0; grp < (tiers == 3 ? spinesPerPod : 0); ++grp)
            for (int c = 0; c < coresPerGroup; ++c) w.add(Tier::Core, p, grp, 0, 0, c);
    }

    // The links, in class order, plane by plane within a class. Each wiring task below writes its own
    // range of them (the array is sized first and left unwritten, fabric.h), so a large fabric's tasks
    // run side by side: each class in two halves. Port counts: a host task counts both ends (its halves
    // split at a leaf boundary, so no leaf is in both); the uplink tasks count nothing, and each switch
    // gets its uplinks and downlinks from the striping below, which wires every one of them.
    f.links.resize(static_cast<std::size_t>(hostLinks + leafSpineLinks + spineCoreLinks));
    Link* const out = f.links.data();
    Device* const devices = f.devices.data();
    const auto put = [out](std::size_t at, DeviceId a, int aPort, DeviceId b, int bPort, LinkClass cls) {
        out[at] = {a, b, static_cast<std::uint16_t>(aPort), static_cast<std::uint16_t>(bPort), cls};
    };

    // Host links: NIC i of a node goes to the rail-i leaf of its SU (or to its node's leaf); with
    // dual-ToR, to both leaves of that pair, on the same down port of each. Nodes [n0, n1) of every plane.
    const int linksPerNode = nics * sides;
    const auto wireHosts = [&, put](int n0, int n1) {
        for (int p = 0; p < planes; ++p)
            for (int n = n0; n < n1; ++n) {
                std::size_t at = (static_cast<std::size_t>(p) * nodes + n) * linksPerNode;
                for (int i = 0; i < nics; ++i) {
                    int leafIndex, port; // leaf position (a pair with dual-ToR) and its down port
                    if (g.rails) {
                        const int su = n / g.suNodes, idx = n % g.suNodes;
                        leafIndex = g.firstLeafOfSu[su] + i * g.leavesPerRailOfSu[su] + idx / leaf.down;
                        port = idx % leaf.down;
                    } else if (!g.leafOfNode.empty()) {
                        leafIndex = g.leafOfNode[static_cast<std::size_t>(n)];
                        port = g.slotOfNode[static_cast<std::size_t>(n)] * nics + i;
                    } else {
                        leafIndex = n / g.nodesPerLeaf;
                        port = (n % g.nodesPerLeaf) * nics + i;
                    }
                    for (int s = 0; s < sides; ++s) {
                        const DeviceId l = firstLeaf[p] + leafIndex * sides + s;
                        put(at++, n, nodePort(i, p, s), l, port, LinkClass::HostLeaf);
                        ++devices[n].portsUsed;
                        ++devices[l].portsUsed;
                    }
                }
            }
    };

    // Leaf -> spine: uplink u of a leaf goes to spine u / m of its pod, so each spine gets m
    // consecutive leaf ports (one twin-port cage when m = 2). With m = 1 a leaf cage's two links go to
    // two consecutive spines (placed side by side), and a spine cage's two to two consecutive leaves.
    // Uplink u is leaf port base + u x k (k host-speed ports an uplink). Leaves [l0, l1) of every plane.
    const int leafUpBase = sh.leafUplinkBase;
    const std::size_t leafSpineAt = static_cast<std::size_t>(hostLinks);
    const auto wireLeaves = [&, put](int l0, int l1) {
        for (int p = 0; p < planes; ++p)
            for (int l = l0; l < l1; ++l) {
                const int pod = l / leavesPerPod, li = l % leavesPerPod;
                std::size_t at = leafSpineAt + (static_cast<std::size_t>(p) * L + l) * leaf.up;
                for (int up = 0; up < leaf.up; ++up) {
                    const DeviceId s = firstSpine[p] + pod * spinesPerPod + up / m;
                    put(at++, firstLeaf[p] + l, leafUpBase + up * k, s, li * m + up % m, LinkClass::LeafSpine);
                }
            }
    };

    // Spine j of every pod -> core group j, striped evenly over its cores. Pods [pod0, pod1) of every plane.
    const int spineUpBase = firstUplinkPort(spine.down, spineUpUsed, Rs, sh.portsPerCageOfTier[1]);
    const std::size_t spineCoreAt = static_cast<std::size_t>(hostLinks + leafSpineLinks);
    const auto wireSpines = [&, put](int pod0, int pod1) {
        for (int p = 0; p < planes; ++p)
            for (int pod = pod0; pod < pod1; ++pod)
                for (int j = 0; j < spinesPerPod; ++j) {
                    const DeviceId s = firstSpine[p] + pod * spinesPerPod + j;
                    std::size_t at =
                        spineCoreAt +
                        ((static_cast<std::size_t>(p) * pods + pod) * spinesPerPod + j) * spineUpUsed;
                    for (int k = 0; k < spineUpUsed; ++k) {
                        const DeviceId c = firstCore[p] + j * coresPerGroup + k / mc;
                        put(at++, s, spineUpBase + k, c, pod * mc + k % mc, LinkClass::SpineCore);
                    }
                }
    };

    // Halves: the host split falls on a leaf boundary (an SU, or a leaf's whole nodes). A LeafOrder's
    // leaves take nodes from anywhere: one task wires them all (no leaf's port count in two threads).
    const int nodesOfALeaf = std::max(1, g.rails ? g.suNodes : g.nodesPerLeaf);
    const int hostHalf = !g.leafOfNode.empty() ? nodes : std::min(nodes, (nodes / nodesOfALeaf + 1) / 2 * nodesOfALeaf);
    std::vector<std::function<void()>> tasks{[&] { wireHosts(0, hostHalf); },
                                             [&] { wireHosts(hostHalf, nodes); },
                                             [&] { wireLeaves(0, L / 2); }, [&] { wireLeaves(L / 2, L); }};
    if (tiers == 3)
        tasks.insert(tasks.end(), {[&] { wireSpines(0, pods / 2); }, [&] { wireSpines(pods / 2, pods); }});
    if (run)
        run(f.links.size(), tasks);
    else
        for (const auto& task : tasks)
            task();

    // Every leaf wires leaf.up uplinks; every spine m from each leaf of its pod and spineUpUsed up; every
    // core mc from spine j of each pod.
    for (int p = 0; p < planes; ++p) {
        for (int l = 0; l < L; ++l)
            devices[firstLeaf[p] + l].portsUsed += static_cast<std::uint16_t>(leaf.up * k);
        for (int pod = 0; pod < pods; ++pod) {
            const int leavesInPod = std::min(leavesPerPod, L - pod * leavesPerPod);
            for (int j = 0; j < spinesPerPod; ++j)
                devices[firstSpine[p] + pod * spinesPerPod + j].portsUsed +=
                    static_cast<std::uint16_t>(leavesInPod * m + (tiers == 3 ? spineUpUsed : 0));
        }
        for (DeviceId c = firstCore[p];
             tiers == 3 && c < firstCore[p] + static_cast<DeviceId>(spinesPerPod * coresPerGroup); ++c)
            devices[c].portsUsed += static_cast<std::uint16_t>(pods * mc);
    }
    return f;
}

} // namespace

Fabric build(const ClusterSpec& spec, const TierPorts& sw, int linkGbps, const TaskRunner& run, const LeafOrder& order)
{
    return buildOrShape(spec, sw, linkGbps, run, false, order);
}

FabricShape shapeOf(const ClusterSpec& spec, const TierPorts& sw, int linkGbps, const LeafOrder& order)
{
    return buildOrShape(spec, sw, linkGbps, {}, true, order).shape;
}

int railPlanesThatConnect(const ClusterSpec& spec, const TierPorts& sw, int linkGbps, int maxPlanes)
{
    // A candidate has several planes, so a refusal inside it (tooBig) does not search again.
    if (spec.planes != 1) return 0;
    for (int planes = 2; planes <= std::min(maxPlanes, spec.nicsPerNode); planes *= 2) {
        if (spec.nicsPerNode % planes != 0) continue;
        ClusterSpec s = spec;
        s.planes = planes;
        s.railPlanes = true;
        try {
            shapeOf(s, sw, linkGbps);
            return planes;
        } catch (const UserError&) {
        }
    }
    return 0;
}

} // namespace fp::topology
