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

int axisDecimals(const AxisRange& range, int ticks)
{
    const double step = (range.max - range.min) / std::max(1, ticks - 1);
    if (!(step > 0)) return 0;
    // A tick step of 8.4 reads as 64, 72, 81 (whole numbers differ by more than 1); 1.87 needs one
    // decimal, 0.15 two: enough that each label moves by at least half a unit of its last digit.
    return std::clamp(-int(std::floor(std::log10(step / 2))), 0, 6);
}

} // namespace fp::gui
