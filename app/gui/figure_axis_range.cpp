#include "figure_axis_range.h"

#include <algorithm>
#include <cmath>

namespace fp::gui {
namespace {

constexpr double kPadOfSpread = 0.06;   // room around the outermost points
constexpr double kMinHalfSpan = 0.01;   // of the value: the smallest difference worth a full chart

} // namespace

AxisRange figureAxisRange(double lo, double hi)
{
    const double size = std::max(std::abs(lo), std::abs(hi));
    if (size == 0) return {0, 1};
    const double spread = hi - lo;
    if (spread >= 2 * kMinHalfSpan * size) {
        const double pad = spread * kPadOfSpread;
        AxisRange r{lo - pad, hi + pad};
        if (lo >= 0 && r.min < 0) r.min = 0;  // a count or a price is never drawn below zero
        return r;
    }
    const double mid = (lo + hi) / 2;
    const double half = std::max(kMinHalfSpan * std::abs(mid), spread / 2 * (1 + 2 * kPadOfSpread));
    AxisRange r{mid - half, mid + half};
    if (lo >= 0 && r.min < 0) r.min = 0;
    return r;
}

AxisTicks roundTicks(const AxisRange& range, int maxIntervals)
{
    maxIntervals = std::max(1, maxIntervals);
    const double span = range.max - range.min;
    if (!(span > 0) || !std::isfinite(span)) return {range.min, range.min + 1, 1, 2, 0};
    const double power = std::pow(10.0, std::floor(std::log10(span / maxIntervals)));
    AxisTicks t;
    // Widening to whole steps can add an interval at either end: the next round step then.
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0}) {
        t.step = m * power;
        t.min = std::floor(range.min / t.step) * t.step;
        t.max = std::ceil(range.max / t.step) * t.step;
        t.ticks = int(std::lround((t.max - t.min) / t.step)) + 1;
        if (t.ticks - 1 <= maxIntervals) break;
    }
    // The fewest decimals that write the step exactly: 2.5 needs one, 0.05 two, 20 none.
    while (t.decimals < 6) {
        const double scaled = t.step * std::pow(10.0, t.decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * scaled) break;
        ++t.decimals;
    }
    return t;
}

} // namespace fp::gui
