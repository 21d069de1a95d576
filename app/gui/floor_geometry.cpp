#include "floor_geometry.h"

#include <QCoreApplication>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

#include "bom_model.h"
#include "layout/site_frames.h"
#include "status_colours.h"

namespace fp::gui {

namespace {

QRectF rackRect(const Rack& r, const FloorSpec& f)
{
    const double w = f.rackWidthM * kFloorPxPerM, d = f.rackDepthM * kFloorPxPerM;
    return QRectF(r.xM * kFloorPxPerM - w / 2, r.yM * kFloorPxPerM - d / 2, w, d);
}

} // namespace

QColor rackPowerColor(double fraction, bool dark)
{
    if (fraction > 1.0) return QColor(0xd3, 0x2f, 0x2f);
    if (fraction > 0.9) return QColor(0xf0, 0xa2, 0x02);
    const int recede = 100 + int((1.0 - std::max(0.0, fraction)) * 60);
    return dark ? QColor(0x76, 0xb9, 0x00).darker(recede) : QColor(0x76, 0xb9, 0x00).lighter(recede);
}

QColor networkRackFill(bool dark) { return dark ? QColor(0x4a, 0x80, 0xc4) : QColor(0x2b, 0x5c, 0x94); }

QColor networkRackOutline(bool dark) { return dark ? QColor(0xb4, 0xd0, 0xf0) : QColor(0x1a, 0x3a, 0x60); }

QString rackTip(const Rack& r, double budgetKw)
{
    return QObject::tr("<b>%1</b><br>%2 devices · %3 of %4 kW budget")
        .arg(QString::fromStdString(r.name)).arg(r.devices).arg(formatPowerW(r.powerW)).arg(budgetKw, 0, 'f', 0);
}

FloorGeometry buildFloorGeometry(const Plan& plan)
{
    FloorGeometry out;
    out.plan = &plan;
    const Layout& layout = plan.layout;
    const FloorSpec& f = plan.spec.floor;
    out.sections = FloorSections::forLayout(layout, f);
    const double budgetW = f.rackPowerBudgetKw * 1000.0;
    const QString dragHint =
        QCoreApplication::translate("fp::gui::FloorView", "<br><i>Drag along the row: end of row ↔ middle of row</i>");

    std::map<int, std::pair<double, double>> rowExtentM;  // row -> min/max x of its racks
    std::map<int, double> rowYM;
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        const Rack& r = layout.racks[i];
        FloorRack drawn;
        drawn.rack = std::uint32_t(i);
        if (r.kind == RackKind::SpineRoom) {
            drawn.rect = rackRect(r, f);
            drawn.tooltip = rackTip(r, f.rackPowerBudgetKw);
            // Several halls: each hall's spine room sits beside its own rows; the framed block is the
            // core room at the centre, not a box around every hall's spine room (which covers rows).
            if (layout.halls <= 1 || r.hall < 0) out.spineRoomBounds |= drawn.rect;
            out.spineRoom.push_back(std::move(drawn));
            continue;
        }
        if (r.row < 0) {
            // A room's aisle (core/layout/README.md "Shared floor"): another network's leaves for the room's
            // management ports, a line behind the room. Part of the room's block, not a row ("Row 0").
            drawn.rect = rackRect(r, f);
            drawn.tooltip = rackTip(r, f.rackPowerBudgetKw);
            if (layout.halls <= 1 || r.hall < 0) out.spineRoomBounds |= drawn.rect;
            out.networkBounds |= drawn.rect;
            out.network.push_back(std::move(drawn));
            continue;
        }
        auto [it, fresh] = rowExtentM.emplace(r.row, std::make_pair(r.xM, r.xM));
        it->second.first = std::min(it->second.first, r.xM);
        it->second.second = std::max(it->second.second, r.xM);
        rowYM[r.row] = r.yM;
        drawn.rect = rackRect(r, f).translated(out.sections.shift(r.row));
        if (r.kind == RackKind::Compute || r.kind == RackKind::Service) {  // service racks: storage, management servers
            drawn.fill = rackPowerColor(budgetW > 0 ? r.powerW / budgetW : 0, isDarkPalette());
            out.computePowerW += r.powerW;
            out.computeBounds |= drawn.rect;
            out.compute.push_back(std::move(drawn));
        } else if (r.kind == RackKind::Network) {
            drawn.tooltip = rackTip(r, f.rackPowerBudgetKw) + dragHint;
            out.networkBounds |= drawn.rect;
            out.network.push_back(std::move(drawn));
        }
    }
    for (const auto& [row, ext] : rowExtentM) {
        const QPointF shift = out.sections.shift(row);
        out.rowLabels.push_back({row, ext.first * kFloorPxPerM - f.rackWidthM * kFloorPxPerM / 2 - 10 + shift.x(),
                                 rowYM[row] * kFloorPxPerM + shift.y()});
    }
    // Halls and buildings (core/layout/site_frames.h), in scene pixels with a margin round the racks.
    const auto rectOf = [](const fp::layout::SiteFrame& fr, double marginPx) {
        return QRectF(QPointF(fr.minX, fr.minY) * kFloorPxPerM, QPointF(fr.maxX, fr.maxY) * kFloorPxPerM)
            .adjusted(-marginPx, -marginPx, marginPx, marginPx);
    };
    const fp::layout::SiteFrames frames = fp::layout::siteFrames(layout, f);
    for (const fp::layout::SiteFrame& fr : frames.halls) out.hallFrames.push_back({rectOf(fr, 8), QString::fromStdString(fr.title)});
    for (const fp::layout::SiteFrame& fr : frames.buildings) out.buildingFrames.push_back({rectOf(fr, 40), QString::fromStdString(fr.title)});
    // The tray from row 1 to the spine room is the one-hall model's; halls reach the core room across the site.
    if (out.spineRoomBounds.isValid() && !rowExtentM.empty() && layout.halls <= 1) {
        out.hasTray = true;
        out.trayStartPx = (rowExtentM.begin()->second.second + f.rackWidthM / 2) * kFloorPxPerM;
        out.trayYPx = rowYM[rowExtentM.begin()->first] * kFloorPxPerM;
    }
    return out;
}

FloorSections FloorSections::forLayout(const Layout& layout, const FloorSpec& f)
{
    FloorSections out;
    // Runs of one hall's rows; several halls are drawn where they stand (a run would carry rows into
    // another hall's place).
    if (layout.rows <= 0 || layout.halls > 1) return out;
    double minY = 1e18, maxY = -1e18, maxX = -1e18, minX = 1e18;
    for (const Rack& r : layout.racks) {
        if (r.kind == RackKind::SpineRoom || r.row < 0) continue;  // rooms and their aisles
        minY = std::min(minY, r.yM), maxY = std::max(maxY, r.yM);
        minX = std::min(minX, r.xM), maxX = std::max(maxX, r.xM);
    }
    if (minY > maxY) return out;
    const double widthM = maxX - minX + f.rackWidthM, depthM = maxY - minY + f.rackDepthM;
    out.topPx = (minY - f.rackDepthM / 2) * kFloorPxPerM;
    // Runs side by side until the drawing is about as wide as a window is (16:10): n = sqrt(1.6 D / W).
    const int runs = int(std::floor(std::sqrt(1.6 * depthM / std::max(1.0, widthM))));
    if (runs < 2) return out;
    out.rowsPerSection = (layout.rows + runs - 1) / runs;
    out.rowPitchPx = layout.rows > 1 ? (maxY - minY) / (layout.rows - 1) * kFloorPxPerM : 0;  // rows are evenly pitched
    out.lastRow = layout.rows - 1;
    // Runs go to the left of the first (the spine room and its tray stay beside rows 1..n), with room
    // for the row labels between runs.
    out.stridePx = -(widthM + 12.0) * kFloorPxPerM;
    return out;
}

} // namespace fp::gui
