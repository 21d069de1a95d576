#include "round_axis.h"

#include <QValueAxis>

#include "figure_axis_range.h"

namespace fp::gui {

void setRoundTicks(QValueAxis& axis, double min, double max)
{
    const AxisTicks t = roundTicks({min, max});
    axis.setRange(t.min, t.max);
    axis.setTickCount(t.ticks);
    axis.setLabelFormat(QStringLiteral("%.") + QString::number(t.decimals) + QStringLiteral("f"));
}

} // namespace fp::gui
