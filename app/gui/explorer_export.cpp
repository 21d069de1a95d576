// The Explorer's outputs (issue 41): the front as the sweep's CSV, written atomically on a worker, and
// as a table for the PDF report. The CSV is `fabricplan-cli sweep --pareto`'s own writer
// (cli::writeSweepCsv) over the variants that pass the filters.
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QLabel>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <sstream>

#include "common/atomic_file.h"
#include "common/error.h"
#include "common/format.h"
#include "explorer_view.h"

namespace fp::gui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace

std::string ExplorerView::frontCsv() const
{
    const auto fx = figureX();
    const auto fy = figureY();
    const cli::SweepFilter limits = filter();
    const std::vector<bool> passing = limits.passing(m_rows);
    std::vector<cli::SweepRow> marked = m_rows;
    cli::markParetoFront(marked, fx == fy ? std::vector{fx} : std::vector{fx, fy}, passing);
    std::vector<cli::SweepRow> written;
    for (std::size_t i = 0; i < marked.size(); ++i)
        if (passing[i]) written.push_back(marked[i]);
    std::ostringstream out;
    cli::writeSweepCsv(out, written, cli::sweepKeys(m_variants), [this](std::size_t i) -> const cli::Variant& { return m_variants[i]; }, true);
    return out.str();
}

std::shared_ptr<const io::ReportTable> ExplorerView::frontTable() const
{
    if (m_rows.empty()) return nullptr;
    auto table = std::make_shared<io::ReportTable>();
    const auto fx = figureX();
    const auto fy = figureY();
    table->title = tr("Design explorer: Pareto front").toStdString();
    table->notes.push_back(tr("%1 of %2 variants on the front of %3 against %4 (no other variant is at least as good on "
                              "both and better on one). Figures are the compute fabric's (those marked \"all networks\" "
                              "the cluster's), as fabricplan-cli sweep --pareto=%5,%6 writes them; variant numbers "
                              "are the sweep's design numbers.")
                               .arg(m_frontRows.size())
                               .arg(m_rows.size())
                               .arg(figureLabel(fx), figureLabel(fy), QString::fromUtf8(pareto::infoOf(fx).name),
                                    QString::fromUtf8(pareto::infoOf(fy).name))
                               .toStdString());
    const cli::SweepFilter limits = filter();
    if (limits.active()) {
        QStringList set;
        if (limits.maxCapexUsd) set << tr("capex at most %1").arg(q(formatUsdShort(*limits.maxCapexUsd)));
        if (limits.maxPowerKw) set << tr("power at most %1 kW").arg(*limits.maxPowerKw);
        if (limits.minBusbwGBps) set << tr("bus bandwidth at least %1 GB/s").arg(*limits.minBusbwGBps);
        table->notes.push_back(tr("Filters: %1; the front is over the %2 buildable variants that pass them.")
                                   .arg(set.join(QStringLiteral(", ")))
                                   .arg(m_frontRows.size() + m_otherRows.size())
                                   .toStdString());
    }
    if (m_stale) table->notes.push_back(tr("The design has changed since this sweep ran: these are variants of the design as it was.").toStdString());
    const std::vector<std::string> keys = cli::sweepKeys(m_variants);
    table->columns.push_back(tr("Variant").toStdString());
    table->numeric.push_back(true);
    for (const auto& k : keys) {
        table->columns.push_back(k);
        table->numeric.push_back(false);
    }
    // The figures' columns, each titled and printed from one list (pareto::figureText); the cluster's cost
    // beside the compute fabric's when the design has other networks.
    struct FigureColumn {
        const char* title;
        pareto::Figure figure;
    };
    std::vector<FigureColumn> figureColumns = {{"Capex", pareto::Figure::Capex},         {"TCO", pareto::Figure::Tco},
                                               {"Power kW", pareto::Figure::Power},      {"Bus bw GB/s", pareto::Figure::Busbw},
                                               {"Switches", pareto::Figure::Switches},   {"Optics", pareto::Figure::Optics},
                                               {"Stops/day", pareto::Figure::Interruptions}};
    if (std::any_of(m_rows.begin(), m_rows.end(), [](const cli::SweepRow& r) { return r.networks > 1; }))
        figureColumns.insert(figureColumns.end(), {{"Capex, all networks", pareto::Figure::TotalCapex},
                                                   {"Power kW, all networks", pareto::Figure::TotalPower}});
    for (const FigureColumn& c : figureColumns) {
        table->columns.push_back(tr(c.title).toStdString());
        table->numeric.push_back(true);
    }
    std::vector<std::size_t> front = m_frontRows;  // by the across figure, as drawn
    for (std::size_t i : front) {
        const cli::SweepRow& r = m_rows[i];
        std::vector<std::string> cells = {std::to_string(i + 1)};
        for (const auto& k : keys) {
            std::string v;
            for (const auto& [key, value] : m_variants[i])
                if (key == k) v = value;
            cells.push_back(v);
        }
        for (const FigureColumn& c : figureColumns) cells.push_back(pareto::figureText(c.figure, cli::figureOf(r, c.figure)));
        table->rows.push_back(std::move(cells));
    }
    return table;
}

void ExplorerView::exportCsv(const QString& path)
{
    if (m_rows.empty()) {
        emit exportFinished(false, tr("Run a sweep first: there is no front to export."));
        return;
    }
    if (m_exportWatcher.isRunning()) {
        emit exportFinished(false, tr("An export is still being written; wait for it."));
        return;
    }
    m_exportPath = path;
    m_export->setEnabled(false);
    m_status->setText(tr("Writing the front to %1…").arg(QDir::toNativeSeparators(path)));
    // The text is made here (the rows live on this thread); the disk is written on a worker.
    const auto csv = std::make_shared<const std::string>(frontCsv());
    // A line per variant written after the header (cells hold no raw line break: io::spreadsheetCell).
    m_exportSummary = tr("%1 variants (%2 on the front)").arg(std::count(csv->begin(), csv->end(), '\n') - 1).arg(m_frontRows.size());
    const std::string target = path.toStdString();
    m_exportWatcher.setFuture(QtConcurrent::run([csv, target]() -> QString {
        try {
            writeFileAtomically(target, [&](std::ostream& out) { out << *csv; });
            return QString();
        } catch (const UserError& e) {
            return QString::fromStdString(e.oneLine());
        } catch (const std::exception& e) {
            return QString::fromLocal8Bit(e.what());
        }
    }));
}

void ExplorerView::askExportPath()
{
    const QString suggested = QDir(QDir::homePath()).filePath(QStringLiteral("explorer-front.csv"));
    QString path = QFileDialog::getSaveFileName(this, tr("Export the front"), suggested, tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QLatin1String(".csv"))) path += QStringLiteral(".csv");
    auto* once = new QObject(this);
    connect(this, &ExplorerView::exportFinished, once, [this, once](bool ok, const QString& message) {
        if (!ok) QMessageBox::warning(this, tr("Export failed"), message);
        once->deleteLater();
    });
    exportCsv(path);
}

} // namespace fp::gui
