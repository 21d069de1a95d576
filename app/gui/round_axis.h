#pragma once
// A chart's value axis ticked at round numbers over a range (figure_axis_range.h: roundTicks), with the
// decimals its step needs. Qt's applyNiceNumbers() rounds the ends but the labels still carried one
// format for every chart: "%.0f" wrote $0.02 M and $0.06 M as 0 and 0.
class QValueAxis;

namespace fp::gui {

void setRoundTicks(QValueAxis& axis, double min, double max);

} // namespace fp::gui
