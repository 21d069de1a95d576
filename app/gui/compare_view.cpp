#include "compare_view.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTextBrowser>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

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

QChartView* makeChartView(QWidget* parent)
{
    auto* view = new QChartView(parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(220);
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

} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 6, 6, 6);
    grid->setSpacing(6);
    m_capex = makeChartView(this);
    m_tco = makeChartView(this);
    m_latency = makeChartView(this);
    m_busbw = makeChartView(this);
    m_advice = new QTextBrowser(this);
    m_advice->setMinimumWidth(260);
    grid->addWidget(m_capex, 0, 0);
    grid->addWidget(m_tco, 0, 1);
    grid->addWidget(m_advice, 0, 2, 2, 1);
    grid->addWidget(m_latency, 1, 0);
    grid->addWidget(m_busbw, 1, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(2, 2);
    rebuild();
}

void CompareView::setComparison(std::shared_ptr<const Comparison> comparison, const QString& error)
{
    m_comparison = std::move(comparison);
    rebuild();
    if (!m_comparison)
        m_advice->setHtml(error.isEmpty() ? tr("<p>Comparing fabrics…</p>")
                                          : tr("<p style='color:#c62828'>%1</p>").arg(error.toHtmlEscaped()));
}

void CompareView::rebuild()
{
    const QPalette pal = palette();
    QChart* capex = makeChart(tr("Network capex by category (USD M, estimate)"), pal);
    QChart* tco = makeChart(tr("Total cost of ownership (USD M, estimate)"), pal);
    QChart* latency = makeChart(tr("One-way latency, small message (ns, estimate)"), pal);
    QChart* busbw = makeChart(tr("All-reduce bus bandwidth (GB/s, model)"), pal);
    for (auto [view, chart] : {std::pair{m_capex, capex}, {m_tco, tco}, {m_latency, latency}, {m_busbw, busbw}}) {
        QChart* old = view->chart();
        view->setChart(chart);
        delete old;
    }
    if (!m_comparison || m_comparison->plans.empty()) return;
    const auto& plans = m_comparison->plans;
    QStringList names;
    for (const Plan& p : plans) names << fabricName(p);

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
                            {tr("Transceivers"), &Capex::transceiversUsd, QColor(0x00, 0x9c, 0xb0)},
                            {tr("Cables"), &Capex::cablesUsd, QColor(0x8d, 0x5a, 0x3b)},
                            {tr("Fibre"), &Capex::fibreUsd, QColor(0xe0, 0xa8, 0x00)},
                            {tr("Patch panels"), &Capex::patchPanelsUsd, QColor(0x9e, 0x9e, 0x9e)},
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
        auto* y = new QValueAxis;
        y->setRange(0, maxTotal * 1.1 + 1e-9);
        y->setLabelFormat(QStringLiteral("%.1f"));
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
            s->setName(fabricName(p));
            s->setPen(QPen(fabricColor(p.spec.fabric), 2.2));
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
        y->setRange(0, maxY * 1.1 + 1e-9);
        y->setLabelFormat(QStringLiteral("%.1f"));
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
        auto* y = new QValueAxis;
        y->setRange(0, maxY * 1.1 + 1e-9);
        y->setLabelFormat(QStringLiteral("%.0f"));
        latency->addAxis(x, Qt::AlignBottom);
        latency->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        styleAxis(x, pal);
        styleAxis(y, pal);
    }
    // All-reduce bus bandwidth against message size (log axis).
    {
        auto* x = new QLogValueAxis;
        x->setBase(2);
        x->setLabelFormat(QStringLiteral("%.0g"));
        x->setTitleText(tr("message size (bytes)"));
        auto* y = new QValueAxis;
        busbw->addAxis(x, Qt::AlignBottom);
        busbw->addAxis(y, Qt::AlignLeft);
        double minX = 1e30, maxX = 0, maxY = 0;
        for (const Plan& p : plans) {
            const auto& pts = p.estimates.performance.allreduceRing;
            if (pts.empty()) continue;
            auto* s = new QLineSeries;
            s->setName(fabricName(p));
            s->setPen(QPen(fabricColor(p.spec.fabric), 2.2));
            for (const CollectivePoint& c : pts) {
                if (c.bytes <= 0) continue;
                s->append(c.bytes, c.busbwGBps);
                minX = std::min(minX, c.bytes);
                maxX = std::max(maxX, c.bytes);
                maxY = std::max(maxY, c.busbwGBps);
            }
            busbw->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        if (maxX > 0) x->setRange(minX, maxX);
        y->setRange(0, maxY * 1.1 + 1e-9);
        y->setLabelFormat(QStringLiteral("%.0f"));
        styleAxis(x, pal);
        styleAxis(y, pal);
    }

    // Advice.
    const Advice& a = m_comparison->advice;
    QString html = tr("<h3>Recommended: %1</h3><ul>").arg(QString::fromUtf8(displayName(a.recommended)));
    for (const std::string& r : a.reasons) html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(r).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    html += tr("<p style='color:gray; font-size:small'>No public price lists exist for this hardware: every price is "
               "an estimate, as are latency under load and tuning effort. Compare the shapes, not the cents.</p>");
    m_advice->setHtml(html);
}

} // namespace fp::gui
