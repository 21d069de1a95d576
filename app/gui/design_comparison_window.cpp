#include "design_comparison_window.h"

#include "fit_columns.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "bom_model.h"  // formatUsd
#include "common/error.h"
#include "design_input.h"
#include "fit_columns.h"
#include "io/design_comparison_export.h"
#include "plan/cluster_plan.h"
#include "spec/spec_json.h"
#include "sweep_plan.h"

namespace fp::gui {

namespace {

const QString kDesignFilter = QObject::tr("FabricPlan designs (*.fabricplan *.json);;All files (*)");

// The differences table's columns.
enum DiffColumn { Design, Network, Category, Part, Change, BaselineQty, Qty, QtyChange, CostChange, DiffColumns };

QString count(double n) { return QLocale(QLocale::English).toString(qlonglong(std::llround(n))); }

QString cellText(const FigureCell& c)
{
    switch (c.kind) {
    case FigureKind::Usd: return formatUsd(c.value);  // whole dollars: a few dollars' change shows
    default: return QString::fromStdString(figureText(c));  // the CLI's `diff` text
    }
}

QString signedUsd(double usd)
{
    if (std::llround(usd) == 0) return formatUsd(0);
    return (usd > 0 ? QStringLiteral("+") : QStringLiteral("−")) + formatUsd(std::abs(usd));
}

QString signedCount(long long n)
{
    if (n == 0) return QStringLiteral("0");
    return (n > 0 ? QStringLiteral("+") : QStringLiteral("−")) + QLocale(QLocale::English).toString(qlonglong(std::llabs(n)));
}

QTableWidgetItem* item(const QString& text, bool number = false)
{
    auto* i = new QTableWidgetItem(text);
    i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number) i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return i;
}

} // namespace

// What the worker hands back: the comparison of the designs it could plan, and why the others failed.
struct DesignComparisonWindow::Outcome {
    DesignComparison comparison;
    QStringList problems;
};

DesignComparisonWindow::DesignComparisonWindow(std::shared_ptr<const Catalog> catalog, QWidget* parent)
    : QWidget(parent, Qt::Window), m_catalog(std::move(catalog))
{
    setWindowTitle(tr("Compare designs — FabricPlan"));
    setObjectName(QStringLiteral("designComparison"));
    auto* add = new QPushButton(tr("Add designs…"));
    add->setObjectName(QStringLiteral("addDesigns"));
    m_export = new QPushButton(tr("Export workbook…"));
    m_export->setObjectName(QStringLiteral("exportComparison"));
    m_export->setEnabled(false);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* bar = new QHBoxLayout;
    bar->addWidget(add);
    bar->addWidget(m_export);
    bar->addWidget(m_status, 1);

    m_figures = new QTableWidget;
    m_figures->setObjectName(QStringLiteral("comparisonFigures"));
    m_figures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_figures->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Three designs at 1024 pixels: the columns drop to their figures' width and the file names in the
    // headers elide (in the middle: names differ at their ends), instead of the last design running off
    // to the right. Figures and part numbers never elide.
    keepColumnsInView(m_figures, {});
    m_figures->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    // Compact rows: the 26 figures fit a 900-pixel window without scrolling.
    m_figures->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_figures->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_differences = new QTableWidget(0, DiffColumns);
    m_differences->setObjectName(QStringLiteral("comparisonDifferences"));
    m_differences->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_differences->setHorizontalHeaderLabels({tr("Design"), tr("Network"), tr("Category"), tr("Part"), tr("Change"),
                                              tr("Baseline qty"), tr("Qty"), tr("Qty change"), tr("Cost change")});
    m_differences->verticalHeader()->setVisible(false);
    m_differences->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_differences->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_differences->setSortingEnabled(false);
    m_differences->horizontalHeader()->setStretchLastSection(false);
    m_differences->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    m_differences->setWordWrap(false);
    m_differences->setTextElideMode(Qt::ElideMiddle);

    auto* differencesBox = new QWidget;
    auto* differencesLayout = new QVBoxLayout(differencesBox);
    differencesLayout->setContentsMargins(0, 0, 0, 0);
    auto* differencesTitle = new QLabel(tr("<b>BOM differences</b> from the baseline (the first design): parts "
                                           "added, removed, with another quantity or another price"));
    differencesTitle->setWordWrap(true);
    differencesLayout->addWidget(differencesTitle);
    differencesLayout->addWidget(m_differences);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_figures);
    split->addWidget(differencesBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({560, 300});
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    resize(1200, 800);

    connect(add, &QPushButton::clicked, this, &DesignComparisonWindow::chooseFiles);
    connect(m_export, &QPushButton::clicked, this, &DesignComparisonWindow::chooseExport);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &DesignComparisonWindow::onPlanned);
}

DesignComparisonWindow::~DesignComparisonWindow()
{
    // A worker owns copies of what it reads: waiting keeps it from outliving the window's process state.
    m_watcher.waitForFinished();
}

bool DesignComparisonWindow::isPlanning() const { return m_planning; }

QString DesignComparisonWindow::statusText() const { return m_status->text(); }

void DesignComparisonWindow::setDesigns(std::vector<DesignToCompare> designs)
{
    m_designs = std::move(designs);
    plan();
}

void DesignComparisonWindow::addFiles(const QStringList& paths)
{
    for (const QString& p : paths) m_designs.push_back({QFileInfo(p).fileName(), p, std::nullopt});
    plan();
}

void DesignComparisonWindow::plan()
{
    if (m_watcher.isRunning()) {
        m_pending = true;
        return;
    }
    m_pending = false;
    if (!m_catalog) {
        m_status->setText(tr("No parts catalog is loaded: nothing can be planned."));
        return;
    }
    m_planning = true;
    m_export->setEnabled(false);
    m_status->setText(tr("Planning %n design(s)…", nullptr, int(m_designs.size())));
    auto catalog = m_catalog;
    auto designs = m_designs;
    m_watcher.setFuture(QtConcurrent::run([catalog, designs]() {
        auto out = std::make_shared<Outcome>();
        std::vector<std::string> names;
        std::vector<ClusterPlan> plans;
        plans.reserve(designs.size());
        for (const DesignToCompare& d : designs) {
            try {
                // As `fabricplan-cli plan FILE` plans it (cli/diff_command.cpp does the same).
                const ClusterSpec loaded = d.spec ? *d.spec : loadSpecFile(d.path.toStdString()).spec;
                const cli::PlanRequest request = cli::planRequest(loaded, cli::designFileKeys(), *catalog);
                plans.push_back(makeClusterPlan(makePlan(request.spec, *catalog, request.options), *catalog, request.options));
                names.push_back(d.name.toStdString());
            } catch (const UserError& e) {
                out->problems << d.name + QStringLiteral(": ") + QString::fromStdString(e.oneLine());
            } catch (const cli::UsageError& e) {
                out->problems << d.name + QStringLiteral(": ") + QString::fromStdString(e.message);
            } catch (const std::bad_alloc&) {
                out->problems << d.name + QObject::tr(": out of memory planning it");
            }
        }
        std::vector<const ClusterPlan*> pointers;
        for (const ClusterPlan& p : plans) pointers.push_back(&p);
        if (!pointers.empty()) out->comparison = compareDesigns(names, pointers);
        return out;
    }));
}

void DesignComparisonWindow::onPlanned()
{
    std::shared_ptr<Outcome> out = m_watcher.result();
    if (m_pending) {
        plan();
        return;
    }
    m_planning = false;
    m_comparison = std::move(out->comparison);
    m_problems = out->problems;
    fill();
    emit comparisonReady();
}

void DesignComparisonWindow::fill()
{
    const DesignComparison& c = m_comparison;
    const int designs = int(c.names.size());
    m_figures->clear();
    m_figures->setColumnCount(designs);
    QStringList headers;
    for (int i = 0; i < designs; ++i)
        headers << QString::fromStdString(c.names[std::size_t(i)]) + (i == 0 ? tr(" (baseline)") : QString());
    m_figures->setHorizontalHeaderLabels(headers);
    std::vector<std::vector<FigureCell>> cells;
    for (const DesignFigures& f : c.figures) cells.push_back(figureCells(f));
    const int figureRows = cells.empty() ? 0 : int(cells.front().size());
    m_figures->setRowCount(designs ? figureRows + 2 : 0);
    QStringList rowLabels;
    for (int r = 0; r < figureRows; ++r) {
        rowLabels << QString::fromStdString(cells.front()[std::size_t(r)].label);
        for (int i = 0; i < designs; ++i) {
            const FigureCell& cell = cells[std::size_t(i)][std::size_t(r)];
            auto* it = item(cellText(cell), cell.kind != FigureKind::Text);
            if (cell.kind != FigureKind::Text) it->setData(Qt::UserRole, cell.value);
            // A figure that differs from the baseline's stands out.
            if (i > 0 && cellText(cell) != cellText(cells.front()[std::size_t(r)])) {
                QFont bold = it->font();
                bold.setBold(true);
                it->setFont(bold);
            }
            m_figures->setItem(r, i, it);
        }
    }
    if (designs) {
        rowLabels << tr("BOM total, all networks") << tr("BOM change against the baseline");
        for (int i = 0; i < designs; ++i) {
            double delta = 0;
            for (const BomDifference& d : c.differences[std::size_t(i)]) delta += d.deltaUsd();
            auto* total = item(formatUsd(c.bomTotalsUsd[std::size_t(i)]), true);
            total->setData(Qt::UserRole, c.bomTotalsUsd[std::size_t(i)]);
            m_figures->setItem(figureRows, i, total);
            auto* change = item(i == 0 ? QStringLiteral("—") : signedUsd(delta), true);
            change->setData(Qt::UserRole, delta);
            m_figures->setItem(figureRows + 1, i, change);
        }
    }
    m_figures->setVerticalHeaderLabels(rowLabels);
    refitColumns(m_figures);

    int rows = 0;
    for (const auto& d : c.differences) rows += int(d.size());
    m_differences->setRowCount(rows);
    int row = 0;
    for (std::size_t i = 1; i < c.differences.size(); ++i)
        for (const BomDifference& d : c.differences[i]) {
            m_differences->setItem(row, Design, item(QString::fromStdString(c.names[i])));
            m_differences->setItem(row, Network, item(QString::fromStdString(d.network)));
            m_differences->setItem(row, Category, item(QString::fromUtf8(displayName(d.category))));
            auto* part = item(QString::fromStdString(d.part));
            part->setToolTip(QString::fromStdString(d.description));
            m_differences->setItem(row, Part, part);
            m_differences->setItem(row, Change, item(QString::fromUtf8(toString(d.change))));
            m_differences->setItem(row, BaselineQty, item(count(double(d.baselineQty)), true));
            m_differences->setItem(row, Qty, item(count(double(d.otherQty)), true));
            m_differences->setItem(row, QtyChange, item(signedCount(d.qtyDelta()), true));
            auto* cost = item(signedUsd(d.deltaUsd()), true);
            cost->setData(Qt::UserRole, d.deltaUsd());
            m_differences->setItem(row, CostChange, cost);
            ++row;
        }
    m_differences->resizeColumnsToContents();
    m_differences->setColumnWidth(Design, std::min(m_differences->columnWidth(Design), 220));
    m_differences->setColumnWidth(Part, std::min(m_differences->columnWidth(Part), 200));

    QString status;
    if (designs == 0) status = tr("No design to compare: add two or more design files.");
    else if (designs == 1) status = tr("Add another design to compare with %1.").arg(headers.front());
    else {
        // The answer first, where it needs no scrolling: what each design changes the BOM by.
        QStringList changes;
        for (int i = 1; i < designs; ++i) {
            double delta = 0;
            for (const BomDifference& d : c.differences[std::size_t(i)]) delta += d.deltaUsd();
            changes << tr("%1 %2").arg(QString::fromStdString(c.names[std::size_t(i)]), signedUsd(delta));
        }
        status = tr("BOM against %1: %2 (%n line(s) differ).", nullptr, rows)
                     .arg(QString::fromStdString(c.names.front()), changes.join(QStringLiteral(", ")));
    }
    if (!m_problems.isEmpty())
        status += QStringLiteral(" ") + tr("Not compared: %1").arg(m_problems.join(QStringLiteral("; ")));
    m_status->setText(status);
    m_export->setEnabled(designs >= 1);
}

void DesignComparisonWindow::chooseFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Add designs to compare"), QString(), kDesignFilter);
    if (!paths.isEmpty()) addFiles(paths);
}

void DesignComparisonWindow::chooseExport()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export the comparison"), QStringLiteral("comparison.xlsx"),
                                                tr("Excel workbook (*.xlsx)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".xlsx"), Qt::CaseInsensitive)) path += QStringLiteral(".xlsx");
    exportWorkbook(path);
}

QString DesignComparisonWindow::exportWorkbook(const QString& path)
{
    // A few hundred rows at most: milliseconds, so written here rather than on a worker.
    if (m_comparison.names.empty()) {
        const QString why = tr("there is no planned design to export");
        m_status->setText(tr("Not exported: %1").arg(why));
        return why;
    }
    try {
        io::writeDesignComparisonXlsx(m_comparison, path.toStdString());
    } catch (const UserError& e) {
        const QString why = QString::fromStdString(e.oneLine());
        m_status->setText(tr("Not exported: %1").arg(why));
        return why;
    }
    m_status->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
    return {};
}

} // namespace fp::gui
