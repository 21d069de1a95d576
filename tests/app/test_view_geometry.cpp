// The topology and floor geometry is built on the plan worker (issue 23: no UI-thread block over 50 ms
// at 1,000,000 GPUs). These tests check that what the views draw from it matches hand counts of a
// published design, that the views draw the same from the worker's geometry as from their own, and
// that geometry of a superseded plan never reaches a view.
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

#include "gui/document.h"
#include "gui/floor_view.h"
#include "gui/main_window.h"
#include "gui/topology_view.h"
#include "gui_test_support.h"
#include "plan/cluster_plan.h"
#include "spec/spec_json.h"

using namespace fp;
using namespace fp::gui;

namespace {

// The DGX H100 SuperPOD reference design: 1,024 GPUs in 128 DGX nodes, 4 scalable units of 32 nodes,
// 8 rail leaves per SU (32 QM9700 leaves), 16 spines, 2 tiers; 4 nodes a rack, 8 racks a row.
ClusterSpec superpod(int gpus = 1024)
{
    ClusterSpec spec = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan").spec;
    spec.gpus = gpus;
    return spec;
}

std::shared_ptr<const Plan> planOf(const ClusterSpec& spec)
{
    return std::make_shared<const Plan>(makePlan(spec, *test::builtCatalog()));
}

QStringList titlesOf(const TopologyGeometry& g, Tier tier)
{
    QStringList out;
    for (const TopologyBox& b : g.boxes)
        if (b.tier == tier) out << b.title + QStringLiteral(" / ") + b.subtitle;
    return out;
}

// Every item of a scene as text (kind, place, tooltip, label), sorted: two scenes that draw the same
// things give the same list.
QStringList sceneSignature(QGraphicsScene* scene)
{
    QStringList out;
    for (QGraphicsItem* item : scene->items()) {
        const QRectF r = item->sceneBoundingRect();
        QString line = QStringLiteral("%1 %2,%3 %4x%5 %6").arg(item->type()).arg(r.x(), 0, 'f', 1).arg(r.y(), 0, 'f', 1)
                           .arg(r.width(), 0, 'f', 1).arg(r.height(), 0, 'f', 1).arg(item->toolTip());
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) line += QStringLiteral(" \"%1\"").arg(text->text());
        out << line;
    }
    out.sort();
    return out;
}

} // namespace

class TestViewGeometry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void topologyGroupsMatchHandCounts();
    void floorRacksMatchHandCounts();
    void floorTotalsCountInWords();
    void roomAislesAreDrawnWithTheirRoom();
    void roomAisleRacksDragWithTheirRoom();
    void viewsDrawTheSameFromWorkerGeometry();
    void geometryOfAnotherPlanIsNotDrawn();
    void supersededPlanGeometryNeverReachesTheViews();
    void floorSceneStaysSmallAsTheHallGrows();
    void floorLabelsStayLegibleAtAnyZoom();
    void draggingANetworkRackWithTheMouseMovesLeaves();
    void replacedPlansAreFreedOnceTheViewsLetGo();
};

void TestViewGeometry::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FabricPlanTest"));
}

void TestViewGeometry::topologyGroupsMatchHandCounts()
{
    const auto plan = planOf(superpod());
    const TopologyGeometry g = buildTopologyGeometry(*plan);
    QCOMPARE(g.plan, plan.get());
    // One box per SU for nodes and for leaves (2 tiers: leaves group by SU), one box for the spines.
    const QString nodes = QStringLiteral(" / 32 nodes · 256 GPUs"), leaves = QStringLiteral(" / 8 leaves");
    QCOMPARE(titlesOf(g, Tier::Node), QStringList({QStringLiteral("SU 1") + nodes, QStringLiteral("SU 2") + nodes,
                                                   QStringLiteral("SU 3") + nodes, QStringLiteral("SU 4") + nodes}));
    QCOMPARE(titlesOf(g, Tier::Leaf), QStringList({QStringLiteral("SU 1") + leaves, QStringLiteral("SU 2") + leaves,
                                                   QStringLiteral("SU 3") + leaves, QStringLiteral("SU 4") + leaves}));
    QCOMPARE(titlesOf(g, Tier::Spine), QStringList({QStringLiteral("Spines / 16 spines")}));
    QVERIFY(titlesOf(g, Tier::Core).isEmpty());
    QCOMPARE(g.tierLabels.size(), std::size_t(3));
    // Bundles: each SU's 32 nodes x 8 rails to its own leaves (256 links), and each SU's 8 leaves x 32
    // uplinks to the spines (256 links): 8 bundles, 2,048 links.
    QCOMPARE(g.bundles.size(), std::size_t(8));
    for (const TopologyBundle& b : g.bundles) QCOMPARE(b.links, 256LL);
    // Every device sits in the box of its tier.
    QCOMPARE(g.boxOfDevice.size(), plan->fabric.devices.size());
    for (std::size_t d = 0; d < plan->fabric.devices.size(); ++d)
        QCOMPARE(g.boxes[std::size_t(g.boxOfDevice[d])].tier, plan->fabric.devices[d].tier);
}

void TestViewGeometry::floorRacksMatchHandCounts()
{
    const auto plan = planOf(superpod());
    const FloorGeometry g = buildFloorGeometry(*plan);
    QCOMPARE(g.plan, plan.get());
    // 128 nodes at 4 a rack: 32 compute racks in 4 rows of 8, drawing 128 x 10.2 kW.
    QCOMPARE(g.compute.size(), std::size_t(32));
    QCOMPARE(g.rowLabels.size(), std::size_t(4));
    QCOMPARE(g.computePowerW, 128 * 10'200.0);
    int nodes = 0, switches = 0;
    for (const FloorRack& r : g.compute) nodes += plan->layout.racks[r.rack].devices;
    for (const auto* racks : {&g.network, &g.spineRoom})
        for (const FloorRack& r : *racks) switches += plan->layout.racks[r.rack].devices;
    QCOMPARE(nodes, 128);
    QCOMPARE(switches, 32 + 16);  // leaves at the row ends, spines in the spine room
    QVERIFY(!g.spineRoom.empty());
    QVERIFY(g.hasTray);
    for (const FloorRack& r : g.compute) QVERIFY(g.computeBounds.contains(r.rect));
}

// The four-network example's OOB leaf for the spine room's management ports stands in the room's aisle
// (a network rack of row -1, core/layout/README.md "Shared floor"): drawn inside the room's block, with
// no "Row 0" label; the rows keep their labels 1-6 (4 compute rows, 2 service rows).
void TestViewGeometry::roomAislesAreDrawnWithTheirRoom()
{
    const ClusterSpec spec = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
    const ClusterPlan cluster = makeClusterPlan(spec, *test::builtCatalog());
    const Plan& oob = cluster.networks.back().plan;
    QCOMPARE(cluster.networks.back().name, std::string("oob"));
    const FloorGeometry g = buildFloorGeometry(oob);
    int aisleRacks = 0;
    for (const FloorRack& r : g.network) {
        if (oob.layout.racks[r.rack].row >= 0) continue;
        ++aisleRacks;
        QVERIFY(g.spineRoomBounds.contains(r.rect));
    }
    QCOMPARE(aisleRacks, 1);
    QCOMPARE(g.rowLabels.size(), std::size_t(6));
    for (const auto& label : g.rowLabels) QVERIFY(label.row >= 0);
    QVERIFY(g.hasTray);
}

// A room's aisle rack is no row to slide along: pressing on it takes the room's block (the aisle is part
// of the room, which drags as one), where a row-end network rack is taken itself
// (draggingANetworkRackWithTheMouseMovesLeaves).
void TestViewGeometry::roomAisleRacksDragWithTheirRoom()
{
    std::unique_ptr<MainWindow> window(test::openTestWindow());
    Document* doc = window->document();
    doc->setComparisonEnabled(false);
    doc->reset(loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan").spec, QString());
    QVERIFY(test::settle(*doc));
    doc->setViewedNetwork(3);  // oob
    QVERIFY(test::settle(*doc));
    window->showTab(QStringLiteral("floor"));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCoreApplication::processEvents();
    FloorView* view = window->floorView();
    const auto plan = doc->floorPlan();
    QVERIFY(plan && view->geometry() && view->geometry()->plan == plan.get());
    const FloorRack *aisle = nullptr, *rowEnd = nullptr;
    for (const FloorRack& r : view->geometry()->network)
        (plan->layout.racks[r.rack].row < 0 ? aisle : rowEnd) = &r;
    QVERIFY(aisle && rowEnd);
    const auto press = [view](QEvent::Type type, QPointF scenePos) {
        const QPoint at = view->mapFromScene(scenePos);
        QMouseEvent e(type, at, view->viewport()->mapToGlobal(at), Qt::LeftButton,
                      type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view->viewport(), &e);
    };
    press(QEvent::MouseButtonPress, rowEnd->rect.center());
    QVERIFY(view->scene()->mouseGrabberItem() != nullptr);
    QVERIFY(view->scene()->mouseGrabberItem() != view->spineRoomItem());
    press(QEvent::MouseButtonRelease, rowEnd->rect.center());
    press(QEvent::MouseButtonPress, aisle->rect.center());
    QCOMPARE(view->scene()->mouseGrabberItem(), view->spineRoomItem());
    press(QEvent::MouseButtonRelease, aisle->rect.center());
    QCOMPARE(doc->undoStack()->count(), 0);
}

// The floor's totals line counts in words: "1 row", not "1 rows". 32 DGX nodes at 4 a rack are 8 compute
// racks, one row of 8; 1,024 GPUs are 4 rows (floorRacksMatchHandCounts).
void TestViewGeometry::floorTotalsCountInWords()
{
    Document doc(test::builtCatalog());
    FloorView view(&doc);
    view.setPlan(planOf(superpod(256)));
    QVERIFY2(view.totals().startsWith(QStringLiteral("1 row · 8 compute racks · ")), qPrintable(view.totals()));
    view.setPlan(planOf(superpod(1024)));
    QVERIFY2(view.totals().startsWith(QStringLiteral("4 rows · 32 compute racks · ")), qPrintable(view.totals()));
}

void TestViewGeometry::viewsDrawTheSameFromWorkerGeometry()
{
    Document doc(test::builtCatalog());
    doc.setComparisonEnabled(false);
    doc.reset(superpod(), QString());
    QVERIFY(test::settle(doc));
    const auto plan = doc.plan();
    QVERIFY2(plan, qPrintable(doc.planError()));
    QVERIFY(doc.topologyGeometry() && doc.floorGeometry());
    QCOMPARE(doc.topologyGeometry()->plan, plan.get());
    QCOMPARE(doc.floorGeometry()->plan, plan.get());

    TopologyView fromWorker, ownGrouping;
    fromWorker.setPlan(plan, doc.topologyGeometry());
    ownGrouping.setPlan(plan);
    QCOMPARE(fromWorker.geometry(), doc.topologyGeometry().get());  // applied, not rebuilt
    QVERIFY(ownGrouping.geometry() != doc.topologyGeometry().get());
    QCOMPARE(fromWorker.boxCount(), 9);
    QCOMPARE(fromWorker.bundleCount(), 8);
    QCOMPARE(sceneSignature(fromWorker.scene()), sceneSignature(ownGrouping.scene()));

    FloorView floorFromWorker(&doc), floorOwn(&doc);
    floorFromWorker.setPlan(plan, doc.floorGeometry());
    floorOwn.setPlan(plan);
    QCOMPARE(floorFromWorker.geometry(), doc.floorGeometry().get());
    QCOMPARE(sceneSignature(floorFromWorker.scene()), sceneSignature(floorOwn.scene()));
    QVERIFY(!doc.floorGeometry()->network.empty());
}

void TestViewGeometry::geometryOfAnotherPlanIsNotDrawn()
{
    const auto big = planOf(superpod(1024));
    const auto small = planOf(superpod(512));  // 64 nodes: 2 SUs
    const auto bigGeometry = std::make_shared<const TopologyGeometry>(buildTopologyGeometry(*big));
    TopologyView view;
    view.setPlan(small, bigGeometry);
    QVERIFY(view.geometry() != bigGeometry.get());
    QCOMPARE(view.geometry()->plan, small.get());
    QCOMPARE(titlesOf(*view.geometry(), Tier::Node).size(), 2);
    QCOMPARE(view.boxCount(), 2 + 2 + 1);

    Document doc(test::builtCatalog());
    const auto bigFloor = std::make_shared<const FloorGeometry>(buildFloorGeometry(*big));
    FloorView floor(&doc);
    floor.setPlan(small, bigFloor);
    QCOMPARE(floor.geometry()->plan, small.get());
    QCOMPARE(floor.geometry()->compute.size(), std::size_t(16));  // 64 nodes at 4 a rack
}

void TestViewGeometry::supersededPlanGeometryNeverReachesTheViews()
{
    std::unique_ptr<MainWindow> window(test::openTestWindow());
    Document* doc = window->document();
    doc->setComparisonEnabled(false);
    doc->reset(superpod(1024), QString());
    QVERIFY(test::settle(*doc));
    QSignalSpy ready(doc, &Document::planReady);
    // Start planning 2,048 GPUs, and edit to 512 while it runs: the first run's plan and geometry are
    // dropped, whether it finished or was cancelled.
    doc->applySpecFromCommand(superpod(2048));
    doc->recomputeNow();
    doc->applySpecFromCommand(superpod(512));
    QVERIFY(test::settle(*doc));
    QCOMPARE(ready.count(), 1);
    const auto plan = doc->plan();
    QVERIFY(plan);
    QCOMPARE(plan->spec.gpus, 512);
    QCOMPARE(doc->topologyGeometry()->plan, plan.get());
    QCOMPARE(doc->floorGeometry()->plan, plan.get());
    QCOMPARE(window->topologyView()->geometry(), doc->topologyGeometry().get());
    QCOMPARE(window->floorView()->geometry(), doc->floorGeometry().get());
    long long gpusDrawn = 0;
    for (const TopologyBox& b : window->topologyView()->geometry()->boxes)
        if (b.tier == Tier::Node) gpusDrawn += b.subtitle.section(QStringLiteral("· "), 1).remove(QLatin1Char(',')).section(QLatin1Char(' '), 0, 0).toLongLong();
    QCOMPARE(gpusDrawn, 512LL);
}

// Racks and row labels are painted by one item per kind (issue 23: ~5,000 items at 1,000,000 GPUs cost
// 30-45 ms to build and as much to paint): the scene holds the same few items whatever the hall's size.
void TestViewGeometry::floorSceneStaysSmallAsTheHallGrows()
{
    Document doc(test::builtCatalog());
    auto itemsOf = [&doc](int gpus, std::size_t* rows) {
        const auto plan = planOf(superpod(gpus));
        FloorView view(&doc);
        view.setPlan(plan);
        *rows = view.geometry()->rowLabels.size();
        return view.scene()->items().size();
    };
    std::size_t smallRows = 0, bigRows = 0;
    const qsizetype small = itemsOf(1024, &smallRows), big = itemsOf(16384, &bigRows);
    // 1,024 GPUs: 128 nodes at 4 a rack, 8 racks a row: 4 rows. 16,384 GPUs: 2,048 nodes: 64 rows.
    QCOMPARE(smallRows, std::size_t(4));
    QCOMPARE(bigRows, std::size_t(64));
    // Compute, network and row-label items, the spine room with its racks and title, the tray and its
    // label; section titles when the hall is drawn in runs.
    QVERIFY2(small <= 10, qPrintable(QString::number(small)));
    QVERIFY2(big <= 20, qPrintable(QString::number(big)));
}

// At the fit-to-window overview of a large floor (16,384 GPUs: 64 rows) every label drawn is at least
// kMinLabelPx high on screen: the spine room's and the tray's keep their font size (they shrank to a
// pixel or two), and the row labels are hidden until zooming in makes them legible.
void TestViewGeometry::floorLabelsStayLegibleAtAnyZoom()
{
    Document doc(test::builtCatalog());
    FloorView view(&doc);
    view.resize(650, 580);  // the floor tab in a 1024 x 700 window
    view.setPlan(planOf(superpod(16384)));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const double fit = view.transform().m11();
    QVERIFY2(fit < 0.5, qPrintable(QString::number(fit)));  // an overview, far below the scene's own size
    const auto screenHeight = [&view](QGraphicsItem* item) {
        return item->deviceTransform(view.viewportTransform()).mapRect(item->boundingRect()).height();
    };
    int labels = 0;
    for (QGraphicsItem* item : view.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
            ++labels;
            QVERIFY2(screenHeight(text) >= kMinLabelPx,
                     qPrintable(QStringLiteral("\"%1\" is %2 px high").arg(text->text()).arg(screenHeight(text))));
        }
    // 64 rows of three tiers are halls (one per pod, layout README "Halls"): the core room's label; the
    // halls' titles are painted by one item at a fixed screen size (floor_frames_item.h), and no tray
    // from row 1 is drawn (halls reach the core room across the site).
    QVERIFY(labels >= 1);
    QVERIFY(view.geometry()->hallFrames.size() > 1);
    QVERIFY(!view.geometry()->hasTray);
    QVERIFY(!view.rowLabelsShown());
    view.setTransform(QTransform::fromScale(1.0, 1.0));  // the user zooms in
    QVERIFY(view.rowLabelsShown());
}

// A network rack dragged with the mouse to the middle of its row moves leaves to the middle of the
// row (one undoable edit); a drag that starts on the floor between racks pans and edits nothing.
void TestViewGeometry::draggingANetworkRackWithTheMouseMovesLeaves()
{
    std::unique_ptr<MainWindow> window(test::openTestWindow());
    Document* doc = window->document();
    doc->setComparisonEnabled(false);
    doc->reset(superpod(), QString());
    QVERIFY(test::settle(*doc));
    window->showTab(QStringLiteral("floor"));
    FloorView* view = window->floorView();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const auto plan = doc->plan();
    const FloorGeometry& g = *view->geometry();
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::EndOfRow);

    auto send = [view](QEvent::Type type, QPointF scenePos, Qt::MouseButtons buttons) {
        const QPoint at = view->mapFromScene(scenePos);
        QMouseEvent e(type, at, view->viewport()->mapToGlobal(at), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton,
                      buttons, Qt::NoModifier);
        QCoreApplication::sendEvent(view->viewport(), &e);
    };
    // Row 1's compute racks span minX..maxX; its network rack sits at one end.
    double minX = 1e9, maxX = -1e9;
    for (const Rack& r : plan->layout.racks)
        if (r.row == 0 && r.kind == RackKind::Compute) minX = qMin(minX, r.xM), maxX = qMax(maxX, r.xM);
    const FloorRack* rack = nullptr;
    for (const FloorRack& r : g.network)
        if (plan->layout.racks[r.rack].row == 0) rack = &r;
    QVERIFY(rack);
    const QPointF from = rack->rect.center(), to((minX + maxX) / 2 * kFloorPxPerM, from.y());

    // Between rows (below row 1's racks, left of them): nothing to drag, the view pans.
    const QPointF floor(from.x(), from.y() + rack->rect.height() * 1.5);
    send(QEvent::MouseButtonPress, floor, Qt::LeftButton);
    send(QEvent::MouseMove, to, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCOMPARE(doc->undoStack()->count(), 0);

    send(QEvent::MouseButtonPress, from, Qt::LeftButton);
    send(QEvent::MouseMove, (from + to) / 2, Qt::LeftButton);
    send(QEvent::MouseMove, to, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::MiddleOfRow);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(test::settle(*doc));
    doc->undoStack()->undo();
    QCOMPARE(doc->spec().floor.leafPlacement, LeafPlacement::EndOfRow);
    QVERIFY(test::settle(*doc));
}

// The views refresh one event each after a plan arrives and hold the plan they showed until then; once
// all have let go, the plan before is freed (off the UI thread), not kept alive by the hand-off.
void TestViewGeometry::replacedPlansAreFreedOnceTheViewsLetGo()
{
    std::unique_ptr<MainWindow> window(test::openTestWindow());
    Document* doc = window->document();
    doc->setComparisonEnabled(false);
    doc->reset(superpod(1024), QString());
    QVERIFY(test::settle(*doc));
    std::weak_ptr<const Plan> first = doc->plan();
    QVERIFY(!first.expired());
    doc->applySpecFromCommand(superpod(512));
    doc->recomputeNow();
    QVERIFY(test::settle(*doc));
    QVERIFY(window->viewsUpToDate());
    QCOMPARE(window->floorView()->geometry()->plan, doc->plan().get());
    QCOMPARE(window->topologyView()->geometry()->plan, doc->plan().get());
    QTRY_VERIFY(first.expired());
}

QTEST_MAIN(TestViewGeometry)
#include "test_view_geometry.moc"
