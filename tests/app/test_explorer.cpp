// The Explorer tab (issue 41): a small sweep run in the window draws as its front exactly core's Pareto
// front of its rows, lists the unbuildable variants apart, and every figure equals what `fabricplan-cli
// sweep` writes for the same variants (read from its JSON lines); a variant opens as a new design that
// plans to the row's figures; cancel keeps the last results. Filters recompute the front over the variants
// that pass them; pinned variants show side by side and stay pinned and sorted; the front exports as the
// CLI's CSV; an axis never zooms into differences under 1 % of its figure; every axis of the sweep's
// list has its field and is a key the CLI takes.
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QValueAxis>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <set>

#include "common/format.h"
#include "gui/explorer_view.h"
#include "gui/figure_axis_range.h"
#include "gui/pinned_variants_table.h"
#include "gui/screenshot.h"
#include "gui_test_support.h"
#include "plan/pareto.h"
#include "report/report_exporters.h"
#include "sweep_axes.h"
#include "sweep_input.h"

using namespace fp;
using namespace fp::gui;
using nlohmann::json;

namespace {

const QString kDesign = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan");

bool waitForSweep(ExplorerView& view, int timeoutMs = 120'000)
{
    QElapsedTimer t;
    t.start();
    while (view.isRunning()) {
        if (t.elapsed() > timeoutMs) return false;
        QTest::qWait(10);
    }
    QCoreApplication::processEvents();
    return true;
}

QByteArray cliSweepCsv(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(FABRICPLAN_CLI), QStringList{QStringLiteral("sweep"), kDesign, QStringLiteral("--catalog"),
                                                         QStringLiteral(FABRICPLAN_TEST_CATALOG)} + args +
                                                QStringList{QStringLiteral("--csv"), QStringLiteral("-")});
    if (!p.waitForFinished(120'000)) return {};
    return p.readAllStandardOutput();
}

// Rows of a sweep CSV whose cells hold no comma: the design number (first cell) and the last cell.
std::vector<std::pair<int, QByteArray>> designAndLastCell(const QByteArray& csv)
{
    std::vector<std::pair<int, QByteArray>> out;
    const QList<QByteArray> lines = csv.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i)
        if (!lines[i].isEmpty()) out.emplace_back(lines[i].left(lines[i].indexOf(',')).toInt(), lines[i].mid(lines[i].lastIndexOf(',') + 1));
    return out;
}

std::vector<std::size_t> sorted(std::vector<std::size_t> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

QValueAxis* axisOf(QChart* chart, Qt::Orientation o) { return qobject_cast<QValueAxis*>(chart->axes(o).value(0)); }

std::vector<json> cliSweep(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(FABRICPLAN_CLI), QStringList{QStringLiteral("sweep"), kDesign, QStringLiteral("--catalog"),
                                                         QStringLiteral(FABRICPLAN_TEST_CATALOG)} + args +
                                                QStringList{QStringLiteral("--jsonl"), QStringLiteral("-")});
    if (!p.waitForFinished(120'000)) return {};
    std::vector<json> rows;
    for (const QByteArray& line : p.readAllStandardOutput().split('\n'))
        if (!line.trimmed().isEmpty()) rows.push_back(json::parse(line.toStdString()));
    return rows;
}

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT
    MainWindow* m_window = nullptr;
    ExplorerView* m_view = nullptr;

    void setValues(const QString& switches, const QString& ratios)
    {
        m_view->fillFromDesign();
        m_view->valuesField(QStringLiteral("switch"))->setText(switches);
        m_view->valuesField(QStringLiteral("oversubscription"))->setText(ratios);
    }

private slots:
    void initTestCase()
    {
        m_window = test::openTestWindow();
        QVERIFY(m_window->openFile(kDesign));
        QVERIFY(test::settle(*m_window->document()));
        QVERIFY(m_window->showTab(QStringLiteral("explorer")));
        m_view = m_window->explorerView();
        QVERIFY(m_view);
    }
    void cleanupTestCase() { delete m_window; }

    // 3 switches x 3 ratios: the HDR switch cannot carry the design's 400G NICs, so its three variants
    // are unbuildable and listed apart; the front is core's, and every figure is the CLI's.
    void smallSweepDrawsCoresFrontWithTheCliFigures()
    {
        setValues(QStringLiteral("MQM9700-NS2F,MQM9790-NS2F,MQM8700-HS2F"), QStringLiteral("1:1,2:1,4:1"));
        QSignalSpy finished(m_view, &ExplorerView::sweepFinished);
        // The UI thread keeps turning while the variants plan: the longest gap between timer ticks.
        QElapsedTimer gap;
        qint64 longest = 0;
        QTimer tick;
        tick.setInterval(5);
        connect(&tick, &QTimer::timeout, this, [&] {
            longest = std::max(longest, gap.restart());
        });
        gap.start();
        tick.start();
        m_view->run();
        QVERIFY(m_view->isRunning() || finished.count() == 1);
        QVERIFY(waitForSweep(*m_view));
        tick.stop();
        QCOMPARE(finished.count(), 1);
        qInfo("longest UI-thread gap during the sweep: %lld ms", longest);

        const auto& rows = m_view->rows();
        QCOMPARE(rows.size(), std::size_t(9));
        // The drawn front against core's front of the rows' figures (capex down, bus bandwidth up).
        std::vector<std::vector<double>> figures;
        std::vector<bool> buildable;
        for (const auto& r : rows) {
            figures.push_back({r.capexUsd, r.allreduceBusbwGBps});
            buildable.push_back(r.planned && r.errors == 0);
        }
        const auto front = pareto::front(figures, {pareto::Goal::Minimise, pareto::Goal::Maximise}, buildable);
        std::vector<std::size_t> drawn = m_view->drawnFront();
        std::sort(drawn.begin(), drawn.end());
        QCOMPARE(drawn, front);
        QVERIFY(!front.empty());
        // Every buildable row is drawn once; the others are listed, never drawn.
        std::set<std::size_t> plotted(drawn.begin(), drawn.end());
        plotted.insert(m_view->drawnOthers().begin(), m_view->drawnOthers().end());
        QCOMPARE(plotted.size(), std::size_t(std::count(buildable.begin(), buildable.end(), true)));
        QCOMPARE(m_view->unbuildableList()->count(), int(std::count(buildable.begin(), buildable.end(), false)));
        QCOMPARE(m_view->unbuildableList()->count(), 3);
        QCOMPARE(m_view->unbuildableTitle()->text(), QStringLiteral("Unbuildable variants"));
        QVERIFY(m_view->sweepStatus()->text().contains(QStringLiteral(", 3 not (listed on the right)")));
        QVERIFY(m_view->unbuildableList()->item(0)->text().contains(QStringLiteral("MQM8700-HS2F")));

        // The same variants through the CLI: the same order, keys and figures, and the same front.
        const auto cli = cliSweep({QStringLiteral("--vary"), QStringLiteral("switch=MQM9700-NS2F,MQM9790-NS2F,MQM8700-HS2F"),
                                   QStringLiteral("--vary"), QStringLiteral("oversubscription=1:1,2:1,4:1"), QStringLiteral("--pareto")});
        QCOMPARE(cli.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const json& c = cli[i];
            const auto& r = rows[i];
            json vary = json::object();
            for (const auto& [k, v] : m_view->variants()[i]) vary[k] = v;
            QCOMPARE(QString::fromStdString(vary.dump()), QString::fromStdString(c["vary"].dump()));
            QCOMPARE(c["status"].get<std::string>() == "failed", !r.planned);
            if (!r.planned) {
                QCOMPARE(QString::fromStdString(r.failure), QString::fromStdString(c["message"].get<std::string>()));
                continue;
            }
            QCOMPARE(r.capexUsd, c["capex_usd"].get<double>());
            QCOMPARE(r.tcoUsd, c["tco_usd"].get<double>());
            QCOMPARE(r.powerKw, c["power_kw"].get<double>());
            QCOMPARE(r.allreduceBusbwGBps, c["allreduce_busbw_GBps"].get<double>());
            QCOMPARE(r.jobInterruptionsPerDay, c["job_interruptions_per_day"].get<double>());
            QCOMPARE(r.switches, c["switches"].get<long long>());
            QCOMPARE(r.transceivers, c["transceivers"].get<long long>());
            QCOMPARE(r.errors, c["errors"].get<int>());
            QCOMPARE(QString::fromStdString(r.switchModel), QString::fromStdString(c["switch"].get<std::string>()));
            QCOMPARE(c["pareto"].get<bool>(), std::binary_search(front.begin(), front.end(), i));
        }
    }

    // Another pair of figures redraws without planning again: the front of those two.
    void otherFiguresRedrawTheirFront()
    {
        QVERIFY(!m_view->rows().empty());
        QSignalSpy finished(m_view, &ExplorerView::sweepFinished);
        m_view->yFigure()->setCurrentIndex(m_view->yFigure()->findData(int(pareto::Figure::Power)));
        QCOMPARE(finished.count(), 0);
        std::vector<std::vector<double>> figures;
        std::vector<bool> buildable;
        for (const auto& r : m_view->rows()) {
            figures.push_back({r.capexUsd, r.powerKw});
            buildable.push_back(r.planned && r.errors == 0);
        }
        std::vector<std::size_t> drawn = m_view->drawnFront();
        std::sort(drawn.begin(), drawn.end());
        QCOMPARE(drawn, pareto::front(figures, {pareto::Goal::Minimise, pareto::Goal::Minimise}, buildable));
        m_view->yFigure()->setCurrentIndex(m_view->yFigure()->findData(int(pareto::Figure::Busbw)));
    }

    // "Open as new design": an untitled design that plans to the variant's figures.
    void variantOpensAsANewDesignWithItsFigures()
    {
        QVERIFY(!m_view->drawnFront().empty());
        const std::size_t row = m_view->drawnFront().front();
        const auto expected = m_view->rows()[row];
        QSignalSpy asked(m_view, &ExplorerView::openVariant);
        emit m_view->openVariant(m_view->variantSpec(row));
        QCOMPARE(asked.count(), 1);
        QVERIFY(test::settle(*m_window->document()));
        QVERIFY(m_window->document()->fileName().isEmpty());
        const auto plan = m_window->document()->computePlan();
        QVERIFY(plan);
        QCOMPARE(plan->estimates.capex.totalUsd, expected.capexUsd);
        QCOMPARE(plan->estimates.performance.allreduceBusbwGBps, expected.allreduceBusbwGBps);
        QCOMPARE(QString::fromStdString(plan->hardware.switchesText(plan->fabric.shape.tiers)), QString::fromStdString(expected.switchModel));
        // The results of the sweep stay to open another variant.
        QCOMPARE(m_view->rows().size(), std::size_t(9));
    }

    // Every Pareto figure is the value the CSV writes in the column it names (pareto::FigureInfo::column):
    // on a row whose figures all differ, each figure read back from its CSV cell is figureOf's, money to the cent.
    void everyParetoFigureIsItsCsvColumn()
    {
        cli::SweepRow r;
        r.planned = true;
        r.capexUsd = 1234567.891;
        r.tcoUsd = 2345678.912;
        r.powerKw = 34.5;
        r.allreduceBusbwGBps = 373.015;
        r.jobInterruptionsPerDay = 0.0123;
        r.switches = 48;
        r.transceivers = 2048;
        r.total.capexUsd = 5432109.876;
        r.total.powerW = 138900;
        const QStringList header = QString::fromStdString(cli::sweepCsvHeader({})).trimmed().split(u',');
        const QStringList cells = QString::fromStdString(cli::sweepCsvLine(r, {}, {})).trimmed().split(u',');
        QCOMPARE(cells.size(), header.size());
        std::set<double> seen;
        for (const pareto::FigureInfo& f : pareto::figures()) {
            const qsizetype at = header.indexOf(QString::fromLatin1(f.column));
            QVERIFY2(at >= 0, f.column);
            const double written = cells[at].toDouble(), figure = cli::figureOf(r, f.figure);
            QVERIFY2(std::abs(written - figure) <= (pareto::isMoney(f.figure) ? 0.005 : 0.0), f.name);
            seen.insert(figure);
        }
        QCOMPARE(seen.size(), pareto::figures().size());  // no two figures read one field
    }

    // The filter's rule by hand: limits are inclusive, a row not planned passes no limit; a row left out
    // is weighed as if it were not swept, so a row it alone beat comes onto the front (not merely the
    // front without it).
    void filteredRowsLeaveTheFrontAsIfNotSwept()
    {
        auto row = [](double capexUsd, double busbw, double powerKw) {
            cli::SweepRow r;
            r.planned = true;
            r.capexUsd = capexUsd;
            r.allreduceBusbwGBps = busbw;
            r.powerKw = powerKw;
            return r;
        };
        // A beats B (cheaper, as fast) but draws more power; C is dearer and faster than both.
        std::vector<cli::SweepRow> rows = {row(1e6, 10, 90), row(2e6, 10, 50), row(3e6, 20, 60), cli::SweepRow{}};
        cli::SweepFilter none;
        QVERIFY(none.passes(rows[3]));  // no limit: nothing to fail
        cli::markParetoFront(rows, {pareto::Figure::Capex, pareto::Figure::Busbw}, none.passing(rows));
        QCOMPARE((std::vector<bool>{rows[0].onFront, rows[1].onFront, rows[2].onFront, rows[3].onFront}),
                 (std::vector<bool>{true, false, true, false}));
        cli::SweepFilter power;
        power.maxPowerKw = 60;  // A out; B (50) and C (60, at the limit) in
        QCOMPARE(power.passing(rows), (std::vector<bool>{false, true, true, false}));
        cli::markParetoFront(rows, {pareto::Figure::Capex, pareto::Figure::Busbw}, power.passing(rows));
        QCOMPARE((std::vector<bool>{rows[0].onFront, rows[1].onFront, rows[2].onFront, rows[3].onFront}),
                 (std::vector<bool>{false, true, true, false}));
        cli::SweepFilter budget;
        budget.maxCapexUsd = 2e6;
        budget.minBusbwGBps = 10;
        QCOMPARE(budget.passing(rows), (std::vector<bool>{true, true, false, false}));
    }

    // Filters: a budget and a bus-bandwidth floor leave variants out, greyed; the front drawn is core's
    // front over the variants that pass, worked out here from the rows' figures.
    void filtersRecomputeTheFrontOverThePassingVariants()
    {
        const auto& rows = m_view->rows();
        QCOMPARE(rows.size(), std::size_t(9));
        std::vector<double> capex;
        for (const auto& r : rows)
            if (r.planned && r.errors == 0) capex.push_back(r.capexUsd);
        std::sort(capex.begin(), capex.end());
        QVERIFY(capex.size() >= 4);
        // A budget below the dearest buildable row, and a busbw floor above the slowest.
        const QString budget = QString::number(capex[capex.size() - 2] / 1e6, 'f', 6);
        double slowest = INFINITY;
        for (const auto& r : rows)
            if (r.planned && r.errors == 0) slowest = std::min(slowest, r.allreduceBusbwGBps);
        const QString floor = QString::number(slowest + 0.001, 'f', 3);
        m_view->filterField(QStringLiteral("explore-max-capex"))->setText(budget);
        m_view->filterField(QStringLiteral("explore-min-busbw"))->setText(floor);
        const double budgetUsd = budget.toDouble() * 1e6, floorGBps = floor.toDouble();
        std::vector<std::vector<double>> figures;
        std::vector<bool> weighed;
        std::vector<std::size_t> outside;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto& r = rows[i];
            figures.push_back({r.capexUsd, r.allreduceBusbwGBps});
            const bool built = r.planned && r.errors == 0;
            const bool passes = r.planned && r.capexUsd <= budgetUsd && r.allreduceBusbwGBps >= floorGBps;
            weighed.push_back(built && passes);
            if (built && !passes) outside.push_back(i);
        }
        QVERIFY(!outside.empty());
        const auto front = pareto::front(figures, {pareto::Goal::Minimise, pareto::Goal::Maximise}, weighed);
        QVERIFY(!front.empty());
        QCOMPARE(sorted(m_view->drawnFront()), front);
        QCOMPARE(sorted(m_view->drawnFilteredOut()), outside);
        for (std::size_t i : m_view->drawnOthers()) QVERIFY(weighed[i]);
        QVERIFY(m_view->filterStatus()->text().contains(QStringLiteral("recomputed")));
        QVERIFY(m_view->filterStatus()->text().contains(
            QStringLiteral("%1 of %2").arg(std::count(weighed.begin(), weighed.end(), true)).arg(capex.size())));
        // Greyed, not hidden: the series "Outside filters" holds them.
        bool greyed = false;
        for (QAbstractSeries* s : m_view->chartView()->chart()->series())
            if (s->name().startsWith(QStringLiteral("Outside filters")))
                greyed = qobject_cast<QScatterSeries*>(s)->count() == int(outside.size());
        QVERIFY(greyed);
        // A limit that is not a number is red and sets no limit; the other still applies.
        m_view->filterField(QStringLiteral("explore-min-busbw"))->setText(QStringLiteral("fast"));
        QVERIFY(!m_view->filterField(QStringLiteral("explore-min-busbw"))->styleSheet().isEmpty());
        QVERIFY(!m_view->filter().minBusbwGBps);
        QCOMPARE(*m_view->filter().maxCapexUsd, budgetUsd);
        m_view->filterField(QStringLiteral("explore-min-busbw"))->clear();
        m_view->filterField(QStringLiteral("explore-max-capex"))->clear();
        QVERIFY(!m_view->filter().active());
        QVERIFY(m_view->drawnFilteredOut().empty());
    }

    // Pins: every figure column side by side; sorting by a figure sorts by its value and is kept when a
    // variant is pinned or unpinned and when the chart shows other figures.
    void pinnedVariantsSitSideBySideAndKeepTheirSort()
    {
        const auto& rows = m_view->rows();
        std::vector<std::size_t> built;
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].planned && rows[i].errors == 0) built.push_back(i);
        QVERIFY(built.size() >= 4);
        PinnedVariantsTable* table = m_view->pinTable();
        for (std::size_t k = 0; k < 3; ++k) m_view->pin(built[k]);
        m_view->pin(built[0]);  // twice is once
        QCOMPARE(m_view->pinned().size(), std::size_t(3));
        QCOMPARE(table->rowCount(), 3);
        // Every figure the CLI writes, and the varied keys.
        for (const QString& title : {QStringLiteral("switch"), QStringLiteral("oversubscription"), QStringLiteral("Fabric"),
                                     QStringLiteral("Switch"), QStringLiteral("NIC"), QStringLiteral("GPUs"),
                                     QStringLiteral("Link Gb/s"), QStringLiteral("Tiers"), QStringLiteral("Switches"),
                                     QStringLiteral("Links"), QStringLiteral("Capex"), QStringLiteral("Capex/GPU"),
                                     QStringLiteral("Power kW"), QStringLiteral("TCO"), QStringLiteral("Max latency ns"),
                                     QStringLiteral("Bus bw GB/s"), QStringLiteral("Errors"), QStringLiteral("Warnings"),
                                     QStringLiteral("Transceivers"), QStringLiteral("Interruptions/day"),
                                     QStringLiteral("Networks"), QStringLiteral("All: switches"), QStringLiteral("All: transceivers"),
                                     QStringLiteral("All: cables"), QStringLiteral("All: capex"), QStringLiteral("All: power kW"),
                                     QStringLiteral("All: max kW"), QStringLiteral("All: errors"), QStringLiteral("All: warnings")})
            QVERIFY2(table->columnTitled(title) >= 0, qPrintable(title));
        const int capexColumn = table->columnTitled(QStringLiteral("Capex"));
        const int switchKey = table->columnTitled(QStringLiteral("switch"));
        const int linksColumn = table->columnTitled(QStringLiteral("Links"));
        const int totalCapexColumn = table->columnTitled(QStringLiteral("All: capex"));
        auto checkLines = [&] {
            for (int line = 0; line < table->rowCount(); ++line) {
                const std::size_t row = table->variantAt(line);
                QVERIFY(row < rows.size());
                QCOMPARE(table->item(line, capexColumn)->data(Qt::UserRole + 1).toDouble(), rows[row].capexUsd);
                QCOMPARE(table->item(line, linksColumn)->data(Qt::UserRole + 1).toDouble(), double(rows[row].links));
                QCOMPARE(table->item(line, totalCapexColumn)->data(Qt::UserRole + 1).toDouble(), rows[row].total.capexUsd);
                QVERIFY(rows[row].total.capexUsd >= rows[row].capexUsd);
                QCOMPARE(table->item(line, switchKey)->text(), QString::fromStdString(m_view->variants()[row][0].second));
            }
        };
        auto capexOrder = [&] {
            std::vector<double> v;
            for (int line = 0; line < table->rowCount(); ++line) v.push_back(rows[table->variantAt(line)].capexUsd);
            return v;
        };
        checkLines();
        table->sortByColumn(capexColumn, Qt::DescendingOrder);
        auto order = capexOrder();
        QVERIFY(std::is_sorted(order.rbegin(), order.rend()));
        checkLines();
        m_view->pin(built[3]);
        QCOMPARE(table->rowCount(), 4);
        order = capexOrder();
        QVERIFY(std::is_sorted(order.rbegin(), order.rend()));
        checkLines();
        m_view->unpin(built[1]);
        QCOMPARE(table->rowCount(), 3);
        for (int line = 0; line < 3; ++line) QVERIFY(table->variantAt(line) != built[1]);
        // Other figures on the chart: the same pins, still sorted.
        m_view->xFigure()->setCurrentIndex(m_view->xFigure()->findData(int(pareto::Figure::Tco)));
        QCOMPARE(m_view->pinned(), (std::vector<std::size_t>{built[0], built[2], built[3]}));
        order = capexOrder();
        QVERIFY(std::is_sorted(order.rbegin(), order.rend()));
        bool ringed = false;
        for (QAbstractSeries* s : m_view->chartView()->chart()->series())
            if (s->name().startsWith(QStringLiteral("Pinned"))) ringed = qobject_cast<QScatterSeries*>(s)->count() == 3;
        QVERIFY(ringed);
        m_view->xFigure()->setCurrentIndex(m_view->xFigure()->findData(int(pareto::Figure::Capex)));
        m_view->clearPins();
        QCOMPARE(table->rowCount(), 0);
    }

    // Export: with no filter, the CLI's own CSV for the same variants, byte for byte; with a filter, the
    // passing variants only, marked with the front worked out here; a folder nobody can write to: an
    // error naming the file, nothing written.
    void exportWritesTheCliCsvOfTheFront()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("front.csv"));
        QSignalSpy done(m_view, &ExplorerView::exportFinished);
        m_view->exportCsv(path);
        QVERIFY(done.wait(30'000) || done.count() == 1);
        QCOMPARE(done.last().at(0).toBool(), true);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        file.close();
        const QByteArray cli = cliSweepCsv({QStringLiteral("--vary"), QStringLiteral("switch=MQM9700-NS2F,MQM9790-NS2F,MQM8700-HS2F"),
                                            QStringLiteral("--vary"), QStringLiteral("oversubscription=1:1,2:1,4:1"),
                                            QStringLiteral("--pareto=capex,busbw")});
        QVERIFY(!cli.isEmpty());
        QCOMPARE(written, cli);

        // A budget: the passing variants, and the front over them.
        const auto& rows = m_view->rows();
        std::vector<double> capex;
        for (const auto& r : rows)
            if (r.planned && r.errors == 0) capex.push_back(r.capexUsd);
        std::sort(capex.begin(), capex.end());
        const QString budget = QString::number(capex[capex.size() / 2] / 1e6, 'f', 6);
        m_view->filterField(QStringLiteral("explore-max-capex"))->setText(budget);
        std::vector<std::vector<double>> figures;
        std::vector<bool> weighed;
        std::vector<int> passing;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const bool passes = rows[i].planned && rows[i].capexUsd <= budget.toDouble() * 1e6;
            figures.push_back({rows[i].capexUsd, rows[i].allreduceBusbwGBps});
            weighed.push_back(passes && rows[i].errors == 0);
            if (passes) passing.push_back(int(i) + 1);
        }
        const auto front = pareto::front(figures, {pareto::Goal::Minimise, pareto::Goal::Maximise}, weighed);
        m_view->exportCsv(path);
        QVERIFY(done.wait(30'000));
        QCOMPARE(done.last().at(0).toBool(), true);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray filtered = file.readAll();
        file.close();
        QCOMPARE(filtered.left(filtered.indexOf('\n')), cli.left(cli.indexOf('\n')));  // the CLI's columns
        std::vector<int> designs;
        for (const auto& [design, pareto] : designAndLastCell(filtered)) {
            designs.push_back(design);
            QCOMPARE(pareto, QByteArray(std::binary_search(front.begin(), front.end(), std::size_t(design - 1)) ? "yes" : "no"));
        }
        QCOMPARE(designs, passing);
        m_view->filterField(QStringLiteral("explore-max-capex"))->clear();

        // A folder nobody can write to (root ignores mode bits: /proc/self then).
        const QString locked = dir.filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkdir(locked));
        QVERIFY(::chmod(locked.toLocal8Bit().constData(), 0555) == 0);
        const QString folder = ::geteuid() == 0 ? QStringLiteral("/proc/self") : locked;
        const QString target = folder + QStringLiteral("/front.csv");
        m_view->exportCsv(target);
        QVERIFY(done.wait(30'000));
        QCOMPARE(done.last().at(0).toBool(), false);
        QVERIFY2(done.last().at(1).toString().contains(target), qPrintable(done.last().at(1).toString()));
        QVERIFY(!QFile::exists(target));
        QVERIFY(QDir(locked).isEmpty());
        ::chmod(locked.toLocal8Bit().constData(), 0755);
    }

    // The PDF report made while the explorer has a run carries its front: every front variant's number,
    // keys and bus bandwidth, read back by poppler's pdftotext.
    void pdfReportCarriesTheFront()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("pdftotext (poppler-utils) not installed");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        QString error;
        QVERIFY2(m_window->exportTo(*report::findReportExporter("pdf"), path, &error), qPrintable(error));
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60'000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY(text.contains(QStringLiteral("Design explorer: Pareto front")));
        const auto& front = m_view->drawnFront();
        QVERIFY(text.contains(QStringLiteral("%1 of 9 variants on the front").arg(front.size())));
        for (std::size_t i : front) {
            const auto& r = m_view->rows()[i];
            const QString line = QStringLiteral("%1 %2 %3").arg(i + 1).arg(QString::fromStdString(m_view->variants()[i][0].second),
                                                                        QString::fromStdString(m_view->variants()[i][1].second));
            QVERIFY2(text.contains(line), qPrintable(line));
            QVERIFY(text.contains(QString::fromStdString(formatOneDecimal(r.allreduceBusbwGBps))));  // the plan's rule
        }
    }

    // The axes never zoom into differences under 1 % of the figure: by hand, and on the chart drawn.
    void axesShowAtLeastOnePercentAroundTheirFigure()
    {
        // 373.013 and 373.017 GB/s: +/- 1 % of 373.015 (3.73015), not a 0.004 GB/s wide axis.
        const AxisRange close = figureAxisRange(373.013, 373.017);
        QVERIFY(std::abs(close.min - 369.28485) < 1e-6);
        QVERIFY(std::abs(close.max - 376.74515) < 1e-6);
        // 100 to 200: the spread with 6 % either side.
        const AxisRange wide = figureAxisRange(100, 200);
        QCOMPARE(wide.min, 94.0);
        QCOMPARE(wide.max, 206.0);
        // One value: +/- 1 % of it; a count near zero never goes below zero; all zero: 0 to 1.
        const AxisRange one = figureAxisRange(50, 50);
        QCOMPARE(one.min, 49.5);
        QCOMPARE(one.max, 50.5);
        QCOMPARE(figureAxisRange(0, 10).min, 0.0);
        QCOMPARE(figureAxisRange(0, 0).max, 1.0);
        // Round ticks, by hand: 369.28 .. 376.75 in at most 5 steps is 368 .. 378 by 2 (6 ticks, no
        // decimals); 236.5 .. 649.4 kW is 200 .. 700 by 100; 13.2 .. 27.6 $ M is 10 .. 30 by 5;
        // 1.0 .. 3.4 is 1.0 .. 3.5 by 0.5 (one decimal); 0.0093 .. 0.0131 interruptions a day is
        // 0.009 .. 0.014 by 0.001 (three decimals); a step of 2.5 keeps its decimal.
        const auto ticksAre = [](const AxisTicks& t, double min, double max, double step, int ticks, int decimals) {
            return std::abs(t.min - min) < 1e-9 && std::abs(t.max - max) < 1e-9 && std::abs(t.step - step) < 1e-12 &&
                   t.ticks == ticks && t.decimals == decimals;
        };
        QVERIFY(ticksAre(roundTicks(close), 368, 378, 2, 6, 0));
        QVERIFY(ticksAre(roundTicks({236.5, 649.4}), 200, 700, 100, 6, 0));
        QVERIFY(ticksAre(roundTicks({13.2, 27.6}), 10, 30, 5, 5, 0));
        QVERIFY(ticksAre(roundTicks({1.0, 3.4}), 1.0, 3.5, 0.5, 6, 1));
        QVERIFY(ticksAre(roundTicks({0.0093, 0.0131}), 0.009, 0.014, 0.001, 6, 3));
        QVERIFY(ticksAre(roundTicks({0, 11}), 0, 12.5, 2.5, 6, 1));
        // Property: over a thousand ranges, the ticks cover the range, number 2 to 6, and fall on whole steps.
        for (int i = 0; i < 1000; ++i) {
            const double lo = std::pow(10.0, (i % 13) - 6) * (1 + i % 7), hi = lo * (1.001 + (i % 11) * 0.7);
            const AxisTicks t = roundTicks({lo, hi});
            QVERIFY(t.min <= lo && hi <= t.max);
            QVERIFY(t.ticks >= 2 && t.ticks <= 6);
            QVERIFY(std::abs((t.max - t.min) / t.step - (t.ticks - 1)) < 1e-6);
            QVERIFY(std::abs(t.min / t.step - std::round(t.min / t.step)) < 1e-6);
        }
        // On the chart: every point inside, and at least 2 % of the largest value wide.
        QChart* chart = m_view->chartView()->chart();
        for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
            QValueAxis* axis = axisOf(chart, o);
            QVERIFY(axis);
            double lo = INFINITY, hi = -INFINITY;
            for (QAbstractSeries* s : chart->series())
                for (const QPointF& p : qobject_cast<QXYSeries*>(s)->points()) {
                    const double v = o == Qt::Horizontal ? p.x() : p.y();
                    lo = std::min(lo, v), hi = std::max(hi, v);
                }
            QVERIFY(axis->min() <= lo && hi <= axis->max());
            QVERIFY2(axis->max() - axis->min() >= 0.0199 * std::max(std::abs(lo), std::abs(hi)),
                     qPrintable(QStringLiteral("%1 .. %2 for values %3 .. %4").arg(axis->min()).arg(axis->max()).arg(lo).arg(hi)));
        }
    }

    // One list of axes: a field (or a both-values box) for each, and each a key `sweep --vary` takes.
    void everySweepAxisHasItsControlAndIsASweepKey()
    {
        for (const cli::SweepAxis& a : cli::sweepAxes()) {
            const QString key = QString::fromUtf8(a.key);
            QVERIFY2(a.onOff ? m_view->bothValuesBox(key) != nullptr : m_view->valuesField(key) != nullptr, a.key);
            cli::checkSweepKey(a.key);  // throws UsageError for a key the CLI does not take
        }
        // The tiers and optics axes plan: each value as the CLI's key reader takes it.
        QVERIFY(m_window->openFile(kDesign));
        QVERIFY(test::settle(*m_window->document()));
        m_view->fillFromDesign();
        // Filled from the design, a field shows its first values: the switch list is wider than its field.
        for (const cli::SweepAxis& a : cli::sweepAxes())
            if (QLineEdit* field = m_view->valuesField(QString::fromUtf8(a.key))) QCOMPARE(field->cursorPosition(), 0);
        m_view->valuesField(QStringLiteral("switch"))->setText(QStringLiteral("MQM9700-NS2F"));
        m_view->valuesField(QStringLiteral("oversubscription"))->setText(QStringLiteral("1:1"));
        m_view->valuesField(QStringLiteral("tiers"))->setText(QStringLiteral("2,3"));
        m_view->bothValuesBox(QStringLiteral("third-party-optics"))->setChecked(true);
        QSignalSpy finished(m_view, &ExplorerView::sweepFinished);
        m_view->run();
        QVERIFY(waitForSweep(*m_view));
        QCOMPARE(m_view->rows().size(), std::size_t(4));
        QCOMPARE(m_view->rows()[0].tiers, 2);
        QCOMPARE(m_view->rows()[2].tiers, 3);
        QCOMPARE(m_view->variants()[1].back(), (std::pair<std::string, std::string>{"third-party-optics", "true"}));
    }

    // A screenshot sweeps the axes it is given (--explore vary.KEY=V1+V2, packaging/screenshots): 2 switches
    // x 2 ratios are 4 variants, not the design's one; an axis the Explorer has not is an error, not a shot.
    void screenshotSweepsTheAxesItIsGiven()
    {
        QTemporaryDir dir;
        std::unique_ptr<MainWindow> window(test::openTestWindow());
        QString error;
        const QString png = dir.filePath(QStringLiteral("explorer.png"));
        QVERIFY2(renderScreenshot(*window, kDesign, QStringLiteral("explorer"), png, &error, 120'000, QSize(1024, 700), {},
                                  QStringLiteral("vary.switch=MQM9700-NS2F+MQM9790-NS2F,vary.oversubscription=1:1+2:1,x=capex,y=switches")),
                 qPrintable(error));
        QCOMPARE(window->explorerView()->rows().size(), std::size_t(4));
        // Every variant builds: the status and the list's title say so, rather than an empty list.
        QCOMPARE(window->explorerView()->unbuildableList()->count(), 0);
        QCOMPARE(window->explorerView()->sweepStatus()->text(), QStringLiteral("4 variants planned: all buildable."));
        QCOMPARE(window->explorerView()->unbuildableTitle()->text(), QStringLiteral("Unbuildable variants: none"));
        QCOMPARE(window->explorerView()->valuesField(QStringLiteral("switch"))->text(), QStringLiteral("MQM9700-NS2F,MQM9790-NS2F"));
        QVERIFY(QFileInfo(png).size() > 0);
        std::unique_ptr<MainWindow> other(test::openTestWindow());
        QVERIFY(!renderScreenshot(*other, kDesign, QStringLiteral("explorer"), dir.filePath(QStringLiteral("bad.png")), &error,
                                  120'000, QSize(1024, 700), {}, QStringLiteral("vary.nope=1+2")));
        QVERIFY2(error.contains(QStringLiteral("no axis nope")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("bad.png"))));
    }

    // Cancel: the sweep stops and the last finished results stay.
    void cancelKeepsTheLastResults()
    {
        QVERIFY(m_window->openFile(kDesign));
        QVERIFY(test::settle(*m_window->document()));
        const auto before = m_view->rows().size();
        setValues(QStringLiteral("MQM9700-NS2F,MQM9790-NS2F"), QStringLiteral("1:1,2:1,3:1,4:1,8:1"));
        m_view->valuesField(QStringLiteral("su-nodes"))->setText(QStringLiteral("8,16,32"));
        m_view->bothValuesBox(QStringLiteral("dual-tor"))->setChecked(true);
        m_view->run();
        m_view->cancel();
        QVERIFY(waitForSweep(*m_view));
        QCOMPARE(m_view->rows().size(), before);
    }

    // Not a check: the window's time for a 1,000-variant sweep (README "Design explorer"), run only
    // with FABRICPLAN_EXPLORER_BENCH=DESIGN (the 16,384-GPU design the CLI's figure is taken on).
    void benchThousandVariants()
    {
        const QString design = qEnvironmentVariable("FABRICPLAN_EXPLORER_BENCH");
        if (design.isEmpty()) QSKIP("set FABRICPLAN_EXPLORER_BENCH=DESIGN to time a 1,000-variant sweep");
        QVERIFY(m_window->openFile(design));
        QVERIFY(test::settle(*m_window->document()));
        m_view->fillFromDesign();
        m_view->valuesField(QStringLiteral("switch"))->setText(QStringLiteral("SN5600,QFX5240-64OD,DCS-7060X6-64PE,S9321-64EO,AIS800-64D"));
        m_view->valuesField(QStringLiteral("oversubscription"))->setText(QStringLiteral("1:1,3:2,2:1,3:1,4:1"));
        m_view->valuesField(QStringLiteral("planes"))->setText(QStringLiteral("1,2,4,8"));
        m_view->valuesField(QStringLiteral("su-nodes"))->setText(QStringLiteral("16,32,64,128,256"));
        m_view->findChild<QCheckBox*>(QStringLiteral("explore-dual-tor"))->setChecked(true);
        QElapsedTimer gap, clock;
        qint64 longest = 0;
        QTimer tick;
        tick.setInterval(5);
        connect(&tick, &QTimer::timeout, this, [&] { longest = std::max(longest, gap.restart()); });
        gap.start();
        tick.start();
        clock.start();
        m_view->run();
        QVERIFY(waitForSweep(*m_view, 600'000));
        const qint64 ms = clock.elapsed();
        tick.stop();
        QCOMPARE(m_view->rows().size(), std::size_t(1000));
        qInfo("1,000 variants in %lld ms (%.0f variants/s); longest UI-thread gap %lld ms; front %zu", ms,
              1000.0 * 1000.0 / double(ms), longest, m_view->drawnFront().size());
    }
};

QTEST_MAIN(TestExplorer)
#include "test_explorer.moc"
