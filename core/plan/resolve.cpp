#include "plan/resolve.h"

#include <algorithm>
#include <optional>

#include "catalog/part_lookup.h"
#include "catalog/platforms.h"
#include "catalog/switch_power.h"
#include "common/error.h"
#include "common/format.h"
#include "common/user_text.h"
#include "spec/validate.h"
#include "topology/builder.h"
#include "topology/too_big.h"

namespace fp::plan {
namespace {

template <typename Model>
std::string choices(const std::vector<Model>& models, FabricKind fabric)
{
    std::string s;
    for (const auto& m : models)
        if (speaksFabric(m.protocol, fabric)) s += (s.empty() ? "" : ", ") + m.partNumber;
    return s.empty() ? "(none in this catalog)" : s;
}

// Generic-switch figures for what-if studies: a 51.2T-class ASIC's published ballpark. Estimates.
constexpr int kGenericSwitchLatencyNs = 500;   // fabric-facts §4: public model assumption for Ethernet
constexpr int kGenericIbSwitchLatencyNs = 130; // fabric-facts §4: NDR IB public model assumption
constexpr double kGenericSwitchWattsPerPort = 15.0; // estimate: ~1 kW for a 64-port 51.2T switch w/o optics

} // namespace

namespace {

// Replaces a typed name with the part number it matches; an ambiguous name is refused with the matches.
template <typename Model>
void canonicalise(std::string& name, const PartMatch<Model>& m, const char* what, const char* where)
{
    if (m.part) {
        name = m.part->partNumber;
        return;
    }
    if (m.candidates.empty()) return;  // unknown: the resolvers say so, listing what exists
    std::vector<const PartBase*> parts(m.candidates.begin(), m.candidates.end());
    throw UserError(std::string(what) + " " + quotedText(name) + " matches several parts: " + candidateList(parts), where,
                    "type more of the name, or the part number");
}

void canonicaliseTierSwitch(std::string& name, const Catalog& catalog, const char* what, const char* where)
{
    if (!name.empty()) canonicalise(name, matchSwitch(catalog.switches, name), what, where);
}

} // namespace

ClusterSpec canonicalParts(const ClusterSpec& spec, const Catalog& catalog)
{
    ClusterSpec out = spec;
    // Planes on auto start from one; planesThatConnect adds the fewest that connect the design.
    if (out.planes == 0) out.planes = 1;
    if (!spec.nicModel.empty()) canonicalise(out.nicModel, matchNic(catalog.nics, spec.nicModel), "NIC name", "/compute/nic");
    if (spec.genericRadix == 0 && !spec.switchModel.empty())
        canonicalise(out.switchModel, matchSwitch(catalog.switches, spec.switchModel), "switch name", "/fabric/switch");
    canonicaliseTierSwitch(out.leafSwitchModel, catalog, "leaf switch name", "/fabric/switches/leaf");
    canonicaliseTierSwitch(out.spineSwitchModel, catalog, "spine switch name", "/fabric/switches/spine");
    canonicaliseTierSwitch(out.coreSwitchModel, catalog, "core switch name", "/fabric/switches/core");
    for (MediaPin& pin : out.media.pins)
        canonicalise(pin.part, matchMediaPart(catalog.transceivers, catalog.cables, pin.part), "pinned part",
                     "/media/pins");
    return out;
}

topology::TierPorts tierPortsAt(const Hardware& hw, int hostGbps)
{
    const int fabric = hw.fabricGbps > 0 ? hw.fabricGbps : hostGbps;
    topology::TierPorts ports;
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        const SwitchModel& sw = hw.switchOf(t);
        const int gbps = t == Tier::Leaf ? hostGbps : fabric;
        ports.tier[std::size_t(switchTierIndex(t))] = {sw.portsAt(gbps), sw.portsPerCageAt(gbps), hw.modelOf(t)};
    }
    if (fabric > hostGbps && hostGbps > 0) {
        const SwitchModel& leaf = hw.switchOf(Tier::Leaf);
        if (leaf.runsOnUplinkCages(fabric)) {
            ports.tier[0].uplinkPorts = leaf.uplinkPortsAt(fabric);  // its uplink cages (SN2201: 4 x 100G QSFP28)
            ports.tier[0].uplinkSpeedUp = fabric / hostGbps;
        } else {
            ports.tier[0].portsPerUplink = fabric / hostGbps;  // k of its host-speed ports an uplink
        }
    }
    return ports;
}

int resolveFabricGbps(const ClusterSpec& spec, int hostGbps)
{
    if (spec.fabricGbps == 0 || spec.fabricGbps == hostGbps) return 0;
    if (spec.genericRadix > 0)
        throw UserError("a generic switch (generic radix " + std::to_string(spec.genericRadix) + ") has ports of one speed, not " +
                            std::to_string(hostGbps) + "G host ports and " + std::to_string(spec.fabricGbps) + "G uplinks",
                        "/fabric/fabric_gbps", "set the fabric speed to 0 (the host links' speed), or choose a catalog switch");
    if (spec.fabricGbps < hostGbps || spec.fabricGbps % hostGbps != 0)
        throw UserError("fabric links of " + std::to_string(spec.fabricGbps) + " Gb/s do not carry whole host links of " +
                            std::to_string(hostGbps) + " Gb/s",
                        "/fabric/fabric_gbps",
                        "use a multiple of the host link speed (e.g. " + std::to_string(2 * hostGbps) +
                            "), or 0 for the host links' speed");
    return spec.fabricGbps;
}

int linkGbpsOf(const ClusterSpec& spec, const NicModel& nic)
{
    return spec.linkGbps > 0 ? spec.linkGbps : nic.portGbpsOn(spec.fabric);
}

int resolveLinkGbps(const ClusterSpec& spec, const NicModel& nic)
{
    const int native = nic.portGbpsOn(spec.fabric);
    if (spec.linkGbps == 0) return native;
    if (spec.linkGbps > native && spec.linkGbps <= nic.portGbps) {
        // The port runs this speed on InfiniBand only (ConnectX-8 C8180: 800G XDR, Ethernet 2 x 400GbE).
        const int links = std::max(1, nic.ports) * nic.portsPerCageOn(spec.fabric);
        throw UserError("NIC " + nic.partNumber + " runs " + displayName(spec.fabric) + " as " +
                            std::to_string(nic.portsPerCageOn(spec.fabric)) + " x " + std::to_string(native) +
                            "GbE per cage: its firmware has no " + std::to_string(spec.linkGbps) +
                            "GbE port (" + std::to_string(nic.portGbps) + "G is InfiniBand only)",
                        "/compute/link_gbps",
                        "leave the link speed at 0 for " + std::to_string(links) + " links of " +
                            std::to_string(native) + "G per NIC, one in each of " + std::to_string(links) +
                            " planes (the NIC's full " + std::to_string(nic.portGbps) +
                            "G), or use InfiniBand for " + std::to_string(nic.portGbps) + "G links");
    }
    if (spec.linkGbps > native)
        throw UserError("link speed " + std::to_string(spec.linkGbps) + " Gb/s is faster than the NIC's " +
                            std::to_string(native) + " Gb/s port",
                        "/compute/link_gbps", "use 0 (the NIC's speed) or a lower speed");
    return spec.linkGbps;
}

PlaneChoice ethernetPortPlanes(const ClusterSpec& spec, const NicModel& nic)
{
    PlaneChoice out;
    out.planes = spec.planes;
    out.railPlanes = spec.railPlanes;
    out.linkGbps = resolveLinkGbps(spec, nic);
    const int perCage = nic.portsPerCageOn(spec.fabric);
    const int links = std::max(1, nic.ports) * perCage;
    // Only where the design left speed and planes alone; dual-ToR spends the two ports on a leaf pair.
    if (perCage <= 1 || spec.linkGbps != 0 || spec.planes != 1 || spec.railPlanes || spec.dualTor ||
        links > kMaxPlanes)
        return out;
    out.changed = true;
    out.planes = links;
    out.note = "NIC " + nic.partNumber + " runs " + displayName(spec.fabric) + " as " + std::to_string(perCage) +
               " x " + std::to_string(out.linkGbps) + "G per cage (no " + std::to_string(nic.portGbps) +
               "GbE port): " + std::to_string(links) + " planes, one " + std::to_string(out.linkGbps) +
               "G link per NIC in each, " + std::to_string(links * out.linkGbps) +
               "G per NIC (as the DGX SuperPOD B300 on Spectrum-X: 2 x 400GbE per GPU, one per plane).";
    return out;
}

long long nicLinksAt(const NicModel& nic, int linkGbps)
{
    if (linkGbps <= 0) return 0;
    return static_cast<long long>(std::max(1, nic.ports)) * (nic.portGbps / linkGbps);
}

bool nicDualHomes(const ClusterSpec& spec, const NicModel& nic, int linkGbps)
{
    const int planesPerNic = spec.railPlanes ? 1 : std::max(1, spec.planes);
    return nicLinksAt(nic, linkGbps) >= 2LL * planesPerNic;
}

void requireDualHoming(const ClusterSpec& spec, const NicModel& nic, int linkGbps)
{
    if (!spec.dualTor || linkGbps <= 0) return;
    const int planesPerNic = spec.railPlanes ? 1 : std::max(1, spec.planes);
    const long long needed = 2LL * planesPerNic;
    const long long have = nicLinksAt(nic, linkGbps);
    if (nicDualHomes(spec, nic, linkGbps)) return;
    std::string fix = "use a NIC with two ports (e.g. ConnectX-8 C8240 900-9X81Q-00CN-ST0, 2 x 400G; ConnectX-7 "
                      "MCX755106AS-HEAT or BlueField-3 B3220, 2 x 200G), run its port as two links at half speed "
                      "(--link-gbps " + std::to_string(linkGbps / 2) + ")";
    if (planesPerNic > 1) fix += ", use fewer planes";
    throw UserError("dual-ToR needs " + std::to_string(needed) + " links per NIC (one to each leaf of a pair" +
                        (planesPerNic > 1 ? " in each of " + std::to_string(planesPerNic) + " planes" : std::string()) +
                        "), but NIC " + nic.partNumber + " has " + std::to_string(have) + " at " +
                        std::to_string(linkGbps) + " Gb/s (" + std::to_string(std::max(1, nic.ports)) + " x " +
                        std::to_string(nic.portGbps) + "G)",
                    "/fabric/dual_tor", fix + ", or turn dual-ToR off");
}

PlaneChoice planesThatConnect(const ClusterSpec& spec, const NicModel& nic, const SwitchModel& sw, int linkGbps)
{
    return planesThatConnect(spec, nic, Hardware::uniform(sw, nic, linkGbps, spec.planes), linkGbps);
}

PlaneChoice planesThatConnect(const ClusterSpec& spec, const NicModel& nic, const Hardware& hw, int linkGbps)
{
    PlaneChoice out;
    out.planes = spec.planes;
    out.linkGbps = linkGbps;
    out.railPlanes = spec.railPlanes;
    if (PlaneChoice ethernet = ethernetPortPlanes(spec, nic); ethernet.changed) return ethernet;
    const bool generic = std::any_of(hw.switches.begin(), hw.switches.end(), [](const SwitchModel& s) { return s.generic; });
    if (spec.tiers != 0 || generic || linkGbps <= 0 || spec.planes != 1) return out;
    const int sides = spec.dualTor ? 2 : 1;  // dual-ToR: two links per NIC and plane
    const long long ports = static_cast<long long>(spec.nodes()) * spec.nicsPerNode * sides;
    // Each tier's ports at a speed; false when a tier's switch does not run it.
    auto portsAt = [&](int gbps, topology::TierPorts& at) {
        at = tierPortsAt(hw, gbps);
        return std::all_of(at.tier.begin(), at.tier.end(), [](const topology::SwitchPorts& p) { return p.ports > 0; });
    };
    auto capacity = [&](int gbps) {
        topology::TierPorts at;
        return portsAt(gbps, at) ? topology::maxEndpoints(3, at, spec.leafOversubscription, spec.spineOversubscription) : 0LL;
    };
    // Whether the builder dimensions `s` (whole SUs per leaf and pod, as built): the full-radix k^3/4 of
    // capacity() can exceed what a design of part-filled leaves really connects (SN5600, 32-node SUs:
    // 262,144 per plane, not 524,288).
    long long builtLimit = 0;  // the builder's real limit when it refused the design as too big
    auto builds = [&](const ClusterSpec& s, int gbps) {
        topology::TierPorts at;
        if (!portsAt(gbps, at)) return false;
        try {
            topology::shapeOf(s, at, gbps);
            return true;
        } catch (const topology::FabricTooBig& e) {
            if (&s == &spec && gbps == linkGbps) builtLimit = e.limit;
            return false;
        } catch (const UserError&) {
            return false;
        }
    };
    const SwitchModel& sw = hw.switchOf(Tier::Leaf);
    long long native = capacity(linkGbps);
    // Fits as built, or refused for another reason than its size (planes would not help): unchanged.
    if (builds(spec, linkGbps)) {
        out.connects = true;
        return out;
    }
    if (native >= ports && builtLimit == 0) return out;
    if (builtLimit > 0) native = std::min(native, builtLimit);
    // The switches by their ports, not their names: what limits the fabric is the radix, and switches of
    // one shape then plan alike, on one floor (plan::sameFloor compares this note).
    std::string radix;
    const topology::TierPorts own = tierPortsAt(hw, linkGbps);
    const int leafPorts = own.of(Tier::Leaf).ports, spinePorts = own.of(Tier::Spine).ports, corePorts = own.of(Tier::Core).ports;
    if (leafPorts == spinePorts && spinePorts == corePorts) radix = std::to_string(leafPorts) + "-port switches";
    else
        radix = "switches of " + std::to_string(leafPorts) + " (leaf), " + std::to_string(spinePorts) + " (spine) and " +
                std::to_string(corePorts) + " (core) ports";
    const std::string head = withThousands(ports) + " NIC ports exceed what three tiers of " + radix + " connect at " +
                             std::to_string(linkGbps) + "G (" + withThousands(native) + " per plane): ";
    // Rail planes first: the same links at the same speed, optics unchanged; cross-plane traffic
    // between GPUs of one node goes over NVLink (rail-only networks, as NCCL's PXN does).
    topology::TierPorts at;
    if (const int planes = portsAt(linkGbps, at) ? topology::railPlanesThatConnect(spec, at, linkGbps, kMaxPlanes) : 0;
        planes > 0) {
        out.changed = out.connects = true;
        out.planes = planes;
        out.railPlanes = true;
        out.note = head + std::to_string(planes) + " rail planes, each with " +
                   std::to_string(spec.nicsPerNode / planes) + " of the " + std::to_string(spec.nicsPerNode) +
                   " rails of every node (" + withThousands(ports / planes) +
                   " NIC ports each); GPUs on rails of different planes reach each other through their node's "
                   "NVLink. A fourth tier is not built.";
        return out;
    }
    // Else NIC ports split into planes at a lower speed: the same bandwidth per GPU. Not where the design
    // set the fabric's own speed: its host and fabric speeds are the design's.
    for (int split = 2; split <= 8 && hw.fabricGbps == 0; split *= 2) {
        const int gbps = linkGbps / split;
        if (gbps <= 0 || linkGbps % split != 0 || split > kMaxPlanes) break;
        const long long nicLinks = static_cast<long long>(std::max(1, nic.ports)) * (nic.portGbps / gbps);
        ClusterSpec split_ = spec;
        split_.planes = split;
        if (nicLinks < split * sides || capacity(gbps) < ports || !builds(split_, gbps)) continue;
        out.changed = out.connects = true;
        out.planes = split;
        out.linkGbps = gbps;
        out.note = head + "each NIC port runs as " + std::to_string(split) + " planes of " + std::to_string(gbps) +
                   "G, the same bandwidth per GPU, on " + std::to_string(sw.portsAt(gbps)) +
                   "-port switches. A fourth tier is not built.";
        return out;
    }
    return out;
}

void requireConnects(const ClusterSpec& spec, const Hardware& hw, int linkGbps, const Catalog& catalog)
{
    const auto portsOf = [&](const Hardware& h, topology::TierPorts& at) {
        at = tierPortsAt(h, linkGbps);
        return std::all_of(at.tier.begin(), at.tier.end(), [](const topology::SwitchPorts& p) { return p.ports >= 2; });
    };
    topology::TierPorts at;
    if (!portsOf(hw, at)) return;  // the builder says why
    try {
        topology::shapeOf(spec, at, linkGbps);
    } catch (const topology::FabricTooBig& e) {
        // The fewest ports that connect it: the smallest step up, named by the catalog's part.
        const SwitchModel* better = nullptr;
        for (const SwitchModel& sw : catalog.switches) {
            if (sw.generic || !speaksFabric(sw.protocol, spec.fabric)) continue;
            if (better && sw.portsAt(linkGbps) >= better->portsAt(linkGbps)) continue;
            topology::TierPorts one;
            Hardware every = Hardware::uniform(sw, hw.nic, linkGbps, hw.planes);
            every.fabricGbps = hw.fabricGbps;
            if (!portsOf(every, one)) continue;
            try {
                topology::shapeOf(spec, one, linkGbps);
                better = &sw;
            } catch (const UserError&) {
            }
        }
        std::string fix = e.fix;
        if (better)
            fix += "; " + better->partNumber + " (" + std::to_string(better->portsAt(linkGbps)) + " ports at " +
                   std::to_string(linkGbps) + "G) on every tier connects it";
        else  // in the tiers the design asks (it said "three tiers" of a one-switch design that two tiers hold)
            fix += "; no switch of the catalog connects it at " + std::to_string(linkGbps) + "G " +
                   (spec.tiers == 1 ? "on one switch" : spec.tiers == 2 ? "in two tiers" : "in three tiers");
        throw UserError(e.what(), e.where, fix);
    }
}

const NicModel& resolveNic(const ClusterSpec& spec, const Catalog& catalog)
{
    const NicModel* nic = matchNic(catalog.nics, spec.nicModel).part;
    if (!nic)
        throw UserError("unknown NIC " + unknownNameText(spec.nicModel), "/compute/nic",
                        unknownNameFix(spec.nicModel, "use one of: " + choices(catalog.nics, spec.fabric)));
    if (!speaksFabric(nic->protocol, spec.fabric))
        throw UserError("NIC " + nic->partNumber + " does not run " + displayName(spec.fabric), "/compute/nic",
                        "use one of: " + choices(catalog.nics, spec.fabric));
    return *nic;
}

SwitchModel resolveSwitch(const ClusterSpec& spec, const Catalog& catalog, int linkGbps)
{
    if (spec.genericRadix > 0) {
        SwitchModel s;
        s.partNumber = "GENERIC-" + std::to_string(spec.genericRadix) + "x" + std::to_string(linkGbps) + "G";
        s.vendor = "generic";
        s.description = "Generic " + std::to_string(spec.genericRadix) + "-port " + std::to_string(linkGbps) +
                        " Gb/s switch (what-if)";
        s.protocol = spec.fabric == FabricKind::InfiniBand ? Protocol::InfiniBand : Protocol::Ethernet;
        s.cages = spec.genericRadix;
        s.cageType = "OSFP";
        s.breakouts = {{linkGbps, 1}};
        s.latencyNs = spec.fabric == FabricKind::InfiniBand ? kGenericIbSwitchLatencyNs : kGenericSwitchLatencyNs;
        s.latencyEstimated = true;
        s.powerW = kGenericSwitchWattsPerPort * spec.genericRadix;
        s.powerEstimated = true;
        s.powerMaxW = estimatedSwitchMaxPowerW(s);  // the catalog's rule for a switch of its port speed
        s.powerMaxEstimated = true;
        s.generic = true;
        s.source = "generic what-if switch (no datasheet)";
        s.asicFigures = catalog.asicFigures(kGenericAsic);
        return s;
    }
    const SwitchModel* sw = matchSwitch(catalog.switches, spec.switchModel).part;
    if (!sw)
        throw UserError("unknown switch " + unknownNameText(spec.switchModel), "/fabric/switch",
                        unknownNameFix(spec.switchModel, "use one of: " + choices(catalog.switches, spec.fabric) + " (or --radix N)"));
    if (!speaksFabric(sw->protocol, spec.fabric))
        throw UserError("switch " + sw->partNumber + " does not run " + displayName(spec.fabric), "/fabric/switch",
                        "use one of: " + choices(catalog.switches, spec.fabric));
    if (sw->portsAt(linkGbps) == 0) {
        std::string speeds;
        for (const auto& b : sw->breakouts) speeds += (speeds.empty() ? "" : ", ") + std::to_string(b.portGbps);
        throw UserError("switch " + sw->partNumber + " has no " + std::to_string(linkGbps) + " Gb/s ports (it runs " +
                            speeds + " Gb/s)",
                        "/fabric/switch", "choose a switch or NIC with matching speeds, or set the link speed");
    }
    return *sw;
}

const std::string& switchNameOf(const ClusterSpec& spec, Tier t)
{
    const std::string& own = t == Tier::Spine ? spec.spineSwitchModel
                             : t == Tier::Core ? spec.coreSwitchModel
                                               : spec.leafSwitchModel;
    return own.empty() ? spec.switchModel : own;
}

bool hasTierSwitches(const ClusterSpec& spec)
{
    return !spec.leafSwitchModel.empty() || !spec.spineSwitchModel.empty() || !spec.coreSwitchModel.empty();
}

Hardware resolveHardware(const ClusterSpec& spec, const Catalog& catalog, NicModel nic, int linkGbps, int planes)
{
    Hardware hw;
    hw.nic = std::move(nic);
    hw.linkGbps = linkGbps;
    hw.fabricGbps = resolveFabricGbps(spec, linkGbps);
    hw.planes = std::max(1, planes);
    std::optional<SwitchModel> fabricSwitch;  // resolved once, for the tiers without their own
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        const std::string& own = t == Tier::Spine ? spec.spineSwitchModel
                                 : t == Tier::Core ? spec.coreSwitchModel
                                                   : spec.leafSwitchModel;
        SwitchModel sw;
        if (own.empty()) {
            if (!fabricSwitch) fabricSwitch = resolveSwitch(spec, catalog, linkGbps);
            sw = *fabricSwitch;
        } else {
            const SwitchModel* found = matchSwitch(catalog.switches, own).part;
            const std::string tier = toString(t);
            if (!found)
                throw UserError("unknown " + tier + " switch " + unknownNameText(own), "/fabric/switches/" + tier,
                                unknownNameFix(own, "use one of: " + choices(catalog.switches, spec.fabric) +
                                                        " (or leave it empty for the fabric's switch)"));
            sw = *found;
        }
        auto same = [&](const SwitchModel& m) { return m.partNumber == sw.partNumber; };
        auto it = std::find_if(hw.switches.begin(), hw.switches.end(), same);
        if (it == hw.switches.end()) {
            hw.switches.push_back(std::move(sw));
            it = hw.switches.end() - 1;
        }
        hw.modelOfTier[std::size_t(switchTierIndex(t))] = std::uint8_t(it - hw.switches.begin());
    }
    return hw;
}

const NicModel* builtInNic(const ClusterSpec& spec, const Catalog& catalog)
{
    const PlatformModel* platform = spec.platform.empty() ? nullptr : catalog.findPlatform(spec.platform);
    if (!platform || !platform->nicsBuiltIn || platform->nicPart.empty()) return nullptr;
    return catalog.findNic(platform->nicPart);
}

std::string builtInNicNote(const ClusterSpec& spec, FabricKind fabric, const Catalog& catalog)
{
    const NicModel* nic = builtInNic(spec, catalog);
    if (!nic) return {};
    const BuiltInNicShortfall s = builtInNicShortfall(*catalog.findPlatform(spec.platform), *nic, fabric, catalog.platforms);
    return s.empty() ? std::string() : s.what + " " + s.fix;
}

std::vector<ClusterSpec> retargetCandidates(const ClusterSpec& spec, FabricKind fabric, const Catalog& catalog)
{
    ClusterSpec base = spec;
    base.fabric = fabric;

    // A system with its NICs built in holds no other: every fabric plans with that NIC.
    const NicModel* builtIn = builtInNic(spec, catalog);
    if (builtIn) base.nicModel = builtIn->partNumber;
    const NicModel* current = builtIn ? builtIn : matchNic(catalog.nics, spec.nicModel).part;
    const int gbps = current ? (spec.linkGbps ? spec.linkGbps : current->portGbpsOn(fabric)) : 400;
    // A tier's own switch stays where it runs this fabric at the link speed; else that tier takes the
    // fabric's switch like the others (a deep-buffer Ethernet spine has no place in an InfiniBand plan,
    // nor a non-Spectrum switch in a Spectrum-X one).
    for (std::string* own : {&base.leafSwitchModel, &base.spineSwitchModel, &base.coreSwitchModel}) {
        const SwitchModel* w = own->empty() ? nullptr : matchSwitch(catalog.switches, *own).part;
        const bool spectrumOk = fabric != FabricKind::SpectrumX || (w && w->asic.find("Spectrum") != std::string::npos);
        if (w && !(speaksFabric(w->protocol, fabric) && w->portsAt(gbps) > 0 && spectrumOk)) own->clear();
    }
    // NIC: keep the user's if it fits this fabric's flavour, else the best catalog match.
    auto nicScore = [&](const NicModel& n) {
        if (!speaksFabric(n.protocol, fabric) || n.portGbpsOn(fabric) < gbps) return -1;
        // Dual-ToR: only NICs with two links per plane at the link speed; a design's own NIC that has
        // them stays first, and a NIC with two ports ranks above one whose single port is split.
        if (spec.dualTor && !nicDualHomes(spec, n, gbps)) return -1;
        int score = 1;
        if (spec.dualTor && current && n.partNumber == current->partNumber) score += 20;
        if (spec.dualTor && n.ports >= 2) score += 5;
        if (fabric == FabricKind::SpectrumX && n.superNic) score += 10;
        if (fabric == FabricKind::UEC && n.packetSpraying) score += 10;
        if (fabric == FabricKind::RoCE && !n.superNic && !n.packetSpraying) score += 2;
        if (n.portGbpsOn(fabric) == gbps) score += 3;
        if (current && n.partNumber == current->partNumber) score += 4;
        return score;
    };
    const NicModel* bestNic = nullptr;
    for (const auto& n : catalog.nics)
        if (!builtIn && nicScore(n) > (bestNic ? nicScore(*bestNic) : -1)) bestNic = &n;
    if (bestNic) base.nicModel = bestNic->partNumber;
    // A dual-ToR NIC whose port is faster than the links (a C8180's 800G cage as 2 x 400G) runs at the link speed.
    if (bestNic && spec.dualTor && spec.linkGbps == 0 && bestNic->portGbpsOn(fabric) != gbps) base.linkGbps = gbps;
    if (spec.genericRadix > 0) return {base};

    // Switches: the user's own first, then those whose native port speed is the link speed (their
    // optics and cables exist at that speed), then bigger radix (fewer tiers).
    const SwitchModel* currentSw = matchSwitch(catalog.switches, spec.switchModel).part;
    auto swScore = [&](const SwitchModel& w) {
        if (!speaksFabric(w.protocol, fabric) || w.portsAt(gbps) == 0) return -1;
        // A chassis is no leaf: it stays a per-tier choice (the tier fields above), never every tier's.
        if (w.modularChassis() && !(currentSw && w.partNumber == currentSw->partNumber)) return -1;
        const bool spectrum = w.asic.find("Spectrum") != std::string::npos;
        if (fabric == FabricKind::SpectrumX && !spectrum) return -1;
        int nativeGbps = 0;
        for (const auto& b : w.breakouts) nativeGbps = std::max(nativeGbps, b.portGbps);
        int score = w.portsAt(gbps) / 16;
        if (nativeGbps == gbps) score += 40;
        if ((fabric == FabricKind::RoCE || fabric == FabricKind::UEC) && !spectrum) score += 20;
        if (currentSw && w.partNumber == currentSw->partNumber) score += 100;
        return score;
    };
    std::vector<const SwitchModel*> ranked;
    for (const auto& w : catalog.switches)
        if (swScore(w) >= 0) ranked.push_back(&w);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](const SwitchModel* a, const SwitchModel* b) { return swScore(*a) > swScore(*b); });
    std::vector<ClusterSpec> out;
    for (const SwitchModel* w : ranked) {
        out.push_back(base);
        out.back().switchModel = w->partNumber;
    }
    if (out.empty()) out.push_back(base);
    return out;
}

} // namespace fp::plan
