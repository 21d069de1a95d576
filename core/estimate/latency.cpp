#include "estimate/latency.h"

#include <algorithm>
#include <vector>

#include "estimate/link_ranges.h"
#include "estimate/model_constants.h"

namespace fp::estimate {
namespace {

double nsPerMetre(MediaClass m)
{
    return (m == MediaClass::DAC || m == MediaClass::ACC) ? model::kCopperNsPerM : model::kFibreNsPerM;
}

// A media solution's ns per metre and order length.
struct SolutionDelay {
    double nsPerM = 0, orderLengthM = 0;
};

// Shortest and longest delay of routed links with a solution, run by run of one solution: a run's extreme
// delays are its shortest and longest length times its ns per metre, as rounding keeps the order of
// products with one positive factor. A compare and a min/max per link, one product per run.
LinkDelayRange routedDelayRange(LinkRange range, const std::uint32_t* solutionOf, const float* lengthM,
                                const std::vector<SolutionDelay>& bySolution)
{
    LinkDelayRange r;
    const std::uint32_t noSolution = std::uint32_t(bySolution.size() - 1);
    for (std::size_t i = range.begin, next = i; i < range.end; i = next) {
        const std::uint32_t s = solutionOf[i];
        float shortest = lengthM[i], longest = lengthM[i];
        for (next = i + 1; next < range.end && solutionOf[next] == s; ++next) {
            shortest = std::min(shortest, lengthM[next]);
            longest = std::max(longest, lengthM[next]);
        }
        const double nsPerM = bySolution[std::min(s, noSolution)].nsPerM;
        const double minNs = double(shortest) * nsPerM, maxNs = double(longest) * nsPerM;
        if (!r.present) {
            r = {true, minNs, maxNs};
        } else {
            r.minNs = std::min(r.minNs, minNs);
            r.maxNs = std::max(r.maxNs, maxNs);
        }
    }
    return r;
}

// Shortest and longest delay of the links in `range`; delayNs(link index).
template <typename DelayNs>
LinkDelayRange delayRange(LinkRange range, DelayNs delayNs)
{
    LinkDelayRange r;
    if (range.size() == 0) return r;
    r = {true, delayNs(range.begin), delayNs(range.begin)};
    for (std::size_t i = range.begin + 1; i < range.end; ++i) {
        const double ns = delayNs(i);
        r.minNs = std::min(r.minNs, ns);
        r.maxNs = std::max(r.maxNs, ns);
    }
    return r;
}

// Time to put `bytes` on a link of `gbps`: bytes x 8 bit / (gbps bit/ns).
double serialisationNs(double bytes, int gbps) { return gbps > 0 ? bytes * 8.0 / double(gbps) : 0.0; }

} // namespace

LatencyInputs latencyInputs(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout,
                            const MediaAssignment& media, const Hardware& hw)
{
    LatencyInputs in;
    in.fabric = spec.fabric;
    in.nicNs = hw.nic.latencyNs > 0 ? double(hw.nic.latencyNs) : model::kNicNsDefault;
    // Each tier's switch figure (catalog, else the documented default); switchNs is the slowest.
    auto nsOf = [](const SwitchModel& sw) {
        return sw.latencyNs > 0 ? double(sw.latencyNs)
                                : (sw.protocol == Protocol::InfiniBand ? model::kIbSwitchNsDefault
                                                                       : model::kEthernetSwitchNsDefault);
    };
    for (const SwitchModel& sw : hw.switches) in.switchNs = std::max(in.switchNs, nsOf(sw));
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
        in.tierSwitchNs[std::size_t(switchTierIndex(t))] = nsOf(hw.switchOf(t));
    in.linkGbps = fabric.shape.linkGbps;
    in.fabricGbps = fabric.shape.fabricGbps;
    in.tiers = fabric.shape.tiers;
    // Per media solution (a few dozen), its ns per metre and order length, so the walk over every link
    // is two array reads and a min/max. A link without a solution is fibre of length 0 (or routed).
    std::vector<SolutionDelay> bySolution;
    bySolution.reserve(media.solutions.size() + 1);
    for (const LinkSolution& sol : media.solutions) bySolution.push_back({nsPerMetre(sol.media), sol.orderLengthM});
    const std::size_t noSolution = bySolution.size();
    bySolution.push_back({nsPerMetre(MediaClass::Multimode), 0.0});
    // Class by class over its range (link_ranges.h), so the walk reads no Link at all.
    const std::size_t withSolution = std::min(fabric.links.size(), media.solutionOfLink.size());
    const std::size_t routed = std::min(fabric.links.size(), layout.linkLengthM.size());
    const ClassRanges ranges = classRanges(fabric);
    for (int c = 0; c < kLinkClassCount; ++c) {
        const LinkRange range = ranges[std::size_t(c)];
        if (range.end <= withSolution && range.end <= routed) {  // every link solved and routed
            in.propagation[c] = routedDelayRange(range, media.solutionOfLink.data(), layout.linkLengthM.data(), bySolution);
        } else {
            in.propagation[c] = delayRange(range, [&](std::size_t i) {
                const std::size_t s = i < withSolution ? std::min<std::size_t>(media.solutionOfLink[i], noSolution) : noSolution;
                const SolutionDelay& d = bySolution[s];
                const double lengthM = i < routed ? layout.linkLengthM[i] : d.orderLengthM;  // routed beats order length
                return lengthM * d.nsPerM;
            });
        }
    }
    return in;
}

PathLatency pathLatency(const LatencyInputs& in, int switchHops)
{
    PathLatency p;
    p.switchHops = switchHops;
    p.pathClass = switchHops <= 1 ? "same leaf" : switchHops <= 3 ? "via spine" : "via core";
    const int links = switchHops + 1;

    // Propagation: the path goes up and down the same classes: 2 host-leaf, 2 leaf-spine, 2 spine-core.
    double propMin = 0, propMax = 0;
    const int classesUsed = std::min(kLinkClassCount, (switchHops + 1) / 2);
    for (int c = 0; c < classesUsed; ++c) {
        propMin += 2.0 * in.propagation[c].minNs;
        propMax += 2.0 * in.propagation[c].maxNs;
    }
    // Hops 1, 3, 5: leaf; leaf, spine, leaf; leaf, spine, core, spine, leaf.
    auto hopNs = [&](int tier) { return in.tierSwitchNs[std::size_t(tier)] > 0 ? in.tierSwitchNs[std::size_t(tier)] : in.switchNs; };
    double switchesNs = 0;
    for (int h = 0; h < switchHops; ++h) switchesNs += hopNs(std::min(h, switchHops - 1 - h));
    const double fixedNs = 2.0 * in.nicNs + switchesNs + links * model::kFecNsPerLink;
    // The two host links at the host speed, the links between switches at the fabric's (when faster).
    const int fabricGbps = in.fabricGbps > 0 ? in.fabricGbps : in.linkGbps;
    const int hostLinks = std::min(links, 2);
    const double frameNs = serialisationNs(model::kSmallMessageFrameBytes, in.linkGbps);
    const double fabricFrameNs = serialisationNs(model::kSmallMessageFrameBytes, fabricGbps);
    // Cut-through switches serialise the frame once (at the slowest link, the host's); store-and-forward
    // once per link.
    p.minNs = fixedNs + frameNs + propMin;
    p.maxNs = fixedNs + (fabricGbps == in.linkGbps ? links * frameNs : hostLinks * frameNs + (links - hostLinks) * fabricFrameNs) +
              propMax;
    if (isEthernet(in.fabric)) {
        p.minNs += 2.0 * in.nicNs * model::kRoceStackExtraLow;
        p.maxNs += 2.0 * in.nicNs * model::kRoceStackExtraHigh;
    }
    // Under load: packets queued ahead of ours at every switch, drained at its egress link's speed: the
    // last leaf's to the host at the host speed, the others' up and down the fabric at the fabric's.
    const auto queuedNs = [&](double hostQueueNs, double fabricQueueNs) {
        return fabricGbps == in.linkGbps || switchHops < 1 ? switchHops * hostQueueNs
                                                            : hostQueueNs + (switchHops - 1) * fabricQueueNs;
    };
    const double queueHighBytes = in.fabric == FabricKind::RoCE
                                      ? model::kRoceEcnThresholdBytes
                                      : model::kLoadedQueuePacketsHighShallow * model::kMtuBytes;
    p.loadedLowNs = p.minNs + queuedNs(model::kLoadedQueuePacketsLow * serialisationNs(model::kMtuBytes, in.linkGbps),
                                       model::kLoadedQueuePacketsLow * serialisationNs(model::kMtuBytes, fabricGbps));
    p.loadedHighNs = p.maxNs + queuedNs(serialisationNs(queueHighBytes, in.linkGbps), serialisationNs(queueHighBytes, fabricGbps));
    return p;
}

std::vector<PathLatency> pathLatencies(const LatencyInputs& in)
{
    std::vector<PathLatency> paths{pathLatency(in, 1)};
    if (in.tiers >= 2) paths.push_back(pathLatency(in, 3));
    if (in.tiers >= 3) paths.push_back(pathLatency(in, 5));
    return paths;
}

} // namespace fp::estimate
