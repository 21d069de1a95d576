#include "estimate/throughput.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <tuple>
#include <utility>

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
    for (const Link& l : f.links) ++n[std::size_t(l.cls)];
    return n;
}

double bisectionGbps(const Fabric& f)
{
    const auto counts = linkCountsByClass(f);
    long long narrowest = counts[std::size_t(LinkClass::HostLeaf)];
    for (LinkClass c : {LinkClass::LeafSpine, LinkClass::SpineCore}) {
        const long long n = counts[std::size_t(c)];
        if (n > 0) narrowest = std::min(narrowest, n);
    }
    return double(f.shape.linkGbps) * double(narrowest) / 2.0;
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

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// splitmix64: a fixed, well-mixed hash, so a flow always lands on the same path.
std::uint64_t mix(std::uint64_t x)
{
    x += model::kEcmpHashSeed;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Links of one class grouped by one end device (compressed rows), each group sorted by a key of the
// link (the far end, or the far end's pod) so the links towards one target are a contiguous range.
struct Adjacency {
    std::vector<std::uint32_t> start;  // per device + 1
    std::vector<std::uint32_t> links;
    std::vector<std::uint32_t> keys;   // parallel to links
    template <typename Key>
    Adjacency(const Fabric& f, LinkClass cls, bool byUpperEnd, Key key)
    {
        start.assign(f.devices.size() + 1, 0);
        for (const Link& l : f.links)
            if (l.cls == cls) ++start[(byUpperEnd ? l.b : l.a) + 1];
        for (std::size_t d = 0; d < f.devices.size(); ++d) start[d + 1] += start[d];
        links.resize(start.back());
        std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < f.links.size(); ++i) {
            const Link& l = f.links[i];
            if (l.cls == cls) links[cursor[byUpperEnd ? l.b : l.a]++] = std::uint32_t(i);
        }
        // Keys first, then sort only the groups not already in (key, link) order: the builder wires
        // each device's links in order of the far end, so most groups are, and links within a group
        // are already in index order.
        keys.resize(links.size());
        for (std::size_t k = 0; k < links.size(); ++k) keys[k] = key(links[k]);
        for (std::size_t d = 0; d < f.devices.size(); ++d) {
            const std::uint32_t b = start[d], e = start[d + 1];
            bool sorted = true;
            for (std::uint32_t k = b + 1; k < e && sorted; ++k) sorted = keys[k - 1] <= keys[k];
            if (sorted) continue;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> group;
            group.reserve(e - b);
            for (std::uint32_t k = b; k < e; ++k) group.emplace_back(keys[k], links[k]);
            std::sort(group.begin(), group.end());
            for (std::uint32_t k = b; k < e; ++k) std::tie(keys[k], links[k]) = group[k - b];
        }
    }
    std::uint32_t count(DeviceId d) const { return start[d + 1] - start[d]; }

    // One of the links at `d`, chosen by hash.
    std::uint32_t pickAny(DeviceId d, std::uint64_t hash) const
    {
        const std::uint32_t n = count(d);
        return n ? links[start[d] + std::uint32_t(hash % n)] : kNone;
    }
    // One of the links at `d` whose key is `key`, chosen by hash.
    std::uint32_t pickWithKey(DeviceId d, std::uint32_t key, std::uint64_t hash) const
    {
        const auto first = keys.begin() + start[d], last = keys.begin() + start[d + 1];
        const auto [lo, hi] = std::equal_range(first, last, key);
        if (lo == hi) return kNone;
        return links[std::size_t(lo - keys.begin()) + std::size_t(hash % std::uint64_t(hi - lo))];
    }
};

} // namespace

EcmpResult ringEcmpCollisions(const Fabric& f, int nodes, int qpsPerConnection)
{
    const int qps = std::max(1, qpsPerConnection);
    EcmpResult r;
    nodes = std::min<int>(nodes, int(f.nodeCount));
    if (nodes < 2) return r;
    const int portsPerNode = std::max(1, f.nicsPerNode * std::max(1, f.shape.linksPerNic()));

    // Leaf of every (node, port).
    std::vector<std::uint32_t> leafOf(std::size_t(nodes) * portsPerNode, kNone);
    for (const Link& l : f.links)
        if (l.cls == LinkClass::HostLeaf && l.a < DeviceId(nodes) && l.aPort < portsPerNode)
            leafOf[std::size_t(l.a) * portsPerNode + l.aPort] = l.b;

    auto farEnd = [&f](std::uint32_t l) { return std::uint32_t(f.links[l].b); };
    auto nearPod = [&f](std::uint32_t l) { return f.devices[f.links[l].a].pod; };
    const Adjacency leafUp(f, LinkClass::LeafSpine, false, farEnd);    // by leaf, keyed by spine
    const Adjacency spineUp(f, LinkClass::SpineCore, false, farEnd);   // by spine
    const Adjacency coreDown(f, LinkClass::SpineCore, true, nearPod);  // by core, keyed by the spine's pod
    // Links are full duplex: count each direction on its own (up = towards the core).
    std::vector<std::uint32_t> loadUp(f.links.size(), 0), loadDown(f.links.size(), 0);
    std::vector<std::uint32_t> outFlows(f.devices.size(), 0), inFlows(f.devices.size(), 0);
    auto carry = [&](std::vector<std::uint32_t>& load, std::uint32_t link) {
        if (link != kNone) r.maxLoad = std::max<int>(r.maxLoad, int(++load[link]));
    };

    for (int p = 0; p < portsPerNode; ++p) {
        for (int i = 0; i < nodes; ++i) {
            const DeviceId src = leafOf[std::size_t(i) * portsPerNode + p];
            const DeviceId dst = leafOf[std::size_t((i + 1) % nodes) * portsPerNode + p];
            if (src == kNone || dst == kNone || src == dst) continue;
            ++r.crossLeafFlows;
            // NCCL spreads one connection over `qps` queue pairs; each is its own 5-tuple, hashed on
            // its own, carrying 1/qps of the data (loads below count queue pairs).
            for (int q = 0; q < qps; ++q) {
                ++outFlows[src];
                ++inFlows[dst];
                const std::uint64_t flow = (std::uint64_t(p) * std::uint64_t(nodes) + std::uint64_t(i)) * std::uint64_t(qps) +
                                           std::uint64_t(q);
                const std::uint32_t up = leafUp.pickAny(src, mix(flow));
                if (up == kNone) continue;
                carry(loadUp, up);
                const DeviceId spine = f.links[up].b;
                std::uint32_t down = leafUp.pickWithKey(dst, spine, mix(flow ^ 0x1ULL));
                if (down == kNone && leafUp.count(dst) > 0) {
                    // Different pod: up to a core of this spine's group, down to a spine of the far pod.
                    const std::uint32_t toCore = spineUp.pickAny(spine, mix(flow ^ 0x2ULL));
                    if (toCore == kNone) continue;
                    carry(loadUp, toCore);
                    const std::uint32_t farPod = f.devices[f.links[leafUp.pickAny(dst, 0)].b].pod;
                    const std::uint32_t fromCore = coreDown.pickWithKey(f.links[toCore].b, farPod, mix(flow ^ 0x3ULL));
                    if (fromCore == kNone) continue;
                    carry(loadDown, fromCore);
                    down = leafUp.pickWithKey(dst, f.links[fromCore].a, mix(flow ^ 0x4ULL));
                }
                carry(loadDown, down);
            }
        }
    }
    for (std::size_t d = 0; d < f.devices.size(); ++d) {
        const std::uint32_t ups = leafUp.count(DeviceId(d));
        if (ups == 0) continue;
        r.idealMaxLoad = std::max<int>(r.idealMaxLoad, int((outFlows[d] + ups - 1) / ups));
        r.idealMaxLoad = std::max<int>(r.idealMaxLoad, int((inFlows[d] + ups - 1) / ups));
    }
    // A queue pair carries 1/qps of its connection, and a connection never runs faster than its NIC port:
    // a link with up to `qps` queue pairs on it is not a bottleneck (with one queue pair: as before).
    if (r.crossLeafFlows > 0) r.idealMaxLoad = std::max(r.idealMaxLoad, qps);
    if (r.maxLoad > 0 && r.idealMaxLoad > 0) r.factor = std::min(1.0, double(r.idealMaxLoad) / double(r.maxLoad));
    return r;
}

} // namespace fp::estimate
