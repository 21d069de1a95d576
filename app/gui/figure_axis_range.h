#pragma once
// The range a chart axis shows for a figure (the Explorer's scatter, issue 41). Values spread over a
// fraction of a percent (bus bandwidth of 373.013 and 373.017 GB/s) would otherwise fill the chart and
// make a difference of parts per million look like a trade-off.
namespace fp::gui {

struct AxisRange {
    double min = 0, max = 1;
};

// Values in [lo, hi] (lo <= hi, both finite): 6 % of the spread added either side; when the spread is
// under 1 % of the values' size, at least 1 % of the middle either side of it (a range that would cross
// zero for positive values starts at 0 instead). All values zero: [0, 1].
AxisRange figureAxisRange(double lo, double hi);

// An axis whose every tick is a round number: `range` widened to whole multiples of the smallest step of
// 1, 2, 2.5 or 5 times a power of ten that cuts it into at most `maxIntervals`, with the decimals that
// step needs (0 to 6). Ticks 237, 340, 443 or 13, 17, 21, 24 read as noise; 250, 300, 350 do not.
struct AxisTicks {
    double min = 0, max = 1, step = 1;
    int ticks = 2;     // min, min + step, ..., max
    int decimals = 0;  // for every label
};
AxisTicks roundTicks(const AxisRange& range, int maxIntervals = 5);

} // namespace fp::gui
