// The Explorer tab (issue 41): a small sweep run in the window draws as its front exactly core's Pareto
// front of its rows, lists the unbuildable variants apart, and every figure equals what `fabricplan-cli
// sweep` writes for the same variants (read from its JSON lines); a variant opens as a new design that
// plans to the row's figures; cancel keeps the last results.
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <set>

#include "gui/explorer_view.h"
#include "gui_test_support.h"
#include "plan/pareto.h"

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

    // Cancel: the sweep stops and the last finished results stay.
    void cancelKeepsTheLastResults()
    {
        QVERIFY(m_window->openFile(kDesign));
        QVERIFY(test::settle(*m_window->document()));
        const auto before = m_view->rows().size();
        setValues(QStringLiteral("MQM9700-NS2F,MQM9790-NS2F"), QStringLiteral("1:1,2:1,3:1,4:1,8:1"));
        m_view->valuesField(QStringLiteral("su-nodes"))->setText(QStringLiteral("8,16,32"));
        m_view->findChild<QCheckBox*>(QStringLiteral("explore-dual-tor"))->setChecked(true);
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
