#include "compare_view.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLocale>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTextBrowser>
#include <QTextDocument>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "bom_model.h"  // formatUsdShort, withEstimateMark
#include "common/format.h"
#include "plan/compare_text.h"
#include "round_axis.h"
#include "status_colours.h"
#include "summary_view.h"

namespace fp::gui {

namespace {

QColor fabricColor(FabricKind f)
{
    switch (f) {
    case FabricKind::InfiniBand: return QColor(0x2b, 0x5c, 0x94);
    case FabricKind::RoCE: return QColor(0xd9, 0x7b, 0x1c);
    case FabricKind::SpectrumX: return QColor(0x76, 0xb9, 0x00);
    case FabricKind::UEC: return QColor(0x8e, 0x44, 0xad);
    }
    return Qt::gray;
}

// A chart at least this wide (a 1440-pixel window) has room for the finer axis labels.
constexpr int kWideChartPx = 400;

QChartView* makeChartView(QWidget* parent)
{
    auto* view = new QChartView(parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(170);  // two rows of charts and the table fit a 700-pixel-high window
    return view;
}

QChart* makeChart(const QString& title, const QPalette& pal)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    QFont f = chart->titleFont();
    f.setBold(true);
    chart->setTitleFont(f);
    chart->setBackgroundBrush(pal.base());
    chart->setTitleBrush(pal.text());
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setAnimationOptions(QChart::NoAnimation);
    return chart;
}

void styleAxis(QAbstractAxis* axis, const QPalette& pal)
{
    axis->setLabelsColor(pal.color(QPalette::Text));
    axis->setTitleBrush(pal.text());
    axis->setGridLineColor(pal.color(QPalette::Midlight));
}

QString fabricName(const Plan& p) { return QString::fromUtf8(displayName(p.spec.fabric)); }

// Bar-axis labels get a quarter of a chart's width, about 50 pixels in a 1024-pixel window: the
// abbreviations the table above spells out ("InfiniBand (IB)").
QString shortFabricName(FabricKind f)
{
    switch (f) {
    case FabricKind::InfiniBand: return QStringLiteral("IB");
    case FabricKind::RoCE: return QStringLiteral("RoCE");
    case FabricKind::SpectrumX: return QStringLiteral("Sp-X");
    case FabricKind::UEC: return QStringLiteral("UEC");
    }
    return {};
}

// What an alternative's errors do to its colour: greyed out, it cannot be chosen as drawn.
QColor shownColor(const Plan& p)
{
    return p.errorCount() ? QColor(0xa0, 0xa0, 0xa0) : fabricColor(p.spec.fabric);
}

// Capex and TCO as the summary, the CLI table and the advice print them (formatUsdShort), "~" when an
// estimated price went into them.
QString money(const Plan& p, double usd) { return withEstimateMark(formatUsdShort(usd), p.estimates.capex.estimated); }

} // namespace

namespace {

// Expected network-caused interruptions per day of a job on the whole cluster, as the CLI prints it.
QString stopsPerDay(const Plan& p) { return QString::fromStdString(formatPerDay(p.resilience.jobInterruptionsPerDay)); }

} // namespace

// Why each fabric runs on its switch: every candidate the comparison weighed and what became of it, in
// the CLI's words (plan/compare_text.h): a line each, the chosen one bold in the text colour, the rest muted.
QString CompareView::switchesWeighedHtml(const QString& muted) const
{
    if (!m_comparison) return {};
    const Comparison& c = *m_comparison;
    // Lines in one paragraph per fabric, not a table: a table's cells made the tab's refresh on the UI
    // thread 6 ms longer (14 ms instead of 8 for a 1,024-GPU comparison).
    QString html = tr("<p style='margin-bottom:0'><b>Switches weighed</b></p>");
    for (std::size_t k = 0; k < c.alternatives.size() && k < c.plans.size(); ++k) {
        const Plan& p = c.plans[k];
        html += QStringLiteral("<p style='font-size:small; margin-top:2px; margin-bottom:2px; color:%1'>"
                               "<span style='color:%2'>■</span> <span style='color:%3'>%4</span>")
                    .arg(muted, shownColor(p).name(), palette().color(QPalette::Text).name(), fabricName(p).toHtmlEscaped());
        const CompareCandidate* chosen = plan::chosenCandidate(c.alternatives[k]);
        for (const CompareCandidate& x : c.alternatives[k].candidates) {
            const QString line = QStringLiteral("<span class='whole'>%1</span>: %2")
                                     .arg(QString::fromStdString(plan::candidateParts(x)).toHtmlEscaped(),
                                          QString::fromStdString(plan::candidateVerdict(x, chosen)).toHtmlEscaped());
            html += QStringLiteral("<br>&nbsp;&nbsp;&nbsp;") +
                    (x.outcome == CompareCandidate::Outcome::Chosen
                         ? QStringLiteral("<b style='color:%1'>%2</b>").arg(palette().color(QPalette::Text).name(), line)
                         : line);
        }
        html += QStringLiteral("</p>");
    }
    return html;
}

bool CompareView::isBuildable(int i) const
{
    return m_comparison && i >= 0 && i < int(m_comparison->plans.size()) && m_comparison->plans[i].errorCount() == 0;
}

QString CompareView::alternativeRow(int i) const
{
    if (!m_comparison || i < 0 || i >= int(m_comparison->plans.size())) return {};
    const Plan& p = m_comparison->plans[i];
    const int errors = p.errorCount();
    return QStringList{fabricName(p), QString::fromStdString(p.hardware.switchesText(p.fabric.shape.tiers)),
                       QString::fromStdString(p.hardware.nic.partNumber),
                       QLocale(QLocale::English).toString(p.fabric.switchCount()), money(p, p.estimates.capex.totalUsd),
                       money(p, p.estimates.tcoUsd), stopsPerDay(p),
                       errors ? tr("not buildable: %n error(s)", nullptr, errors) : tr("buildable")}
               .join(QStringLiteral(" | ")) +
           (i < int(m_clusterTotals.size())
                ? QStringLiteral(" | ") + tr("with all networks %1").arg(money(p, m_clusterTotals[std::size_t(i)].capexUsd))
                : QString());
}

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    // One scrolling page: the verdicts (table, recommendation and every reason) at their full height,
    // then the charts. The verdicts sat in a pane of their own at most 240 px tall, which scrolled
    // inside the tab (issue 41: "readable without a nested scroll pane").
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_page = new QScrollArea(this);
    m_page->setWidgetResizable(true);
    m_page->setFrameShape(QFrame::NoFrame);
    m_page->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outer->addWidget(m_page);
    auto* content = new QWidget(m_page);
    m_page->setWidget(content);
    auto* grid = new QGridLayout(content);
    grid->setContentsMargins(6, 6, 6, 6);
    grid->setSpacing(6);
    m_capex = makeChartView(content);
    m_tco = makeChartView(content);
    m_latency = makeChartView(content);
    m_busbw = makeChartView(content);
    // Charts keep a readable height however long the verdicts are; the page scrolls instead.
    for (QChartView* chart : {m_capex, m_tco, m_latency, m_busbw}) chart->setMinimumHeight(kChartMinHeightPx);
    m_advice = new QTextBrowser(content);
    m_advice->setFrameShape(QFrame::NoFrame);
    m_advice->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_advice->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_advice->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_advice->viewport()->installEventFilter(this);  // its width sets its height (fitAdvice)
    grid->addWidget(m_advice, 0, 0, 1, 2);
    // The capex chart carries a legend of seven categories at its right: it gets the wider share of its
    // row, so its four bars keep their names in a 1024-pixel window.
    auto* costs = new QHBoxLayout;
    costs->setSpacing(grid->spacing());
    costs->addWidget(m_capex, 4);
    costs->addWidget(m_tco, 3);
    grid->addLayout(costs, 1, 0, 1, 2);
    grid->addWidget(m_latency, 2, 0);
    grid->addWidget(m_busbw, 2, 1);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(2, 1);
    rebuild();
}

void CompareView::fitAdvice()
{
    // The browser as tall as its text at its width: the page, not the browser, scrolls.
    QTextDocument* doc = m_advice->document();
    doc->setTextWidth(m_advice->viewport()->width());
    const int height = int(std::ceil(doc->size().height())) + 2 * m_advice->frameWidth() + 4;
    if (m_advice->height() != height) m_advice->setFixedHeight(height);
}

bool CompareView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_advice->viewport() && event->type() == QEvent::Resize) fitAdvice();
    return QWidget::eventFilter(watched, event);
}

void CompareView::setComparison(std::shared_ptr<const Comparison> comparison, const QString& error,
                                std::vector<NetworkFigures> clusterTotals)
{
    m_comparison = std::move(comparison);
    m_clusterTotals = std::move(clusterTotals);
    m_error = error;
    // Four charts of four fabrics are UI-thread work: done when the tab is shown, not for every edit.
    m_chartsStale = !isVisible();
    if (!m_chartsStale) rebuild();
}

void CompareView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_chartsStale) return;
    m_chartsStale = false;
    rebuild();
}

void CompareView::rebuild()
{
    if (!m_comparison)
    {
        m_advice->setHtml(m_error.isEmpty() ? tr("<p>Comparing fabrics…</p>")
                                            : tr("<p style='color:%1'>%2</p>")
                                                  .arg(errorColour(palette()).name(), m_error.toHtmlEscaped()));
        fitAdvice();
    }
    const QPalette pal = palette();
    // Titles short enough for a 1024-pixel window; "est." marks every estimated figure.
    QChart* capex = makeChart(tr("Capex by category (USD M, est.)"), pal);
    QChart* tco = makeChart(tr("Cumulative TCO (USD M, est.)"), pal);
    QChart* latency = makeChart(tr("Latency, small message (ns, est.)"), pal);
    QChart* busbw = makeChart(tr("All-reduce busbw (GB/s, est.)"), pal);
    for (auto [view, chart] : {std::pair{m_capex, capex}, {m_tco, tco}, {m_latency, latency}, {m_busbw, busbw}}) {
        QChart* old = view->chart();
        view->setChart(chart);
        delete old;
    }
    // Seven capex categories do not fit under a 340-pixel chart: they stand at its right. The fabric
    // lines are keyed by the table's colour squares.
    capex->legend()->setAlignment(Qt::AlignRight);
    // A smaller legend leaves each bar of a 1024-pixel window room for its name ("RoCE", not "R…").
    QFont legendFont = capex->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    capex->legend()->setFont(legendFont);
    tco->legend()->hide();
    busbw->legend()->hide();
    if (!m_comparison || m_comparison->plans.empty()) return;
    const auto& plans = m_comparison->plans;
    QStringList names;
    for (const Plan& p : plans) names << shortFabricName(p.spec.fabric) + (p.errorCount() ? QStringLiteral(" ✗") : QString());

    // Capex stacked by category.
    {
        auto* series = new QStackedBarSeries;
        struct Cat {
            QString name;
            double Capex::*field;
            QColor color;
        };
        const Cat cats[] = {{tr("Switches"), &Capex::switchesUsd, QColor(0x2b, 0x5c, 0x94)},
                            {tr("NICs"), &Capex::nicsUsd, QColor(0x5b, 0x8d, 0xc9)},
                            {tr("Optics"), &Capex::transceiversUsd, QColor(0x00, 0x9c, 0xb0)},
                            {tr("Cables"), &Capex::cablesUsd, QColor(0x8d, 0x5a, 0x3b)},
                            {tr("Fibre"), &Capex::fibreUsd, QColor(0xe0, 0xa8, 0x00)},
                            {tr("Panels"), &Capex::patchPanelsUsd, QColor(0x9e, 0x9e, 0x9e)},
                            {tr("Spares"), &Capex::sparesUsd, QColor(0xc6, 0x28, 0x28)}};
        double maxTotal = 0;
        for (const Cat& c : cats) {
            auto* set = new QBarSet(c.name);
            set->setColor(c.color);
            set->setBorderColor(c.color);
            for (const Plan& p : plans) *set << p.estimates.capex.*(c.field) / 1e6;
            series->append(set);
        }
        for (const Plan& p : plans) maxTotal = std::max(maxTotal, p.estimates.capex.totalUsd / 1e6);
        capex->addSeries(series);
        auto* x = new QBarCategoryAxis;
        x->append(names);
        x->setLabelsFont(legendFont);  // the legend's smaller size: see above
        auto* y = new QValueAxis;
        setRoundTicks(*y, 0, maxTotal * 1.05 + 1e-9);
        capex->addAxis(x, Qt::AlignBottom);
        capex->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        styleAxis(x, pal);
        styleAxis(y, pal);
    }
    // TCO over years: capex + tuning at year 0, then energy per year.
    {
        auto* x = new QValueAxis;
        auto* y = new QValueAxis;
        tco->addAxis(x, Qt::AlignBottom);
        tco->addAxis(y, Qt::AlignLeft);
        double maxY = 0;
        int horizon = 1;
        for (const Plan& p : plans) {
            auto* s = new QLineSeries;
            s->setName(shortFabricName(p.spec.fabric));
            s->setPen(QPen(shownColor(p), 2.2, p.errorCount() ? Qt::DashLine : Qt::SolidLine));
            horizon = std::max(horizon, p.spec.economics.horizonYears);
            const double start = p.estimates.capex.totalUsd + p.estimates.opex.tuningUsd;
            for (int year = 0; year <= p.spec.economics.horizonYears; ++year) {
                const double v = (start + p.estimates.opex.energyUsdPerYear * year) / 1e6;
                s->append(year, v);
                maxY = std::max(maxY, v);
            }
            tco->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        x->setRange(0, horizon);
        x->setTickCount(horizon + 1);
        x->setLabelFormat(QStringLiteral("%d"));
        x->setTitleText(tr("years"));
        setRoundTicks(*y, 0, maxY * 1.05 + 1e-9);
        styleAxis(x, pal);
        styleAxis(y, pal);
    }
    // Latency: unloaded min/max and the loaded high end of the worst path.
    {
        auto* series = new QBarSeries;
        auto* minSet = new QBarSet(tr("Min"));
        auto* maxSet = new QBarSet(tr("Max"));
        auto* loadedSet = new QBarSet(tr("Loaded (high)"));
        minSet->setColor(QColor(0x5b, 0x8d, 0xc9));
        maxSet->setColor(QColor(0x2b, 0x5c, 0x94));
        loadedSet->setColor(QColor(0xd9, 0x7b, 0x1c));
        double maxY = 0;
        for (const Plan& p : plans) {
            double loaded = 0;
            for (const PathLatency& l : p.estimates.performance.latency) loaded = std::max(loaded, l.loadedHighNs);
            *minSet << p.estimates.performance.latencyMinNs;
            *maxSet << p.estimates.performance.latencyMaxNs;
            *loadedSet << loaded;
            maxY = std::max({maxY, loaded, p.estimates.performance.latencyMaxNs});
        }
        series->append(minSet);
        series->append(maxSet);
        series->append(loadedSet);
        latency->addSeries(series);
        auto* x = new QBarCategoryAxis;
        x->append(names);
        // Log scale: a congested lossless-Ethernet tail is 100x the unloaded latency.
        auto* y = new QLogValueAxis;
        y->setBase(10);
        y->setRange(100, std::pow(10.0, std::ceil(std::log10(std::max(maxY, 1000.0)))));
        y->setLabelFormat(QStringLiteral("%.0f"));
        y->setMinorTickCount(8);
        latency->addAxis(x, Qt::AlignBottom);
        latency->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        styleAxis(x, pal);
        styleAxis(y, pal);
    }
    // All-reduce bus bandwidth against message size: x is log2(bytes), labelled in KiB/MiB/GiB.
    {
        auto* x = new QCategoryAxis;
        x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        x->setTitleText(tr("message size (bytes)"));
        auto* y = new QValueAxis;
        busbw->addAxis(x, Qt::AlignBottom);
        busbw->addAxis(y, Qt::AlignLeft);
        double minX = 1e30, maxX = -1e30, maxY = 0;
        for (const Plan& p : plans) {
            // nccl-tests-style: the busbw of the algorithm NCCL would pick at each size (collectives.h).
            const Performance& perf = p.estimates.performance;
            const auto* picked = perf.collectives.find(estimate::Collective::AllReduce);
            const CollectiveCurve* ring = perf.curve(kCurveAllreduceRing);
            static const std::vector<CollectivePoint> kNone;
            const auto& pts = picked && !picked->picked.empty() ? picked->picked : ring ? ring->points : kNone;
            if (pts.empty()) continue;
            auto* s = new QLineSeries;
            s->setName(shortFabricName(p.spec.fabric));
            s->setPen(QPen(shownColor(p), 2.2, p.errorCount() ? Qt::DashLine : Qt::SolidLine));
            for (const CollectivePoint& c : pts) {
                if (c.bytes <= 0) continue;
                const double lx = std::log2(c.bytes);
                s->append(lx, c.busbwGBps);
                minX = std::min(minX, lx);
                maxX = std::max(maxX, lx);
                maxY = std::max(maxY, c.busbwGBps);
            }
            busbw->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        if (maxX > minX) {
            x->setRange(minX, maxX);
            // Compact binary prefixes ("64K", "16M"): "64 KiB" is cut short in a 1024-pixel window. There,
            // labels every 16x stand ~40 px apart and "256M" was cut to "25…": every 256x instead. The
            // charts are built when shown, so the width is the one on screen.
            const int step = m_busbw->width() < kWideChartPx ? 8 : 4;
            const char* units[] = {"", "K", "M", "G", "T"};
            for (int e = int(std::ceil(minX)); e <= int(maxX); ++e) {
                if (e % step != 0) continue;
                x->append(QStringLiteral("%1%2").arg(1 << (e % 10)).arg(QString::fromLatin1(units[std::min(4, e / 10)])), e);
            }
        }
        setRoundTicks(*y, 0, maxY * 1.05 + 1e-9);
        styleAxis(x, pal);
        styleAxis(y, pal);
    }

    // Advice.
    // The alternatives, each with the switch and NIC it was planned with; the colour square is the
    // key for the TCO and bandwidth lines (so those charts need no legend of their own).
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    const Advice& a = m_comparison->advice;
    // The verdict first: the panel is short (the charts share the tab) and scrolls, and the line a
    // reader looks for must not sit half below its edge, as it did under the table.
    // Worded as the CLI words it: no fabric is recommended that cannot be built.
    const QString fabric = QString::fromUtf8(displayName(a.recommended));
    const QString verdict = a.recommendedBuildable
                                ? tr("Recommended: %1").arg(fabric)
                                : tr("<span style='color:%1'>Recommended: none buildable</span> (the rule would pick %2)")
                                      .arg(errorColour(pal).name(), fabric);
    QString html = QStringLiteral("<h3 style='margin-top:0; margin-bottom:4px'>%1</h3>").arg(verdict);
    const bool withNetworks = m_clusterTotals.size() == plans.size() && !plans.empty();
    // Cells of class "whole" never wrap: part numbers and figures ("MCX75310AAS-NEAT" read as
    // "MCX75310AAS / -NEAT" in a 1024-pixel window), the fabric's name, its chart label under it, and
    // whether it builds.
    m_advice->document()->setDefaultStyleSheet(QStringLiteral(".whole { white-space: nowrap; }"));
    html += QStringLiteral("<table cellspacing='0' cellpadding='3' width='100%'><tr style='color:%1'>"
                           "<th align='left'>%2</th><th align='left' class='whole'>%3</th>"
                           "<th align='right' class='whole'>%4</th><th align='right' class='whole'>%5</th>"
                           "<th align='right' class='whole'>%6</th><th align='right' class='whole'>%7</th>"
                           "%9<th align='left'>%8</th></tr>")
                .arg(muted, tr("Fabric"), tr("Switch / NIC"), tr("Switches"), tr("Capex"), tr("TCO"), tr("Stops/day"),
                     tr("Buildable"),
                     withNetworks ? QStringLiteral("<th align='right' class='whole'>%1</th>").arg(tr("With all<br>networks"))
                                  : QString());
    for (std::size_t k = 0; k < plans.size(); ++k) {
        const Plan& p = plans[k];
        const int errors = p.errorCount();
        const QString colour = errors ? muted : pal.color(QPalette::Text).name();
        // The switch and, under it, the NIC: one column, so part numbers stay whole in a 1024-pixel window.
        html += QStringLiteral("<tr style='color:%1'><td class='whole'><span style='color:%2'>■</span> %3</td>"
                               "<td class='whole'>%4<br><span style='color:%9'>%5</span></td>"
                               "<td align='right' class='whole'>%6</td><td align='right' class='whole'>%7</td>"
                               "<td align='right' class='whole'>%8</td>")
                    .arg(colour, shownColor(p).name(),
                         fabricName(p).toHtmlEscaped() + QStringLiteral("<br>&nbsp;&nbsp;&nbsp;(") +
                             shortFabricName(p.spec.fabric).toHtmlEscaped() + QLatin1Char(')'),
                         QString::fromStdString(p.hardware.switchesText(p.fabric.shape.tiers)).toHtmlEscaped(),
                         QString::fromStdString(p.hardware.nic.partNumber).toHtmlEscaped(),
                         QLocale(QLocale::English).toString(p.fabric.switchCount()),
                         unbrokenFigure(money(p, p.estimates.capex.totalUsd)), unbrokenFigure(money(p, p.estimates.tcoUsd)), muted)
                + QStringLiteral("<td align='right' class='whole'>%1</td>").arg(stopsPerDay(p))
                + (withNetworks ? QStringLiteral("<td align='right' class='whole'>%1</td>")
                                      .arg(unbrokenFigure(money(p, m_clusterTotals[k].capexUsd)))
                                : QString())
                // "✗ 2 errors" under "Buildable", not "✗ not buildable: 2 errors" under "Status": the long
                // form wrapped onto two lines at 1024 pixels and took the width the fabric's name needed.
                + QStringLiteral("<td class='whole'>%1</td></tr>").arg(errors ? tr("<span style='color:%1'>✗ %n error(s)</span>", nullptr, errors)
                                      .arg(errorColour(pal).name())
                                : tr("yes"));
    }
    html += QStringLiteral("</table>");
    const bool anyEstimated = std::any_of(plans.begin(), plans.end(), [](const Plan& p) { return p.estimates.capex.estimated; });
    QString networksNote;
    if (withNetworks) {
        QStringList names;
        for (const NetworkSpec& n : plans.front().spec.networks) names << QString::fromStdString(n.name);
        networksNote = tr(" With all networks: the capex of the fabric with the design's other networks (%1) "
                          "planned around it; the other columns are the compute fabric's.")
                           .arg(names.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    html += tr("<p style='color:%1; font-size:small; margin-top:2px'>Stops/day: expected network-caused "
               "interruptions per day of a job on the whole cluster.%3%2</p>")
                .arg(muted, anyEstimated ? QLatin1Char(' ') + estimateLegendHtml(pal) : QString(), networksNote);
    html += QStringLiteral("<ul style='margin-top:0'>");
    for (const std::string& r : a.reasons) html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(r).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    html += switchesWeighedHtml(muted);
    html += tr("<p style='color:%1; font-size:small'>No public price lists exist for this hardware: every price is "
               "an estimate, as are latency under load and tuning effort. Compare the shapes, not the cents.</p>").arg(muted);
    m_advice->setHtml(html);
    fitAdvice();
}

} // namespace fp::gui
