#include "explorer_view.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

#include "args.h"
#include "common/format.h"
#include "document.h"
#include "plan/parallel.h"
#include "spec/ratio.h"
#include "sweep_input.h"
#include "sweep_plan.h"

namespace fp::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// Money is drawn in millions of dollars: an axis of "64800000" is unreadable.
bool isMoney(pareto::Figure f) { return f == pareto::Figure::Capex || f == pareto::Figure::Tco; }

// `hint`: say which way is better (the figure pickers); a chart axis at 1024 pixels has no room for it.
QString axisLabel(pareto::Figure f, bool hint = false)
{
    if (f == pareto::Figure::Capex) return QObject::tr("Capex ($ M)");
    if (f == pareto::Figure::Tco) return QObject::tr("TCO ($ M)");
    if (f == pareto::Figure::Busbw) return hint ? QObject::tr("Bus bandwidth (GB/s, more is better)") : QObject::tr("Bus bandwidth (GB/s)");
    return QString::fromUtf8(pareto::infoOf(f).label);
}

QString figureValue(const cli::SweepRow& r, pareto::Figure f)
{
    const double v = cli::figureOf(r, f);
    if (isMoney(f)) return q(formatUsdShort(v));
    if (f == pareto::Figure::Switches || f == pareto::Figure::Optics) return q(withThousands((long long)v));
    if (f == pareto::Figure::Interruptions) return QString::number(v, 'g', 3);
    return QString::number(v, 'f', 1);
}

QString joined(const QStringList& values)
{
    QStringList distinct;
    for (const QString& v : values)
        if (!v.isEmpty() && !distinct.contains(v)) distinct << v;
    return distinct.join(QLatin1Char(','));
}

} // namespace

QStringList ExplorerView::keys()
{
    return {QStringLiteral("switch"), QStringLiteral("oversubscription"), QStringLiteral("planes"),
            QStringLiteral("su-nodes"), QStringLiteral("fabric")};
}

ExplorerView::ExplorerView(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    auto* axes = new QFormLayout;
    axes->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const QStringList labels = {tr("Switch models"), tr("Oversubscription"), tr("Planes"), tr("SU nodes"), tr("Fabric")};
    for (int i = 0; i < keys().size(); ++i) {
        auto* field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("explore-") + keys()[i]);
        field->setPlaceholderText(tr("comma-separated values, as sweep --vary %1=...").arg(keys()[i]));
        field->setToolTip(tr("Values to try for %1, separated by commas (the design's own value first)").arg(labels[i]));
        m_fields.insert(keys()[i], field);
        axes->addRow(labels[i], field);
    }
    m_dualTorBoth = new QCheckBox(tr("Try single and dual-ToR"), this);
    m_dualTorBoth->setObjectName(QStringLiteral("explore-dual-tor"));
    axes->addRow(tr("Dual-ToR"), m_dualTorBoth);

    m_x = new QComboBox(this);
    m_y = new QComboBox(this);
    for (const pareto::FigureInfo& f : pareto::figures()) {
        m_x->addItem(axisLabel(f.figure, true), int(f.figure));
        m_y->addItem(axisLabel(f.figure, true), int(f.figure));
    }
    // Sized by a few characters, not by the longest figure name: the tab must fit a 1024-pixel window.
    for (QComboBox* c : {m_x, m_y}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
    m_x->setCurrentIndex(m_x->findData(int(pareto::Figure::Capex)));
    m_y->setCurrentIndex(m_y->findData(int(pareto::Figure::Busbw)));
    auto* figures = new QHBoxLayout;
    figures->addWidget(new QLabel(tr("Across:"), this));
    figures->addWidget(m_x, 1);
    figures->addWidget(new QLabel(tr("Up:"), this));
    figures->addWidget(m_y, 1);
    axes->addRow(tr("Chart"), figures);

    m_run = new QPushButton(tr("Run sweep"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    auto* reset = new QPushButton(tr("From design"), this);
    reset->setToolTip(tr("Fill the values from the current design again"));
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(true);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(reset);
    buttons->addWidget(m_progress, 1);

    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(200);
    m_chart->setMinimumWidth(240);
    m_unbuildable = new QListWidget(this);
    m_unbuildable->setObjectName(QStringLiteral("explore-unbuildable"));
    m_unbuildable->setWordWrap(true);
    m_unbuildable->setToolTip(tr("Variants that cannot be planned or have design-rule errors: never on the front"));
    m_selection = new QLabel(tr("Hover a point for its figures; click to select, double-click to open it."), this);
    m_selection->setWordWrap(true);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_open = new QPushButton(tr("Open as new design"), this);
    m_open->setEnabled(false);
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Selected variant"), side));
    sideLayout->addWidget(m_selection);
    sideLayout->addWidget(m_open);
    sideLayout->addWidget(new QLabel(tr("Unbuildable variants"), side));
    sideLayout->addWidget(m_unbuildable, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    side->setMinimumWidth(180);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(axes);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_run, &QPushButton::clicked, this, &ExplorerView::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExplorerView::cancel);
    connect(reset, &QPushButton::clicked, this, &ExplorerView::fillFromDesign);
    connect(m_x, &QComboBox::currentIndexChanged, this, &ExplorerView::redraw);
    connect(m_y, &QComboBox::currentIndexChanged, this, &ExplorerView::redraw);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_selected < m_rows.size()) emit openVariant(variantSpec(m_selected));
    });
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ExplorerView::onFinished);
    // Progress is polled: the workers only bump a counter, never post to the UI thread per variant.
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_done) m_progress->setValue(int(m_done->load()));
    });
    connect(m_document, &Document::specChanged, this, [this] {
        if (!m_rows.empty() && !m_stale) {
            m_stale = true;
            m_status->setText(m_status->text() + tr(" The design has changed since: run the sweep again for its variants."));
        }
    });
    // The fields follow the design until the user edits one (a new or opened design refills them).
    for (QLineEdit* field : std::as_const(m_fields))
        connect(field, &QLineEdit::textEdited, this, [this] { m_userEdited = true; });
    connect(m_document, &Document::specChanged, this, [this] {
        if (!m_userEdited && m_rows.empty() && !isRunning()) fillFromDesign();
    });
    connect(m_document, &Document::fileNameChanged, this, [this] {
        if (!isRunning()) {
            m_userEdited = false;
            fillFromDesign();
        }
    });
    fillFromDesign();
    redraw();
}

ExplorerView::~ExplorerView()
{
    if (m_cancelled) m_cancelled->store(true);
    m_watcher.waitForFinished();  // the job reads the base and catalog it copied, but not this view
}

void ExplorerView::fillFromDesign()
{
    const ClusterSpec& s = m_document->spec();
    QStringList switches = {q(s.switchModel)};
    if (const auto catalog = m_document->catalog()) {
        const Protocol wanted = isEthernet(s.fabric) ? Protocol::Ethernet : Protocol::InfiniBand;
        for (const SwitchModel& m : catalog->switches)
            if (switches.size() < 3 && m.protocol == wanted && !switches.contains(q(m.partNumber))) switches << q(m.partNumber);
    }
    const QString ratio = q(ratioText(s.leafOversubscription));
    m_designValue = {{QStringLiteral("switch"), q(s.switchModel)},
                     {QStringLiteral("oversubscription"), ratio},
                     {QStringLiteral("planes"), QString::number(s.planes)},
                     {QStringLiteral("su-nodes"), s.suNodes > 0 ? QString::number(s.suNodes) : QStringLiteral("auto")},
                     {QStringLiteral("fabric"), QString::fromUtf8(toString(s.fabric))}};
    m_fields[QStringLiteral("switch")]->setText(joined(switches));
    m_fields[QStringLiteral("oversubscription")]->setText(joined({ratio, QStringLiteral("1:1"), QStringLiteral("2:1"), QStringLiteral("4:1")}));
    m_fields[QStringLiteral("planes")]->setText(QString::number(s.planes));
    m_fields[QStringLiteral("su-nodes")]->setText(m_designValue[QStringLiteral("su-nodes")]);
    m_fields[QStringLiteral("fabric")]->setText(m_designValue[QStringLiteral("fabric")]);
    m_dualTorBoth->setChecked(false);
}

void ExplorerView::run()
{
    if (isRunning()) return;
    const auto catalog = m_document->catalog();
    if (!catalog) {
        m_status->setText(tr("No parts catalog is loaded."));
        return;
    }
    // The --vary flags a user would give `sweep`: a key varies when it lists several values or one
    // other than the design's own. The combinations come from the sweep's own reader (first key slowest).
    std::vector<std::string> argv;
    for (const QString& key : keys()) {
        const QString text = m_fields[key]->text().simplified().remove(QLatin1Char(' '));
        if (text.isEmpty() || text == m_designValue.value(key)) continue;
        argv.push_back("--vary");
        argv.push_back((key + QLatin1Char('=') + text).toStdString());
    }
    if (m_dualTorBoth->isChecked()) {
        argv.push_back("--vary");
        argv.push_back("dual-tor=false,true");
    }
    std::vector<cli::SweepDesign> designs;
    try {
        designs = cli::readVaries(cli::Args(argv, {"--vary"}, {}));
    } catch (const cli::UsageError& e) {
        m_status->setText(q(e.message));
        return;
    }
    if (designs.empty()) {
        m_status->setText(tr("List two or more values in a field (or one other than the design's) to explore."));
        return;
    }
    m_base = m_document->spec();
    m_catalog = catalog;
    m_variants.clear();
    for (const auto& d : designs) m_variants.push_back(d.keys);
    m_total = designs.size();
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    m_done = std::make_shared<std::atomic<std::size_t>>(0);
    m_progress->setRange(0, int(m_total));
    m_progress->setValue(0);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Planning %1 variants on %2 threads…").arg(m_total).arg(plan::workerCount()));
    m_progressTimer.start();
    auto cancelled = m_cancelled;
    auto done = m_done;
    const ClusterSpec base = m_base;
    m_watcher.setFuture(QtConcurrent::run([designs = std::move(designs), base, catalog, cancelled, done]() {
        auto out = std::make_shared<Outcome>();
        out->rows.resize(designs.size());
        const cli::DesignKeys baseKeys = cli::designFileKeys();
        const auto stop = [cancelled] { return cancelled->load(); };
        // The sweep's pool and its one row function: the figures `fabricplan-cli sweep` writes.
        plan::runInParallel(designs.size(), [&](std::size_t i) {
            if (!stop()) {
                try {
                    out->rows[i] = cli::planSweepRow(i, designs[i], base, baseKeys, *catalog, {}, nullptr, stop);
                } catch (const PlanCancelled&) {
                }
            }
            done->fetch_add(1);
        });
        out->cancelled = stop();
        return out;
    }));
}

void ExplorerView::cancel()
{
    if (m_cancelled) m_cancelled->store(true);
    m_status->setText(tr("Cancelling…"));
}

void ExplorerView::onFinished()
{
    m_progressTimer.stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    const auto out = m_watcher.result();
    if (out->cancelled) {
        m_progress->setValue(0);
        m_status->setText(tr("Cancelled: no variants kept. The previous results stay below."));
        emit sweepFinished();
        return;
    }
    m_progress->setValue(int(m_total));
    m_rows = out->rows;
    m_stale = false;
    m_selected = std::size_t(-1);
    m_open->setEnabled(false);
    m_selection->setText(tr("Hover a point for its figures; click to select, double-click to open it."));
    const auto built = std::count_if(m_rows.begin(), m_rows.end(), [](const cli::SweepRow& r) { return cli::buildable(r); });
    m_status->setText(tr("%1 variants planned: %2 buildable, %3 not (listed on the right). Figures are the compute "
                         "fabric's, as fabricplan-cli sweep writes them.")
                          .arg(m_rows.size())
                          .arg(built)
                          .arg(qlonglong(m_rows.size()) - built));
    m_unbuildable->clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const cli::SweepRow& r = m_rows[i];
        if (cli::buildable(r)) continue;
        const QString why = r.planned ? tr("%n design-rule error(s)", nullptr, r.errors) : q(r.failure);
        auto* item = new QListWidgetItem(variantText(i) + QStringLiteral(": ") + why, m_unbuildable);
        item->setToolTip(why);
    }
    redraw();
    emit sweepFinished();
}

void ExplorerView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) redraw();  // the chart's colours come from the palette
}

double ExplorerView::shown(std::size_t row, pareto::Figure f) const
{
    const double v = cli::figureOf(m_rows[row], f);
    return isMoney(f) ? v / 1e6 : v;
}

void ExplorerView::redraw()
{
    const auto fx = pareto::Figure(m_x->currentData().toInt());
    const auto fy = pareto::Figure(m_y->currentData().toInt());
    m_frontRows.clear();
    m_otherRows.clear();
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(palette().base());
    chart->setTitleBrush(palette().text());
    chart->legend()->setLabelColor(palette().color(QPalette::Text));
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (!m_rows.empty()) {
        // The front of the two figures drawn, by the sweep's rule (cli::markParetoFront, as --pareto).
        std::vector<cli::SweepRow> marked = m_rows;
        cli::markParetoFront(marked, {fx, fy});
        for (std::size_t i = 0; i < marked.size(); ++i) {
            if (!cli::buildable(marked[i])) continue;
            (marked[i].onFront ? m_frontRows : m_otherRows).push_back(i);
        }
    }
    auto* others = new QScatterSeries;
    others->setName(tr("Other variants (%1)").arg(m_otherRows.size()));
    others->setMarkerSize(8);
    others->setColor(QColor(0x9a, 0xa5, 0xb1));
    others->setBorderColor(QColor(0x9a, 0xa5, 0xb1));
    for (std::size_t i : m_otherRows) others->append(shown(i, fx), shown(i, fy));
    auto* front = new QScatterSeries;
    front->setName(tr("Pareto front (%1)").arg(m_frontRows.size()));
    front->setMarkerSize(12);
    front->setColor(QColor(0xd6, 0x27, 0x28));
    front->setBorderColor(QColor(0x7f, 0x10, 0x10));
    std::vector<std::size_t> byX = m_frontRows;
    std::sort(byX.begin(), byX.end(), [&](std::size_t a, std::size_t b) { return shown(a, fx) < shown(b, fx); });
    auto* line = new QLineSeries;
    line->setColor(QColor(0xd6, 0x27, 0x28));
    for (std::size_t i : byX) {
        front->append(shown(i, fx), shown(i, fy));
        line->append(shown(i, fx), shown(i, fy));
    }
    // The front's points in front->points() order (byX): rowAt maps a point back through it.
    m_frontRows = byX;
    chart->addSeries(line);
    chart->addSeries(others);
    chart->addSeries(front);
    chart->legend()->markers(line).first()->setVisible(false);
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(axisLabel(fx));
    y->setTitleText(axisLabel(fy));
    for (QValueAxis* a : {x, y}) {
        a->setLabelsColor(palette().color(QPalette::Text));
        a->setTitleBrush(palette().text());
        a->setGridLineColor(palette().color(QPalette::Mid));  // not white grid lines on a dark base
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (QXYSeries* s : {static_cast<QXYSeries*>(others), static_cast<QXYSeries*>(front), static_cast<QXYSeries*>(line)}) {
        s->attachAxis(x);
        s->attachAxis(y);
        for (const QPointF& p : s->points()) {
            lo[0] = std::min(lo[0], p.x()), hi[0] = std::max(hi[0], p.x());
            lo[1] = std::min(lo[1], p.y()), hi[1] = std::max(hi[1], p.y());
        }
    }
    QValueAxis* axesXY[2] = {x, y};
    for (int k = 0; k < 2; ++k) {
        if (!std::isfinite(lo[k])) axesXY[k]->setRange(0, 1);
        else {
            const double pad = hi[k] > lo[k] ? (hi[k] - lo[k]) * 0.06 : std::max(std::abs(hi[k]) * 0.05, 1.0);
            axesXY[k]->setRange(lo[k] - pad, hi[k] + pad);
            // Enough decimals that neighbouring ticks differ: busbw of 373.013 and 373.017 GB/s.
            const double step = (hi[k] - lo[k] + 2 * pad) / 4;
            const int decimals = std::clamp(1 - int(std::floor(std::log10(step))), 0, 6);
            axesXY[k]->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
        }
    }
    chart->setTitle(m_rows.empty() ? tr("Run a sweep to see its variants") : tr("%1 against %2").arg(axisLabel(fy), axisLabel(fx)));
    for (QScatterSeries* s : {others, front}) {
        connect(s, &QScatterSeries::hovered, this, [this, s](const QPointF& p, bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            const std::size_t row = rowAt(s, p);
            if (row < m_rows.size()) QToolTip::showText(QCursor::pos(), variantText(row) + QStringLiteral("\n") + figuresText(row), m_chart);
        });
        connect(s, &QScatterSeries::clicked, this, [this, s](const QPointF& p) { select(rowAt(s, p)); });
        connect(s, &QScatterSeries::doubleClicked, this, [this, s](const QPointF& p) {
            const std::size_t row = rowAt(s, p);
            if (row < m_rows.size()) emit openVariant(variantSpec(row));
        });
    }
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

std::size_t ExplorerView::rowAt(const QScatterSeries* series, const QPointF& point) const
{
    const std::vector<std::size_t>& rows = series->markerSize() > 10 ? m_frontRows : m_otherRows;
    const QList<QPointF> points = series->points();
    std::size_t best = std::size_t(-1);
    double bestDistance = INFINITY;
    for (qsizetype i = 0; i < points.size() && std::size_t(i) < rows.size(); ++i) {
        const double d = std::hypot(points[i].x() - point.x(), points[i].y() - point.y());
        if (d < bestDistance) bestDistance = d, best = rows[std::size_t(i)];
    }
    return best;
}

void ExplorerView::select(std::size_t row)
{
    if (row >= m_rows.size()) return;
    m_selected = row;
    m_selection->setText(variantText(row) + QStringLiteral("\n") + figuresText(row));
    m_open->setEnabled(true);
}

QString ExplorerView::variantText(std::size_t row) const
{
    QStringList parts;
    for (const auto& [k, v] : m_variants[row]) parts << q(k) + QLatin1Char('=') + q(v);
    return tr("Variant %1: %2").arg(row + 1).arg(parts.join(QStringLiteral(", ")));
}

QString ExplorerView::figuresText(std::size_t row) const
{
    QStringList lines;
    const cli::SweepRow& r = m_rows[row];
    lines << tr("%1, switch %2, %3 tiers").arg(q(r.fabric), q(r.switchModel)).arg(r.tiers);
    for (const pareto::FigureInfo& f : pareto::figures())
        lines << QString::fromUtf8(f.label).section(QLatin1String(" ("), 0, 0) + QStringLiteral(": ") + figureValue(r, f.figure);
    return lines.join(QLatin1Char('\n'));
}

ClusterSpec ExplorerView::variantSpec(std::size_t index) const
{
    return cli::sweepVariantSpec(m_variants.at(index), m_base, cli::designFileKeys(), *m_catalog);
}

} // namespace fp::gui
