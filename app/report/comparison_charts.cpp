#include "report/comparison_charts.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "report/report_support.h"

namespace fp::report {
namespace {

struct Segment {
    QString name;
    QColor colour;
};

struct Bar {
    QString label;
    std::vector<double> values;   // one per segment, stacked bottom-up
    QString caption;              // printed above the bar
    bool highlighted = false;     // the recommended fabric
};

struct Chart {
    QString title;
    std::vector<Segment> segments;
    std::vector<Bar> bars;
    std::function<QString(double)> axisLabel;
};

// 1, 2, 2.5, 5 x 10^n: a readable axis maximum at or above `v`.
double niceCeiling(double v)
{
    if (v <= 0) return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= v * 0.999) return m * p;
    return 10 * p;
}

void drawChart(QPainter& p, const QRectF& box, const Chart& chart, const FontMaker& font)
{
    p.save();
    p.setPen(QPen(QColor(0xcc, 0xcc, 0xcc), 0.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(box);
    p.setFont(font(8.5, true));
    p.setPen(QColor(0x22, 0x22, 0x22));
    p.drawText(box.adjusted(6, 4, -6, 0), Qt::AlignLeft | Qt::AlignTop, chart.title);

    // Legend line under the title when the bars are stacked.
    double top = box.top() + 20;
    if (chart.segments.size() > 1) {
        p.setFont(font(6, false));
        double x = box.left() + 6;
        double y = top;
        for (const Segment& s : chart.segments) {
            const double w = QFontMetricsF(p.font()).horizontalAdvance(s.name) + 12;
            if (x + w > box.right() - 4) {
                x = box.left() + 6;
                y += 9;
            }
            p.fillRect(QRectF(x, y + 1, 6, 6), s.colour);
            p.setPen(QColor(0x33, 0x33, 0x33));
            p.drawText(QPointF(x + 8, y + 6.5), s.name);
            x += w + 4;
        }
        top = y + 12;
    }

    double maxTotal = 0;
    for (const Bar& b : chart.bars) {
        double sum = 0;
        for (double v : b.values) sum += v;
        maxTotal = std::max(maxTotal, sum);
    }
    const double axisMax = niceCeiling(maxTotal);
    const QRectF plot(box.left() + 44, top + 10, box.width() - 52, box.bottom() - top - 32);

    // Grid lines and axis labels at quarters of the axis.
    p.setFont(font(6, false));
    for (int i = 0; i <= 4; ++i) {
        const double y = plot.bottom() - plot.height() * i / 4.0;
        p.setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 0.4));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(box.left() + 2, y - 5, 40, 10), Qt::AlignRight | Qt::AlignVCenter,
                   chart.axisLabel(axisMax * i / 4.0));
    }

    const double slot = plot.width() / double(std::max<std::size_t>(1, chart.bars.size()));
    const double barW = std::min(slot * 0.55, 48.0);
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
        const Bar& bar = chart.bars[i];
        const double cx = plot.left() + slot * (double(i) + 0.5);
        double y = plot.bottom();
        for (std::size_t s = 0; s < bar.values.size() && s < chart.segments.size(); ++s) {
            const double h = plot.height() * bar.values[s] / axisMax;
            if (h <= 0) continue;
            p.fillRect(QRectF(cx - barW / 2, y - h, barW, h), chart.segments[s].colour);
            y -= h;
        }
        if (bar.highlighted) {
            p.setPen(QPen(QColor(0x22, 0x22, 0x22), 0.9));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(cx - barW / 2, y, barW, plot.bottom() - y));
        }
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.setFont(font(6, true));
        p.drawText(QRectF(cx - slot / 2, y - 10, slot, 9), Qt::AlignHCenter | Qt::AlignBottom, bar.caption);
        p.setFont(font(6.5, bar.highlighted));
        p.drawText(QRectF(cx - slot / 2, plot.bottom() + 2, slot, 18), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   bar.label + (bar.highlighted ? QStringLiteral(" ★") : QString()));
    }
    p.setPen(QPen(QColor(0x88, 0x88, 0x88), 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.restore();
}

// Muted categorical colours that stay distinguishable in greyscale print.
const QColor kPalette[] = {QColor(0x1f, 0x4e, 0x79), QColor(0x2e, 0x86, 0xc1), QColor(0x76, 0xb9, 0x00),
                           QColor(0xf0, 0xa2, 0x02), QColor(0xc0, 0x39, 0x2b), QColor(0x8e, 0x44, 0xad),
                           QColor(0x95, 0xa5, 0xa6)};

} // namespace

void paintComparisonCharts(QPainter& p, const QRectF& area, const Comparison& cmp, const FontMaker& font)
{
    const auto isBest = [&](const Plan& plan) { return plan.spec.fabric == cmp.advice.recommended; };
    const auto label = [](const Plan& plan) { return QString::fromLatin1(displayName(plan.spec.fabric)); };

    Chart capex{QStringLiteral("Capex by category (USD, estimate)"), {}, {}, usdCompact};
    const std::pair<const char*, double Capex::*> parts[] = {
        {"Switches", &Capex::switchesUsd},         {"NICs", &Capex::nicsUsd},
        {"Transceivers", &Capex::transceiversUsd}, {"Cables", &Capex::cablesUsd},
        {"Fibre", &Capex::fibreUsd},               {"Patch panels", &Capex::patchPanelsUsd},
        {"Spares", &Capex::sparesUsd}};
    for (std::size_t i = 0; i < std::size(parts); ++i) capex.segments.push_back({QString::fromLatin1(parts[i].first), kPalette[i]});

    Chart tco{QStringLiteral("TCO (USD, estimate)"), {{QStringLiteral("Capex"), kPalette[0]},
                                                      {QStringLiteral("Tuning labour"), kPalette[3]},
                                                      {QStringLiteral("Energy over horizon"), kPalette[2]}},
              {}, usdCompact};
    Chart latency{QStringLiteral("Unloaded latency, one way (ns)"),
                  {{QStringLiteral("min"), kPalette[1]}, {QStringLiteral("up to max"), QColor(0xae, 0xd6, 0xf1)}},
                  {}, [](double v) { return groupedNumber(v); }};
    Chart busbw{QStringLiteral("All-reduce busbw, large messages (GB/s)"), {{QStringLiteral("busbw"), kPalette[2]}},
                {}, [](double v) { return groupedNumber(v, v < 10 ? 1 : 0); }};

    for (const Plan& plan : cmp.plans) {
        const Estimates& e = plan.estimates;
        Bar b{label(plan), {}, usdCompact(e.capex.totalUsd), isBest(plan)};
        for (const auto& part : parts) b.values.push_back(e.capex.*(part.second));
        capex.bars.push_back(b);
        const double energy = e.opex.energyUsdPerYear * plan.spec.economics.horizonYears;
        tco.bars.push_back({label(plan), {e.capex.totalUsd, e.opex.tuningUsd, energy}, usdCompact(e.tcoUsd), isBest(plan)});
        const Performance& perf = e.performance;
        latency.bars.push_back({label(plan), {perf.latencyMinNs, std::max(0.0, perf.latencyMaxNs - perf.latencyMinNs)},
                                groupedNumber(perf.latencyMinNs) + QStringLiteral("–") + groupedNumber(perf.latencyMaxNs),
                                isBest(plan)});
        busbw.bars.push_back({label(plan), {perf.allreduceBusbwGBps}, groupedNumber(perf.allreduceBusbwGBps, 1), isBest(plan)});
    }
    const double gap = 10;
    const double w = (area.width() - gap) / 2, h = (area.height() - gap) / 2;
    drawChart(p, QRectF(area.left(), area.top(), w, h), capex, font);
    drawChart(p, QRectF(area.left() + w + gap, area.top(), w, h), tco, font);
    drawChart(p, QRectF(area.left(), area.top() + h + gap, w, h), latency, font);
    drawChart(p, QRectF(area.left() + w + gap, area.top() + h + gap, w, h), busbw, font);
}

} // namespace fp::report
