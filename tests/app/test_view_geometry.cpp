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
    void viewsDrawTheSameFromWorkerGeometry();
    void geometryOfAnotherPlanIsNotDrawn();
    void supersededPlanGeometryNeverReachesTheViews();
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
    // Few network racks: each is its own draggable item.
    QVERIFY(!doc.floorGeometry()->network.empty());
    QVERIFY(floorFromWorker.scene()->items().size() > qsizetype(doc.floorGeometry()->network.size()));
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

QTEST_MAIN(TestViewGeometry)
#include "test_view_geometry.moc"
