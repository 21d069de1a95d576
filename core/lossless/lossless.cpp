#include "lossless/lossless.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/format.h"

namespace fp::lossless {
namespace {

std::string printed(const char* format, double a, double b = 0, double c = 0, double d = 0)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, format, a, b, c, d);
    return buf;
}

bool isCopper(MediaClass m) { return m == MediaClass::DAC || m == MediaClass::ACC; }

struct SwitchTally {
    double headroom = 0, reserved = 0, longestM = 0;
    int ports = 0;
};

// A link's routed length in whole metres, rounded up; a length that is no number counts as 0, and
// lengths are capped at 1,000 km (far beyond any optic) so the count stays an int.
inline int wholeMetresOf(const Layout& layout, std::size_t link)
{
    const double len = link < layout.linkLengthM.size() ? double(layout.linkLengthM[link]) : 0.0;
    const double finite = std::isfinite(len) ? std::clamp(len, 0.0, 1e6) : 0.0;
    // ceil(t) without a call into libm (this runs for every link end): t is within (-1, 1e6].
    const double t = finite - 1e-9;
    if (t <= 0) return 0;
    const int whole = int(t);
    return whole + (double(whole) < t ? 1 : 0);
}

} // namespace

std::string megabytes(double bytes) { return printed("%.1f MB", bytes / 1e6); }

const char* toString(FlowControl f)
{
    switch (f) {
    case FlowControl::PfcEcn: return "pfc+ecn";
    case FlowControl::EcnOnly: return "ecn-only";
    case FlowControl::CreditBased: return "credit-based";
    }
    return "pfc+ecn";
}

FlowControl flowControlOf(FabricKind kind)
{
    switch (kind) {
    case FabricKind::InfiniBand: return FlowControl::CreditBased;
    case FabricKind::UEC: return FlowControl::EcnOnly;
    case FabricKind::RoCE:
    case FabricKind::SpectrumX: return FlowControl::PfcEcn;
    }
    return FlowControl::PfcEcn;
}

std::string flowControlText(FabricKind kind, const Options& o)
{
    const std::string p = std::to_string(o.losslessPriority);
    switch (kind) {
    case FabricKind::InfiniBand:
        return "InfiniBand: credit-based link-level flow control; a sender transmits only against the receiver's "
               "buffer credits, so no packet is dropped for want of buffer and there is no PFC headroom, ECN "
               "threshold or DCQCN setting to derive or tune (the subnet manager configures the links).";
    case FabricKind::RoCE:
        return "RoCEv2: lossless Ethernet by PFC on one priority (" + p + ") with per-port headroom sized for the cable, "
               "plus ECN marking on that queue and DCQCN on the NICs; every switch and NIC must agree.";
    case FabricKind::SpectrumX:
        return "Spectrum-X: RoCE with NVIDIA's adaptive routing and congestion control between Spectrum-4 switches "
               "and SuperNICs; the switches still run the lossless RoCE profile (PFC on priority " + p + ", ECN), so the "
               "same headroom and buffer fit apply; the SuperNICs bring their own congestion control settings.";
    case FabricKind::UEC:
        return "UEC: Ultra Ethernet transport is designed to run on a lossy fabric (packet spraying, selective "
               "retransmit, its own congestion control); no PFC headroom is reserved, ECN marking is still "
               "configured on the switches.";
    }
    return {};
}

bool Analysis::hasErrors() const
{
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::Error; });
}

// The design's defaults are the sourced constants: one set of numbers, stated twice only so the spec
// layer (below this one) needs no lossless header.
static_assert(LosslessSettings{}.losslessPriority == kLosslessPriority && LosslessSettings{}.cnpPriority == kCnpPriority &&
              LosslessSettings{}.roceDscp == kRoceDscp && LosslessSettings{}.cnpDscp == kCnpDscp &&
              LosslessSettings{}.portMtu == kPortMtu && LosslessSettings{}.losslessPriorities == 1 &&
              LosslessSettings{}.bufferMbOverride == 0);

Options optionsOf(const LosslessSettings& s)
{
    return Options{.losslessPriority = s.losslessPriority, .cnpPriority = s.cnpPriority, .roceDscp = s.roceDscp,
                   .cnpDscp = s.cnpDscp, .portMtu = s.portMtu, .losslessPriorities = s.losslessPriorities,
                   .bufferBytesOverride = s.bufferMbOverride * 1e6};
}

std::vector<Finding> validateOptions(const Options& o, int maxMtu)
{
    std::vector<Finding> out;
    const auto bad = [&](std::string what, std::string fix) {
        out.push_back({Severity::Error, "lossless.settings", std::move(what), "lossless settings", std::move(fix)});
    };
    const int smallestMtu = kRoceMtu + kRoceHeaderBytes;
    if (o.portMtu < smallestMtu)
        bad("port MTU " + std::to_string(o.portMtu) + " cannot carry a 4,096-byte RoCE packet (it needs " +
                std::to_string(smallestMtu) + " bytes: payload + IP, UDP, BTH, RETH and ICRC headers)",
            "set the port MTU (/lossless/port_mtu, --port-mtu) to at least " + std::to_string(smallestMtu) + " (9,216 is the usual jumbo MTU)");
    if (o.portMtu > maxMtu)
        bad("port MTU " + std::to_string(o.portMtu) + " is above the switch's largest frame, " + std::to_string(maxMtu),
            "set the port MTU (/lossless/port_mtu, --port-mtu) to " + std::to_string(maxMtu) + " or less");
    const auto priorityOk = [](int p) { return p >= 0 && p <= 7; };
    if (!priorityOk(o.losslessPriority) || !priorityOk(o.cnpPriority))
        bad("priorities must be 0-7 (IEEE 802.1Q PCP); lossless " + std::to_string(o.losslessPriority) + ", CNP " +
                std::to_string(o.cnpPriority),
            "use priority 3 for RoCE and 6 for CNPs (/lossless/lossless_priority and cnp_priority, --lossless-priority, --cnp-priority)");
    else if (o.losslessPriority == o.cnpPriority)
        bad("the CNP priority is the lossless priority (" + std::to_string(o.cnpPriority) +
                "): congestion notifications would wait behind the very queue they are meant to slow",
            "give CNPs their own priority (6, strict: /lossless/cnp_priority, --cnp-priority)");
    else if (o.losslessPriority == 0)
        bad("priority 0 is the default class of all unmarked traffic; making it lossless lets any flow pause the fabric",
            "use priority 3 for RoCE (/lossless/lossless_priority, --lossless-priority)");
    const auto dscpOk = [](int d) { return d >= 0 && d <= 63; };
    if (!dscpOk(o.roceDscp) || !dscpOk(o.cnpDscp) || o.roceDscp == o.cnpDscp)
        bad("RoCE DSCP " + std::to_string(o.roceDscp) + " and CNP DSCP " + std::to_string(o.cnpDscp) +
                " must be two different values 0-63",
            "use DSCP 26 for RoCE and 48 for CNPs (/lossless/roce_dscp and cnp_dscp, --roce-dscp, --cnp-dscp)");
    if (o.losslessPriorities < 1 || o.losslessPriorities > 2)
        bad(std::to_string(o.losslessPriorities) + " lossless priorities per port: the profile supports 1 or 2",
            "use one lossless priority for RoCE (/lossless/lossless_priorities, --lossless-priorities)");
    if (o.bufferBytesOverride < 0 || !std::isfinite(o.bufferBytesOverride))
        bad("a switch buffer of " + printed("%.0f", o.bufferBytesOverride) + " bytes is not a buffer",
            "give the buffer in MB (> 0: /lossless/switch_buffer_mb, --switch-buffer-mb), or 0 for the ASIC's figure");
    return out;
}

bool SwitchEnds::holdsFor(const MediaAssignment& media, const Hardware& hardware) const
{
    return switchModels == hardware.switches.size() && solutionOfLink == media.solutionOfLink;
}

SwitchEnds switchEndsOf(const Fabric& fabric, const Layout& layout, const MediaAssignment& media, const Hardware& hardware)
{
    SwitchEnds out;
    out.switchModels = hardware.switches.size();
    out.solutionOfLink = media.solutionOfLink;
    const std::size_t nodes = std::min<std::size_t>(fabric.nodeCount, fabric.devices.size());
    const std::size_t switches = fabric.devices.size() - nodes;
    // The ends analyse counts: a switch of a switch tier and a known model.
    const auto counted = [&](DeviceId d) {
        if (d < nodes || d >= fabric.devices.size()) return false;
        const Device& dev = fabric.devices[d];
        return dev.tier != Tier::Node && dev.model < out.switchModels;
    };
    std::vector<std::uint32_t> at(switches + 1, 0);
    for (const Link& l : fabric.links) {
        if (counted(l.a)) ++at[l.a - nodes + 1];
        if (counted(l.b)) ++at[l.b - nodes + 1];
    }
    for (std::size_t s = 0; s < switches; ++s) at[s + 1] += at[s];
    // Each end as (metres << 32 | solution), by switch; then each switch's sorted into runs.
    std::vector<std::uint64_t> codes(at[switches]);
    std::vector<std::uint32_t> fill(at.begin(), at.end() - 1);
    std::vector<std::vector<char>> seen(kSwitchTierCount);
    const auto add = [&](DeviceId d, std::uint16_t port, std::uint64_t code) {
        if (!counted(d)) return;
        codes[fill[d - nodes]++] = code;
        auto& had = seen[std::size_t(switchTierIndex(fabric.devices[d].tier))];
        if (port >= had.size()) had.resize(std::size_t(port) + 1, 0);
        had[port] = 1;
    };
    // Bit 63: an end at the fabric speed, when it differs from the hosts' (its headroom is of that speed).
    const bool twoSpeeds = fabric.shape.fabricSpeed() != fabric.shape.linkGbps;
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        const std::uint32_t solution = i < media.solutionOfLink.size() ? media.solutionOfLink[i] : ~std::uint32_t(0);
        const std::uint64_t fast = twoSpeeds && l.cls != LinkClass::HostLeaf ? std::uint64_t(1) << 63 : 0;
        const std::uint64_t code = fast | std::uint64_t(std::uint32_t(wholeMetresOf(layout, i))) << 32 | solution;
        add(l.a, l.aPort, code);
        add(l.b, l.bPort, code);
    }
    out.first.assign(switches + 1, 0);
    out.longestM.assign(switches, 0);
    out.ends.assign(switches, 0);
    for (std::size_t s = 0; s < switches; ++s) {
        out.first[s] = std::uint32_t(out.runs.size());
        const auto begin = codes.begin() + at[s], end = codes.begin() + at[s + 1];
        std::sort(begin, end);
        for (auto it = begin; it != end;) {
            const auto next = std::find_if(it, end, [&](std::uint64_t c) { return c != *it; });
            out.runs.push_back({std::uint32_t(*it >> 32) & 0x7fffffffu, std::uint32_t(*it), std::uint32_t(next - it),
                                (*it >> 63) != 0});
            it = next;
        }
        out.ends[s] = at[s + 1] - at[s];
        for (auto it = begin; it != end; ++it) out.longestM[s] = std::max(out.longestM[s], std::uint32_t(*it >> 32) & 0x7fffffffu);
    }
    out.first[switches] = std::uint32_t(out.runs.size());
    for (const auto& had : seen) out.portsOfTier.push_back(int(std::count(had.begin(), had.end(), 1)));
    return out;
}

Analysis analyse(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const MediaAssignment& media,
                 const Hardware& hardware, const Options& options, Detail detail, const SwitchEnds* ends)
{
    Analysis a;
    a.fabric = spec.fabric;
    a.flowControl = flowControlOf(spec.fabric);
    a.options = options;
    if (a.flowControl != FlowControl::PfcEcn) return a;
    int maxMtu = 1 << 30;
    for (const SwitchModel& sw : hardware.switches) maxMtu = std::min(maxMtu, sw.asicFigures.maxMtu);
    a.findings = validateOptions(options, maxMtu);
    if (!a.findings.empty()) return a;

    // Host ports at the host speed, switch-to-switch ports at the fabric's (one speed, or two).
    const int gbps = fabric.shape.linkGbps, fabricGbps = fabric.shape.fabricSpeed();
    const int speeds = fabricGbps != gbps ? 2 : 1;
    for (const int g : {gbps, fabricGbps})
        if (std::none_of(kPauseQuanta.begin(), kPauseQuanta.end(), [&](const PauseQuanta& q) { return q.gbps == g; })) {
            a.findings.push_back({Severity::Info, "lossless.speed-unknown",
                                  "no PFC peer response time is known for " + std::to_string(g) +
                                      " Gb/s ports: the lossless profile is not computed",
                                  "lossless settings", "IEEE 802.3 Annex 31B.3.7 lists 10-800 Gb/s"});
            return a;
        }
    std::array<int, kSwitchTierCount> tierOf{-1, -1, -1};
    for (const Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        if (fabric.switchCount(t) == 0) continue;
        const SwitchModel& sw = hardware.switchOf(t);
        const AsicFigures& asic = sw.asicFigures;
        TierLossless tl;
        tl.tier = t;
        tl.part = sw.partNumber;
        tl.asic = sw.asic;
        tl.gbps = t == Tier::Leaf ? gbps : fabricGbps;  // the leaf's host ports; its uplinks run fabricGbps
        tl.portsPerCage = std::max(1, fabric.portsPerCage(t));
        tl.lanesPerCage = lanesOfPort(sw, gbps) * tl.portsPerCage;
        tl.switches = fabric.switchCount(t);
        tl.bufferBytes = options.bufferBytesOverride > 0 ? options.bufferBytesOverride : asic.bufferBytes;
        tl.bufferEstimated = options.bufferBytesOverride > 0 ? false : asic.bufferEstimated;
        tierOf[std::size_t(switchTierIndex(t))] = int(a.tiers.size());
        a.tiers.push_back(std::move(tl));
    }

    // Switches only (devices [nodeCount, end)): at 100,000 GPUs a tally per device was 3.6 MB of fresh pages
    // per analysis, and node ends are skipped by index without reading their device.
    std::vector<SwitchTally> tally(fabric.devices.size() - std::min<std::size_t>(fabric.nodeCount, fabric.devices.size()));
    std::vector<std::vector<PortSetting>> byPort(a.tiers.size());
    std::vector<std::vector<bool>> seen(a.tiers.size());
    // Per switch model: its constants, lanes and reserve, and the headroom of each (whole metres, medium)
    // worked out once: a plan has a few dozen distinct lengths and hundreds of thousands of port ends.
    // Two per model when the fabric runs faster than the hosts: [model x speeds + 1] at the fabric speed.
    struct ModelCache {
        const AsicFigures* asic = nullptr;
        int gbps = 0;
        int lanes = 4;
        double reserved = 0;
        std::vector<Headroom> byLength;  // index metres x 2 + copper
        std::vector<char> known;         // char, not bool: this is read for every port end
    };
    std::vector<ModelCache> models(hardware.switches.size() * std::size_t(speeds));
    for (std::size_t m = 0; m < models.size(); ++m) {
        const SwitchModel& sw = hardware.switches[m / std::size_t(speeds)];
        models[m].asic = &sw.asicFigures;
        models[m].gbps = m % std::size_t(speeds) ? fabricGbps : gbps;
        models[m].lanes = lanesOfPort(sw, models[m].gbps);
        models[m].reserved = reservedPerPortBytes(*models[m].asic, models[m].lanes);
    }
    constexpr int kCachedMetres = 20000;
    Headroom uncached;  // lengths past the cache (beyond any optic's reach)
    const auto headroomAt = [&](ModelCache& mc, int metres, bool copper) -> const Headroom& {
        if (metres >= kCachedMetres) return uncached = headroomOf(*mc.asic, mc.gbps, metres, copper, mc.lanes, options.portMtu);
        const std::size_t k = std::size_t(metres) * 2 + (copper ? 1 : 0);
        if (k >= mc.byLength.size()) {
            mc.byLength.resize(k + 1);
            mc.known.resize(k + 1, 0);
        }
        if (!mc.known[k]) {
            mc.byLength[k] = headroomOf(*mc.asic, mc.gbps, metres, copper, mc.lanes, options.portMtu);
            mc.known[k] = 1;
        }
        return mc.byLength[k];
    };
    // Per switch (index d - nodeCount): its tier's entry in a.tiers and its model's cache, looked up once
    // instead of for each of its ports (the pass runs over every link end).
    struct SwitchEntry {
        int tier = -1;
        ModelCache* model = nullptr;
    };
    std::vector<SwitchEntry> switchEntry(tally.size());
    for (std::size_t i = 0; i < switchEntry.size(); ++i) {
        const Device& dev = fabric.devices[fabric.nodeCount + i];
        if (dev.tier == Tier::Node || dev.model >= models.size()) continue;
        switchEntry[i] = {tierOf[std::size_t(switchTierIndex(dev.tier))], &models[std::size_t(dev.model) * std::size_t(speeds)]};
    }
    const auto addEnd = [&](DeviceId d, std::uint16_t port, int metres, bool copper, bool atFabricSpeed) {
        if (d < fabric.nodeCount) return;
        const SwitchEntry& e = switchEntry[d - fabric.nodeCount];
        const int k = e.tier;
        if (k < 0 || !e.model) return;
        TierLossless& tl = a.tiers[std::size_t(k)];
        ModelCache& mc = e.model[speeds > 1 && atFabricSpeed ? 1 : 0];
        const Headroom& h = headroomAt(mc, metres, copper);
        SwitchTally& s = tally[d - fabric.nodeCount];
        s.headroom += double(h.size) * options.losslessPriorities;
        s.reserved += mc.reserved;
        s.longestM = std::max(s.longestM, double(metres));
        ++s.ports;
        auto& had = seen[std::size_t(k)];
        if (port >= had.size()) had.resize(std::size_t(port) + 1, false);
        if (detail == Detail::Tiers) {
            had[port] = true;
            return;
        }
        auto& ports = byPort[std::size_t(k)];
        if (port >= ports.size()) ports.resize(std::size_t(port) + 1);
        PortSetting& ps = ports[port];
        // The port's largest headroom, and on a tie the longer cable: CABLE_LENGTH is the port's longest run
        // (at 200G a few metres more can round to the same headroom).
        if (!had[port] || h.size > ps.headroom.size || (h.size == ps.headroom.size && metres > ps.cableM)) {
            ps.port = port;
            ps.cage = port / tl.portsPerCage;
            ps.sub = port % tl.portsPerCage;
            ps.lanes = mc.lanes;
            ps.gbps = mc.gbps;
            ps.cableM = metres;
            ps.copper = copper;
            ps.headroom = h;
            had[port] = true;
        }
    };
    if (ends && detail == Detail::Tiers) {
        // The same sums from the switches' runs: every term is a whole number of bytes (Headroom::size),
        // so a run's ends x its term is what adding it end by end gives.
        for (std::size_t i = 0; i < switchEntry.size() && i + 1 < ends->first.size(); ++i) {
            const SwitchEntry& e = switchEntry[i];
            if (e.tier < 0 || !e.model) continue;
            SwitchTally& s = tally[i];
            double runsReserved = 0;  // two speeds: each end's reserve at its own speed's lanes
            for (std::uint32_t r = ends->first[i]; r < ends->first[i + 1]; ++r) {
                const SwitchEnds::Run& run = ends->runs[r];
                const bool copper = run.solution < media.solutions.size() && isCopper(media.solutions[run.solution].media);
                ModelCache& mc = e.model[speeds > 1 && run.atFabricSpeed ? 1 : 0];
                s.headroom += double(headroomAt(mc, int(run.metres), copper).size) * options.losslessPriorities * run.ends;
                runsReserved += mc.reserved * run.ends;
            }
            s.ports = int(ends->ends[i]);
            s.longestM = s.ports ? double(ends->longestM[i]) : 0.0;
            // Added end by end as the walk does, unless the reserve is a whole number of bytes (then exact).
            const double reserved = e.model->reserved;
            if (speeds > 1) s.reserved = runsReserved;
            else if (reserved == std::floor(reserved)) s.reserved = reserved * s.ports;
            else for (int n = 0; n < s.ports; ++n) s.reserved += reserved;
        }
    } else
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        bool copper = false;  // unknown medium: fibre, the slower per metre, so the headroom is not short
        if (i < media.solutionOfLink.size() && media.solutionOfLink[i] < media.solutions.size())
            copper = isCopper(media.solutions[media.solutionOfLink[i]].media);
        const int metres = wholeMetresOf(layout, i);
        const bool atFabricSpeed = l.cls != LinkClass::HostLeaf;
        addEnd(l.a, l.aPort, metres, copper, atFabricSpeed);
        addEnd(l.b, l.bPort, metres, copper, atFabricSpeed);
    }

    // A leaf of a faster fabric runs both speeds: "200/400".
    const auto speedOf = [&](const TierLossless& tl) {
        return std::to_string(tl.gbps) + (speeds > 1 && tl.tier == Tier::Leaf ? "/" + std::to_string(fabricGbps) : "");
    };
    for (std::size_t k = 0; k < a.tiers.size(); ++k) {
        TierLossless& tl = a.tiers[k];
        tl.portsConfigured = ends && detail == Detail::Tiers
                                 ? ends->portsOfTier[std::size_t(switchTierIndex(tl.tier))]
                                 : int(std::count(seen[k].begin(), seen[k].end(), true));
        for (std::size_t p = 0; p < byPort[k].size(); ++p)
            if (seen[k][p]) tl.ports.push_back(byPort[k][p]);
        for (std::size_t d = fabric.nodeCount; d < fabric.devices.size(); ++d) {
            if (fabric.devices[d].tier != tl.tier || tally[d - fabric.nodeCount].ports == 0) continue;
            const SwitchTally& s = tally[d - fabric.nodeCount];
            const double need = s.headroom + s.reserved + kManagementPoolBytes;
            if (tl.worstDevice < 0 || need > tl.worstNeedBytes()) {
                tl.worstDevice = std::int64_t(d);
                tl.worstHeadroomBytes = s.headroom;
                tl.worstReservedBytes = s.reserved + kManagementPoolBytes;
                tl.worstLongestM = s.longestM;
                tl.worstPorts = s.ports;
            }
            if (tl.bufferBytes > 0 && need > tl.bufferBytes) ++tl.switchesOver;
        }
        if (tl.worstDevice < 0) continue;
        const std::string tierName = toString(tl.tier);
        if (tl.bufferBytes <= 0) {
            a.findings.push_back({Severity::Info, "lossless.buffer-unknown",
                                  "no packet-buffer figure for " + tl.part + " (" + tl.asic + "): PFC headroom is computed "
                                      "(worst " + tierName + " " + megabytes(tl.worstHeadroomBytes) + ") but its fit is not checked",
                                  tierName + " " + tl.part,
                                  "check the headroom against the vendor's buffer figure", -1, tl.worstDevice});
            continue;
        }
        if (tl.switchesOver == 0) continue;
        const double withPool = tl.worstHeadroomBytes / 2 + tl.worstReservedBytes;  // xoff shared 2:1, roughly
        a.findings.push_back(
            {Severity::Error, "lossless.buffer-fit",
             counted(tl.switchesOver, tierName + " switch", tierName + " switches") + " of " + std::to_string(tl.switches) +
                 " need more buffer than a " + tl.part + " has: the worst, " + fabric.deviceName(DeviceId(tl.worstDevice)) +
                 ", needs " + megabytes(tl.worstHeadroomBytes) + " of PFC headroom for " + std::to_string(tl.worstPorts) +
                 " ports (longest cable " + printed("%.0f", tl.worstLongestM) + " m at " + speedOf(tl) + "G) + " +
                 megabytes(tl.worstReservedBytes) + " reserved, against " + megabytes(tl.bufferBytes) +
                 (tl.bufferEstimated ? " (estimated)" : ""),
             tierName + " " + tl.part,
             "shorten the longest routes (headroom grows with cable length x speed), enable a shared headroom pool "
             "(about " + megabytes(withPool) + " at 2:1 over-subscription), keep one lossless priority, or choose a "
             "deeper-buffer switch for this tier",
             -1, tl.worstDevice});
    }
    return a;
}

std::vector<std::string> summaryLines(const Analysis& a)
{
    std::vector<std::string> out;
    if (a.flowControl != FlowControl::PfcEcn) {
        out.push_back(flowControlText(a.fabric, a.options));
        return out;
    }
    for (const TierLossless& t : a.tiers) {
        if (t.worstDevice < 0) continue;
        std::string line = std::string(toString(t.tier)) + " " + t.part + ": worst switch " + megabytes(t.worstHeadroomBytes) +
                           " PFC headroom + " + megabytes(t.worstReservedBytes) + " reserved";
        if (t.bufferBytes > 0)
            line += " of " + megabytes(t.bufferBytes) + printed(" (%.0f %%)", 100.0 * t.worstNeedBytes() / t.bufferBytes) +
                    (t.switchesOver ? ", " + std::to_string(t.switchesOver) + " over" : ", fits") +
                    (t.bufferEstimated ? " [buffer estimated]" : "");
        else
            line += ", buffer unknown";
        line += printed(", longest cable %.0f m", t.worstLongestM);
        out.push_back(line);
    }
    return out;
}

} // namespace fp::lossless
