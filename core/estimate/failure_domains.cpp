#include "estimate/failure_domains.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <numeric>
#include <type_traits>

#include "bom/bom_counts.h"
#include "estimate/link_ranges.h"

namespace fp::resilience {
namespace {

// GPUs and NICs of a node split into groups that share nothing: gcd(GPUs, NICs) groups, each with
// GPUs/groups GPUs served by NICs/groups NICs (8 GPUs, 8 NICs: 8 groups of one GPU and its NIC;
// 8 GPUs, 4 NICs: 4 groups of two GPUs sharing one NIC). A GPU is cut off when every port of its
// group's NICs is down.
struct Groups {
    int perNode = 1;
    int gpusPerGroup = 1;
    int nicsPerGroup = 1;
    int planes = 1;
    int linksPerNic = 1;  // planes (rail planes: 1), twice that with dual-ToR
    int sides = 1;        // dual-ToR: 2 (node port = ... x 2 + side)
    int groupOfPort(int port) const { return (port / linksPerNic) / nicsPerGroup; }
};

Groups groupsOf(const ClusterSpec& spec, const Fabric& f)
{
    Groups g;
    const int gpus = std::max(1, spec.gpusPerNode), nics = std::max(1, f.nicsPerNode);
    g.perNode = std::gcd(gpus, nics);
    g.gpusPerGroup = gpus / g.perNode;
    g.nicsPerGroup = nics / g.perNode;
    g.planes = std::max(1, f.shape.planes);
    g.linksPerNic = std::max(1, f.shape.linksPerNic());
    g.sides = f.shape.dualTor ? 2 : 1;
    return g;
}

using LinkCounts = std::array<long long, kLinkClassCount>;

// Bandwidth left (%) to the GPUs a failure slows: the worst share of ports or uplinks one of them keeps;
// 0 when it slows none but cuts some off (every affected GPU lost everything), 100 when it touches none.
double bandwidthLeftPct(double worstShareLeft, bool anySlowed, bool anyCutOff)
{
    return anySlowed ? 100.0 * worstShareLeft : (anyCutOff ? 0.0 : 100.0);
}

// n: links per class left; present: links per class the fabric has (a class it lacks is no bottleneck).
double bisectionUnits(const LinkCounts& n, const LinkCounts& present)
{
    long long narrowest = n[0];
    for (int c = 1; c < kLinkClassCount; ++c)
        if (present[c] > 0) narrowest = std::min(narrowest, n[c]);
    return double(std::max(0LL, narrowest));
}

class Analysis {
public:
    Analysis(const ClusterSpec& spec, const Fabric& f, const MediaAssignment& m)
        : f_(f), m_(m), g_(groupsOf(spec, f)), ranges_(estimate::classRanges(f))
    {
        for (int c = 0; c < kLinkClassCount; ++c) total_[c] = (long long)ranges_[std::size_t(c)].size();
        before_ = bisectionUnits(total_, total_);
        const std::size_t sides = std::size_t(g_.sides);
        portsOfSide_.assign(std::size_t(f.nodeCount) * g_.perNode * sides, 0);
        up_.assign(f.devices.size(), 0);
        down_.assign(f.devices.size(), 0);
        // GPUs with at least one port on each leaf: a group counts once per leaf (links of one group
        // and dual-ToR side to one leaf are consecutive in the builder's order, so "last leaf seen"
        // deduplicates them). A side's last leaf is read only once the side has a port: no clearing.
        gpusBelow_.assign(f.devices.size(), 0);
        const auto lastLeaf = std::make_unique_for_overwrite<DeviceId[]>(portsOfSide_.size());
        const estimate::LinkRange hosts = ranges_[int(LinkClass::HostLeaf)];
        if (hosts.size() > 0) firstNode_ = f.links[hosts.begin].a;
        // Plain pointers: the compiler keeps them in registers across the pushes below.
        std::uint32_t *portsOfSide = portsOfSide_.data(), *up = up_.data(), *down = down_.data();
        long long* gpusBelow = gpusBelow_.data();
        // Each port's (group, side) slot within its node, looked up rather than divided out per link.
        std::vector<std::uint32_t> slotOfPort(std::size_t(f.nicsPerNode) * g_.linksPerNic);
        for (std::size_t port = 0; port < slotOfPort.size(); ++port)
            slotOfPort[port] = std::uint32_t(slotInNode(int(port)));
        const std::size_t slotsPerNode = std::size_t(g_.perNode) * sides;
        const long long gpusPerGroup = g_.gpusPerGroup;
        const DeviceId firstNode = firstNode_;
        const Link* links = f.links.data();
        for (std::size_t i = hosts.begin; i < hosts.end; ++i) {
            const Link& l = links[i];
            if (l.a == firstNode) firstNodeLinks_.push_back(i);
            const std::size_t side = std::size_t(l.a) * slotsPerNode +
                                     (l.aPort < slotOfPort.size() ? slotOfPort[l.aPort] : slotInNode(l.aPort));
            ++down[l.b];
            DeviceId& last = lastLeaf[side];
            if (portsOfSide[side]++ == 0 || last != l.b) { gpusBelow[l.b] += gpusPerGroup; last = l.b; }
        }
        for (std::size_t i = hosts.end; i < f.links.size(); ++i) {
            ++up[links[i].a];
            ++down[links[i].b];
        }
    }

    // A node port's (group, dual-ToR side) slot among its node's slots: group x sides + side.
    std::size_t slotInNode(int port) const
    {
        return std::size_t(g_.groupOfPort(port)) * std::size_t(g_.sides) + std::size_t(port % g_.sides);
    }

    int portsOfGroup(std::size_t group) const
    {
        int ports = 0;
        for (int side = 0; side < g_.sides; ++side) ports += int(portsOfSide_[group * std::size_t(g_.sides) + std::size_t(side)]);
        return ports;
    }

    // Effect of losing the given host links plus `lostLinks` more per class (switch-to-switch links).
    FailureDomain hostLinksDown(const std::vector<std::size_t>& hostLinks, LinkCounts lostLinks = {0, 0, 0}) const
    {
        std::map<std::size_t, int> lost;  // group -> ports lost
        for (std::size_t i : hostLinks) ++lost[groupKey(f_.links[i])];
        FailureDomain d;
        double worst = 1.0;
        bool anyDegraded = false;
        for (const auto& [group, n] : lost) {
            const int total = portsOfGroup(group);
            if (n >= total) {
                d.gpusDisconnected += g_.gpusPerGroup;
            } else {
                d.gpusDegraded += g_.gpusPerGroup;
                worst = std::min(worst, double(total - n) / double(total));
                anyDegraded = true;
            }
        }
        d.bandwidthLeftPct = bandwidthLeftPct(worst, anyDegraded, d.gpusDisconnected > 0);
        lostLinks[int(LinkClass::HostLeaf)] += (long long)hostLinks.size();
        setBisectionLost(d, lostLinks);
        d.jobSurvives = d.gpusDisconnected == 0;
        return d;
    }

    void setBisectionLost(FailureDomain& d, const LinkCounts& lost) const
    {
        LinkCounts after = total_;
        for (int c = 0; c < kLinkClassCount; ++c) after[c] -= lost[c];
        d.bisectionLostPct = before_ > 0 ? 100.0 * (before_ - bisectionUnits(after, total_)) / before_ : 0.0;
    }

    // Indices of the host links, for a range-for. Not std::views::iota: clang cannot build GCC 12's
    // <ranges>, and the fuzz targets are built with clang.
    struct IndexRange {
        struct Index {
            std::size_t i;
            std::size_t operator*() const { return i; }
            Index& operator++() { ++i; return *this; }
            bool operator!=(const Index& o) const { return i != o.i; }
        };
        std::size_t first, last;
        Index begin() const { return {first}; }
        Index end() const { return {last}; }
    };
    IndexRange hostLinkIndices() const
    {
        const estimate::LinkRange hosts = ranges_[int(LinkClass::HostLeaf)];
        return {hosts.begin, hosts.end};
    }

    // Host links of `dev` (a node, or a leaf) with solution `sol`, the first `k` of them (one module at
    // the node end). The first host link's node has its links listed already.
    std::vector<std::size_t> hostLinksOf(DeviceId dev, bool atNode, std::uint16_t sol, int k) const
    {
        std::vector<std::size_t> out;
        const auto take = [&](std::size_t i) {  // a link at `dev`; false once `k` are taken
            if (sol == kAnySolution || solutionOf(i) == sol) out.push_back(i);
            return int(out.size()) < k;
        };
        const auto scan = [&](auto endOf, const auto& links) {
            for (std::size_t i : links)
                if (endOf(f_.links[i]) == dev && !take(i)) return;
        };
        if (k <= 0) return out;
        const auto nodeEnd = [](const Link& l) { return l.a; };
        if (atNode && dev == firstNode_) scan(nodeEnd, firstNodeLinks_);
        else if (atNode) scan(nodeEnd, hostLinkIndices());
        else scan([](const Link& l) { return l.b; }, hostLinkIndices());
        return out;
    }

    // Host links of the first host link's node, in link order.
    const std::vector<std::size_t>& firstNodeLinks() const { return firstNodeLinks_; }

    std::uint16_t solutionOf(std::size_t link) const
    {
        return link < m_.solutionOfLink.size() ? m_.solutionOfLink[link] : kAnySolution;
    }

    // The switch of `tier` with the most links below it.
    DeviceId busiest(Tier tier) const
    {
        DeviceId best = 0;
        long long most = -1;
        for (std::size_t i = f_.nodeCount; i < f_.devices.size(); ++i)
            if (f_.devices[i].tier == tier && down_[i] > most) { most = down_[i]; best = DeviceId(i); }
        return best;
    }

    long long gpusBelowLeaf(DeviceId leaf) const { return gpusBelow_[leaf]; }

    // A switch above the leaves (spine) or above the spines (core) fails: each device below loses the
    // uplinks it had to it; a leaf that loses all of them cuts its GPUs off from the rest.
    FailureDomain upperSwitchDown(DeviceId sw) const
    {
        std::map<DeviceId, long long> lostUp;
        LinkCounts lost = {0, 0, 0};
        // A spine is the upper end of leaf-spine links and the lower end of spine-core links; a core is the
        // upper end of spine-core links. Host links end at leaves.
        const auto scan = [&](LinkClass c, auto upperEnd) {  // upperEnd: std::true_type or std::false_type
            const Link* l = f_.links.data() + ranges_[int(c)].begin;
            for (const Link* end = f_.links.data() + ranges_[int(c)].end; l != end; ++l)
                if ((upperEnd ? l->b : l->a) == sw) {
                    if constexpr (upperEnd) ++lostUp[l->a];
                    ++lost[int(c)];
                }
        };
        if (f_.devices[sw].tier == Tier::Core) {
            scan(LinkClass::SpineCore, std::true_type{});
        } else {
            scan(LinkClass::LeafSpine, std::true_type{});
            scan(LinkClass::SpineCore, std::false_type{});
        }
        if (f_.devices[sw].tier == Tier::Core) return coreDown(sw, lostUp, lost);
        FailureDomain d;
        double worst = 1.0;
        bool anyDegraded = false;
        for (const auto& [below, n] : lostUp) {
            const long long total = up_[below];
            const bool leafBelow = f_.devices[below].tier == Tier::Leaf;
            if (n >= total && leafBelow) {
                d.gpusDisconnected += gpusBelowLeaf(below);
            } else {
                worst = std::min(worst, double(total - n) / double(std::max(1LL, total)));
                anyDegraded = true;
            }
        }
        for (const auto& [below, n] : lostUp)
            if (n < up_[below]) d.gpusDegraded += gpusBelowLeaf(below);
        d.bandwidthLeftPct = bandwidthLeftPct(worst, anyDegraded, d.gpusDisconnected > 0);
        setBisectionLost(d, lost);
        d.jobSurvives = d.gpusDisconnected == 0;
        return d;
    }

    // A core carries only traffic between pods, which every leaf spreads over the spines of its pod (ECMP).
    // A spine that keeps some core links runs at the share it keeps (the slowest path bounds a collective);
    // a spine that loses them all is withdrawn from cross-pod routes, so its pod keeps (spines - 1) / spines
    // and the spine still serves traffic inside its pod. With one pod nothing crosses the core: nothing slows.
    FailureDomain coreDown(DeviceId sw, const std::map<DeviceId, long long>& lostUp, const LinkCounts& lost) const
    {
        FailureDomain d;
        d.jobSurvives = true;
        d.bandwidthLeftPct = 100;
        const std::uint16_t plane = f_.devices[sw].plane;
        std::map<std::uint32_t, std::pair<long long, long long>> pods;  // pod -> (spines cut off, spines)
        for (DeviceId id = f_.nodeCount; id < f_.devices.size(); ++id)
            if (f_.devices[id].tier == Tier::Spine && f_.devices[id].plane == plane) ++pods[f_.devices[id].pod].second;
        if (pods.size() <= 1) return d;
        double worst = 1.0;
        for (const auto& [spine, n] : lostUp) {
            const long long total = up_[spine];
            if (n < total) worst = std::min(worst, double(total - n) / double(total));
            else ++pods[f_.devices[spine].pod].first;
        }
        for (const auto& [pod, cutAndAll] : pods)
            worst = std::min(worst, double(cutAndAll.second - cutAndAll.first) / double(cutAndAll.second));
        // Every GPU of the plane sends some of its cross-pod traffic through the spines that lost links.
        if (worst < 1.0) d.gpusDegraded = (long long)f_.nodeCount * g_.perNode * g_.gpusPerGroup;
        d.bandwidthLeftPct = 100.0 * worst;
        setBisectionLost(d, lost);
        return d;
    }

    static constexpr std::uint16_t kAnySolution = 0xffff;
    const Fabric& f_;
    const MediaAssignment& m_;
    Groups g_;
    estimate::ClassRanges ranges_;
    std::vector<std::uint32_t> portsOfSide_;  // host links per (node group, dual-ToR side)
    std::vector<std::uint32_t> up_, down_;    // links per device to the tier above, from the tier below
    std::vector<long long> gpusBelow_;
    DeviceId firstNode_ = 0;
    std::vector<std::size_t> firstNodeLinks_;
    LinkCounts total_ = {0, 0, 0};
    double before_ = 0;

private:
    std::size_t groupKey(const Link& l) const
    {
        return std::size_t(l.a) * g_.perNode + std::size_t(g_.groupOfPort(l.aPort));
    }
};

FailureDomain named(FailureDomain d, const char* component, std::string description, long long count)
{
    d.component = component;
    d.description = std::move(description);
    d.count = count;
    return d;
}

} // namespace

std::vector<FailureDomain> failureDomains(const ClusterSpec& spec, const Fabric& f, const MediaAssignment& m,
                                          const std::vector<bom::SolutionCounts>* knownCounts)
{
    std::vector<FailureDomain> rows;
    const Analysis a(spec, f, m);
    const long long hostLinks = a.total_[int(LinkClass::HostLeaf)];
    if (f.nodeCount == 0 || hostLinks == 0) return rows;

    // The first host link stands for all: every node is cabled alike.
    const std::size_t first = a.ranges_[int(LinkClass::HostLeaf)].begin;
    const Link& h = f.links[first];
    rows.push_back(named(a.hostLinksDown({first}), "nic_port", "one NIC port (or the link on it)", hostLinks));

    // Modules and cables of the host links, by the media solution of that link.
    long long modulesA = 0, modulesB = 0, cables = 0;
    int perModuleA = 1, perModuleB = 1, perCable = 1;
    // Counted the way the BOM counts them (per device end), so the counts match the BOM's quantities.
    const std::vector<bom::SolutionCounts> counted = knownCounts ? std::vector<bom::SolutionCounts>{} : bom::countPerSolution(f, m);
    const std::vector<bom::SolutionCounts>& counts = knownCounts ? *knownCounts : counted;
    for (std::size_t s = 0; s < m.solutions.size(); ++s) {
        const LinkSolution& sol = m.solutions[s];
        if (sol.cls != LinkClass::HostLeaf) continue;
        modulesA += counts[s].modulesA;
        modulesB += counts[s].modulesB;
        cables += counts[s].cables;
        if (!sol.moduleA.empty()) perModuleA = std::max(perModuleA, sol.linksPerModuleA);
        if (!sol.moduleB.empty()) perModuleB = std::max(perModuleB, sol.linksPerModuleB);
        if (!sol.cablePart.empty()) perCable = std::max(perCable, sol.linksPerCable);
    }
    const std::uint16_t sol = a.solutionOf(first);
    if (modulesA > 0)
        rows.push_back(named(a.hostLinksDown(a.hostLinksOf(h.a, true, sol, perModuleA)), "host_module",
                             "one transceiver at the server end", modulesA));
    if (cables > 0)
        rows.push_back(named(a.hostLinksDown(a.hostLinksOf(h.b, false, sol, perCable)), "host_cable",
                             perCable > 1 ? "one server cable or fibre (a splitter: all its legs)"
                                          : "one server cable or fibre",
                             cables));
    if (modulesB > 0)
        rows.push_back(named(a.hostLinksDown(a.hostLinksOf(h.b, false, sol, perModuleB)), "leaf_module",
                             perModuleB > 1 ? "one leaf-side transceiver (" + std::to_string(perModuleB) +
                                                  " server links: " + (perModuleB > 2 ? "twin-port, split" : "twin-port") + ")"
                                            : std::string("one leaf-side transceiver"),
                             modulesB));

    // A whole NIC: all ports of NIC 0 of the first node.
    {
        std::vector<std::size_t> nicLinks;
        for (std::size_t i : a.firstNodeLinks())
            if (f.links[i].aPort / a.g_.linksPerNic == 0) nicLinks.push_back(i);
        rows.push_back(named(a.hostLinksDown(nicLinks), "nic", "one NIC (all its ports)",
                             (long long)f.nodeCount * f.nicsPerNode));
    }

    // The busiest leaf: its server links and its uplinks go.
    const long long leaves = f.switchCount(Tier::Leaf);
    if (leaves > 0) {
        const DeviceId leaf = a.busiest(Tier::Leaf);
        LinkCounts up = {0, 0, 0};
        up[int(LinkClass::LeafSpine)] = a.up_[leaf];
        rows.push_back(named(a.hostLinksDown(a.hostLinksOf(leaf, false, Analysis::kAnySolution, 1 << 30), up), "leaf",
                             "one leaf switch", leaves));
    }

    // One switch-to-switch link (its cable, fibre or either module): the leaf above it loses one uplink.
    const long long fabricLinks = a.total_[int(LinkClass::LeafSpine)] + a.total_[int(LinkClass::SpineCore)];
    if (a.total_[int(LinkClass::LeafSpine)] > 0) {
        const DeviceId leaf = f.links[a.ranges_[int(LinkClass::LeafSpine)].begin].a;
        FailureDomain d;
        const long long upl = a.up_[leaf];
        if (upl <= 1 && f.shape.dualTor) {
            d.gpusDegraded = a.gpusBelowLeaf(leaf);  // they keep the other leaf of their pair
            d.bandwidthLeftPct = 50;
        } else if (upl <= 1) {
            d.gpusDisconnected = a.gpusBelowLeaf(leaf);
            d.bandwidthLeftPct = 0;
        } else {
            d.gpusDegraded = a.gpusBelowLeaf(leaf);
            d.bandwidthLeftPct = 100.0 * double(upl - 1) / double(upl);
        }
        LinkCounts lost = {0, 1, 0};
        a.setBisectionLost(d, lost);
        d.jobSurvives = d.gpusDisconnected == 0;
        rows.push_back(named(d, "fabric_link", "one switch-to-switch link (cable, fibre or module)", fabricLinks));
    }

    for (Tier tier : {Tier::Spine, Tier::Core}) {
        const long long n = f.switchCount(tier);
        if (n == 0) continue;
        rows.push_back(named(a.upperSwitchDown(a.busiest(tier)), toString(tier),
                             tier == Tier::Spine ? "one spine switch" : "one core switch", n));
    }

    // A whole plane (its subnet manager, a configuration push, a power feed): multi-plane hosts keep the others.
    if (a.g_.planes > 1) {
        FailureDomain d;
        d.gpusDegraded = (long long)f.nodeCount * a.g_.perNode * a.g_.gpusPerGroup;
        d.bandwidthLeftPct = 100.0 * double(a.g_.planes - 1) / double(a.g_.planes);
        LinkCounts lost;
        for (int c = 0; c < kLinkClassCount; ++c) lost[c] = a.total_[c] / a.g_.planes;
        a.setBisectionLost(d, lost);
        rows.push_back(named(d, "plane", "one whole plane", a.g_.planes));
    }
    return rows;
}

} // namespace fp::resilience
