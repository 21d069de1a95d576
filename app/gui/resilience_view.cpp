#include "resilience_view.h"

#include <QBarCategoryAxis>
#include <QHorizontalBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>

#include "estimate/failure_ranges.h"
#include "estimate/resilience_text.h"

namespace fp::gui {
namespace {

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setAlternatingRowColors(true);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->setFrameShape(QFrame::NoFrame);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QTableWidgetItem* item(const QString& text, bool number = false)
{
    auto* i = new QTableWidgetItem(text);
    if (number) i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return i;
}

QString num(double v, int decimals) { return QLocale(QLocale::English).toString(v, 'f', decimals); }
QString count(long long v) { return QLocale(QLocale::English).toString(v); }

} // namespace

ResilienceView::ResilienceView(QWidget* parent) : QWidget(parent)
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("resilienceSummary"));
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Two-line headers: on one line the headers alone set most widths, and at 1400 px the last column,
    // the throughput a job keeps, sat past the right edge behind the scroll bar.
    // "Job keeps" says both whether a whole-cluster job survives ("stops", in red) and what it keeps (in
    // green): a separate "keeps running" column said the first twice and took the room "in NIC port row" needs.
    m_domains = makeTable({tr("Failure of"), tr("Count"), tr("GPUs\ncut off"), tr("GPUs\nslowed"),
                           tr("Bandwidth\nleft"), tr("Bisection\nlost"), tr("Failures\n/ year"), tr("Job\nkeeps")},
                          this);
    // The description takes the room left (fitDescription); the last column stays as wide as its figures.
    m_domains->horizontalHeader()->setStretchLastSection(false);
    m_domains->viewport()->installEventFilter(this);
    m_domains->horizontalHeaderItem(7)->setToolTip(
        tr("Throughput a job on the whole cluster keeps after one such failure, % of its network bandwidth, or "
           "\"stops\" when the failure stops it (core/estimate/README.md, \"Failure rates with ranges\")"));
    m_domains->horizontalHeaderItem(4)->setToolTip(
        tr("Bandwidth the slowed GPUs keep (the worst of them); 0 % (cut off) when the failure slows none but "
           "leaves the GPUs it touches no path"));
    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(220);
    m_spares = makeTable({tr("Part"), tr("Class"), tr("Installed"), tr("Spares (service level)"), tr("P(run out)"),
                          tr("Spares (% rule)"), tr("P(run out), % rule"), tr("Arithmetic")},
                         this);

    m_spares->setWordWrap(false);
    // One pane each, full width: side by side at 1024 px the tables showed only their first column and
    // the chart cut its class names.
    m_panes = new QTabWidget(this);
    m_panes->setDocumentMode(true);
    m_panes->addTab(m_domains, tr("Failure domains"));
    m_panes->addTab(m_chart, tr("Expected failures"));
    m_panes->addTab(m_spares, tr("Spares"));
    // The summary scrolls in its own area above a splitter: in a 1024 x 700 window the label alone was
    // squeezed and its last lines (the notes on estimated rates) were cut off with no way to read them.
    // It opens at the height its text needs, up to 55 % of the tab (fitSummary).
    m_summaryArea = new QScrollArea(this);
    m_summaryArea->setWidgetResizable(true);
    m_summaryArea->setFrameShape(QFrame::NoFrame);
    m_summaryArea->setWidget(m_summary);
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_summaryArea);
    m_split->addWidget(m_panes);
    m_split->setStretchFactor(1, 1);
    m_split->installEventFilter(this);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_splitMovedByUser = true; });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_split);
}

void ResilienceView::setPlan(std::shared_ptr<const Plan> plan)
{
    if (!plan) {
        m_summary->setText(tr("Planning…"));
        m_domains->setRowCount(0);
        m_spares->setRowCount(0);
        return;
    }
    const Resilience& r = plan->resilience;
    const FailureRangeReport ranges = failureRangeReport(plan->spec, plan->fabric, r);
    QString text = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(resilienceSummary(r)).toHtmlEscaped());
    // Job-stopping rates as ranges and the throughput a job keeps: the same lines as the CLI summary.
    for (const std::string& line : failureRangeLines(ranges, r))
        text += QStringLiteral("<br>%1").arg(QString::fromStdString(line).toHtmlEscaped());
    text += QStringLiteral("<br>%1").arg(QString::fromStdString(sparesSummary(r)).toHtmlEscaped());
    for (const std::string& note : r.notes) text += QStringLiteral("<br><i>%1</i>").arg(QString::fromStdString(note).toHtmlEscaped());
    m_summary->setText(text);
    fillDomains(r, ranges);
    fillChart(r);
    fillSpares(r);
    // A storage or management network has no failure domains to show (no compute job runs on it): its
    // pane is disabled, and the expected failures open instead of an empty table.
    m_panes->setTabEnabled(0, r.describesJobs);
    if (!r.describesJobs && m_panes->currentIndex() == 0) m_panes->setCurrentIndex(1);
    m_panes->setTabToolTip(0, r.describesJobs ? QString()
                                              : tr("Failure domains speak of compute jobs: pick the compute fabric "
                                                   "under Network"));
    fitSummary();
}

void ResilienceView::fitSummary()
{
    const int total = m_split->height();
    if (m_splitMovedByUser || total <= 0) return;
    const int want = m_summary->heightForWidth(m_summaryArea->viewport()->width()) + 2;
    const int top = std::min(want, total * 55 / 100);
    m_split->setSizes({top, total - top - m_split->handleWidth()});
}

void ResilienceView::fillDomains(const Resilience& r, const FailureRangeReport& ranges)
{
    m_domains->setRowCount(int(r.domains.size()));
    for (int i = 0; i < int(r.domains.size()); ++i) {
        const FailureDomain& d = r.domains[std::size_t(i)];
        auto* what = item(QString::fromStdString(d.description));
        what->setToolTip(what->text());
        m_domains->setItem(i, 0, what);
        m_domains->setItem(i, 1, item(count(d.count), true));
        m_domains->setItem(i, 2, item(count(d.gpusDisconnected), true));
        m_domains->setItem(i, 3, item(count(d.gpusDegraded), true));
        m_domains->setItem(i, 4, item(QString::fromStdString(bandwidthLeftText(d)), true));
        m_domains->setItem(i, 5, item(num(d.bisectionLostPct, 2) + QStringLiteral(" %"), true));
        auto* perYear = item(QString::fromStdString(failuresPerYearText(d)), true);
        if (rowRate(d) == RowRate::InNicPortRow)
            perYear->setToolTip(tr("Counted in the NIC port row: production reports give one failure rate for a "
                                   "server link, its NIC port, optics and cable together (core/estimate/README.md)"));
        else if (rowRate(d) == RowRate::NoPart)
            perYear->setToolTip(tr("A plane is not a part: its failures are those of its switches and links"));
        m_domains->setItem(i, 6, perYear);
        const double kept = std::size_t(i) < ranges.keptPct.size() ? ranges.keptPct[std::size_t(i)] : 100.0;
        auto* job = item(kept <= 0 || !d.jobSurvives ? tr("stops") : num(kept, 2) + QStringLiteral(" %"), true);
        job->setForeground(d.jobSurvives && kept > 0 ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
        m_domains->setItem(i, 7, job);
    }
    m_domains->resizeColumnsToContents();
    m_descriptionWidth = m_domains->columnWidth(0);
    fitDescription();
}

void ResilienceView::fitDescription()
{
    // The description is long; the figures beside it are what the table is for, so they stay in view:
    // it takes the width the figures leave (its whole text when that fits), and at least 120 px (then the
    // table scrolls; the full text is the cell's tooltip).
    int figures = 0;
    for (int c = 1; c < m_domains->columnCount(); ++c) figures += m_domains->columnWidth(c);
    const int room = m_domains->viewport()->width() - figures;
    m_domains->setColumnWidth(0, std::min(m_descriptionWidth, std::max(room, 120)));
}

bool ResilienceView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_domains->viewport() && event->type() == QEvent::Resize && m_descriptionWidth > 0) fitDescription();
    if (watched == m_split && event->type() == QEvent::Resize) fitSummary();
    return QWidget::eventFilter(watched, event);
}

void ResilienceView::fillChart(const Resilience& r)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Expected failures per month (* = estimated rate)"));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setBackgroundBrush(palette().base());
    chart->setTitleBrush(palette().text());
    auto* set = new QBarSet(tr("failures / month"));
    set->setColor(QColor(0x1f, 0x77, 0xb4));
    QStringList classes;
    double most = 0;
    for (const ClassFailures& e : r.expected) {
        *set << e.perMonth;
        classes << QString::fromUtf8(displayName(e.cls)) + (e.estimated ? QStringLiteral(" *") : QString());
        most = std::max(most, e.perMonth);
    }
    // Horizontal bars: the part-class names sit on the left at full length instead of "Tran...".
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(classes);
    x->setLabelsColor(palette().color(QPalette::Text));
    auto* y = new QValueAxis;
    y->setRange(0, most > 0 ? most * 1.15 : 1);
    y->setLabelsColor(palette().color(QPalette::Text));
    chart->addAxis(x, Qt::AlignLeft);
    chart->addAxis(y, Qt::AlignBottom);
    series->attachAxis(x);
    series->attachAxis(y);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

void ResilienceView::fillSpares(const Resilience& r)
{
    m_spares->setRowCount(int(r.spares.size()));
    for (int i = 0; i < int(r.spares.size()); ++i) {
        const SpareSizing& s = r.spares[std::size_t(i)];
        m_spares->setItem(i, 0, item(QString::fromStdString(s.part)));
        m_spares->setItem(i, 1, item(QString::fromUtf8(displayName(s.cls))));
        m_spares->setItem(i, 2, item(count(s.installed), true));
        m_spares->setItem(i, 3, item(count(s.spares), true));
        m_spares->setItem(i, 4, item(num(s.stockoutPct, 2) + QStringLiteral(" %"), true));
        m_spares->setItem(i, 5, item(count(s.sparesPercentRule), true));
        m_spares->setItem(i, 6, item(num(s.stockoutPctPercentRule, 2) + QStringLiteral(" %"), true));
        m_spares->setItem(i, 7, item(QString::fromStdString(s.arithmetic)));
    }
    m_spares->resizeColumnsToContents();
}

} // namespace fp::gui
