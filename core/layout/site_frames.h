#pragma once
// The frames of a floor of several halls (README "Halls", "Sites"): each hall's racks and each
// building's, as boxes in metres with their titles ("Hall A · 64 of 70 rows", "Building North"), and the
// core room's box. The window's floor view and the floor picture (PDF, PNG, SVG) draw the same frames.
#include <string>
#include <vector>

#include "layout/layout.h"

namespace fp::layout {

struct SiteFrame {
    double minX = 0, minY = 0, maxX = 0, maxY = 0;  // the racks' outer edges, m
    std::string title;
    bool empty() const { return maxX <= minX; }
};

struct SiteFrames {
    std::vector<SiteFrame> halls;      // halls with racks, in hall order
    std::vector<SiteFrame> buildings;  // only on a described site of several buildings
    SiteFrame coreRoom;                // empty() without one
};

// Empty on a one-hall floor.
SiteFrames siteFrames(const Layout&, const FloorSpec&);

} // namespace fp::layout
