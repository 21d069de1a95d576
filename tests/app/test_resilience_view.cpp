// The Resilience tab shows the plan's failure domains, expected failures and spares, each in a pane of
// its own so that every figure is on screen at 1024 px (side by side, the tables showed one column).
#include <QScrollBar>
#include <QtTest>

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QTabWidget>
#include <QTableWidget>

#include "gui/resilience_view.h"
#include "gui_test_support.h"
#include "common/format.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

class TestResilienceView : public QObject {
    Q_OBJECT

private slots:
    // DGX H100 example: rail-optimized, one leaf per rail of a 32-node SU, so one leaf failure cuts off
    // 32 GPUs (one per node of its SU); a spine failure cuts off none.
    void tablesShowThePlansFiguresAt1024()
    {
        const auto spec = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024.fabricplan");
        auto plan = std::make_shared<const Plan>(makePlan(spec.spec, *test::builtCatalog()));
        ResilienceView view;
        view.resize(660, 520);  // what the tab gets beside the design panel in a 1024 x 700 window
        view.setPlan(plan);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        const QTableWidget* domains = view.domainTable();
        QCOMPARE(domains->rowCount(), int(plan->resilience.domains.size()));
        int leafRow = -1, spineRow = -1;
        for (int r = 0; r < domains->rowCount(); ++r) {
            if (domains->item(r, 0)->text() == QStringLiteral("one leaf switch")) leafRow = r;
            if (domains->item(r, 0)->text() == QStringLiteral("one spine switch")) spineRow = r;
        }
        QVERIFY(leafRow >= 0 && spineRow >= 0);
        QCOMPARE(domains->item(leafRow, 2)->text(), QStringLiteral("32"));
        QCOMPARE(domains->item(spineRow, 2)->text(), QStringLiteral("0"));
        // The summary's every line can be read: it scrolls in its own area rather than being cut off (at this
        // size the label was squeezed and its notes on estimated rates were lost).
        auto* summary = view.findChild<QLabel*>(QStringLiteral("resilienceSummary"));
        QVERIFY(summary);
        QVERIFY2(summary->height() >= summary->heightForWidth(summary->width()),
                 qPrintable(QStringLiteral("summary %1 px high, its text needs %2")
                                .arg(summary->height()).arg(summary->heightForWidth(summary->width()))));
        QVERIFY(summary->text().contains(QStringLiteral("reorder time")));
        // Failures a year: the server-end transceiver and the cable are in the NIC port row's rate and say so
        // (they read "0.00", as if they never failed); the NIC port row carries its figure, as the PDF prints it.
        int inPortRow = 0;
        for (int r = 0; r < domains->rowCount(); ++r) {
            const FailureDomain& d = plan->resilience.domains[std::size_t(r)];
            const QString cell = domains->item(r, 6)->text();
            if (d.component == "host_module" || d.component == "host_cable" || d.component == "leaf_module") {
                ++inPortRow;
                QCOMPARE(cell, QStringLiteral("in NIC port row"));
                QVERIFY(!domains->item(r, 6)->toolTip().isEmpty());
            } else {
                QCOMPARE(cell, QLocale(QLocale::English).toString(d.eventsPerYear, 'f', 2));
            }
        }
        QCOMPARE(inPortRow, 3);  // DGX H100: twin-port OSFP at the server, its fibre, the leaf's module
        // "Job keeps" says whether a whole-cluster job stops, as the plan does, in one column.
        for (int r = 0; r < domains->rowCount(); ++r)
            QCOMPARE(domains->item(r, 7)->text() == QStringLiteral("stops"),
                     !plan->resilience.domains[std::size_t(r)].jobSurvives);
        // The GPUs-cut-off column is on screen, not behind the horizontal scroll bar.
        const int right = domains->columnViewportPosition(2) + domains->columnWidth(2);
        QVERIFY2(right <= domains->viewport()->width(),
                 qPrintable(QStringLiteral("column ends at %1 of %2").arg(right).arg(domains->viewport()->width())));
        // So is every column (issue 41: columns that resize, not run off to the right): the description
        // gives up width (its full text is the cell's tooltip), down to 120 px.
        const int last = domains->columnCount() - 1;
        const int lastRight = domains->columnViewportPosition(last) + domains->columnWidth(last);
        QVERIFY2(lastRight <= domains->viewport()->width(),
                 qPrintable(QStringLiteral("last column ends at %1 of %2").arg(lastRight).arg(domains->viewport()->width())));
        QCOMPARE(domains->horizontalScrollBar()->maximum(), 0);

        // Each pane is a page of its own, and the chart has one category per part class.
        auto* panes = view.findChild<QTabWidget*>();
        QVERIFY(panes);
        QCOMPARE(panes->count(), 3);
        auto* chartView = view.findChild<QChartView*>();
        QVERIFY(chartView && chartView->chart());
        QCOMPARE(chartView->chart()->series().size(), qsizetype(1));

        // FABRICPLAN_TEST_SHOTS=DIR keeps a picture of each pane for a person to look at.
        const QString shots = qEnvironmentVariable("FABRICPLAN_TEST_SHOTS");
        for (int i = 0; !shots.isEmpty() && i < panes->count(); ++i) {
            panes->setCurrentIndex(i);
            QVERIFY(view.grab().save(shots + QStringLiteral("/resilience-%1.png").arg(i)));
        }
    }

    // A storage network carries no compute job: its tab shows its parts' failures and spares, not
    // "0.000 network interruptions/day for a job on all 0 GPUs" over an empty failure-domain table.
    void anotherNetworkShowsItsPartsNotJobs()
    {
        const auto spec = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024-all-networks.fabricplan");
        const ClusterPlan cluster = makeClusterPlan(spec.spec, *test::builtCatalog());
        QVERIFY(cluster.networks.size() == 4 && cluster.networks[1].role == NetworkRole::Storage);
        auto storage = std::make_shared<const Plan>(cluster.networks[1].plan);
        ResilienceView view;
        view.resize(660, 520);
        view.setPlan(storage);
        auto* panes = view.findChild<QTabWidget*>();
        QVERIFY(panes);
        QVERIFY(!panes->isTabEnabled(0));
        QCOMPARE(panes->currentIndex(), 1);
        const QString summary = view.findChild<QLabel*>(QStringLiteral("resilienceSummary"))->text();
        QVERIFY2(!summary.contains(QStringLiteral("interruptions/day")), qPrintable(summary));
        QVERIFY2(summary.contains(QString::fromStdString(formatTwoDecimals(storage->resilience.failuresPerMonth)) +
                                  QStringLiteral(" failures/month")),
                 qPrintable(summary));
        QVERIFY(storage->resilience.failuresPerMonth > 0);
        QVERIFY(!storage->resilience.spares.empty());
        // The compute fabric's plan brings the failure domains back.
        view.setPlan(std::make_shared<const Plan>(cluster.compute()));
        QVERIFY(panes->isTabEnabled(0));
    }
};

QTEST_MAIN(TestResilienceView)
#include "test_resilience_view.moc"
