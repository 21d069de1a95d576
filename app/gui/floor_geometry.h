#pragma once
// What the Floor tab draws, computed from a Plan without a widget or a scene: each rack's drawn
// rectangle and colour, the row labels' anchors, the spine room and the tray. A 1,000,000-GPU hall has
// ~36,000 racks, so the plan worker builds this (document.cpp) and the UI thread only adds a few items.
#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <cstdint>
#include <vector>

#include "plan/plan.h"

namespace fp::gui {

constexpr double kFloorPxPerM = 24.0;

// A long hall (100,000 GPUs: 586 m of rows) drawn as side-by-side runs of rows, so its overview has a
// window's shape; runs beyond the first are shifted left and up to the first row's height.
struct FloorSections {
    int rowsPerSection = 0;  // 0: drawn as one run
    double stridePx = 0;     // x shift per run
    double rowPitchPx = 0;
    double topPx = 0;        // top of row 1
    int lastRow = 0;         // index of the last row
    int count() const { return rowsPerSection > 0 ? 1 + lastRow / rowsPerSection : 1; }
    QPointF shift(int row) const
    {
        if (rowsPerSection <= 0 || row < 0) return {};
        const int run = row / rowsPerSection;
        return QPointF(run * stridePx, -run * rowsPerSection * rowPitchPx);
    }
    static FloorSections forLayout(const Layout&, const FloorSpec&);
};

// Green well within the rack power budget, amber near it, red over it. A lightly loaded rack recedes
// towards the background: paler on a light palette, darker on a dark one (`dark`: the palette's base is
// dark; paled on a dark floor, the idle racks were the brightest, glaring lime).
QColor rackPowerColor(double fractionOfBudget, bool dark = false);
// Network and spine-room racks: their fill and outline. On a dark floor a lighter blue with a light
// outline (the light theme's dark-blue outline vanished against it).
QColor networkRackFill(bool dark);
QColor networkRackOutline(bool dark);
QString rackTip(const Rack&, double budgetKw);

struct FloorRack {
    std::uint32_t rack = 0;  // index into Layout::racks
    QRectF rect;             // where it is drawn (its row's section shift applied)
    QColor fill;             // compute racks: by power against the budget
    QString tooltip;         // network and spine-room racks (compute racks: on hover)
};

struct FloorRowLabel {
    int row = 0;
    double rightPx = 0;    // the label ends here (10 px left of the row's first rack)
    double centreYPx = 0;  // and is centred on the row
};

struct FloorGeometry {
    const Plan* plan = nullptr;  // the plan it was built from: a view drops geometry of another plan
    FloorSections sections;
    std::vector<FloorRack> compute, network, spineRoom;  // spine-room racks are not shifted
    QRectF computeBounds, networkBounds, spineRoomBounds;
    std::vector<FloorRowLabel> rowLabels;
    bool hasTray = false;  // from the end of row 1 to the spine room
    double trayStartPx = 0, trayYPx = 0;
    double computePowerW = 0;
    // Several halls: a frame per hall and, on a described site of several buildings, per building
    // (layout/README.md "Sites"), each with its title ("Hall A · 64 of 70 rows").
    struct Frame {
        QRectF rect;
        QString title;
    };
    std::vector<Frame> hallFrames, buildingFrames;
};

FloorGeometry buildFloorGeometry(const Plan&);

} // namespace fp::gui
