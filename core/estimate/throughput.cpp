#include "estimate/throughput.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "estimate/adjacency.h"
#include "estimate/link_ranges.h"
#include "estimate/model_constants.h"

namespace fp::estimate {

double relativeEfficiency(FabricKind kind, int linkGbps, bool roceMisconfigured)
{
    switch (kind) {
    case FabricKind::InfiniBand: return 1.0;
    case FabricKind::RoCE:
        if (roceMisconfigured) return model::kRoceMisconfiguredRelative;
        if (linkGbps >= 800) return model::kRoceRelativeAt800G;
        if (linkGbps >= 400) return model::kRoceRelativeAt400G;
        return model::kRoceRelativeBelow400G;
    case FabricKind::SpectrumX: return model::kSpectrumXRelative;
    case FabricKind::UEC: return model::kUecRelative;
    }
    return 1.0;
}

double collectiveEfficiency(FabricKind kind, int linkGbps, bool roceMisconfigured)
{
    return model::kIbEfficiency * relativeEfficiency(kind, linkGbps, roceMisconfigured);
}

double injectionGbpsPerGpu(const Fabric& f, int gpusPerNode)
{
    if (gpusPerNode <= 0) return 0;
    return double(f.nicsPerNode) * double(std::max(1, f.shape.linksPerNic())) * double(f.shape.linkGbps) /
           double(gpusPerNode);
}

std::array<long long, kLinkClassCount> linkCountsByClass(const Fabric& f)
{
    std::array<long long, kLinkClassCount> n{};
    const ClassRanges ranges = classRanges(f);
    for (int c = 0; c < kLinkClassCount; ++c) n[std::size_t(c)] = (long long)ranges[std::size_t(c)].size();
    return n;
}

double bisectionGbps(const Fabric& f)
{
    const auto counts = linkCountsByClass(f);
    // Each class's bandwidth at its own speed (the fabric's links may run faster than the hosts').
    double narrowest = double(f.shape.linkGbps) * double(counts[std::size_t(LinkClass::HostLeaf)]);
    for (LinkClass c : {LinkClass::LeafSpine, LinkClass::SpineCore}) {
        const long long n = counts[std::size_t(c)];
        if (n > 0) narrowest = std::min(narrowest, double(f.shape.gbpsOf(c)) * double(n));
    }
    return narrowest / 2.0;
}

bool balancesFlows(FabricKind kind, const Hardware& hw)
{
    const NicModel& nic = hw.nic;
    bool adaptive = !hw.switches.empty();  // every switch of the path must route adaptively
    for (const SwitchModel& sw : hw.switches) adaptive = adaptive && sw.adaptiveRouting;
    switch (kind) {
    case FabricKind::InfiniBand: return true;
    case FabricKind::SpectrumX: return adaptive && nic.superNic;
    case FabricKind::UEC: return nic.packetSpraying;
    case FabricKind::RoCE: return false;
    }
    return false;
}

namespace {

constexpr DeviceId kNoLeaf = std::numeric_limits<DeviceId>::max();

enum class Direction : std::uint32_t { Up = 0, Down = 1 };

// Length of the longest run of equal values in a sorted vector.
int longestRun(const std::vector<std::uint32_t>& sorted)
{
    int longest = 0;
    for (std::size_t i = 0, j = 0; i < sorted.size(); i = j) {
        while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
        longest = std::max(longest, int(j - i));
    }
    return longest;
}

// splitmix64: a fixed, well-mixed hash, so a flow always lands on the same path.
std::uint64_t mix(std::uint64_t x)
{
    x += model::kEcmpHashSeed;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

} // namespace

EcmpResult ringEcmpCollisions(const Fabric& f, int nodes, int qpsPerConnection)
{
    const int qps = std::max(1, qpsPerConnection);
    EcmpResult r;
    nodes = std::min<int>(nodes, int(f.nodeCount));
    if (nodes < 2) return r;
    const int portsPerNode = std::max(1, f.nicsPerNode * std::max(1, f.shape.linksPerNic()));
    const ClassRanges ranges = classRanges(f);

    // Leaf of every (port, node), port by port: the order the ring walks them.
    const std::size_t ringNodes = std::size_t(nodes);
    std::vector<std::uint32_t> leafOf(ringNodes * std::size_t(portsPerNode), kNoLeaf);
    const LinkRange hosts = ranges[std::size_t(LinkClass::HostLeaf)];
    std::uint32_t* leaves = leafOf.data();
    for (const Link* l = f.links.data() + hosts.begin, *end = f.links.data() + hosts.end; l != end; ++l)
        if (l->a < DeviceId(nodes) && l->aPort < portsPerNode) leaves[std::size_t(l->aPort) * ringNodes + l->a] = l->b;

    // The cross-leaf flows: node i of port p sends to node i + 1 (the last to the first). Neighbours on
    // one leaf make none, so the search jumps from one change of leaf to the next.
    struct RingFlow {
        int port, node;
        DeviceId src, dst;
    };
    std::vector<RingFlow> ring;
    std::vector<DeviceId> ringLeaves;
    const auto addFlow = [&](int p, int i, DeviceId src, DeviceId dst) {
        if (src == kNoLeaf || dst == kNoLeaf) return;
        ring.push_back({p, i, src, dst});
        ringLeaves.push_back(src);
        ringLeaves.push_back(dst);
    };
    for (int p = 0; p < portsPerNode; ++p) {
        const std::uint32_t* first = leafOf.data() + std::size_t(p) * ringNodes;
        const std::uint32_t* last = first + ringNodes - 1;
        for (const std::uint32_t* at = std::adjacent_find(first, last + 1, std::not_equal_to<>()); at < last;
             at = std::adjacent_find(at + 1, last + 1, std::not_equal_to<>()))
            addFlow(p, int(at - first), at[0], at[1]);
        if (*last != *first) addFlow(p, nodes - 1, *last, *first);
    }

    // Only the switches these flows pass are grouped (adjacency.h), stage by stage.
    const auto farEnd = [](const Link& l) { return std::uint32_t(l.b); };
    const auto nearPod = [&f](const Link& l) { return f.devices[l.a].pod; };
    const auto leafUp = adjacency<GroupBy::LowerEnd>(f, ranges[std::size_t(LinkClass::LeafSpine)], ringLeaves, Wanted::Most, farEnd);
    // Links are full duplex: each direction counts on its own (up = towards the core). Every queue pair
    // on a link is noted as link x 2 + direction and counted once all are placed (a few thousand notes
    // rather than a counter per link to clear).
    std::vector<std::uint32_t> carried;
    const auto carry = [&](std::uint32_t link, Direction direction) {
        if (link != kNoLink) carried.push_back(link * 2 + std::uint32_t(direction));
    };

    // Up to a spine, and down from it when the far leaf hangs below it too.
    struct CrossPod {
        std::uint64_t flow;
        DeviceId spine, dst;
    };
    std::vector<CrossPod> crossPod;
    std::vector<DeviceId> crossPodSpines;
    for (const RingFlow& rf : ring) {
        ++r.crossLeafFlows;
        // NCCL spreads one connection over `qps` queue pairs; each is its own 5-tuple, hashed on
        // its own, carrying 1/qps of the data (loads below count queue pairs).
        for (int q = 0; q < qps; ++q) {
            const std::uint64_t flow = (std::uint64_t(rf.port) * std::uint64_t(nodes) + std::uint64_t(rf.node)) *
                                           std::uint64_t(qps) + std::uint64_t(q);
            const std::uint32_t up = leafUp.pickAny(rf.src, mix(flow));
            if (up == kNoLink) continue;
            carry(up, Direction::Up);
            const DeviceId spine = f.links[up].b;
            const std::uint32_t down = leafUp.pickWithKey(rf.dst, spine, mix(flow ^ 0x1ULL));
            if (down == kNoLink && leafUp.count(rf.dst) > 0) {
                crossPod.push_back({flow, spine, rf.dst});
                crossPodSpines.push_back(spine);
            } else {
                carry(down, Direction::Down);
            }
        }
    }

    // Different pod: up to a core of this spine's group, down to a spine of the far pod, down to the leaf.
    const auto spineUp = adjacency<GroupBy::LowerEnd>(f, ranges[std::size_t(LinkClass::SpineCore)], crossPodSpines, Wanted::Few, farEnd);
    std::vector<std::uint32_t> toCore(crossPod.size());
    std::vector<DeviceId> cores;
    for (std::size_t k = 0; k < crossPod.size(); ++k) {
        toCore[k] = spineUp.pickAny(crossPod[k].spine, mix(crossPod[k].flow ^ 0x2ULL));
        if (toCore[k] == kNoLink) continue;
        carry(toCore[k], Direction::Up);
        cores.push_back(f.links[toCore[k]].b);
    }
    const auto coreDown = adjacency<GroupBy::UpperEnd>(f, ranges[std::size_t(LinkClass::SpineCore)], cores, Wanted::Few, nearPod);
    for (std::size_t k = 0; k < crossPod.size(); ++k) {
        if (toCore[k] == kNoLink) continue;
        const CrossPod& c = crossPod[k];
        const std::uint32_t farPod = f.devices[f.links[leafUp.pickAny(c.dst, 0)].b].pod;
        const std::uint32_t fromCore = coreDown.pickWithKey(f.links[toCore[k]].b, farPod, mix(c.flow ^ 0x3ULL));
        if (fromCore == kNoLink) continue;
        carry(fromCore, Direction::Down);
        carry(leafUp.pickWithKey(c.dst, f.links[fromCore].a, mix(c.flow ^ 0x4ULL)), Direction::Down);
    }
    std::sort(carried.begin(), carried.end());
    r.maxLoad = longestRun(carried);
    // The pigeonhole ideal: the queue pairs leaving (entering) a leaf spread evenly over its uplinks.
    for (const bool leaving : {true, false}) {
        std::vector<DeviceId> ends;  // one per ring flow, each carrying qps queue pairs
        ends.reserve(ring.size());
        for (const RingFlow& rf : ring) ends.push_back(leaving ? rf.src : rf.dst);
        std::sort(ends.begin(), ends.end());
        for (auto run = ends.begin(); run != ends.end();) {
            const auto next = std::find_if(run, ends.end(), [&](DeviceId d) { return d != *run; });
            const std::uint32_t ups = leafUp.count(*run), queuePairs = std::uint32_t(next - run) * std::uint32_t(qps);
            if (ups > 0) r.idealMaxLoad = std::max<int>(r.idealMaxLoad, int((queuePairs + ups - 1) / ups));
            run = next;
        }
    }
    // A queue pair carries 1/qps of its connection, and a connection never runs faster than its NIC port:
    // a link with up to `qps` queue pairs on it is not a bottleneck (with one queue pair: as before), nor
    // with k x qps where the fabric's links run k times the hosts' speed.
    const int faster = std::max(1, f.shape.fabricSpeed() / std::max(1, f.shape.linkGbps));
    if (r.crossLeafFlows > 0) r.idealMaxLoad = std::max(r.idealMaxLoad, qps * faster);
    if (r.maxLoad > 0 && r.idealMaxLoad > 0) r.factor = std::min(1.0, double(r.idealMaxLoad) / double(r.maxLoad));
    return r;
}

} // namespace fp::estimate
