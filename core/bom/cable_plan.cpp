// The cable plan: one CableRow per physical cable, streamed in link order, every leg named. Memory is
// O(1) in the number of links (one reused row) plus the grouping of multi-leg cables (cable_groups.h),
// which the BOM counts from as well.
#include <cstdio>

#include "bom/bom.h"
#include "bom/cable_groups.h"

std::string fp::CableRow::legsText() const
{
    std::string s;
    for (const CableLeg& leg : legs)
        s += (s.empty() ? "" : "; ") + leg.aDevice + " " + leg.aPort + " <> " + leg.zDevice + " " + leg.zPort;
    return s;
}

namespace fp::bom {
namespace {

const LinkSolution* solutionOf(const MediaAssignment& media, std::size_t link)
{
    if (link >= media.solutionOfLink.size()) return nullptr;
    const std::uint32_t index = media.solutionOfLink[link];
    return index < media.solutions.size() ? &media.solutions[index] : nullptr;
}

const Rack* rackOf(const Layout& layout, DeviceId d)
{
    if (d >= layout.rackOfDevice.size()) return nullptr;
    const std::uint32_t r = layout.rackOfDevice[d];
    return r < layout.racks.size() ? &layout.racks[r] : nullptr;
}

std::string rackName(const Layout& layout, DeviceId d)
{
    const Rack* r = rackOf(layout, d);
    return r ? r->name : std::string();
}

std::string hallName(const Layout& layout, DeviceId d)
{
    const Rack* r = rackOf(layout, d);
    return r ? layout.site.hallName(r->hall) : std::string();
}

void fillLeg(CableLeg& leg, const Fabric& fabric, const Layout& layout, std::uint32_t link)
{
    const Link& l = fabric.links[link];
    leg.link = link;
    leg.aDevice = fabric.deviceName(l.a);
    leg.aPort = fabric.portName(l.a, l.aPort);
    leg.aRack = rackName(layout, l.a);
    leg.zDevice = fabric.deviceName(l.b);
    leg.zPort = fabric.portName(l.b, l.bPort);
    leg.zRack = rackName(layout, l.b);
    if (layout.halls > 1) {  // one hall: nothing to tell apart
        leg.aHall = hallName(layout, l.a);
        leg.zHall = hallName(layout, l.b);
    }
}

} // namespace

void forEachCable(const Fabric& fabric, const Layout& layout, const MediaAssignment& media,
                  const std::function<bool(const CableRow&)>& row)
{
    const CableGroups groups = groupCables(fabric, media);
    CableRow r;
    std::size_t number = 0;
    char id[32];
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        if (!groups.startsCable(i)) continue;  // a later leg of a cable already listed
        const LinkSolution* sol = solutionOf(media, i);
        const std::span<const std::uint32_t> multi = groups.legsLedBy(i);
        const std::size_t legCount = multi.empty() ? 1 : multi.size();
        r.legs.resize(legCount);
        for (std::size_t k = 0; k < legCount; ++k)
            fillLeg(r.legs[k], fabric, layout, multi.empty() ? std::uint32_t(i) : multi[k]);

        const CableLeg& first = r.legs.front();
        r.index = ++number;
        r.cls = fabric.links[i].cls;
        r.aDevice = first.aDevice;
        r.aPort = first.aPort;
        r.aRack = first.aRack;
        r.zDevice = first.zDevice;
        r.zPort = first.zPort;
        r.zRack = first.zRack;
        r.aHall = first.aHall;
        r.zHall = first.zHall;
        const int perCable = sol ? sol->linksPerCable : 1;
        r.media = sol ? toString(sol->media) : "none";
        if (perCable > 1) r.media += " 1:" + std::to_string(perCable);
        r.cablePart = sol ? sol->cablePart : std::string();
        r.aModule = sol ? sol->moduleA : std::string();
        r.zModule = sol ? sol->moduleB : std::string();
        r.lengthM = sol ? sol->orderLengthM : 0.0;
        std::snprintf(id, sizeof id, "C%06zu", r.index);
        r.label = std::string(id) + " " + (legCount == 1 ? r.aDevice + " " + r.aPort + " <> " + r.zDevice + " " + r.zPort
                                                         : r.legsText());
        if (!row(r)) return;
    }
}

std::size_t cableCount(const Fabric& fabric, const MediaAssignment& media)
{
    return groupCables(fabric, media).cableCount(fabric.links.size());
}

} // namespace fp::bom
