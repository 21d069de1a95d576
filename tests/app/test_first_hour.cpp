// Issue 20 and 21, driven as a person would: a second window beside a running one; the mouse wheel
// over a field while scrolling the design panel; Ctrl+Z in a field; typing past a field's range; an
// edit typed but not applied; a plan with errors; the window at 1024 x 700.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QPushButton>
#include <QtTest>

#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QStatusBar>

#include "gui/bom_model.h"
#include "gui/commands.h"
#include "gui/compare_view.h"
#include "gui/design_panel.h"
#include "gui/floor_view.h"
#include "gui/topology_view.h"
#include "common/format.h"
#include "spec/spec_json.h"
#include "gui/document.h"
#include "gui/main_window.h"
#include "gui/session.h"
#include "gui/start_page.h"
#include "gui/user_guide.h"
#include "gui/summary_view.h"
#include "gui_test_support.h"

using namespace fp;
using namespace fp::gui;

class TestFirstHour : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase() { delete m_window; }
    void secondInstanceLeavesTheFirstAlone();
    void deadSessionIsOfferedOnce();
    void wheelScrollsThePanelNotTheField();
    void ctrlZInAFieldUndoesTheDesign();
    void ctrlZRevertsUnappliedTyping();
    void typingPastTheRangeIsFlaggedNotClipped();
    void planWithErrorsIsMarkedNotBuildable();
    void compareNamesSwitchesAndGreysOutErrors();
    void usableAt1024x700();
    void startPageAndUserGuide();
    void hundredThousandGpusReadable();
    void windowAndCliRoundAlike();

private:
    QSpinBox* gpusField() const
    {
        return qobject_cast<QSpinBox*>(m_window->designPanel()->editorFor(QStringLiteral("gpus")));
    }
    void focusField(QWidget* field)
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
        field->setFocus(Qt::OtherFocusReason);
        QTRY_VERIFY(field->hasFocus());
    }
    MainWindow* m_window = nullptr;
};

void TestFirstHour::initTestCase()
{
    m_window = test::openTestWindow();
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY(m_window->document()->plan());
}

// Issue 21: the second window neither offers the first one's autosave nor deletes it, so a later crash
// of the first still has its work to recover.
void TestFirstHour::secondInstanceLeavesTheFirstAlone()
{
    QTemporaryDir dir;
    Session first(dir.path());
    QVERIFY(first.begin());
    QFile autosave(first.autosavePath());
    QVERIFY(autosave.open(QIODevice::WriteOnly));
    autosave.write("{}");
    autosave.close();

    Session second(dir.path());
    QVERIFY(second.begin());
    QVERIFY(second.autosavePath() != first.autosavePath());  // each instance its own file
    QVERIFY(second.findRecoverable().empty());  // the first is alive: nothing to recover
    // Even asked to discard it by name, the second may not touch a live session's files.
    second.discardRecovered(RecoveryInfo{true, first.autosavePath(), {}, first.id()});
    second.discardAutosave();
    second.endCleanly();
    QVERIFY(QFileInfo::exists(first.autosavePath()));

    // The first crashes now (its lock file stays, naming a process that is gone): a third start offers it.
    const QString lockPath = QDir(first.sessionsDir()).filePath(first.id() + QStringLiteral(".lock"));
    const QString id = first.id();
    first.endCleanly();  // releases the lock and the autosave; rewrite both as a crash leaves them
    QFile stale(lockPath);
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.write("4194305\nfabricplan\n\n");  // above Linux's largest PID: no such process
    stale.close();
    QVERIFY(autosave.open(QIODevice::WriteOnly));
    autosave.write("{}");
    autosave.close();
    Session third(dir.path());
    QVERIFY(third.begin());
    const auto found = third.findRecoverable();
    QCOMPARE(int(found.size()), 1);
    QCOMPARE(found.front().sessionId, id);
}

// Two windows started together after a crash: only the first to look offers the dead session.
void TestFirstHour::deadSessionIsOfferedOnce()
{
    QTemporaryDir dir;
    QString path;
    {
        Session crashed(dir.path());
        QVERIFY(crashed.begin());
        path = crashed.autosavePath();
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{}");
    }  // gone without endCleanly()
    Session a(dir.path()), b(dir.path());
    QVERIFY(a.begin());
    QVERIFY(b.begin());
    QCOMPARE(int(a.findRecoverable().size()), 1);
    QVERIFY(b.findRecoverable().empty());  // a holds it while its user decides
    a.discardRecovered(a.checkRecovery());
    QVERIFY(!QFileInfo::exists(path));
}

// One wheel tick over the GPUs field while scrolling the design panel scrolls the panel; the field and
// the design keep 1,024 GPUs. With the field focused, the wheel does step it (a deliberate act).
void TestFirstHour::wheelScrollsThePanelNotTheField()
{
    QSpinBox* gpus = gpusField();
    QVERIFY(gpus);
    auto* scroll = qobject_cast<QScrollArea*>(m_window->designPanel()->parentWidget()->parentWidget());
    QVERIFY(scroll);
    m_window->resize(1024, 700);  // short enough for the panel to scroll
    QTest::qWait(50);
    QVERIFY(scroll->verticalScrollBar()->maximum() > 0);
    scroll->verticalScrollBar()->setValue(0);
    m_window->tabs()->setFocus();
    QVERIFY(!gpus->hasFocus());
    const QPoint centre = gpus->rect().center();
    QWheelEvent down(centre, gpus->mapToGlobal(centre), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                     Qt::NoScrollPhase, false);
    QApplication::sendEvent(gpus, &down);
    QCOMPARE(gpus->value(), 1024);
    QCOMPARE(m_window->document()->spec().gpus, 1024);
    QVERIFY(!gpus->hasFocus());  // the wheel did not grab focus either
    QVERIFY(scroll->verticalScrollBar()->value() > 0);  // the panel scrolled instead

    focusField(gpus);
    QWheelEvent again(centre, gpus->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(gpus, &again);
    QCOMPARE(gpus->value(), 1025);
    m_window->document()->undoStack()->undo();
    QCOMPARE(m_window->document()->spec().gpus, 1024);
    m_window->resize(1400, 900);
    QVERIFY(test::settle(*m_window->document()));
}

// Type 2048, Enter; Ctrl+Z with the field still focused undoes the design's edit, as the Edit menu says.
void TestFirstHour::ctrlZInAFieldUndoesTheDesign()
{
    QSpinBox* gpus = gpusField();
    focusField(gpus);
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("2048"));
    QTest::keyClick(gpus, Qt::Key_Return);
    QCOMPARE(m_window->document()->spec().gpus, 2048);
    QVERIFY(gpus->hasFocus());
    QTest::keyClick(gpus, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_window->document()->spec().gpus, 1024);
    QCOMPARE(gpus->value(), 1024);
    const QKeyCombination redo = QKeySequence::keyBindings(QKeySequence::Redo).value(0)[0];
    QTest::keyClick(gpus, redo.key(), redo.keyboardModifiers());  // the platform's Redo, as the Edit menu
    QCOMPARE(m_window->document()->spec().gpus, 2048);
    m_window->document()->undoStack()->undo();
    QVERIFY(test::settle(*m_window->document()));
}

// Typed, not applied: the field is marked and the panel says so; Ctrl+Z puts the field back and leaves
// the design (and its undo history) alone; Esc does the same.
void TestFirstHour::ctrlZRevertsUnappliedTyping()
{
    QSpinBox* gpus = gpusField();
    DesignPanel* panel = m_window->designPanel();
    const int undoSteps = m_window->document()->undoStack()->count();
    focusField(gpus);
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("4096"));
    QVERIFY(panel->isPending(QStringLiteral("gpus")));
    QVERIFY2(panel->pendingHint().contains(QStringLiteral("GPUs")), qPrintable(panel->pendingHint()));
    QVERIFY(panel->findChild<QLabel*>(QStringLiteral("pendingHint"))->isVisible());
    QCOMPARE(m_window->document()->spec().gpus, 1024);  // not applied yet
    QTest::keyClick(gpus, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!panel->isPending(QStringLiteral("gpus")));
    QCOMPARE(gpus->text(), QStringLiteral("1,024"));
    QCOMPARE(m_window->document()->undoStack()->count(), undoSteps);

    QTest::keyClicks(gpus, QStringLiteral("5"));
    QVERIFY(panel->isPending(QStringLiteral("gpus")));
    QTest::keyClick(gpus, Qt::Key_Escape);
    QVERIFY(!panel->isPending(QStringLiteral("gpus")));
    QVERIFY(panel->pendingHint().isEmpty());

    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("2048"));
    QTest::keyClick(gpus, Qt::Key_Tab);  // Tab applies, as Enter does
    QVERIFY(!panel->isPending(QStringLiteral("gpus")));
    QCOMPARE(m_window->document()->spec().gpus, 2048);
    m_window->document()->undoStack()->undo();
    QVERIFY(test::settle(*m_window->document()));
}

// 10,000,000 GPUs is past the supported 4,000,000: the field keeps what was typed and is flagged; the
// design is not changed to a clipped value.
void TestFirstHour::typingPastTheRangeIsFlaggedNotClipped()
{
    QSpinBox* gpus = gpusField();
    DesignPanel* panel = m_window->designPanel();
    focusField(gpus);
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("10000000"));
    QTest::keyClick(gpus, Qt::Key_Return);
    QCOMPARE(gpus->value(), 10'000'000);
    QCOMPARE(m_window->document()->spec().gpus, 1024);
    QVERIFY(panel->isFlagged(QStringLiteral("gpus")));
    QVERIFY2(gpus->toolTip().contains(QStringLiteral("4,000,000")), qPrintable(gpus->toolTip()));
    QVERIFY(panel->pendingHint().contains(QStringLiteral("not applied")));
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("2048"));
    QTest::keyClick(gpus, Qt::Key_Return);
    QVERIFY(!panel->isFlagged(QStringLiteral("gpus")));
    QCOMPARE(m_window->document()->spec().gpus, 2048);
    m_window->document()->undoStack()->undo();
    QVERIFY(test::settle(*m_window->document()));
}

namespace {

void setPlanes(Document& doc, int planes)
{
    Command::setField(&doc, fields::planes, planes, QStringLiteral("planes"));
}

QString statusText(MainWindow& w)
{
    QString all;
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) all += l->text() + QLatin1Char('\n');
    return all;
}

} // namespace

// 3 planes on the example's 1-port NIC: the plan has errors, so the summary opens with a banner and
// every headline figure says "not buildable"; so do the status bar and the comparison.
void TestFirstHour::planWithErrorsIsMarkedNotBuildable()
{
    Document* doc = m_window->document();
    QVERIFY(m_window->summaryView()->errorBanner().isEmpty());
    QVERIFY(!statusText(*m_window).contains(QStringLiteral("Not buildable")));
    setPlanes(*doc, 3);
    QVERIFY(test::settle(*doc));
    QVERIFY(doc->plan());
    QVERIFY(doc->plan()->errorCount() > 0);
    const QString banner = m_window->summaryView()->errorBanner();
    QVERIFY2(banner.startsWith(QStringLiteral("Not buildable")), qPrintable(banner));
    const QString html = m_window->summaryView()->toHtml();
    QVERIFY(html.contains(QStringLiteral("Not buildable: %1 error").arg(doc->plan()->errorCount())));
    QCOMPARE(html.count(QStringLiteral("not buildable")), 11);  // every headline result (not GPUs, the input)
    QVERIFY(!html.contains(QStringLiteral(">&nbsp;estimate&nbsp;<")));  // the mark replaces the estimate badge
    QVERIFY(statusText(*m_window).contains(QStringLiteral("Not buildable")));

    // Compare: each alternative planned with 3 planes on its NIC; those with errors are greyed and say why.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->compareView()->fabricCount() > 0 && !doc->isComputing(), 60'000);
    const auto comparison = doc->comparison();
    QVERIFY(comparison);
    int greyed = 0;
    for (int i = 0; i < int(comparison->plans.size()); ++i) {
        const bool errors = comparison->plans[i].errorCount() > 0;
        QCOMPARE(m_window->compareView()->isBuildable(i), !errors);
        QCOMPARE(m_window->compareView()->alternativeRow(i).contains(QStringLiteral("not buildable")), errors);
        greyed += errors;
    }
    QVERIFY(greyed > 0);

    doc->undoStack()->undo();
    QVERIFY(test::settle(*doc));
    QVERIFY(m_window->summaryView()->errorBanner().isEmpty());
    QVERIFY(!m_window->summaryView()->toHtml().contains(QStringLiteral("not buildable")));
}

// Each alternative names the switch and NIC its plan uses (they differ by fabric).
void TestFirstHour::compareNamesSwitchesAndGreysOutErrors()
{
    Document* doc = m_window->document();
    QTRY_VERIFY_WITH_TIMEOUT(doc->comparison() && !doc->isComputing(), 60'000);
    const auto comparison = doc->comparison();
    QSet<QString> switches;
    for (int i = 0; i < int(comparison->plans.size()); ++i) {
        const Plan& p = comparison->plans[i];
        const QString row = m_window->compareView()->alternativeRow(i);
        QVERIFY2(row.contains(QString::fromStdString(p.hardware.switchesText(p.fabric.shape.tiers))), qPrintable(row));
        QVERIFY2(row.contains(QString::fromStdString(p.hardware.nic.partNumber)), qPrintable(row));
        QVERIFY(m_window->compareView()->isBuildable(i));
        switches.insert(QString::fromStdString(p.hardware.switchesText(p.fabric.shape.tiers)));
    }
    QVERIFY(switches.size() > 1);  // InfiniBand and Ethernet alternatives use different switches

    // Each alternative's expected job interruptions per day, as the CLI's and the JSON's comparison
    // give it (3 decimals); on a 1,024-GPU fabric they are small but not zero.
    double stops = 0;
    for (int i = 0; i < int(comparison->plans.size()); ++i) {
        const double perDay = comparison->plans[i].resilience.jobInterruptionsPerDay;
        const QStringList cells = m_window->compareView()->alternativeRow(i).split(QStringLiteral(" | "));
        QCOMPARE(cells.size(), 8);
        QCOMPARE(cells[6], QString::number(perDay, 'f', 3));
        stops += perDay;
    }
    QVERIFY(stops > 0);
}

// At 1024 x 700 every tab is in view (no scroll arrows), the BOM's quantity and price columns are on
// screen, and the Compare charts' category labels and legends fit their charts.
void TestFirstHour::usableAt1024x700()
{
    m_window->resize(1024, 700);
    QVERIFY(test::settle(*m_window->document()));
    QTRY_COMPARE(m_window->width(), 1024);
    setPlanes(*m_window->document(), 3);  // the longest status bar (errors) must not widen the window either
    QVERIFY(test::settle(*m_window->document()));
    QTest::qWait(20);
    QCOMPARE(m_window->width(), 1024);
    QVERIFY(m_window->minimumSizeHint().width() <= 1024);
    m_window->document()->undoStack()->undo();
    QVERIFY(test::settle(*m_window->document()));
    QTabBar* bar = m_window->tabs()->tabBar();
    // Not elided ("Summ…", "Fl…"): each tab as wide as the same tab on a bar with room for all.
    struct NaturalTabs : QTabBar {
        using QTabBar::tabSizeHint;
    } natural;
    natural.setFont(bar->font());
    natural.setDocumentMode(bar->documentMode());
    natural.setElideMode(Qt::ElideNone);
    for (int i = 0; i < bar->count(); ++i) natural.addTab(bar->tabText(i));
    for (int i = 0; i < bar->count(); ++i) {
        QVERIFY2(bar->tabRect(i).right() <= bar->width(), qPrintable(bar->tabText(i)));
        QVERIFY2(bar->tabRect(i).width() >= natural.tabSizeHint(i).width(),
                 qPrintable(QStringLiteral("%1: %2 px of %3").arg(bar->tabText(i)).arg(bar->tabRect(i).width())
                                .arg(natural.tabSizeHint(i).width())));
    }

    m_window->showTab(QStringLiteral("bom"));
    QTableView* bom = nullptr;
    for (QTableView* t : m_window->findChildren<QTableView*>())
        if (t->model() == reinterpret_cast<QAbstractItemModel*>(m_window->bomProxy())) bom = t;
    QVERIFY(bom);
    QTest::qWait(20);
    for (int column : {int(BomModel::Part), int(BomModel::Qty), int(BomModel::UnitPrice), int(BomModel::Extended)}) {
        const int right = bom->columnViewportPosition(column) + bom->columnWidth(column);
        QVERIFY2(bom->columnViewportPosition(column) >= 0 && right <= bom->viewport()->width(),
                 qPrintable(QStringLiteral("column %1 ends at %2 of %3").arg(column).arg(right).arg(bom->viewport()->width())));
    }

    // The checks table's columns, the finding and its fix included, are all on screen; with no
    // findings there is no table, only the line saying so (test_laptop_layout).
    m_window->showTab(QStringLiteral("checks"));
    auto* checks = m_window->findChild<QTableView*>(QStringLiteral("checksTable"));
    QVERIFY(checks);
    QTest::qWait(20);
    QCOMPARE(checks->isVisible(), !m_window->document()->plan()->findings.empty());
    for (int column = 0; checks->isVisible() && column < checks->model()->columnCount(); ++column) {
        const int right = checks->columnViewportPosition(column) + checks->columnWidth(column);
        QVERIFY2(checks->columnViewportPosition(column) >= 0 && right <= checks->viewport()->width(),
                 qPrintable(QStringLiteral("checks column %1 ends at %2 of %3").arg(column).arg(right).arg(checks->viewport()->width())));
    }

    m_window->showTab(QStringLiteral("compare"));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->compareView()->fabricCount() > 0, 60'000);
    QTest::qWait(50);
    int charts = 0;
    for (QChartView* view : m_window->compareView()->findChildren<QChartView*>()) {
        QChart* chart = view->chart();
        ++charts;
        QVERIFY2(view->height() >= 150, qPrintable(chart->title()));
        const QFontMetrics title(chart->titleFont());
        QVERIFY2(title.horizontalAdvance(chart->title()) < view->width() - 8, qPrintable(chart->title()));
        for (QAbstractAxis* axis : chart->axes(Qt::Horizontal))
            if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis)) {
                const double perCategory = chart->plotArea().width() / bars->count();
                const QFontMetrics labels(bars->labelsFont());
                for (const QString& c : bars->categories())
                    QVERIFY2(labels.horizontalAdvance(c) < perCategory, qPrintable(c));
            }
        if (chart->legend()->isVisible() && chart->legend()->alignment() == Qt::AlignBottom)
            QVERIFY2(chart->series().size() <= 3, qPrintable(chart->title()));  // at most three entries in a row
        // What the chart drew: no axis label or legend entry cut short ("R...", "25..." were).
        for (QGraphicsItem* item : view->scene()->items())
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
                QVERIFY2(!text->toPlainText().contains(QStringLiteral("...")) &&
                             !text->toPlainText().contains(QChar(0x2026)),
                         qPrintable(chart->title() + QStringLiteral(": ") + text->toPlainText()));
    }
    QCOMPARE(charts, 4);
    const QString outDir = QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots");
    QDir().mkpath(outDir);
    for (const QString& tab : {QStringLiteral("summary"), QStringLiteral("bom"), QStringLiteral("compare"), QStringLiteral("checks")}) {
        m_window->showTab(tab);
        QTest::qWait(30);
        QVERIFY(m_window->grab().save(outDir + QStringLiteral("/small-%1.png").arg(tab)));
    }
    m_window->resize(1400, 900);
}

// A start with no design shows the start page (no modal); a template opens it and the tabs return.
// Help offers the user guide, which is the README's "Using the window" section.
void TestFirstHour::startPageAndUserGuide()
{
    m_window->showNotice(QStringLiteral("Your catalog copy was created."));
    m_window->showStartPage();
    QVERIFY(m_window->isStartPageShown());
    QCOMPARE(m_window->startPage()->notice(), QStringLiteral("Your catalog copy was created."));
    QVERIFY(QApplication::activeModalWidget() == nullptr);
    QVERIFY(m_window->startPage()->templateNames().contains(QStringLiteral("roce-tomahawk5-4096")));
    // Listed by what they are, read from the files (issue 41): the design's name, then GPUs, fabric, platform.
    {
        const SpecReadResult tomahawk = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/roce-tomahawk5-4096.fabricplan");
        const QString start = QString::fromStdString(tomahawk.spec.name).left(20);
        bool listed = false;
        for (QPushButton* b : m_window->startPage()->findChildren<QPushButton*>())
            listed = listed || (b->text().startsWith(start) && b->text().contains(QStringLiteral("4,096 GPUs · RoCEv2 · HGX-B200")));
        QVERIFY(listed);
        // Every template line fits its button, whatever the window's width: the names wrap whole
        // (test_laptop_layout checks them at 1024 x 700).
        for (QPushButton* b : m_window->startPage()->findChildren<QPushButton*>())
            if (b->text().contains(QStringLiteral(" GPUs · ")))
                for (const QString& line : b->text().split(QLatin1Char('\n')))
                    QVERIFY2(b->fontMetrics().horizontalAdvance(line) < b->width(), qPrintable(b->text()));
    }
    emit m_window->startPage()->templateChosen(QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/roce-tomahawk5-4096.fabricplan"));
    QVERIFY(!m_window->isStartPageShown());
    QCOMPARE(m_window->document()->spec().gpus, 4096);
    QVERIFY(m_window->document()->fileName().isEmpty());  // a template starts an untitled design
    QVERIFY(test::settle(*m_window->document()));

    QStringList helpItems;
    for (QAction* menu : m_window->menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QStringLiteral("Help"))
            for (QAction* a : menu->menu()->actions()) helpItems << a->text().remove(QLatin1Char('&'));
    QVERIFY2(helpItems.contains(QStringLiteral("User guide")), qPrintable(helpItems.join(QLatin1Char(','))));
    QVERIFY(userGuideMarkdown().contains(QStringLiteral("## Using the window")));
}

// 100,000 GPUs: the floor overview is drawn as side-by-side runs of rows with a window's shape (not a
// 29 x 586 m sliver); topology boxes hold whole pods, so their labels' ranges never overlap, and the
// labels are at least 9 pixels high at the default zoom.
void TestFirstHour::hundredThousandGpusReadable()
{
    Document* doc = m_window->document();
    const SpecReadResult read = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/xdr-b300-4608.fabricplan");
    ClusterSpec big = read.spec;
    big.gpus = 100'000;
    big.linkGbps = 400;
    doc->setComparisonEnabled(false);
    doc->reset(big, QString());
    QVERIFY(test::settle(*doc));
    QVERIFY(doc->plan());

    m_window->showTab(QStringLiteral("floor"));
    QTest::qWait(30);
    FloorView* floor = m_window->floorView();
    // One hall: its rows are cut into side-by-side sections; several halls already give the site its shape.
    QVERIFY2(floor->sections().count() > 1 || doc->plan()->layout.halls > 1,
             qPrintable(QString::number(floor->sections().count())));
    const QRectF drawn = floor->scene()->itemsBoundingRect();
    const double aspect = drawn.width() / drawn.height();
    QVERIFY2(aspect > 0.6 && aspect < 4.0, qPrintable(QString::number(aspect)));
    QVERIFY(floor->grab().save(QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots/floor-100k.png")));

    m_window->showTab(QStringLiteral("topology"));
    TopologyView* topo = m_window->topologyView();
    topo->fitAll();
    QTest::qWait(30);
    const double scale = topo->transform().m11();
    std::map<qreal, std::vector<std::pair<int, int>>> rangesByTier;  // box top -> [first, last]
    const QRegularExpression range(QStringLiteral("(?:Pod|SU|Group) (\\d+)(?:–(\\d+))?"));
    int labels = 0;
    for (QGraphicsItem* item : topo->scene()->items()) {
        auto* box = dynamic_cast<QGraphicsRectItem*>(item);
        if (!box || !box->flags().testFlag(QGraphicsItem::ItemIsSelectable)) continue;
        for (QGraphicsItem* child : box->childItems()) {
            auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(child);
            if (!text || !text->font().bold()) continue;
            ++labels;
            const double px = QFontInfo(text->font()).pixelSize() * text->scale() * scale;
            // 8 px: the automatic fit stops shrinking at 0.68 (topology_view.cpp kMinFitScale) so that a 4-SU
            // fabric fits a 1024 x 700 window (issue 41); a long title already shrunk to its box then reads at
            // about 8 px, where it was 9 at the old 0.78 floor that cut an SU off. Below 8 px it pans instead.
            QVERIFY2(px >= 8.0, qPrintable(QStringLiteral("%1 at %2 px").arg(text->text()).arg(px)));
            const auto m = range.match(text->text());
            if (!m.hasMatch()) continue;
            const int first = m.captured(1).toInt(), last = m.captured(2).isEmpty() ? first : m.captured(2).toInt();
            rangesByTier[box->rect().top()].push_back({first, last});
        }
    }
    QVERIFY(labels > 10);
    for (auto& [top, ranges] : rangesByTier) {
        std::sort(ranges.begin(), ranges.end());
        for (std::size_t i = 1; i < ranges.size(); ++i)
            QVERIFY2(ranges[i].first > ranges[i - 1].second,
                     qPrintable(QStringLiteral("%1–%2 overlaps %3–%4").arg(ranges[i - 1].first).arg(ranges[i - 1].second)
                                    .arg(ranges[i].first).arg(ranges[i].second)));
    }
    QVERIFY(topo->grab().save(QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots/topology-100k.png")));

    doc->setComparisonEnabled(true);
    doc->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc));
}

// One rounding rule (common/format.h): the window's capex and tuning effort read exactly as the CLI's
// summary and the PDF's (which print through the same functions) for the same design and catalog.
void TestFirstHour::windowAndCliRoundAlike()
{
    const QString design = QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan");
    QVERIFY(m_window->openFile(design));
    QVERIFY(test::settle(*m_window->document()));
    const auto plan = m_window->document()->plan();
    QVERIFY(plan);
    const SummaryFigure* capex = findFigure(m_window->summaryView()->figures(), QStringLiteral("capex.total"));
    const SummaryFigure* weeks = findFigure(m_window->summaryView()->figures(), QStringLiteral("tuning.weeks"));
    QVERIFY(capex && weeks);
    QCOMPARE(capex->value, QString::fromStdString(fp::formatUsdShort(plan->estimates.capex.totalUsd)));
    QVERIFY(weeks->value.startsWith(QString::fromStdString(fp::formatOneDecimal(plan->estimates.opex.tuningWeeks)) +
                                    QLatin1Char(' ')));
    QCOMPARE(fp::formatOneDecimal(2.5), std::string("2.5"));  // the case: not "3", not "2"
    QCOMPARE(fp::formatUsdShort(35'951'234.0), std::string("$35.95 M"));

    QProcess cli;
    cli.start(QStringLiteral(FABRICPLAN_CLI), {QStringLiteral("plan"), design, QStringLiteral("--catalog"),
                                               QStringLiteral(FABRICPLAN_TEST_CATALOG)});
    QVERIFY(cli.waitForFinished(60'000));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    QVERIFY2(out.contains(QStringLiteral("capex: ") + capex->value), qPrintable(out));
    // The CLI names the catalog and the price policy, as the window's summary does.
    QVERIFY2(out.contains(QStringLiteral("catalog: " FABRICPLAN_TEST_CATALOG " (price policy cheapest-qualified)")),
             qPrintable(out));
    QVERIFY(m_window->summaryView()->toHtml().contains(QStringLiteral("price policy cheapest-qualified")));
}

QTEST_MAIN(TestFirstHour)
#include "test_first_hour.moc"
