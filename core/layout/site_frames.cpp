#include "layout/site_frames.h"

#include <algorithm>

namespace fp::layout {
namespace {

void include(SiteFrame& f, const Rack& r, const FloorSpec& floor)
{
    const double x0 = r.xM - floor.rackWidthM / 2, y0 = r.yM - floor.rackDepthM / 2;
    if (f.empty()) {
        f.minX = x0, f.minY = y0, f.maxX = x0 + floor.rackWidthM, f.maxY = y0 + floor.rackDepthM;
        return;
    }
    f.minX = std::min(f.minX, x0), f.minY = std::min(f.minY, y0);
    f.maxX = std::max(f.maxX, x0 + floor.rackWidthM), f.maxY = std::max(f.maxY, y0 + floor.rackDepthM);
}

} // namespace

SiteFrames siteFrames(const Layout& layout, const FloorSpec& floor)
{
    SiteFrames out;
    if (layout.halls <= 1) return out;
    const SitePlacement& site = layout.site;
    const bool buildings = site.buildings() > 1;
    std::vector<SiteFrame> halls(std::size_t(layout.halls)), building(buildings ? site.buildings() : 0);
    for (const Rack& r : layout.racks) {
        if (r.hall < 0) include(out.coreRoom, r, floor);
        else if (r.hall < layout.halls) include(halls[std::size_t(r.hall)], r, floor);
        if (buildings && r.building >= 0 && std::size_t(r.building) < building.size()) include(building[std::size_t(r.building)], r, floor);
    }
    for (std::size_t h = 0; h < halls.size(); ++h) {
        if (halls[h].empty()) continue;
        const int used = h < site.hallRowsUsed.size() ? site.hallRowsUsed[h] : 0;
        const int capacity = h < site.hallRowsCapacity.size() ? site.hallRowsCapacity[h] : 0;
        halls[h].title = site.hallName(int(h)) + " · " +
                         (capacity > 0 ? std::to_string(used) + " of " + std::to_string(capacity) + " rows"
                                       : used == 1 ? std::string("1 row") : std::to_string(used) + " rows");
        out.halls.push_back(std::move(halls[h]));
    }
    for (std::size_t b = 0; b < building.size(); ++b) {
        if (building[b].empty()) continue;
        building[b].title = "Building " + site.buildingNames[b];
        out.buildings.push_back(std::move(building[b]));
    }
    return out;
}

} // namespace fp::layout
