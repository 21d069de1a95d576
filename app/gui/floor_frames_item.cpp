#include "floor_frames_item.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace fp::gui {

namespace {
constexpr double kTitlePx = 13;  // on screen, whatever the zoom (legible: >= the view's minimum label size)
}

FloorFramesItem::FloorFramesItem(std::shared_ptr<const FloorGeometry> geometry) : m_geometry(std::move(geometry))
{
    for (const auto* frames : {&m_geometry->buildingFrames, &m_geometry->hallFrames})
        for (const FloorGeometry::Frame& f : *frames) m_bounds |= f.rect;
    // Titles stand above their frames: room for one at the largest zoom-out scale is not knowable here,
    // so the bounds reach a frame's height above the highest one (repaints cover the titles).
    m_bounds.adjust(0, -m_bounds.height() * 0.05 - 60, 0, 0);
    setZValue(-2);  // behind the racks
}

QRectF FloorFramesItem::boundingRect() const { return m_bounds; }

void FloorFramesItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*)
{
    const double scale = std::max(1e-6, std::sqrt(std::fabs(p->worldTransform().determinant())));
    const QPalette pal = QApplication::palette();
    QFont font = QApplication::font();
    font.setBold(true);
    font.setPixelSize(int(kTitlePx));
    const QFontMetricsF metrics(font);
    for (const auto* frames : {&m_geometry->buildingFrames, &m_geometry->hallFrames}) {
        const bool building = frames == &m_geometry->buildingFrames;
        p->setBrush(Qt::NoBrush);
        QPen pen(pal.color(QPalette::PlaceholderText), building ? 2.0 : 1.0, building ? Qt::SolidLine : Qt::DashLine);
        pen.setCosmetic(true);  // a hairline at any zoom
        p->setPen(pen);
        for (const FloorGeometry::Frame& f : *frames) p->drawRect(f.rect);
        // Titles in screen pixels: undo the zoom around each title's anchor, skip one wider than its frame.
        p->setPen(pal.color(QPalette::Text));
        for (const FloorGeometry::Frame& f : *frames) {
            const double widthPx = metrics.horizontalAdvance(f.title);
            if (widthPx > f.rect.width() * scale) continue;
            p->save();
            p->translate(f.rect.left(), f.rect.top());
            p->scale(1 / scale, 1 / scale);
            p->setFont(font);
            p->drawText(QPointF(0, -metrics.descent() - 3), f.title);
            p->restore();
        }
    }
}

} // namespace fp::gui
