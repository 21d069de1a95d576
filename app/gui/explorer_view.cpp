#include "explorer_view.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QToolButton>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <thread>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>

#include "args.h"
#include "common/format.h"
#include "document.h"
#include "figure_axis_range.h"
#include "memory_policy.h"
#include "pinned_variants_table.h"
#include "plan/parallel.h"
#include "round_axis.h"
#include "spec/ratio.h"
#include "sweep_axes.h"
#include "sweep_input.h"
#include "sweep_plan.h"

namespace fp::gui {
namespace {

// Background work yields the cores to the UI thread: a nice value of 10 for this thread and the threads it
// starts (Linux: nice is per thread and inherited). Not undone: the thread is the sweep's own.
void lowerThisThreadsPriority()
{
#ifdef __linux__
    setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 10);
#endif
}

QString q(const std::string& s) { return QString::fromStdString(s); }

QString figureValue(const cli::SweepRow& r, pareto::Figure f)
{
    return q(pareto::figureText(f, cli::figureOf(r, f)));  // as the plan's summary prints it
}

QString joined(const QStringList& values)
{
    QStringList distinct;
    for (const QString& v : values)
        if (!v.isEmpty() && !distinct.contains(v)) distinct << v;
    return distinct.join(QLatin1Char(','));
}

// A filter field's limit: empty is none; a number of the user's locale or with a dot; else `bad`.
std::optional<double> limitOf(const QLineEdit* field, bool* bad)
{
    const QString text = field->text().trimmed();
    if (text.isEmpty()) return std::nullopt;
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok) v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0) {
        *bad = true;
        return std::nullopt;
    }
    return v;
}

const QString kMaxCapex = QStringLiteral("explore-max-capex");
const QString kMaxPower = QStringLiteral("explore-max-power");
const QString kMinBusbw = QStringLiteral("explore-min-busbw");

} // namespace

// `hint`: say which way is better (the figure pickers); a chart axis at 1024 pixels has no room for it.
QString ExplorerView::figureLabel(pareto::Figure f, bool hint)
{
    if (f == pareto::Figure::Busbw) return hint ? tr("Bus bandwidth (GB/s, more is better)") : tr("Bus bandwidth (GB/s)");
    QString label = QString::fromUtf8(pareto::infoOf(f).label);
    // Money is drawn in millions of dollars (shown): "Capex (USD)" reads "Capex ($ M)".
    if (pareto::isMoney(f)) label.replace(QStringLiteral("(USD)"), QStringLiteral("($ M)"));
    return label;
}

QStringList ExplorerView::keys()
{
    QStringList out;
    for (const cli::SweepAxis& a : cli::sweepAxes())
        if (!a.onOff) out << QString::fromUtf8(a.key);
    return out;
}

QLayout* ExplorerView::makeAxesForm()
{
    // Three label-field pairs a line: ten fields in four lines keep the chart tall at 700 pixels.
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(4);
    int at = 0;
    for (const cli::SweepAxis& a : cli::sweepAxes()) {
        const QString key = QString::fromUtf8(a.key);
        if (a.onOff) continue;
        auto* field = new QLineEdit(this);
        field->setObjectName(QStringLiteral("explore-") + key);
        field->setPlaceholderText(key.endsWith(QLatin1String("-switch")) ? tr("as Switch models") : tr("design's value"));
        field->setToolTip(tr("%1: %2. Values to try, separated by commas (as sweep --vary %3=...)")
                              .arg(tr(a.label), tr(a.about), key));
        m_fields.insert(key, field);
        auto* label = new QLabel(tr(a.label), this);
        label->setBuddy(field);
        grid->addWidget(label, at / 3, (at % 3) * 2);
        grid->addWidget(field, at / 3, (at % 3) * 2 + 1);
        ++at;
    }
    for (int c = 0; c < 3; ++c) grid->setColumnStretch(c * 2 + 1, 1);
    return grid;
}

QLayout* ExplorerView::makeFigureRow()
{
    // The chart's figures, then the on/off axes: each row fits the 670 pixels the tab has in a
    // 1024-pixel window.
    m_x = new QComboBox(this);
    m_y = new QComboBox(this);
    for (const pareto::FigureInfo& f : pareto::figures()) {
        m_x->addItem(figureLabel(f.figure, true), int(f.figure));
        m_y->addItem(figureLabel(f.figure, true), int(f.figure));
    }
    // Sized by a few characters, not by the longest figure name: the tab must fit a 1024-pixel window.
    for (QComboBox* c : {m_x, m_y}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
    }
    m_x->setCurrentIndex(m_x->findData(int(pareto::Figure::Capex)));
    m_y->setCurrentIndex(m_y->findData(int(pareto::Figure::Busbw)));
    auto* both = new QHBoxLayout;
    both->addWidget(new QLabel(tr("Chart across:"), this));
    both->addWidget(m_x, 1);
    both->addWidget(new QLabel(tr("up:"), this));
    both->addWidget(m_y, 1);
    both->addSpacing(12);
    both->addWidget(new QLabel(tr("Try both:"), this));
    for (const cli::SweepAxis& a : cli::sweepAxes()) {
        if (!a.onOff) continue;
        const QString key = QString::fromUtf8(a.key);
        auto* box = new QCheckBox(tr(a.label), this);
        box->setObjectName(QStringLiteral("explore-") + key);
        box->setToolTip(tr("Plan each variant with %1 off and on (%2)").arg(key, tr(a.about)));
        m_bothValues.insert(key, box);
        both->addWidget(box);
    }
    return both;
}

QLayout* ExplorerView::makeFilterRow()
{
    auto filterField = [this](const QString& name, const QString& tip) {
        auto* f = new QLineEdit(this);
        f->setObjectName(name);
        f->setPlaceholderText(tr("no limit"));
        f->setToolTip(tip);
        f->setMinimumWidth(60);
        f->setMaximumWidth(90);
        connect(f, &QLineEdit::textChanged, this, &ExplorerView::redraw);
        return f;
    };
    m_maxCapex = filterField(kMaxCapex, tr("Budget: leave out variants whose capex is above this many million dollars"));
    m_maxPower = filterField(kMaxPower, tr("Leave out variants whose network power is above this many kW"));
    m_minBusbw = filterField(kMinBusbw, tr("Leave out variants whose allreduce bus bandwidth is below this many GB/s"));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Filters:"), this));
    row->addWidget(new QLabel(tr("Capex ≤ $ M"), this));
    row->addWidget(m_maxCapex);
    row->addWidget(new QLabel(tr("Power ≤ kW"), this));
    row->addWidget(m_maxPower);
    row->addWidget(new QLabel(tr("Bus bw ≥ GB/s"), this));
    row->addWidget(m_minBusbw);
    row->addStretch(1);
    return row;
}

ExplorerView::ExplorerView(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    QLayout* axes = makeAxesForm();
    QLayout* figures = makeFigureRow();
    QLayout* filters = makeFilterRow();

    m_run = new QPushButton(tr("Run sweep"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    auto* reset = new QPushButton(tr("From design"), this);
    reset->setToolTip(tr("Fill the values from the current design again"));
    m_export = new QPushButton(tr("Export CSV…"), this);
    m_export->setObjectName(QStringLiteral("explore-export"));
    m_export->setToolTip(tr("Write the variants that pass the filters with a pareto column (yes on the front drawn), "
                            "as fabricplan-cli sweep --pareto writes them"));
    m_export->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setTextVisible(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("explore-status"));
    m_status->setWordWrap(true);
    m_filterStatus = new QLabel(this);
    m_filterStatus->setObjectName(QStringLiteral("explore-filter-status"));
    m_filterStatus->setWordWrap(true);
    // The value fields in a box of their own, folded at small heights (updateFold).
    m_axesBox = new QWidget(this);
    m_axesBox->setLayout(axes);
    axes->setContentsMargins(0, 0, 0, 0);
    m_fold = new QToolButton(this);
    m_fold->setObjectName(QStringLiteral("explore-fold"));
    m_fold->setCheckable(true);
    m_fold->setToolTip(tr("Show or fold the values the sweep varies (folded by itself under %1 pixels of height "
                          "once a sweep has results, so the chart has the room)").arg(kFoldHeightPx));
    connect(m_fold, &QToolButton::clicked, this, [this](bool show) {
        m_foldChoice = !show;
        updateFold();
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_fold);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(reset);
    buttons->addWidget(m_export);
    buttons->addWidget(m_progress, 1);

    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(160);
    m_chart->setMinimumWidth(240);
    m_chart->setContextMenuPolicy(Qt::CustomContextMenu);
    m_unbuildable = new QListWidget(this);
    m_unbuildable->setObjectName(QStringLiteral("explore-unbuildable"));
    // One line per variant, elided (the tooltip has it whole): word-wrapping 875 of a 1,000-variant sweep's
    // lines measured each of them on the UI thread, a 50 ms layout when the sweep finished.
    m_unbuildable->setUniformItemSizes(true);
    m_unbuildable->setTextElideMode(Qt::ElideRight);
    m_unbuildable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_unbuildable->setToolTip(tr("Variants that cannot be planned or have design-rule errors: never on the front"));
    m_selection = new QLabel(tr("Hover a point for its figures; click to select, double-click to open it, "
                                "right-click to pin it."), this);
    m_selection->setWordWrap(true);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // "Open", not "Open as new design": the side panel is 180 pixels wide at 1024 and cut the longer name.
    m_open = new QPushButton(tr("Open"), this);
    m_open->setObjectName(QStringLiteral("explore-open"));
    m_open->setToolTip(tr("Open the selected variant as a new design (or double-click its point)"));
    m_open->setEnabled(false);
    m_pin = new QPushButton(tr("Pin"), this);
    m_pin->setToolTip(tr("Add the selected variant to the side-by-side table below the chart"));
    m_pin->setEnabled(false);
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Selected variant"), side));
    sideLayout->addWidget(m_selection);
    auto* selectedButtons = new QHBoxLayout;
    selectedButtons->addWidget(m_open);
    selectedButtons->addWidget(m_pin);
    sideLayout->addLayout(selectedButtons);
    m_unbuildableTitle = new QLabel(tr("Unbuildable variants"), side);
    sideLayout->addWidget(m_unbuildableTitle);
    sideLayout->addWidget(m_unbuildable, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    side->setMinimumWidth(180);

    m_pinTable = new PinnedVariantsTable(this);
    auto* unpinSelected = new QPushButton(tr("Unpin"), this);
    auto* clear = new QPushButton(tr("Clear pins"), this);
    m_pinsPanel = new QWidget(this);
    auto* pins = m_pinsPanel;
    auto* pinsLayout = new QVBoxLayout(pins);
    pinsLayout->setContentsMargins(0, 0, 0, 0);
    auto* pinsHead = new QHBoxLayout;
    auto* pinsTitle = new QLabel(tr("Pinned variants, side by side (pin from the chart's right-click menu or Pin)"), pins);
    pinsTitle->setWordWrap(true);
    pinsHead->addWidget(pinsTitle, 1);
    pinsHead->addWidget(unpinSelected);
    pinsHead->addWidget(clear);
    pinsLayout->addLayout(pinsHead);
    pinsLayout->addWidget(m_pinTable, 1);
    m_pinTable->setMinimumHeight(70);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(split);
    vertical->addWidget(pins);
    vertical->setStretchFactor(0, 2);
    vertical->setStretchFactor(1, 1);
    vertical->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setSpacing(4);
    layout->addWidget(m_axesBox);
    layout->addLayout(figures);
    layout->addLayout(filters);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_filterStatus);
    layout->addWidget(vertical, 1);

    connect(this, &ExplorerView::sweepFinished, this, &ExplorerView::updateFold);
    updateFold();
    connect(m_run, &QPushButton::clicked, this, &ExplorerView::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExplorerView::cancel);
    connect(reset, &QPushButton::clicked, this, &ExplorerView::fillFromDesign);
    connect(m_export, &QPushButton::clicked, this, &ExplorerView::askExportPath);
    connect(m_x, &QComboBox::currentIndexChanged, this, &ExplorerView::redraw);
    connect(m_y, &QComboBox::currentIndexChanged, this, &ExplorerView::redraw);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_selected < m_rows.size()) emit openVariant(variantSpec(m_selected));
    });
    connect(m_pin, &QPushButton::clicked, this, [this] { pin(m_selected); });
    connect(unpinSelected, &QPushButton::clicked, this, [this] {
        std::vector<std::size_t> chosen;
        for (const QModelIndex& i : m_pinTable->selectionModel()->selectedRows()) chosen.push_back(m_pinTable->variantAt(i.row()));
        for (std::size_t row : chosen) unpin(row);
    });
    connect(clear, &QPushButton::clicked, this, &ExplorerView::clearPins);
    connect(m_pinTable, &PinnedVariantsTable::unpinRequested, this, &ExplorerView::unpin);
    connect(m_chart, &QWidget::customContextMenuRequested, this, &ExplorerView::showPointMenu);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ExplorerView::onFinished);
    connect(&m_exportWatcher, &QFutureWatcherBase::finished, this, [this] {
        m_export->setEnabled(!m_rows.empty());
        const QString error = m_exportWatcher.result();
        const QString message = error.isEmpty() ? tr("Wrote %1 to %2.").arg(m_exportSummary, QDir::toNativeSeparators(m_exportPath))
                                                : tr("Nothing was written: %1").arg(error);
        m_status->setText(message);
        emit exportFinished(error.isEmpty(), message);
    });
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
    refreshPins();
    redraw();
}

ExplorerView::~ExplorerView()
{
    if (m_cancelled) m_cancelled->store(true);
    m_watcher.waitForFinished();  // the job reads the base and catalog it copied, but not this view
    m_exportWatcher.waitForFinished();
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
    const auto autoOr = [](int v) { return v > 0 ? QString::number(v) : QStringLiteral("auto"); };
    m_designValue = {{QStringLiteral("switch"), q(s.switchModel)},
                     {QStringLiteral("leaf-switch"), q(s.leafSwitchModel)},
                     {QStringLiteral("spine-switch"), q(s.spineSwitchModel)},
                     {QStringLiteral("core-switch"), q(s.coreSwitchModel)},
                     {QStringLiteral("tiers"), autoOr(s.tiers)},
                     {QStringLiteral("oversubscription"), ratio},
                     {QStringLiteral("planes"), autoOr(s.planes)},
                     {QStringLiteral("su-nodes"), autoOr(s.suNodes)},
                     // 0 is the NIC's own speed, which --link-gbps does not take: the field stays empty.
                     {QStringLiteral("link-gbps"), s.linkGbps > 0 ? QString::number(s.linkGbps) : QString()},
                     // 0 is one speed throughout: --fabric-gbps 0 says the same.
                     {QStringLiteral("fabric-gbps"), QString::number(s.fabricGbps)},
                     {QStringLiteral("fabric"), QString::fromUtf8(toString(s.fabric))}};
    for (const QString& key : keys()) m_fields[key]->setText(m_designValue.value(key));
    m_fields[QStringLiteral("switch")]->setText(joined(switches));
    m_fields[QStringLiteral("oversubscription")]->setText(joined({ratio, QStringLiteral("1:1"), QStringLiteral("2:1"), QStringLiteral("4:1")}));
    // A list wider than its field shows its first values, not its last (setText leaves the cursor at the end).
    for (QLineEdit* field : std::as_const(m_fields)) field->setCursorPosition(0);
    for (QCheckBox* box : std::as_const(m_bothValues)) box->setChecked(false);
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
    for (const cli::SweepAxis& a : cli::sweepAxes()) {
        const QString key = QString::fromUtf8(a.key);
        if (a.onOff) {
            if (!m_bothValues[key]->isChecked()) continue;
            argv.push_back("--vary");
            argv.push_back(key.toStdString() + "=false,true");
            continue;
        }
        const QString text = m_fields[key]->text().simplified().remove(QLatin1Char(' '));
        if (text.isEmpty() || text == m_designValue.value(key)) continue;
        argv.push_back("--vary");
        argv.push_back((key + QLatin1Char('=') + text).toStdString());
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
        // The sweep's pool and its rows function: the figures `fabricplan-cli sweep` writes. The pool
        // runs under a thread of lower priority (its workers inherit it): with every core planning, the UI
        // thread otherwise waited for a core behind them (a 62 ms gap of which it was busy 30 ms).
        std::thread lowPriority([&] {
            lowerThisThreadsPriority();
            cli::SweepRowsOptions options;
            options.cancelled = stop;
            options.rowDone = [done] { done->fetch_add(1); };
            try {
                cli::planSweepRows(designs, base, baseKeys, *catalog, out->rows, options);
            } catch (const PlanCancelled&) {
            }
        });
        lowPriority.join();
        out->cancelled = stop();
        // The window keeps running: the sweep's freed plans go back to the kernel (main.cpp's policy
        // never trims on its own).
        cli::releaseFreedMemory();
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
    m_selected = m_hovered = std::size_t(-1);
    m_pinned.clear();  // row numbers of another sweep
    m_open->setEnabled(false);
    m_pin->setEnabled(false);
    m_export->setEnabled(true);
    m_selection->setText(tr("Hover a point for its figures; click to select, double-click to open it, right-click to pin it."));
    const auto built = std::count_if(m_rows.begin(), m_rows.end(), [](const cli::SweepRow& r) { return cli::buildable(r); });
    // One line at 1024 pixels: the chart needs the height; what the figures are is in the tooltip.
    const qlonglong unbuilt = qlonglong(m_rows.size()) - built;
    m_status->setText(unbuilt == 0 ? tr("%1 variants planned: all buildable.").arg(m_rows.size())
                                   : tr("%1 variants planned: %2 buildable, %3 not (listed on the right).")
                                         .arg(m_rows.size())
                                         .arg(built)
                                         .arg(unbuilt));
    m_unbuildableTitle->setText(unbuilt == 0 ? tr("Unbuildable variants: none") : tr("Unbuildable variants"));
    m_status->setToolTip(tr("Figures are the compute fabric's (those \"all networks\" the cluster's), as fabricplan-cli sweep writes them."));
    m_unbuildable->clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const cli::SweepRow& r = m_rows[i];
        if (cli::buildable(r)) continue;
        // Every network's errors, as the sweep's status counts them.
        const QString why = r.planned ? tr("%n design-rule error(s)", nullptr, r.total.errors) : q(r.failure);
        auto* item = new QListWidgetItem(variantText(i) + QStringLiteral(": ") + why, m_unbuildable);
        item->setToolTip(item->text());
    }
    refreshPins();
    redraw();
    emit sweepFinished();
}

bool ExplorerView::valuesFolded() const { return m_axesBox && m_axesBox->isHidden(); }

void ExplorerView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateFold();
}

// At 1024 x 700 the value fields, figure pickers, filters and buttons took 230 of the tab's ~590 pixels
// and left the chart 250; folded, the chart gets the fields' 110 more. Before a sweep the fields stay:
// they are what the user fills in first.
void ExplorerView::updateFold()
{
    if (!m_axesBox) return;
    const bool fold = m_foldChoice.value_or(height() < kFoldHeightPx && !m_rows.empty());
    m_axesBox->setHidden(fold);
    m_fold->setChecked(!fold);
    m_fold->setText(fold ? tr("Values ▸") : tr("Values ▾"));
}

void ExplorerView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_filterStatus) redraw();  // the chart's colours come from the palette
}

double ExplorerView::shown(std::size_t row, pareto::Figure f) const
{
    const double v = cli::figureOf(m_rows[row], f);
    return pareto::isMoney(f) ? v / 1e6 : v;  // in millions of dollars: an axis of "64800000" is unreadable
}

pareto::Figure ExplorerView::figureX() const { return pareto::Figure(m_x->currentData().toInt()); }
pareto::Figure ExplorerView::figureY() const { return pareto::Figure(m_y->currentData().toInt()); }

QLineEdit* ExplorerView::filterField(const QString& objectName) const
{
    for (QLineEdit* f : {m_maxCapex, m_maxPower, m_minBusbw})
        if (f && f->objectName() == objectName) return f;
    return nullptr;
}

cli::SweepFilter ExplorerView::filter() const
{
    cli::SweepFilter f;
    bool bad = false;
    if (const auto m = limitOf(m_maxCapex, &bad)) f.maxCapexUsd = *m * 1e6;  // the field is in $ M, as the axis
    f.maxPowerKw = limitOf(m_maxPower, &bad);
    f.minBusbwGBps = limitOf(m_minBusbw, &bad);
    return f;
}

void ExplorerView::redraw()
{
    const auto fx = figureX();
    const auto fy = figureY();
    m_frontRows.clear();
    m_otherRows.clear();
    m_filteredRows.clear();
    m_seriesRows.clear();
    // A filter field that is not a number is red and sets no limit (the others still apply).
    for (QLineEdit* field : {m_maxCapex, m_maxPower, m_minBusbw}) {
        bool bad = false;
        limitOf(field, &bad);
        field->setStyleSheet(bad ? QStringLiteral("border: 2px solid #d62728; border-radius: 3px;") : QString());
    }
    const cli::SweepFilter limits = filter();
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(palette().base());
    chart->setTitleBrush(palette().text());
    chart->legend()->setLabelColor(palette().color(QPalette::Text));
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (!m_rows.empty()) {
        // The front of the two figures drawn, by the sweep's rule (cli::markParetoFront, as --pareto),
        // over the variants that pass the filters: the others are weighed as if they were not swept.
        const std::vector<bool> passing = limits.passing(m_rows);
        std::vector<cli::SweepRow> marked = m_rows;
        cli::markParetoFront(marked, fx == fy ? std::vector{fx} : std::vector{fx, fy}, passing);
        for (std::size_t i = 0; i < marked.size(); ++i) {
            if (!cli::buildable(marked[i])) continue;
            if (!passing[i]) m_filteredRows.push_back(i);
            else (marked[i].onFront ? m_frontRows : m_otherRows).push_back(i);
        }
    }
    std::size_t buildableCount = m_frontRows.size() + m_otherRows.size() + m_filteredRows.size();
    if (m_rows.empty()) m_filterStatus->setText(limits.active() ? tr("Filters set: they apply to the next sweep's variants.") : QString());
    else if (limits.active())
        m_filterStatus->setText(tr("Filters on: %1 of %2 buildable variants pass; the front is recomputed over them (others greyed).")
                                    .arg(m_frontRows.size() + m_otherRows.size())
                                    .arg(buildableCount));
    else m_filterStatus->setText(tr("No filters: the Pareto front is over all %1 buildable variants.").arg(buildableCount));

    std::vector<std::size_t> byX = m_frontRows;
    std::sort(byX.begin(), byX.end(), [&](std::size_t a, std::size_t b) { return shown(a, fx) < shown(b, fx); });
    m_frontRows = byX;  // in the front series' points() order
    auto scatter = [&](const QString& name, const std::vector<std::size_t>& rows, qreal size, QColor fill, QColor border) {
        auto* s = new QScatterSeries;
        s->setName(name);
        s->setMarkerSize(size);
        s->setColor(fill);
        s->setBorderColor(border);
        for (std::size_t i : rows) s->append(shown(i, fx), shown(i, fy));
        m_seriesRows.emplace_back(s, rows);
        return s;
    };
    const QColor grey(0x9a, 0xa5, 0xb1);
    QColor faint = palette().color(QPalette::Mid);
    auto* outside = scatter(tr("Outside filters (%1)").arg(m_filteredRows.size()), m_filteredRows, 7, Qt::transparent, faint);
    auto* others = scatter(tr("Other variants (%1)").arg(m_otherRows.size()), m_otherRows, 8, grey, grey);
    auto* front = scatter(tr("Pareto front (%1)").arg(m_frontRows.size()), m_frontRows, 12, QColor(0xd6, 0x27, 0x28), QColor(0x7f, 0x10, 0x10));
    std::vector<std::size_t> pinnedBuilt;
    for (std::size_t i : m_pinned)
        if (cli::buildable(m_rows[i])) pinnedBuilt.push_back(i);
    auto* pins = scatter(tr("Pinned (%1)").arg(m_pinned.size()), pinnedBuilt, 18, Qt::transparent, QColor(0x1f, 0x77, 0xb4));
    pins->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 2.5));
    auto* line = new QLineSeries;
    line->setColor(QColor(0xd6, 0x27, 0x28));
    for (std::size_t i : byX) line->append(shown(i, fx), shown(i, fy));
    chart->addSeries(outside);
    chart->addSeries(line);
    chart->addSeries(others);
    chart->addSeries(front);
    chart->addSeries(pins);
    chart->legend()->markers(line).first()->setVisible(false);
    if (m_filteredRows.empty()) chart->legend()->markers(outside).first()->setVisible(false);
    if (pinnedBuilt.empty()) chart->legend()->markers(pins).first()->setVisible(false);
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setTitleText(figureLabel(fx));
    y->setTitleText(figureLabel(fy));
    for (QValueAxis* a : {x, y}) {
        a->setLabelsColor(palette().color(QPalette::Text));
        a->setTitleBrush(palette().text());
        a->setGridLineColor(palette().color(QPalette::Mid));  // not white grid lines on a dark base
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{outside, others, front, pins, line}) {
        s->attachAxis(x);
        s->attachAxis(y);
        for (const QPointF& p : s->points()) {
            lo[0] = std::min(lo[0], p.x()), hi[0] = std::max(hi[0], p.x());
            lo[1] = std::min(lo[1], p.y()), hi[1] = std::max(hi[1], p.y());
        }
    }
    QValueAxis* axesXY[2] = {x, y};
    for (int k = 0; k < 2; ++k) {
        // Never zoomed into differences under 1 % of the figure (figure_axis_range.h).
        const AxisRange r = std::isfinite(lo[k]) ? figureAxisRange(lo[k], hi[k]) : AxisRange{0, 1};
        setRoundTicks(*axesXY[k], r.min, r.max);
    }
    chart->setTitle(m_rows.empty() ? tr("Run a sweep to see its variants") : tr("%1 against %2").arg(figureLabel(fy), figureLabel(fx)));
    for (const auto& [series, rows] : m_seriesRows) {
        auto* s = const_cast<QScatterSeries*>(series);
        connect(s, &QScatterSeries::hovered, this, [this, s](const QPointF& p, bool on) {
            if (!on) {
                QToolTip::hideText();
                m_hovered = std::size_t(-1);  // a right-click off the points offers no variant
                return;
            }
            const std::size_t row = rowAt(s, p);
            m_hovered = row;
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
    for (const auto& [s, rows] : m_seriesRows) {
        if (s != series) continue;
        const QList<QPointF> points = series->points();
        std::size_t best = std::size_t(-1);
        double bestDistance = INFINITY;
        for (qsizetype i = 0; i < points.size() && std::size_t(i) < rows.size(); ++i) {
            const double d = std::hypot(points[i].x() - point.x(), points[i].y() - point.y());
            if (d < bestDistance) bestDistance = d, best = rows[std::size_t(i)];
        }
        return best;
    }
    return std::size_t(-1);
}

void ExplorerView::select(std::size_t row)
{
    if (row >= m_rows.size()) return;
    m_selected = row;
    m_selection->setText(variantText(row) + QStringLiteral("\n") + figuresText(row));
    m_open->setEnabled(true);
    m_pin->setEnabled(std::find(m_pinned.begin(), m_pinned.end(), row) == m_pinned.end());
}

void ExplorerView::showPointMenu(const QPoint& at)
{
    const std::size_t row = m_hovered;
    if (row >= m_rows.size()) return;
    QMenu menu(this);
    const bool isPinned = std::find(m_pinned.begin(), m_pinned.end(), row) != m_pinned.end();
    QAction* pinAction = menu.addAction(isPinned ? tr("Unpin variant %1").arg(row + 1) : tr("Pin variant %1").arg(row + 1));
    QAction* open = menu.addAction(tr("Open variant %1 as new design").arg(row + 1));
    QAction* chosen = menu.exec(m_chart->mapToGlobal(at));
    if (chosen == pinAction) isPinned ? unpin(row) : pin(row);
    else if (chosen == open) emit openVariant(variantSpec(row));
}

void ExplorerView::pin(std::size_t row)
{
    if (row >= m_rows.size() || std::find(m_pinned.begin(), m_pinned.end(), row) != m_pinned.end()) return;
    m_pinned.push_back(row);
    if (row == m_selected) m_pin->setEnabled(false);
    refreshPins();
    redraw();
}

void ExplorerView::unpin(std::size_t row)
{
    const auto it = std::find(m_pinned.begin(), m_pinned.end(), row);
    if (it == m_pinned.end()) return;
    m_pinned.erase(it);
    if (row == m_selected) m_pin->setEnabled(true);
    refreshPins();
    redraw();
}

void ExplorerView::clearPins()
{
    m_pinned.clear();
    if (m_selected < m_rows.size()) m_pin->setEnabled(true);
    refreshPins();
    redraw();
}

void ExplorerView::refreshPins()
{
    m_pinTable->showPins(m_pinned, m_rows, m_variants, cli::sweepKeys(m_variants));
    m_pinsPanel->setVisible(!m_pinned.empty());  // the chart has the room until something is pinned
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
