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

// Decimals for tick labels over `range` with `ticks` ticks, so neighbouring labels differ (0 to 6).
int axisDecimals(const AxisRange& range, int ticks);

} // namespace fp::gui
