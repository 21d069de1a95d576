#include "plan/compare_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "catalog/platforms.h"
#include "layout/layout_constants.h"
#include "media/media_rules.h"
#include "plan/resolve.h"
#include "topology/builder.h"

namespace fp::plan {
namespace {

constexpr double kNoPart = std::numeric_limits<double>::infinity();
// Routed lengths are floats (layout.cpp); an assembly this much shorter than a route's floor is out.
constexpr double kLengthMarginM = 1e-3;

// How many links of a class may have both ends in one rack, as layout::place stands devices
// (layout/README.md), at most; `links` when no fewer can be shown. Nodes share a rack with leaves only
// when leaves stand in the racks; leaves with spines only when spines spread over the rows' network
// racks (where leaves stand). Spines and cores: spread over the rows, any; in a spine room, which
// fills its racks in device order, only a rack where one tier's switches end and the next one's
// begin holds both (at most 2 per plane, whatever the planes' device order), and its K switches
// (layout_constants.h) have K x radix ports, two per link inside it.
double linksThatMayStayInRack(LinkClass cls, double links, const FloorSpec& floor, const SwitchModel& sw, int radix,
                              int planes)
{
    const bool leavesInRack = floor.leafPlacement == LeafPlacement::InRack;
    switch (cls) {
    case LinkClass::HostLeaf: return leavesInRack ? links : 0;
    case LinkClass::LeafSpine: return !leavesInRack && floor.spinePlacement == SpinePlacement::EndOfRow ? links : 0;
    case LinkClass::SpineCore:
        if (floor.spinePlacement == SpinePlacement::EndOfRow) return links;
        return std::min(links, 2.0 * planes * layout_constants::switchesPerNetworkRack(std::max(1, sw.rackUnits)) *
                                   radix / 2);
    }
    return links;
}

// The shortest route of a link between two racks (layout.cpp, "different racks"): up from each port to
// the tray (more than the tray height, as no port is above the rack top), a service loop at each end,
// and the distance between two racks' centres (a rack's width along a row, a row pitch across); for a
// leaf-spine link to a spine room, the room's distance beyond the row ends too, where every leaf stands
// (leaf-spine links stay in their hall).
double shortestRouteBetweenRacksM(LinkClass cls, const FloorSpec& floor)
{
    const double route = 2 * floor.trayHeightM + 2 * floor.slackPerEndM + std::min(floor.rackWidthM, floor.rowPitchM);
    if (cls == LinkClass::LeafSpine && floor.spinePlacement == SpinePlacement::CentralRoom)
        return route + floor.spineRoomDistanceM;
    return route;
}

// Links of each class, per plane, that every plan of the spec has at least (the ports the switch bound
// counts): every NIC port of the plane is one host-leaf link; from two tiers on, each leaf uplink (at
// least leaf UP/DOWN per NIC port) one leaf-spine link; from three tiers, each spine uplink (at least
// spine UP/DOWN per leaf uplink) one spine-core link. Tiers: the fewest the radix allows.
struct LinksPerPlane {
    double hostLeaf = 0, leafSpine = 0, spineCore = 0;
};

std::optional<LinksPerPlane> linksPerPlane(const ClusterSpec& spec, double endpoints, const topology::SwitchPorts& ports)
{
    const auto& leaf = spec.leafOversubscription;
    const auto& spine = spec.spineOversubscription;
    if (ports.ports <= 0 || leaf.down <= 0 || spine.down <= 0) return std::nullopt;
    LinksPerPlane n;
    n.hostLeaf = endpoints;
    if (endpoints > ports.ports) {  // two tiers at least
        n.leafSpine = endpoints * leaf.up / leaf.down;
        if (endpoints > double(topology::maxEndpoints(2, ports, leaf, spine)))  // three tiers
            n.spineCore = n.leafSpine * spine.up / spine.down;
    }
    return n;
}

const SwitchModel* singleCatalogSwitch(const ClusterSpec& spec, const Catalog& catalog)
{
    if (spec.genericRadix > 0 || hasTierSwitches(spec)) return nullptr;  // per-tier models: no bound
    return catalog.findSwitch(spec.switchModel);
}

double priceOf(const PartBase& part, const Economics& economics, const Catalog& catalog)
{
    const PriceQuote* q = catalog.priceFor(part, economics);
    return q ? q->priceUsd : 0.0;  // the BOM prices an unpriced part at 0 (bom::makeLine)
}

// Whether a part end of `ports` ports may sit in this cage in some plan: it fills the cage's split, or
// the cage runs that smaller split (a half-used cage). media::endTakes for any links carried.
bool mayTake(const Cage& cage, int ports)
{
    if (ports == cage.linksPerCage) return true;
    return ports > 0 && ports < cage.linksPerCage && ports < 32 && (cage.splits >> ports & 1u) != 0;
}

media::LinkEnd endOf(const Cage& cage)
{
    media::LinkEnd end{{}, cage.formFactor, cage.finned, cage.powerClassW, cage.linksPerCage};
    end.splits = cage.splits;
    end.isNic = cage.host;
    return end;
}

// A module media may put at this end without an error: the link speed, a port count the cage takes,
// the cage's form factor and top, its power class, the fabric's protocol (moduleEndIssues' errors;
// qualification and the OEM policy are warnings, so they filter nothing here).
bool moduleFits(const TransceiverModel& m, const Cage& cage, int gbps, bool infiniband)
{
    return cage.linksPerCage > 0 && m.portGbps == gbps && mayTake(cage, std::max(1, m.ports)) &&
           media::cageFit(m.formFactor, m.finned, endOf(cage)).empty() &&
           !(cage.powerClassW > 0 && m.powerClassW > cage.powerClassW) && media::protocolFits(m.protocol, infiniband);
}

} // namespace

double switchCostLowerBoundUsd(const ClusterSpec& spec, const Catalog& catalog)
{
    const SwitchModel* sw = singleCatalogSwitch(spec, catalog);
    const NicModel* nic = catalog.findNic(spec.nicModel);
    if (!sw || !nic) return 0;
    const int gbps = spec.linkGbps > 0 ? spec.linkGbps : nic->portGbps;
    const topology::SwitchPorts ports{sw->portsAt(gbps), sw->portsPerCageAt(gbps)};
    const PriceQuote* price = catalog.priceFor(*sw, spec.economics);
    if (!price || price->priceUsd <= 0) return 0;
    const double endpoints = double(spec.nodes()) * spec.nicsPerNode;  // NIC ports per plane
    const auto links = linksPerPlane(spec, endpoints, ports);
    if (!links) return 0;
    // A NIC port takes a leaf port; a leaf uplink a spine port, a spine uplink a core port.
    const double portsPerPlane = links->hostLeaf + links->leafSpine + links->spineCore;
    const double switches = std::ceil(portsPerPlane / ports.ports) * std::max(1, spec.planes);
    return switches * price->priceUsd;
}

double mediaCostPerLinkLowerBoundUsd(const LinkEnds& ends, int gbps, double minLengthM, const ClusterSpec& spec,
                                     const Catalog& catalog)
{
    const bool infiniband = spec.fabric == FabricKind::InfiniBand;
    // A part media may choose at an end without a finding (an unpinned class takes only those).
    const auto allowed = [&](const PartBase& part, const std::string& platform) {
        if (!ends.strict) return true;
        if (spec.economics.pricePolicy == PricePolicy::OemOnly && !part.oem) return false;
        return spec.media.allowThirdPartyOptics || catalog.isQualified(platform, part);
    };
    double best = kNoPart;
    // Assemblies (DAC/ACC/AOC): a cable carries (legs x leg Gbps / link Gbps) links at most; either end
    // may be the single one.
    const std::pair<const Cage*, const std::string*> lower{&ends.lower, &ends.lowerPart}, upper{&ends.upper, &ends.upperPart};
    for (const CableModel& c : catalog.cables) {
        if (media::mediaClassOf(c.kind) == MediaClass::None || !media::protocolFits(c.protocol, infiniband)) continue;
        if (gbps <= 0 || c.portGbps % gbps != 0 || c.portGbps < gbps) continue;
        if (c.lengthM < minLengthM - kLengthMarginM) continue;  // shorter than every route of the class
        const int perLeg = c.portGbps / gbps, legs = std::max(1, c.legsB);
        for (const auto& [single, many] : {std::pair{lower, upper}, std::pair{upper, lower}}) {
            const Cage &s = *single.first, &m = *many.first;
            if (s.linksPerCage <= 0 || m.linksPerCage <= 0 || !mayTake(s, perLeg * legs) || !mayTake(m, perLeg) ||
                !media::cageFit(c.endAForm, c.endAFinned, endOf(s)).empty() ||
                !media::cageFit(c.endBForm, c.endBFinned, endOf(m)).empty() || !allowed(c, *single.second) ||
                !allowed(c, *many.second))
                continue;
            best = std::min(best, priceOf(c, spec.economics, catalog) / (perLeg * legs));
        }
    }
    // Optics: a module per end, charged per port (a module serves no more links than its ports), of one
    // PMD, FEC and connector, and one fibre per link of the modules' fibre type and connector, as long as
    // the route at least (the cheapest such); patch-panel ports cost 0 or more.
    auto cheapestFibre = [&](const TransceiverModel& m) {
        const std::string type = media::fiberTypeName(m.medium, spec.media.multimodeFiber);
        double usd = kNoPart;
        for (const CableModel& f : catalog.cables)
            if ((f.kind == CableKind::FiberPatch || f.kind == CableKind::FiberTrunk) && f.fiberType == type &&
                f.connector == m.connector && f.lengthM >= minLengthM - kLengthMarginM)
                usd = std::min(usd, priceOf(f, spec.economics, catalog));
        return usd;
    };
    for (const TransceiverModel& a : catalog.transceivers) {
        if (!moduleFits(a, ends.lower, gbps, infiniband) || !allowed(a, ends.lowerPart)) continue;
        const double fibre = cheapestFibre(a);
        if (fibre == kNoPart) continue;
        const double aUsd = priceOf(a, spec.economics, catalog) / std::max(1, a.ports);
        for (const TransceiverModel& b : catalog.transceivers) {
            if (a.medium != b.medium || a.wavelengthNm != b.wavelengthNm || a.lanes != b.lanes ||
                a.portGbps != b.portGbps || a.fec != b.fec || a.connector != b.connector ||
                !moduleFits(b, ends.upper, gbps, infiniband) || !allowed(b, ends.upperPart))
                continue;
            best = std::min(best, aUsd + priceOf(b, spec.economics, catalog) / std::max(1, b.ports) + fibre);
        }
    }
    return best;
}

MediaBound mediaCostLowerBound(const Resolved& r, const Catalog& catalog)
{
    MediaBound bound;
    const ClusterSpec& spec = r.spec;
    const SwitchModel* sw = singleCatalogSwitch(spec, catalog);
    if (!sw || r.hardware.switches.size() != 1 || r.linkGbps <= 0) return bound;
    const topology::SwitchPorts ports{sw->portsAt(r.linkGbps), sw->portsPerCageAt(r.linkGbps)};
    const int planes = std::max(1, spec.planes);
    // NIC ports per plane: each NIC port carries one link per plane, or, with rail planes, each NIC is in
    // one plane (the smallest plane has at least the floor of the average).
    const double nicPorts = double(spec.nodes()) * spec.nicsPerNode;
    const double endpoints = spec.railPlanes ? std::floor(nicPorts / planes) : nicPorts;
    const auto links = linksPerPlane(spec, endpoints, ports);
    if (!links) return bound;
    const Cage host = r.hardware.cageOf(Tier::Node), cage = r.hardware.cageOf(Tier::Leaf);
    const double perClass[kLinkClassCount] = {links->hostLeaf, links->leafSpine, links->spineCore};
    for (int c = 0; c < kLinkClassCount; ++c) {
        if (perClass[c] <= 0) continue;
        const LinkClass cls = LinkClass(c);
        // A pinned class keeps its pinned part whatever warnings it has; the others take only parts
        // without findings (media.cpp pickBest: a group with none feasible gets media.no-part).
        const bool pinned = std::any_of(spec.media.pins.begin(), spec.media.pins.end(),
                                        [&](const MediaPin& pin) { return pin.linkClass == toString(cls); });
        const LinkEnds lower{cls == LinkClass::HostLeaf ? host : cage, cage,
                             cls == LinkClass::HostLeaf ? r.hardware.nic.partNumber : sw->partNumber, sw->partNumber,
                             !pinned};
        const double links = perClass[c] * planes;
        const double inRack = linksThatMayStayInRack(cls, links, spec.floor, *sw, ports.ports, planes);
        const double anyLink = mediaCostPerLinkLowerBoundUsd(lower, r.linkGbps, 0.0, spec, catalog);
        const double longLink =
            inRack >= links ? anyLink
                            : mediaCostPerLinkLowerBoundUsd(lower, r.linkGbps, shortestRouteBetweenRacksM(cls, spec.floor),
                                                            spec, catalog);
        if (anyLink == kNoPart) {
            bound.noPartFor.push_back(cls);  // every plan has media.no-part errors there
            continue;
        }
        // A link no part of its length can carry has a media.no-part error: priced at the least of any.
        bound.usd += inRack * anyLink + (links - inRack) * (longLink == kNoPart ? anyLink : longLink);
    }
    return bound;
}

double nicCostUsd(const ClusterSpec& spec, const Catalog& catalog)
{
    if (!spec.economics.includeNics) return 0;
    const NicModel* nic = catalog.findNic(plan::canonicalParts(spec, catalog).nicModel);
    // A platform's built-in NICs come with the system: the BOM lists them at no price (bom::collect).
    const PlatformModel* platform = spec.platform.empty() ? nullptr : catalog.findPlatform(spec.platform);
    if (nic && platform && nicsIncludedWith(*platform, nic->partNumber)) return 0;
    const PriceQuote* price = nic ? catalog.priceFor(*nic, spec.economics) : nullptr;
    return price ? double(spec.nodes()) * spec.nicsPerNode * price->priceUsd : 0.0;
}

} // namespace fp::plan
