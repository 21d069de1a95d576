#include "report/floor_picture.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QFontMetricsF>
#include <QPainter>

#include "common/format.h"
#include "layout/site_frames.h"
#include "report/report_support.h"

namespace fp::report {
namespace {

// Text size follows the picture width: legible at 1600 px and on an A4 page alike.
double textSize(double width) { return std::clamp(width / 110.0, 6.5, 15.0); }
double legendHeight(double width) { return textSize(width) * 5.2; }

QRectF floorBoundsM(const Layout& layout, const FloorSpec& floor)
{
    QRectF bounds;
    for (const Rack& r : layout.racks)
        bounds |= QRectF(r.xM - floor.rackWidthM / 2, r.yM - floor.rackDepthM / 2, floor.rackWidthM, floor.rackDepthM);
    // Room for the row labels on the left and the spine-room caption above; on a site, for the hall and
    // building frames and their titles (paintFloor).
    const double frameM = layout.site.buildings() > 1 ? 14.0 : layout.halls > 1 ? 5.0 : 0.0;
    return bounds.adjusted(-3.0 - frameM, -2.0 - frameM, 3.0 + frameM, 1.0 + frameM);
}

QColor kindColour(RackKind kind)
{
    switch (kind) {
    case RackKind::Compute: return QColor(0x2e, 0x7d, 0x32);
    case RackKind::Network: return QColor(0x15, 0x65, 0xc0);
    case RackKind::SpineRoom: return QColor(0x6a, 0x1b, 0x9a);
    case RackKind::Service: return QColor(0x8d, 0x6e, 0x63);
    }
    return Qt::gray;
}

const char* kindLabel(RackKind kind)
{
    switch (kind) {
    case RackKind::Compute: return "Compute racks";
    case RackKind::Network: return "Network racks (leaves)";
    case RackKind::SpineRoom: return "Spine room";
    case RackKind::Service: return "Service racks (storage, management)";
    }
    return "";
}

// Pale when the rack draws little, the kind's full colour at the budget, red above it.
QColor powerShade(RackKind kind, double fractionOfBudget)
{
    if (fractionOfBudget > 1.0) return QColor(0xd3, 0x2f, 0x2f);
    const QColor base = kindColour(kind);
    const double f = 0.15 + 0.85 * std::clamp(fractionOfBudget, 0.0, 1.0);
    const auto mix = [f](int c) { return int(std::lround(255 - (255 - c) * f)); };
    return QColor(mix(base.red()), mix(base.green()), mix(base.blue()));
}

void drawLegend(QPainter& p, const QRectF& area, double budgetKw, double maxRackKw)
{
    const double t = textSize(area.width() * 1.0);
    QFont font = p.font();
    font.setPixelSize(std::max(1, int(std::lround(t))));
    p.setFont(font);
    const double swatch = t * 1.1;
    double x = area.left(), y = area.top() + t * 0.6;
    p.setPen(QColor(0x33, 0x33, 0x33));
    p.drawText(QPointF(x, y + swatch * 0.8),
               QStringLiteral("Shade = rack power against the %1 kW rack budget (pale 0 kW, full at budget):")
                   .arg(groupedNumber(budgetKw, budgetKw < 10 ? 1 : 0)));
    y += swatch * 1.6;
    for (RackKind kind : {RackKind::Compute, RackKind::Network, RackKind::SpineRoom}) {
        for (int step = 0; step < 5; ++step) {
            p.fillRect(QRectF(x + step * swatch, y, swatch, swatch), powerShade(kind, step / 4.0));
        }
        p.setPen(QPen(QColor(0x55, 0x55, 0x55), 0));
        p.drawRect(QRectF(x, y, 5 * swatch, swatch));
        p.drawText(QPointF(x + 5 * swatch + t * 0.4, y + swatch * 0.85), QString::fromLatin1(kindLabel(kind)));
        x += 5 * swatch + t * 0.8 + QFontMetricsF(font).horizontalAdvance(QString::fromLatin1(kindLabel(kind))) + t * 1.5;
    }
    p.fillRect(QRectF(x, y, swatch, swatch), powerShade(RackKind::Compute, 2.0));
    p.drawRect(QRectF(x, y, swatch, swatch));
    p.drawText(QPointF(x + swatch + t * 0.4, y + swatch * 0.85),
               QStringLiteral("over budget (busiest rack %1 kW)").arg(groupedNumber(maxRackKw, 1)));
}

} // namespace

double floorPictureHeight(const Plan& plan, double width)
{
    const QRectF m = floorBoundsM(plan.layout, plan.spec.floor);
    const double title = textSize(width) * 2.4;
    if (m.isEmpty()) return title + legendHeight(width);
    return title + width * m.height() / m.width() + legendHeight(width);
}

void paintFloor(QPainter& p, const QRectF& target, const Plan& plan)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.fillRect(target, Qt::white);
    const FloorSpec& floor = plan.spec.floor;
    const Layout& layout = plan.layout;
    const double t = textSize(target.width());
    QFont font = p.font();
    font.setFamily(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(std::max(1, int(std::lround(t * 1.2))));
    font.setBold(true);
    p.setFont(font);
    p.setPen(QColor(0x22, 0x22, 0x22));
    double maxRackKw = 0;
    for (const Rack& r : layout.racks) maxRackKw = std::max(maxRackKw, r.powerW / 1000.0);
    p.drawText(QPointF(target.left(), target.top() + t * 1.4),
               QStringLiteral("Floor plan — %1 in %2%5, %3 m × %4 m")
                   .arg(QString::fromStdString(counted(static_cast<long long>(layout.racks.size()), "rack")))
                   .arg(QString::fromStdString(counted(layout.rows, "row")))
                   .arg(QString::fromStdString(formatMetres(layout.floorWidthM)), QString::fromStdString(formatMetres(layout.floorDepthM)))
                   .arg(layout.halls <= 1 ? QString()
                        : layout.site.buildings() > 1
                            ? QStringLiteral(", %1 halls in %2 buildings").arg(layout.halls).arg(layout.site.buildings())
                            : QStringLiteral(", %1 halls").arg(layout.halls)));
    font.setBold(false);

    const double titleH = t * 2.4;
    const QRectF drawing(target.left(), target.top() + titleH, target.width(),
                         std::max(1.0, target.height() - titleH - legendHeight(target.width())));
    const QRectF m = floorBoundsM(layout, floor);
    if (!m.isEmpty()) {
        const double scale = std::min(drawing.width() / m.width(), drawing.height() / m.height());
        const auto toPx = [&](double xM, double yM) {
            return QPointF(drawing.left() + (xM - m.left()) * scale, drawing.top() + (yM - m.top()) * scale);
        };
        const double budgetW = std::max(1.0, floor.rackPowerBudgetKw * 1000.0);
        const double rackW = floor.rackWidthM * scale, rackD = floor.rackDepthM * scale;
        const QPen outline(QColor(0x60, 0x60, 0x60), rackW > 6 ? std::max(0.4, rackW / 40) : 0);
        std::map<int, double> rowLeftM, rowYM;
        QRectF spineM;
        for (const Rack& r : layout.racks) {
            const QPointF c = toPx(r.xM, r.yM);
            const QRectF box(c.x() - rackW / 2, c.y() - rackD / 2, rackW, rackD);
            p.fillRect(box, powerShade(r.kind, r.powerW / budgetW));
            if (rackW > 3) {
                p.setPen(outline);
                p.drawRect(box);
            }
            if (r.kind == RackKind::SpineRoom || r.row < 0) {  // a room, or its aisle (no "Row 0")
                spineM |= QRectF(r.xM - floor.rackWidthM / 2, r.yM - floor.rackDepthM / 2, floor.rackWidthM,
                                 floor.rackDepthM);
            } else if (!rowLeftM.count(r.row) || r.xM < rowLeftM[r.row]) {
                rowLeftM[r.row] = r.xM - floor.rackWidthM / 2;
                rowYM[r.row] = r.yM;
            }
        }
        font.setPixelSize(std::max(1, int(std::lround(std::min(t, rackD * 0.8)))));
        p.setFont(font);
        p.setPen(QColor(0x33, 0x33, 0x33));
        // Row labels left of each row; thinned so they never overlap on a floor with many rows.
        const double labelPitch = QFontMetricsF(font).height() * 1.1;
        double lastLabelY = -1e9;
        for (const auto& [row, leftM] : rowLeftM) {
            const QPointF at = toPx(leftM, rowYM[row]);
            if (at.y() - lastLabelY < labelPitch) continue;
            lastLabelY = at.y();
            const QRectF label(drawing.left(), at.y() - labelPitch / 2, at.x() - drawing.left() - t * 0.3, labelPitch);
            p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("Row %1").arg(row + 1));
        }
        if (layout.halls > 1) {
            // Halls and buildings (core/layout/README.md "Halls", "Sites"): a frame each, titled where it fits.
            const fp::layout::SiteFrames frames = fp::layout::siteFrames(layout, floor);
            QFont titleFont = font;  // the row labels' size follows the racks; titles stay legible
            titleFont.setPixelSize(std::max(1, int(std::lround(t))));
            p.setFont(titleFont);
            const QFontMetricsF metrics(titleFont);
            // A title that does not fit over its frame falls back to its first word (the hall's name), else none.
            const auto frame = [&](const fp::layout::SiteFrame& box, double padM, bool solid) {
                QString title = QString::fromStdString(box.title);
                const QRectF px(toPx(box.minX - padM, box.minY - padM), toPx(box.maxX + padM, box.maxY + padM));
                p.setPen(QPen(QColor(0x77, 0x77, 0x77), std::max(0.4, t / (solid ? 8 : 14)), solid ? Qt::SolidLine : Qt::DashLine));
                p.setBrush(Qt::NoBrush);
                p.drawRect(px);
                if (metrics.horizontalAdvance(title) > px.width()) title = title.section(QStringLiteral(" · "), 0, 0);
                if (metrics.horizontalAdvance(title) > px.width()) return;
                p.setPen(QColor(0x33, 0x33, 0x33));
                p.drawText(QPointF(px.left(), px.top() - t * 0.3), title);
            };
            for (const fp::layout::SiteFrame& b : frames.buildings) frame(b, 8.0, true);
            if (!frames.coreRoom.empty()) {  // two tiers on a described site: the spines' room
                const QPointF topLeft = toPx(frames.coreRoom.minX, frames.coreRoom.minY);
                p.setPen(QColor(0x33, 0x33, 0x33));
                p.drawText(QPointF(topLeft.x(), topLeft.y() - t * 0.4),
                           plan.fabric.shape.tiers >= 3 ? QStringLiteral("Core room") : QStringLiteral("Spine room"));
            }
            for (const fp::layout::SiteFrame& h : frames.halls) frame(h, 1.5, false);
        } else if (!spineM.isEmpty()) {
            const QPointF topLeft = toPx(spineM.left(), spineM.top());
            p.drawText(QPointF(topLeft.x(), topLeft.y() - t * 0.4), QStringLiteral("Spine room"));
            // The tray run from the end of row 1 to the spine room explains the gap in the picture.
            double rowEndM = -1e9;
            for (const Rack& r : layout.racks)
                if (r.kind != RackKind::SpineRoom && r.row == 0) rowEndM = std::max(rowEndM, r.xM + floor.rackWidthM / 2);
            if (rowEndM > -1e9 && rowEndM < spineM.left() && rowYM.count(0)) {
                const QPointF from = toPx(rowEndM, rowYM[0]), to = toPx(spineM.left(), rowYM[0]);
                p.setPen(QPen(QColor(0x88, 0x88, 0x88), std::max(0.5, t / 10), Qt::DashLine));
                p.drawLine(from + QPointF(t * 0.3, 0), to - QPointF(t * 0.3, 0));
                p.setPen(QColor(0x55, 0x55, 0x55));
                p.drawText(QRectF(from.x(), from.y() - t * 1.6, to.x() - from.x(), t * 1.4),
                           Qt::AlignHCenter | Qt::AlignBottom,
                           QStringLiteral("tray to spine room, %1 m").arg(groupedNumber(floor.spineRoomDistanceM, 0)));
            }
        }
    }
    drawLegend(p, QRectF(target.left(), target.bottom() - legendHeight(target.width()), target.width(),
                         legendHeight(target.width())),
               floor.rackPowerBudgetKw, maxRackKw);
    p.restore();
}

} // namespace fp::report
