#pragma once
// Bar charts of a fabric comparison for the PDF: capex stacked by category, TCO stacked by what it is
// made of, unloaded latency (min to max) and large-message all-reduce bus bandwidth, one bar per fabric.
#include <functional>

#include <QFont>
#include <QRectF>

#include "plan/plan.h"

class QPainter;

namespace fp::report {

using FontMaker = std::function<QFont(double sizePt, bool bold)>;

// Draws the four charts in a 2 x 2 grid filling `area`.
void paintComparisonCharts(QPainter&, const QRectF& area, const Comparison&, const FontMaker&);

} // namespace fp::report
