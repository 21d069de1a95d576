#pragma once
// The floor view for print: rows of compute and network racks and the spine room, every rack
// shaded by its power against the rack power budget, with a legend strip underneath.
#include <QRectF>
#include <QSizeF>

#include "plan/plan.h"

class QPainter;

namespace fp::report {

// Natural height of the picture (floor + legend) when drawn `width` units wide.
double floorPictureHeight(const Plan&, double width);

// Draws the floor into `target` (white background, racks, row labels, legend).
void paintFloor(QPainter&, const QRectF& target, const Plan&);

} // namespace fp::report
