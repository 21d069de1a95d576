// Issue 40's Site row of the design panel, driven as a person would in the offscreen window: Edit… opens
// the site's halls and routes; OK applies them as one undo step and the window plans them (the floor
// view frames each hall with its rows, the CLI agrees); a site the core refuses (a building no route
// reaches, a hall without a name) keeps the dialog open with the reason and the field's path, and the
// design is unchanged.
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/floor_geometry.h"
#include "gui/floor_view.h"
#include "gui/main_window.h"
#include "gui/site_dialog.h"
#include "gui/site_editor.h"
#include "gui/summary_view.h"
#include "gui_test_support.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

class TestSiteEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = test::openEditingTestWindow();
        QVERIFY(m_window);
        m_editor = m_window->designPanel()->findChild<SiteEditor*>();
        QVERIFY(m_editor);
    }
    void cleanupTestCase() { delete m_window; }

    // The B300 XDR example (8 SUs of one row each) in two halls of four rows: one undo step, the plan's
    // halls, the floor view's frames titled with the rows, and undo back to the automatic floor.
    void twoHallsApplyAsOneUndoStep()
    {
        doc()->reset(loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/xdr-b300-4608.fabricplan").spec, QString());
        QVERIFY(test::settle(*doc()));
        QCOMPARE(m_editor->summary()->text(), QStringLiteral("Automatic halls"));
        const int steps = doc()->undoStack()->count();
        const QString refused = withDialog([](SiteDialog* d) {
            d->addHallRow({"West", "DC1", 4, 0});
            d->addHallRow({"East", "DC1", 4, 0});
        });
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        QCOMPARE(doc()->undoStack()->count(), steps + 1);
        QCOMPARE(doc()->spec().floor.site.halls.size(), std::size_t(2));
        QCOMPARE(m_editor->summary()->text(), QStringLiteral("2 halls"));
        QVERIFY(test::settle(*doc()));
        const auto plan = doc()->plan();
        QVERIFY(plan);
        QCOMPARE(plan->layout.halls, 2);
        QCOMPARE(plan->layout.site.hallRowsUsed, (std::vector<int>{4, 4}));
        const FloorGeometry* g = m_window->floorView()->geometry();
        QVERIFY(g);
        QCOMPARE(g->hallFrames.size(), std::size_t(2));
        QCOMPARE(g->hallFrames[0].title, QStringLiteral("West · 4 of 4 rows"));
        // The Summary lists the halls as the CLI's "site:" line does.
        QVERIFY(m_window->showTab(QStringLiteral("summary")));
        QVERIFY(test::settle(*doc()));
        const QString summary = m_window->summaryView()->toPlainText();
        QVERIFY2(summary.contains(QStringLiteral("Site")) && summary.contains(QStringLiteral("4 of 4")), qPrintable(summary.left(400)));
        QVERIFY(m_window->showTab(QStringLiteral("floor")));
        QVERIFY(test::settle(*doc()));
        const QString shot = QDir::temp().filePath(QStringLiteral("fabricplan-site-floor.png"));
        QVERIFY(m_window->grab().save(shot));
        qInfo("screenshot: %s", qPrintable(shot));
        doc()->undoStack()->undo();
        QVERIFY(doc()->spec().floor.site.empty());
    }

    // A building no route joins: refused with the path, the dialog stays open, the design is unchanged.
    void refusedSiteKeepsTheDialogOpen()
    {
        doc()->reset(ClusterSpec{}, QString());
        QVERIFY(test::settle(*doc()));
        const int steps = doc()->undoStack()->count();
        QString refused = withDialog([](SiteDialog* d) {
            d->addHallRow({"A", "North", 10, 0});
            d->addHallRow({"B", "South", 10, 0});
        });
        QVERIFY2(refused.contains(QStringLiteral("/floor/site/routes")) && refused.contains(QStringLiteral("South")), qPrintable(refused));
        refused = withDialog([](SiteDialog* d) { d->addHallRow({"", "", 10, 0}); });
        QVERIFY2(refused.contains(QStringLiteral("/floor/site/halls/0/name")), qPrintable(refused));
        QCOMPARE(doc()->undoStack()->count(), steps);
        QVERIFY(doc()->spec().floor.site.empty());
        // With the route it applies, and the form reads back what the design holds.
        refused = withDialog([](SiteDialog* d) {
            d->addHallRow({"A", "North", 10, 0});
            d->addHallRow({"B", "South", 10, 0});
            d->addRouteRow({"North", "South", 250.0});
        });
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        QCOMPARE(doc()->spec().floor.site.routes.size(), std::size_t(1));
        QCOMPARE(doc()->spec().floor.site.routes[0].lengthM, 250.0);
        QCOMPARE(m_editor->summary()->text(), QStringLiteral("2 halls in 2 buildings"));
        withDialog([](SiteDialog* d) { QCOMPARE(d->site().halls.size(), std::size_t(2)); }, false);
    }

private:
    Document* doc() const { return m_window->document(); }
    QString withDialog(const std::function<void(SiteDialog*)>& drive, bool ok = true)
    {
        QString refusal;
        auto conn = connect(m_editor, &SiteEditor::dialogOpened, this, [&](SiteDialog* d) {
            QTimer::singleShot(0, d, [&, d] {
                drive(d);
                if (ok) d->accept();
                refusal = d->refusal();
                if (d->isVisible()) d->reject();
            });
        });
        m_editor->editSite();
        disconnect(conn);
        return refusal;
    }

    MainWindow* m_window = nullptr;
    SiteEditor* m_editor = nullptr;
};

QTEST_MAIN(TestSiteEditor)
#include "test_site_editor.moc"
