#pragma once
// The halls and buildings of a site on the floor view (core/layout/README.md "Halls", "Sites"): every
// frame and its title painted by one item, so the scene stays a few items at a 100-hall site (issue 23).
// A title is drawn at a fixed on-screen size, and only where it fits over its frame at the zoom shown.
#include <QGraphicsItem>

#include <memory>

#include "floor_geometry.h"

namespace fp::gui {

class FloorFramesItem : public QGraphicsItem {
public:
    explicit FloorFramesItem(std::shared_ptr<const FloorGeometry> geometry);
    QRectF boundingRect() const override;
    void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override;

private:
    std::shared_ptr<const FloorGeometry> m_geometry;
    QRectF m_bounds;
};

} // namespace fp::gui
