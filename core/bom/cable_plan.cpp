// The cable plan: one CableRow per physical cable, streamed in link order. Memory is O(1) in the
// number of links (one reused row) plus one counter per (switch, splitter solution) pair.
#include <cstdio>
#include <unordered_map>

#include "bom/bom.h"

namespace fp::bom {
namespace {

// Splitter cables serve `linksPerCable` links of one upper-tier device (the cage end): the k-th link
// of device d with solution s starts a new cable when k % linksPerCable == 0. bom_counts.cpp counts
// the same way (ceil per device), so the plan and the BOM agree.
class SplitterGrouping {
public:
    bool startsCable(const Link& link, std::uint32_t solution, int linksPerCable)
    {
        if (linksPerCable <= 1) return true;
        const std::uint64_t key = (std::uint64_t(link.b) << 32) | solution;
        return seen_[key]++ % std::uint32_t(linksPerCable) == 0;
    }

private:
    std::unordered_map<std::uint64_t, std::uint32_t> seen_;
};

const LinkSolution* solutionOf(const MediaAssignment& media, std::size_t link, std::uint32_t& index)
{
    if (link >= media.solutionOfLink.size()) return nullptr;
    index = media.solutionOfLink[link];
    return index < media.solutions.size() ? &media.solutions[index] : nullptr;
}

std::string rackName(const Layout& layout, DeviceId d)
{
    if (d >= layout.rackOfDevice.size()) return {};
    const std::uint32_t r = layout.rackOfDevice[d];
    return r < layout.racks.size() ? layout.racks[r].name : std::string();
}

} // namespace

void forEachCable(const Fabric& fabric, const Layout& layout, const MediaAssignment& media,
                  const std::function<bool(const CableRow&)>& row)
{
    SplitterGrouping grouping;
    CableRow r;
    std::size_t number = 0;
    char id[32];
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& link = fabric.links[i];
        std::uint32_t solutionIndex = 0;
        const LinkSolution* sol = solutionOf(media, i, solutionIndex);
        const int perCable = sol ? sol->linksPerCable : 1;
        if (!grouping.startsCable(link, solutionIndex, perCable)) continue;

        r.index = ++number;
        r.cls = link.cls;
        r.aDevice = fabric.deviceName(link.a);
        r.aPort = fabric.portName(link.a, link.aPort);
        r.aRack = rackName(layout, link.a);
        r.zDevice = fabric.deviceName(link.b);
        r.zPort = fabric.portName(link.b, link.bPort);
        r.zRack = rackName(layout, link.b);
        r.media = sol ? toString(sol->media) : "none";
        if (perCable > 1) r.media += " 1:" + std::to_string(perCable);
        r.cablePart = sol ? sol->cablePart : std::string();
        r.aModule = sol ? sol->moduleA : std::string();
        r.zModule = sol ? sol->moduleB : std::string();
        r.lengthM = sol ? sol->orderLengthM : 0.0;
        std::snprintf(id, sizeof id, "C%06zu", r.index);
        r.label = std::string(id) + " " + r.aDevice + " " + r.aPort + " <> " + r.zDevice + " " + r.zPort;
        if (!row(r)) return;
    }
}

std::size_t cableCount(const Fabric& fabric, const MediaAssignment& media)
{
    SplitterGrouping grouping;
    std::size_t n = 0;
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        std::uint32_t solutionIndex = 0;
        const LinkSolution* sol = solutionOf(media, i, solutionIndex);
        if (grouping.startsCable(fabric.links[i], solutionIndex, sol ? sol->linksPerCable : 1)) ++n;
    }
    return n;
}

} // namespace fp::bom
