// The whole window, offscreen: editing a field updates every view; undo; invalid fields are flagged;
// floor drags become undoable spec edits; views stay grouped at 100,000 GPUs; screenshots of every
// tab, light and dark (written to the build dir for a human to look at) and the --screenshot command
// line. Exports: test_main_window_export.cpp.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QChartView>
#include <QValueAxis>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>
#include <QSpinBox>
#include <QStyle>
#include <QStyleFactory>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTabBar>
#include <QtTest>

#include "image_checks.h"

#include "gui/bom_model.h"
#include "gui/cable_model.h"
#include "gui/catalog_dialog.h"
#include "gui/catalog_model.h"
#include "gui/commands.h"
#include "gui/compare_view.h"
#include "gui/custom_part_dialog.h"
#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/english_plurals.h"
#include "gui/floor_view.h"
#include "gui/main_window.h"
#include "gui/status_colours.h"
#include "gui/screenshot.h"
#include "gui/summary_view.h"
#include "gui/topology_view.h"
#include "gui_test_support.h"
#include "common/format.h"
#include "common/paths.h"
#include "plan/compare_text.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

namespace {

// The dark palette the app's own --dark screenshots use (app/gui/screenshot.h).
QPalette darkPalette() { return darkScreenshotPalette(); }

double figure(MainWindow& w, const char* key)
{
    const SummaryFigure* f = findFigure(w.summaryView()->figures(), QString::fromLatin1(key));
    return f ? f->number : -1.0;
}

long long bomSwitchQty(const BomModel& model)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex i = model.index(r, 0);
        if (i.data(BomModel::RowKindRole).toInt() == BomModel::SubtotalRow &&
            i.data(BomModel::CategoryRole).toInt() == int(BomCategory::Switches))
            return model.index(r, BomModel::Qty).data().toString().remove(QLatin1Char(',')).toLongLong();
    }
    return -1;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase() { delete m_window; }
    void editingGpusUpdatesSummaryBomAndStatus();
    void invalidFieldIsFlagged();
    void panelShowsValuesPastItsRange();
    void floorDragsAreUndoableEdits();
    void topologyLevelOfDetail();
    void viewsStayBoundedAt100kGpus();
    void screenshotsOfEveryTab();
    void screenshotCommandLine();
    void screenshotsWithDarkPalette();
    void catalogPriceEditReachesThePlan();
    void findingSelectsItsLink();
    void cableFilterRunsOnAWorker();
    void newPlanKeepsCableFilterOffTheUiThread();
    void compareChartsWaitUntilShown();
    void compareMoneyAndAdviceReadAsTheCli();
    void compareChartAxesLabelEveryTickApart();
    void countsReadAsEnglish();
    void bomCategoriesAndPricesFitAt1024();
    void pricesTabShowsMultimodeAgainstSingleMode();
    void otherNetworksAreNamedNotSummedIn();

private:
    // Plans the default design and shows the cables tab: its filter field, or null when the plan or the
    // field is missing.
    QLineEdit* cableFilterOnTheDefaultPlan();

    MainWindow* m_window = nullptr;
};

QLineEdit* TestMainWindow::cableFilterOnTheDefaultPlan()
{
    Document* doc = m_window->document();
    doc->reset(ClusterSpec{}, QString());
    if (!test::settle(*doc)) return nullptr;
    m_window->showTab(QStringLiteral("cables"));
    return m_window->findChild<QLineEdit*>(QStringLiteral("cableFilter"));
}

void TestMainWindow::initTestCase()
{
    m_window = test::openTestWindow();
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY2(m_window->document()->plan(), qPrintable(m_window->document()->planError()));
}

void TestMainWindow::editingGpusUpdatesSummaryBomAndStatus()
{
    // 1024 GPUs: 32 leaves + 16 spines = 48 (1024/32 leaves; 32*32/64 spines on 64-port QM9700).
    QCOMPARE(figure(*m_window, "switches.total"), 48.0);
    QCOMPARE(bomSwitchQty(*m_window->bomModel()), 48LL);
    auto* gpus = qobject_cast<QSpinBox*>(m_window->designPanel()->editorFor(QStringLiteral("gpus")));
    QVERIFY(gpus);
    gpus->setValue(2048);  // what typing + Enter commits (keyboard tracking is off)
    QVERIFY(test::settle(*m_window->document()));
    // 2048 GPUs: 64 leaves + 32 spines = 96.
    QCOMPARE(figure(*m_window, "switches.leaf"), 64.0);
    QCOMPARE(figure(*m_window, "switches.spine"), 32.0);
    QCOMPARE(bomSwitchQty(*m_window->bomModel()), 96LL);
    QCOMPARE(m_window->cableModel()->rowCount(), 4096);  // 2048 host-leaf + 64*32 leaf-spine
    // A key figure never wraps at its thousands comma ("2," then "048" on a narrow card).
    QTRY_VERIFY(m_window->summaryView()->toPlainText().contains(QStringLiteral("2,\u2060048")));
    // Figures on one line at any width: test_models keyFiguresStayOnOneLine.
    QVERIFY(m_window->isWindowModified());

    m_window->document()->undoStack()->undo();
    QVERIFY(test::settle(*m_window->document()));
    QCOMPARE(gpus->value(), 1024);  // the field follows undo
    QCOMPARE(bomSwitchQty(*m_window->bomModel()), 48LL);
    QVERIFY(!m_window->isWindowModified());
}

void TestMainWindow::invalidFieldIsFlagged()
{
    DesignPanel* panel = m_window->designPanel();
    QVERIFY(!panel->isFlagged(QStringLiteral("gpus_per_node")));
    auto* perNode = qobject_cast<QSpinBox*>(panel->editorFor(QStringLiteral("gpus_per_node")));
    const int steps = m_window->document()->undoStack()->count();
    perNode->setValue(0);  // no GPUs per node: validateSpec names /compute/gpus_per_node
    QVERIFY(panel->isFlagged(QStringLiteral("gpus_per_node")));
    QVERIFY(!perNode->styleSheet().isEmpty());
    QVERIFY(perNode->toolTip().contains(QStringLiteral("color:") + errorColour(panel->palette()).name()));
    QVERIFY(!panel->isFlagged(QStringLiteral("gpus")));
    // Refused, not applied (issue 41): the design and its plan stay as they were.
    QCOMPARE(m_window->document()->spec().gpusPerNode, 8);
    QCOMPARE(m_window->document()->undoStack()->count(), steps);
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY(m_window->document()->plan());
    // A design that is already invalid (a file's, or one set through the command facade) is flagged
    // the same way, and nothing is planned from it.
    Command::setField(m_window->document(), fields::gpusPerNode, 0);
    QVERIFY(panel->isFlagged(QStringLiteral("gpus_per_node")));
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY(!m_window->document()->plan());  // nothing is planned from an invalid spec
    QVERIFY(!m_window->document()->planError().isEmpty());
    m_window->document()->undoStack()->undo();
    QVERIFY(!panel->isFlagged(QStringLiteral("gpus_per_node")));
    QVERIFY(test::settle(*m_window->document()));
    QVERIFY(m_window->document()->plan());
}

// A file may hold a spine room 3 km away (the spin box stops at 2 km): the panel shows 3,000 m, not a
// clamped 2,000 m that would silently become the design on the next edit.
void TestMainWindow::panelShowsValuesPastItsRange()
{
    Document* doc = m_window->document();
    auto* distance = qobject_cast<QDoubleSpinBox*>(
        m_window->designPanel()->editorFor(QStringLiteral("spine_room_distance_m")));
    QVERIFY(distance);
    const double usualMax = distance->maximum();
    Command::setField(doc, fields::spineRoomDistanceM, usualMax + 1000);
    QCOMPARE(distance->value(), usualMax + 1000);
    doc->undoStack()->undo();
    QCOMPARE(distance->maximum(), usualMax);
    QVERIFY(test::settle(*doc));
}

void TestMainWindow::floorDragsAreUndoableEdits()
{
    Document* doc = m_window->document();
    const double before = doc->spec().floor.spineRoomDistanceM;
    QVERIFY(m_window->floorView()->spineRoomItem());
    // Moving the room 10 m across the rows lengthens the tray run by 10 m (Manhattan routing).
    m_window->floorView()->spineRoomDropped(QPointF(0, 10));
    QCOMPARE(doc->spec().floor.spineRoomDistanceM, before + 10.0);
    QVERIFY(test::settle(*doc));
    doc->undoStack()->undo();
    QCOMPARE(doc->spec().floor.spineRoomDistanceM, before);

    // A network rack dropped in the middle of row 1 moves leaves to the middle of the row.
    const Layout& layout = doc->plan()->layout;
    double minX = 1e9, maxX = -1e9;
    for (const Rack& r : layout.racks)
        if (r.row == 0 && r.kind == RackKind::Compute) minX = qMin(minX, r.xM), maxX = qMax(maxX, r.xM);
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::EndOfRow);
    m_window->floorView()->networkRackDropped(0, (minX + maxX) / 2);
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::MiddleOfRow);
    QVERIFY(test::settle(*doc));
    doc->undoStack()->undo();
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::EndOfRow);
    QVERIFY(test::settle(*doc));
}

void TestMainWindow::topologyLevelOfDetail()
{
    TopologyView* view = m_window->topologyView();
    QVERIFY(view->boxCount() > 0);
    // Never one item per link: at most kMaxBoxesPerTier boxes per tier and one bundle per box pair.
    QVERIFY(view->boxCount() <= 3 * kMaxBoxesPerTier);
    QVERIFY(view->bundleCount() < 2048);
    QVERIFY(view->selectDevice(0));
}

// At 100,000 GPUs (about 300,000 links, 2,500 switches, 1,600 racks) both scenes draw groups, not
// one item per link or switch, so a scene rebuild and a paint stay a few milliseconds.
void TestMainWindow::viewsStayBoundedAt100kGpus()
{
    Document* doc = m_window->document();
    const SpecReadResult read = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/xdr-b300-4608.fabricplan");
    ClusterSpec big = read.spec;
    big.gpus = 100'000;
    big.linkGbps = 400;  // XDR ports split to 400G keep 100k GPUs in three tiers
    doc->setComparisonEnabled(false);
    doc->reset(big, QString());
    QVERIFY(test::settle(*doc));
    const auto plan = doc->plan();
    QVERIFY2(plan, qPrintable(doc->planError()));
    constexpr qsizetype kMaxItems = 5000;
    QVERIFY(plan->fabric.links.size() > 50 * std::size_t(kMaxItems));
    const qsizetype topologyItems = m_window->topologyView()->scene()->items().size();
    const qsizetype floorItems = m_window->floorView()->scene()->items().size();
    QVERIFY2(topologyItems < kMaxItems, qPrintable(QString::number(topologyItems)));
    QVERIFY2(floorItems < kMaxItems, qPrintable(QString::number(floorItems)));

    doc->setComparisonEnabled(true);
    doc->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc));
}

void TestMainWindow::screenshotsOfEveryTab()
{
    const QString outDir = QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots");
    QDir().mkpath(outDir);
    m_window->resize(1400, 900);
    QVERIFY(test::settle(*m_window->document()));
    for (const QString& tab : MainWindow::tabNames()) {
        QVERIFY(m_window->showTab(tab));
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
        const QImage image = m_window->grab().toImage();
        QCOMPARE(image.size(), QSize(1400, 900));
        QVERIFY2(fp::pictures::distinctColours(image) > 8, qPrintable(tab));
        QVERIFY(image.save(outDir + QLatin1Char('/') + tab + QStringLiteral(".png")));
    }
    QCOMPARE(m_window->compareView()->fabricCount(), 4);  // one plan per technology
}

void TestMainWindow::screenshotCommandLine()
{
    const QString app = QStringLiteral(FABRICPLAN_BUILD_DIR "/app/fabricplan");
    if (!QFileInfo::exists(app)) QSKIP("the fabricplan executable is not built");
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("topology.png"));
    QProcess p;
    p.start(app, {QStringLiteral("--catalog"), QStringLiteral(FABRICPLAN_TEST_CATALOG), QStringLiteral("--screenshot"), png,
                  QStringLiteral("--tab"), QStringLiteral("topology"),
                  QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan")});
    QVERIFY(p.waitForFinished(60'000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(QImage(png).size(), QSize(1400, 900));

    QProcess v;
    v.start(app, {QStringLiteral("--version")});
    QVERIFY(v.waitForFinished(10'000));
    QCOMPARE(QString::fromUtf8(v.readAllStandardOutput()).trimmed(),
             QStringLiteral("fabricplan ") + QString::fromStdString(versionString()));
}

// Fusion with a dark palette, switched to while the window is open, as a desktop going dark does:
// the views redo their colours, and every tab and both catalog dialogs are written to
// screenshots/dark-*.png for a human to look at.
void TestMainWindow::screenshotsWithDarkPalette()
{
    const QString outDir = QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots");
    QDir().mkpath(outDir);
    const QPalette light = QApplication::palette();
    const QString lightStyle = QApplication::style()->name();
    QVERIFY(test::settle(*m_window->document()));
    const QString lightText = light.color(QPalette::Text).name();
    QVERIFY(m_window->summaryView()->toHtml().contains(lightText));

    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(darkPalette());
    const QString darkText = darkPalette().color(QPalette::Text).name();
    QTRY_VERIFY(m_window->summaryView()->toHtml().contains(darkText));  // the refresh is queued
    QVERIFY(!m_window->summaryView()->toHtml().contains(lightText));
    for (const QString& tab : MainWindow::tabNames()) {
        QVERIFY(m_window->showTab(tab));
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
        QVERIFY(m_window->grab().save(outDir + QStringLiteral("/dark-") + tab + QStringLiteral(".png")));
    }
    // Findings (a spine room 3 km away) and an invalid field, in the dark.
    Document* doc = m_window->document();
    Command::setField(doc, fields::spineRoomDistanceM, 3000.0);
    Command::setField(doc, fields::nicsPerNode, 0);
    QVERIFY(test::settle(*doc));
    QVERIFY(m_window->showTab(QStringLiteral("summary")));
    for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    QVERIFY(m_window->grab().save(outDir + QStringLiteral("/dark-invalid.png")));
    doc->undoStack()->undo();
    QVERIFY(test::settle(*doc));
    QVERIFY(m_window->showTab(QStringLiteral("checks")));
    for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    QVERIFY(m_window->grab().save(outDir + QStringLiteral("/dark-findings.png")));
    doc->undoStack()->undo();
    QVERIFY(test::settle(*doc));
    {
        CatalogDialog catalog(test::builtCatalog(), QString(), m_window);
        catalog.resize(1100, 640);
        catalog.show();
        QVERIFY(catalog.grab().save(outDir + QStringLiteral("/dark-catalog.png")));
        CustomPartDialog part({QStringLiteral("MQM9700-NS2F"), QStringLiteral("MCX75310AAS-NEAT")}, m_window);
        part.show();
        auto* kind = part.findChild<QComboBox*>(QStringLiteral("kind"));
        QVERIFY(kind);
        for (int i = 0; i < kind->count(); ++i) {  // transceiver, cable, switch pages
            kind->setCurrentIndex(i);
            QVERIFY(part.grab().save(outDir + QStringLiteral("/dark-custom-part-%1.png").arg(i)));
        }
        part.close();
        catalog.close();
    }

    QApplication::setStyle(QStyleFactory::create(lightStyle));
    QApplication::setPalette(light);
    QTRY_VERIFY(m_window->summaryView()->toHtml().contains(lightText));
    m_window->showTab(QStringLiteral("summary"));
}

void TestMainWindow::catalogPriceEditReachesThePlan()
{
    // A private copy of the built catalog stands in for the user's copy.
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("catalog.sqlite"));
    QVERIFY(QFile::copy(QStringLiteral(FABRICPLAN_TEST_CATALOG), db));
    CatalogDialog dialog(test::builtCatalog(), db);
    dialog.resize(1100, 640);
    dialog.show();
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(dialog.grab().save(QStringLiteral(FABRICPLAN_BUILD_DIR "/screenshots/catalog.png")));

    std::shared_ptr<const Catalog> changed;
    connect(&dialog, &CatalogDialog::catalogChanged, this, [&](std::shared_ptr<const Catalog> c) { changed = c; });
    QString error;
    QVERIFY2(dialog.setUserPrice(QStringLiteral("MQM9700-NS2F"), 12345.0, &error), qPrintable(error));
    QVERIFY(changed);
    const PartBase* sw = changed->findPart("MQM9700-NS2F");
    QVERIFY(sw);
    bool found = false;
    for (const PriceQuote& q : sw->prices) found = found || (q.source == "user" && q.priceUsd == 12345.0 && !q.estimated);
    QVERIFY(found);

    // The document plans with the new catalog: 48 switches at the cheapest price, now $12,345 each.
    Document doc(changed);
    doc.setComparisonEnabled(false);
    doc.reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(doc));
    QVERIFY(doc.plan());
    double switchUsd = 0;
    for (const BomLine& l : doc.plan()->bom.lines)
        if (l.category == BomCategory::Switches) switchUsd += l.extendedUsd;
    QCOMPARE(switchUsd, 48 * 12345.0);  // 32 leaves + 16 spines, $12,345 each
}

void TestMainWindow::findingSelectsItsLink()
{
    // A spine room 3 km away: leaf-spine routes beyond what the IB catalog's optics reach
    // (the longest NDR module, 2xFR4 MMS4X50-NM, is specified for 2 km), so media findings name links.
    Document* doc = m_window->document();
    doc->reset(ClusterSpec{}, QString());
    Command::setField(doc, fields::spineRoomDistanceM, 3000.0);
    QVERIFY(test::settle(*doc));
    const auto plan = doc->plan();
    QVERIFY(plan);
    QVERIFY(plan->errorCount() > 0);
    for (std::size_t i = 0; i < plan->findings.size(); ++i) {
        const Finding& f = plan->findings[i];
        if (f.link >= 0) {
            m_window->activateFinding(int(i));
            QCOMPARE(m_window->tabs()->currentIndex(), MainWindow::tabNames().indexOf(QStringLiteral("cables")));
            const QModelIndex current = m_window->cableTable()->selectionModel()->selectedRows().value(0);
            QCOMPARE(current.data(CablePlanModel::LinkIndexRole).toLongLong(), f.link);
            QCOMPARE(plan->fabric.links[std::size_t(f.link)].cls, LinkClass::LeafSpine);
            return;
        }
        if (f.device >= 0) {
            m_window->activateFinding(int(i));
            QCOMPARE(m_window->tabs()->currentIndex(), MainWindow::tabNames().indexOf(QStringLiteral("topology")));
            return;
        }
    }
    QSKIP("the checks stage reported no link or device for its findings");
}

// Typing a cable filter and pressing Enter leaves the table as it was until a worker has scanned the links
// (15 ms of UI thread at 1,000,000 GPUs otherwise); clearing it is immediate. A two-tier plan's links
// that touch a spine are exactly its leaf-spine links.
void TestMainWindow::cableFilterRunsOnAWorker()
{
    QLineEdit* filter = cableFilterOnTheDefaultPlan();
    QVERIFY(filter);
    CablePlanModel* model = m_window->cableModel();
    const int all = model->matchCount();
    filter->setText(QStringLiteral("spine"));
    emit filter->editingFinished();
    QCOMPARE(model->filterText(), QString());  // not scanned on the UI thread
    QTRY_COMPARE(model->filterText(), QStringLiteral("spine"));
    QCOMPARE(double(model->matchCount()), figure(*m_window, "links.leaf_spine"));
    filter->clear();
    QCOMPARE(model->filterText(), QString());
    QCOMPARE(model->matchCount(), all);
}

// A new plan arriving while a cable filter is set keeps the filter and has it scanned on the worker too: when
// the model takes the plan, it shows none of its rows (no scan ran on the UI thread), then the worker's
// rows arrive. Twice the GPUs of the default two-tier plan: its leaf-spine links are the figure's.
void TestMainWindow::newPlanKeepsCableFilterOffTheUiThread()
{
    Document* doc = m_window->document();
    QLineEdit* filter = cableFilterOnTheDefaultPlan();
    QVERIFY(filter);
    CablePlanModel* model = m_window->cableModel();
    filter->setText(QStringLiteral("spine"));
    emit filter->editingFinished();
    QTRY_COMPARE(model->filterText(), QStringLiteral("spine"));
    const int before = model->matchCount();

    ClusterSpec bigger;
    bigger.gpus = 2 * ClusterSpec{}.gpus;
    const std::shared_ptr<const Plan> oldPlan = model->plan();
    QList<int> rowsWhenThePlanArrived;
    const auto watch = connect(model, &QAbstractItemModel::modelReset, this, [&] {
        if (model->plan() != oldPlan && rowsWhenThePlanArrived.isEmpty()) rowsWhenThePlanArrived << model->matchCount();
    });
    doc->reset(bigger, QString());
    QVERIFY(test::settle(*doc));
    QTRY_VERIFY(!rowsWhenThePlanArrived.isEmpty());
    disconnect(watch);
    QCOMPARE(rowsWhenThePlanArrived.front(), 0);  // not scanned on the UI thread
    QCOMPARE(model->filterText(), QStringLiteral("spine"));
    QCOMPARE(filter->text(), QStringLiteral("spine"));
    QTRY_VERIFY(!model->filterPending());
    QTRY_COMPARE(double(model->matchCount()), figure(*m_window, "links.leaf_spine"));
    QVERIFY(model->matchCount() > before);
    filter->clear();
    QCOMPARE(model->filterText(), QString());
}

// The compare charts are drawn when the tab is shown, not for every comparison while it is hidden.
void TestMainWindow::compareChartsWaitUntilShown()
{
    const auto comparison = std::make_shared<const Comparison>(comparePlans(ClusterSpec{}, *test::builtCatalog()));
    CompareView view;
    view.resize(1000, 700);
    view.setComparison(comparison, QString());
    QVERIFY(view.chartsStale());
    QVERIFY(view.findChild<QChartView*>()->chart()->series().isEmpty());  // the empty charts of construction
    view.show();
    QVERIFY(!view.chartsStale());
    QVERIFY(!view.findChild<QChartView*>()->chart()->series().isEmpty());
    view.setComparison(comparison, QString());  // shown: drawn at once
    QVERIFY(!view.chartsStale());
}

// A lab of 8 GPUs costs under $0.1 M: the capex and TCO charts (in $ M) labelled every tick "0" when
// their format was "%.0f" whatever the range. Each value axis's labels now differ tick by tick, start at
// zero and reach above the tallest figure; checked on the lab and on the default 1,024-GPU design.
void TestMainWindow::compareChartAxesLabelEveryTickApart()
{
    for (int gpus : {8, 1024}) {
        ClusterSpec spec;
        spec.gpus = gpus;
        const auto comparison = std::make_shared<const Comparison>(comparePlans(spec, *test::builtCatalog()));
        CompareView view;
        view.resize(1000, 700);
        view.setComparison(comparison, QString());
        view.show();
        double capexTop = 0;
        for (const Plan& p : comparison->plans) capexTop = std::max(capexTop, p.estimates.capex.totalUsd / 1e6);
        int valueAxes = 0;
        for (QChartView* chartView : view.findChildren<QChartView*>()) {
            const QString title = chartView->chart()->title();
            for (QAbstractAxis* a : chartView->chart()->axes(Qt::Vertical)) {
                auto* axis = qobject_cast<QValueAxis*>(a);
                if (!axis) continue;  // the latency chart's log axis
                ++valueAxes;
                QStringList labels;
                const double step = (axis->max() - axis->min()) / (axis->tickCount() - 1);
                for (int k = 0; k < axis->tickCount(); ++k)
                    labels << QString::asprintf(axis->labelFormat().toLatin1().constData(), axis->min() + k * step);
                QCOMPARE(labels.removeDuplicates(), qsizetype(0));
                QCOMPARE(axis->min(), 0.0);
                if (title.startsWith(QStringLiteral("Capex"))) QVERIFY2(axis->max() >= capexTop, qPrintable(labels.join(u' ')));
            }
        }
        QCOMPARE(valueAxes, 3);  // capex, TCO, bus bandwidth
    }
}

// The compare tab prints capex and TCO by the rule the CLI table and the advice use (formatUsdShort),
// marked "~" as the estimates they are (with the legend), and shows the advice's reasons word for word.
void TestMainWindow::compareMoneyAndAdviceReadAsTheCli()
{
    const auto comparison = std::make_shared<const Comparison>(comparePlans(ClusterSpec{}, *test::builtCatalog()));
    CompareView view;
    view.resize(1000, 700);
    view.setComparison(comparison, QString());
    view.show();
    for (int i = 0; i < view.fabricCount(); ++i) {
        const Plan& p = comparison->plans[std::size_t(i)];
        QVERIFY(p.estimates.capex.estimated);  // the bundled catalog's prices are all estimates
        const QStringList cells = view.alternativeRow(i).split(QStringLiteral(" | "));
        QCOMPARE(cells.value(4), QString::fromStdString(fp::formatUsdShort(p.estimates.capex.totalUsd)) + QStringLiteral(" ~"));
        QCOMPARE(cells.value(5), QString::fromStdString(fp::formatUsdShort(p.estimates.tcoUsd)) + QStringLiteral(" ~"));
    }
    auto* advice = view.findChild<QTextBrowser*>();
    QVERIFY(advice);
    const QString text = advice->toPlainText();
    // The verdict leads, above the table: the panel scrolls and must show it without scrolling.
    QVERIFY2(text.startsWith(QStringLiteral("Recommended: ") + QString::fromUtf8(displayName(comparison->advice.recommended))),
             qPrintable(text.left(80)));
    QCOMPARE(advice->verticalScrollBar()->value(), 0);
    // In the tab of a 1024-pixel window (about 640 pixels wide) no part number, figure or fabric name
    // is broken across lines ("MCX75310AAS-NEAT" read "MCX75310AAS" / "-NEAT", "InfiniBand" "InfiniBan" / "d").
    view.resize(640, 700);
    QCoreApplication::processEvents();
    const auto onOneLine = [&](const QString& what) {
        const QTextCursor found = advice->document()->find(what);
        if (found.isNull()) return false;
        const QTextBlock block = advice->document()->findBlock(found.selectionStart());
        const QTextLayout* layout = block.layout();
        const int start = found.selectionStart() - block.position(), end = found.selectionEnd() - 1 - block.position();
        return layout && layout->lineForTextPosition(start).lineNumber() == layout->lineForTextPosition(end).lineNumber();
    };
    for (const Plan& p : comparison->plans) {
        for (const std::string& part : {p.hardware.nic.partNumber, p.hardware.switches.front().partNumber})
            QVERIFY2(onOneLine(QString::fromStdString(part)), part.c_str());
        QVERIFY2(onOneLine(QString::fromUtf8(displayName(p.spec.fabric))), displayName(p.spec.fabric));
    }
    QVERIFY(!comparison->advice.reasons.empty());
    for (const std::string& r : comparison->advice.reasons)
        QVERIFY2(text.contains(QString::fromStdString(r)), r.c_str());
    QVERIFY(text.contains(QStringLiteral("~ estimate: no public prices exist")));
    // Why each fabric runs on its switch: every candidate weighed, with the CLI's verdict.
    QVERIFY(text.contains(QStringLiteral("Switches weighed")));
    int candidates = 0;
    for (std::size_t k = 0; k < comparison->alternatives.size(); ++k)
        for (const CompareCandidate& x : comparison->alternatives[k].candidates) {
            // A line each: the parts, then the verdict.
            const QString row = QString::fromStdString(plan::candidateParts(x)) + QStringLiteral(": ") +
                                QString::fromStdString(plan::candidateVerdict(x, plan::chosenCandidate(comparison->alternatives[k])));
            QVERIFY2(text.contains(row), qPrintable(row));
            ++candidates;
        }
    QVERIFY(candidates > int(comparison->alternatives.size()));  // more than the four chosen

    // No fabric buildable: the tab recommends none, as the CLI says it ("none buildable", with the pick
    // the rule would make); before, it named the rule's pick as the recommendation.
    Comparison none = *comparison;
    none.advice.recommendedBuildable = false;
    view.setComparison(std::make_shared<const Comparison>(std::move(none)), QString());
    const QString noneText = advice->toPlainText();
    const QString expected = QStringLiteral("Recommended: none buildable (the rule would pick ") +
                             QString::fromUtf8(displayName(comparison->advice.recommended)) + QStringLiteral(")");
    QVERIFY2(noneText.startsWith(expected), qPrintable(noneText.left(100)));
}

// The app's plural translator: "1 error", "2 errors", not "1 error(s)"; text without a count as typed.
// A spine room 3 km away leaves the leaf-spine links without a part: one error (findingSelectsItsLink).
void TestMainWindow::countsReadAsEnglish()
{
    EnglishPlurals plurals;
    QCoreApplication::installTranslator(&plurals);
    QCOMPARE(QObject::tr("%n error(s)", nullptr, 1), QStringLiteral("1 error"));
    QCOMPARE(QObject::tr("%n error(s)", nullptr, 2), QStringLiteral("2 errors"));
    QCOMPARE(QObject::tr("%n error(s)", nullptr, 0), QStringLiteral("0 errors"));
    QCOMPARE(QObject::tr("Checks"), QStringLiteral("Checks"));
    Document* doc = m_window->document();
    doc->reset(ClusterSpec{}, QString());
    Command::setField(doc, fields::spineRoomDistanceM, 3000.0);
    QVERIFY(test::settle(*doc));
    QCOMPARE(doc->plan()->errorCount(), 1);
    auto* header = m_window->findChild<QLabel*>(QStringLiteral("checksHeader"));
    QVERIFY(header);
    QTRY_VERIFY2(header->text().startsWith(QStringLiteral("<b>1 error</b>, 0 warnings, ")), qPrintable(header->text()));
    QTRY_VERIFY2(m_window->summaryView()->errorBanner().startsWith(QStringLiteral("Not buildable: this design has 1 error.")),
                 qPrintable(m_window->summaryView()->errorBanner()));
    auto* bomTotals = m_window->findChild<QLabel*>(QStringLiteral("bomTotals"));
    QVERIFY(bomTotals);
    QVERIFY2(bomTotals->text().contains(QStringLiteral("Not buildable (1 error):")), qPrintable(bomTotals->text()));
    // One 8-GPU server on one switch: the status bar says "1 switch".
    ClusterSpec lab;
    lab.gpus = 8;
    doc->reset(lab, QString());
    QVERIFY(test::settle(*doc));
    QCOMPARE(doc->plan()->fabric.switchCount(), 1LL);
    auto* status = m_window->findChild<QLabel*>(QStringLiteral("statusFigures"));
    QVERIFY(status);
    QTRY_VERIFY2(status->text().startsWith(QStringLiteral("8 GPUs   ·   1 switch   ·   8 links   ·   ")), qPrintable(status->text()));
    // Its capex and power are the Summary's cards, word for word (the bar once read "$3,580,195" beside a
    // card's "$3.58 M").
    for (const char* key : {"capex.total", "power.kw"}) {
        const SummaryFigure* f = findFigure(m_window->summaryView()->figures(), QString::fromLatin1(key));
        QVERIFY2(f && status->text().contains(f->value), qPrintable(status->text()));
    }
    QCoreApplication::removeTranslator(&plurals);
}

// At 1024 x 700 the BOM's category column holds every category name whole (the delegate's own size
// hint, bold subtotal rows included: "Fibre cords and trunks" was cut to "Fibre cords and trun…"), and
// the extended price is still in view without scrolling sideways.
void TestMainWindow::bomCategoriesAndPricesFitAt1024()
{
    Document* doc = m_window->document();
    doc->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc));
    m_window->resize(1024, 700);
    m_window->showTab(QStringLiteral("bom"));
    auto* table = m_window->findChild<QTableView*>(QStringLiteral("bomTable"));
    QVERIFY(table);
    QTRY_VERIFY(table->model()->rowCount() > 0);
    bool fibre = false;
    int widest = 0;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QModelIndex category = table->model()->index(r, BomModel::Category);
        fibre = fibre || category.data().toString() == QStringLiteral("Fibre cords and trunks");
        widest = std::max(widest, table->sizeHintForIndex(category).width());
    }
    QVERIFY(fibre);  // the longest name is on screen
    QVERIFY2(table->columnWidth(BomModel::Category) >= widest,
             qPrintable(QStringLiteral("%1 < %2").arg(table->columnWidth(BomModel::Category)).arg(widest)));
    const int extendedRight = table->columnViewportPosition(BomModel::Extended) + table->columnWidth(BomModel::Extended);
    QVERIFY2(extendedRight <= table->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(extendedRight).arg(table->viewport()->width())));
}

// Issue 39: the Prices tab says what multimode saves against single-mode, per module shape, at the prices
// the plan uses, beside the published 0.40 (the NVIDIA twin: 0.85 x 920 / (0.85 x 2,300) = 0.40).
void TestMainWindow::pricesTabShowsMultimodeAgainstSingleMode()
{
    Document* doc = m_window->document();
    doc->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc));
    m_window->showTab(QStringLiteral("prices"));
    auto* label = m_window->findChild<QLabel*>(QStringLiteral("mediumRatios"));
    QVERIFY(label);
    QTRY_VERIFY(!label->text().isEmpty());
    QVERIFY2(label->text().contains(QStringLiteral("NVIDIA OSFP 2 x 400G finned <b>0.40</b>")), qPrintable(label->text()));
    QVERIFY2(label->text().contains(QStringLiteral("Published: <b>0.40</b>")), qPrintable(label->text()));
}

void TestMainWindow::otherNetworksAreNamedNotSummedIn()
{
    // The window plans every network of a design (issue 38): the Summary lists each with the total above
    // the compute fabric's figures, and drops the table once the design has one network.
    Document* doc = m_window->document();
    ClusterSpec spec;
    NetworkSpec storage;
    storage.name = "storage";
    storage.switchModel = "MQM9700-NS2F";
    storage.portModel = spec.nicModel;
    storage.endpoints.push_back({"storage servers", EndpointCount::Fixed, 16, 2});
    spec.networks.push_back(storage);
    doc->reset(spec, QString());
    QVERIFY(test::settle(*doc));
    m_window->showTab(QStringLiteral("summary"));
    QTRY_VERIFY(m_window->summaryView()->toPlainText().contains(QStringLiteral("Storage fabric (storage)")));
    const auto cluster = doc->clusterPlan();
    QVERIFY(cluster && cluster->networks.size() == 2);
    QCOMPARE(cluster->networks[1].endpointPorts, 32LL);  // 16 servers x 2 ports
    QVERIFY2(m_window->summaryView()->toPlainText().contains(QStringLiteral("Total")),
             qPrintable(m_window->summaryView()->toPlainText().left(600)));
    // The Network picker's bar, above the tabs: not in the tab bar's corner, which took the room of the
    // tab names (every one elided at 1024 px with four networks).
    auto* bar = m_window->findChild<QWidget*>(QStringLiteral("networkBar"));
    QVERIFY(bar);
    QVERIFY(bar->isVisibleTo(m_window));
    QVERIFY(!m_window->tabs()->cornerWidget(Qt::TopRightCorner));
    auto* role = m_window->findChild<QLabel*>(QStringLiteral("networkRole"));
    QVERIFY(role);
    QCOMPARE(role->text(), QStringLiteral("Compute fabric · 1 of 2 networks"));
    {
        // At 1024 px every tab shows its whole name.
        const QSize before = m_window->size();
        m_window->resize(1024, 700);
        QTabBar* tabBar = m_window->tabs()->tabBar();
        QTRY_VERIFY(tabBar->width() <= 1024);
        for (int i = 0; i < tabBar->count(); ++i) {
            const int textWidth = tabBar->fontMetrics().horizontalAdvance(tabBar->tabText(i));
            QVERIFY2(tabBar->tabRect(i).width() > textWidth, qPrintable(tabBar->tabText(i)));
        }
        m_window->resize(before);
    }
    doc->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc));
    QTRY_VERIFY(!m_window->summaryView()->toPlainText().contains(QStringLiteral("Storage fabric (storage)")));
    QVERIFY(!bar->isVisibleTo(m_window));  // one network: no bar, no room kept for it
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
