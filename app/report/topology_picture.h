#pragma once
// The topology picture is the core's "topology-svg" drawing, rendered with QSvgRenderer, so the PDF,
// the PNG and the SVG export can never show different fabrics.
#include <QByteArray>
#include <QRectF>

#include "plan/plan.h"

class QPainter;

namespace fp::report {

// The SVG text the core's topology-svg exporter writes for this plan.
QByteArray topologySvg(const Plan&);

// Draws the SVG into `target`, keeping its aspect ratio and centring it; returns the area used.
QRectF paintSvgFitted(QPainter&, const QByteArray& svg, const QRectF& target);

} // namespace fp::report
