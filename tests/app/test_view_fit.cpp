// Topology and floor fit a laptop (issue 41): at 1024 x 700 the whole drawing is in the viewport after
// the first show (an SU and the legend were cut off), a wheel zoom keeps its scale through a resize,
// and the Fit button (Ctrl+0) puts the whole drawing back; the floor's labels never overlap, at the
// fitted zoom and after zooming out (the labels keep their size on screen, the floor shrinks).
#include <QGraphicsItem>
#include <QGraphicsView>
#include <QToolButton>
#include <QWheelEvent>
#include <QtTest>

#include "gui/commands.h"
#include "gui/document.h"
#include "gui/floor_view.h"
#include "gui/main_window.h"
#include "gui/topology_view.h"
#include "gui_test_support.h"
#include "spec/design_fields.h"

using namespace fp;
using namespace fp::gui;

namespace {

// The scene's items, where the view draws them, inside its viewport.
bool drawingFits(QGraphicsView* view)
{
    const QRect drawn = view->mapFromScene(view->scene()->itemsBoundingRect()).boundingRect();
    return view->viewport()->rect().adjusted(-1, -1, 1, 1).contains(drawn);
}

void wheel(QGraphicsView* view, int delta)
{
    const QPointF at = view->viewport()->rect().center();
    QWheelEvent e(at, view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &e);
}

bool overlapFree(const std::vector<QRectF>& rects)
{
    for (std::size_t i = 0; i < rects.size(); ++i)
        for (std::size_t j = i + 1; j < rects.size(); ++j)
            if (rects[i].intersects(rects[j])) return false;
    return true;
}

} // namespace

class TestViewFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = test::openTestWindow();
        m_window->resize(1024, 700);
        QVERIFY(test::settle(*m_window->document()));
        QCOMPARE(m_window->document()->spec().gpus, 1024);
    }
    void cleanupTestCase() { delete m_window; }

    void topologyFitsAt1024x700()
    {
        QVERIFY(m_window->showTab(QStringLiteral("topology")));
        TopologyView* view = m_window->topologyView();
        QTRY_VERIFY(view->isVisible());
        QCoreApplication::processEvents();
        QVERIFY(view->boxCount() > 0);
        QVERIFY2(drawingFits(view), "the topology does not fit a 1024 x 700 window");

        wheel(view, 480);  // zoom in: the user's zoom stays through a resize
        const double zoomed = view->transform().m11();
        QVERIFY(!drawingFits(view));
        m_window->resize(1000, 690);
        QCoreApplication::processEvents();
        QCOMPARE(view->transform().m11(), zoomed);

        auto* fit = view->findChild<QToolButton*>(QStringLiteral("fitButton"));
        QVERIFY(fit && fit->isVisible());
        QTest::mouseClick(fit, Qt::LeftButton);
        QVERIFY(drawingFits(view));
        m_window->resize(1024, 700);
        QCoreApplication::processEvents();
        QVERIFY(drawingFits(view));  // fitted again: follows the resize
    }

    void floorFitsAndItsLabelsNeverOverlap()
    {
        QVERIFY(m_window->showTab(QStringLiteral("floor")));
        FloorView* view = m_window->floorView();
        QTRY_VERIFY(view->isVisible());
        QCoreApplication::processEvents();
        QVERIFY(drawingFits(view));
        QVERIFY(view->shownLabelRects().size() >= 2);  // "Spine room · 15 m" and "tray 15 m"
        QVERIFY(overlapFree(view->shownLabelRects()));
        for (int i = 0; i < 8; ++i) {  // zoom out: the labels stay their size, the tray shrinks under them
            wheel(view, -240);
            QVERIFY2(overlapFree(view->shownLabelRects()), qPrintable(QString::number(i)));
        }
        QVERIFY(!view->isVisible() || view->transform().m11() < 0.5);
        auto* fit = view->findChild<QToolButton*>(QStringLiteral("fitButton"));
        QVERIFY(fit);
        QTest::mouseClick(fit, Qt::LeftButton);
        QVERIFY(drawingFits(view));
    }

    // 100,000 GPUs: 49 halls around a core room, whose label met the tray's.
    void coreRoomLabelClearOfTheTray()
    {
        QVERIFY(Command::setField(m_window->document(), fields::gpus, 100000));
        QVERIFY(test::settle(*m_window->document(), 120'000));
        FloorView* view = m_window->floorView();
        QCoreApplication::processEvents();
        QVERIFY(overlapFree(view->shownLabelRects()));
        // The core room stands at the site's centre, not spineRoomDistanceM from a row end: not dragged,
        // and its tooltip says where it is, not "drag to move it".
        const QGraphicsItem* room = view->spineRoomItem();
        QVERIFY(room);
        QVERIFY(!(room->flags() & QGraphicsItem::ItemIsMovable));
        QVERIFY2(room->toolTip().contains(QStringLiteral("centre of the site")), qPrintable(room->toolTip()));
        QVERIFY(!room->toolTip().contains(QStringLiteral("Drag")));
    }

private:
    MainWindow* m_window = nullptr;
};

QTEST_MAIN(TestViewFit)
#include "test_view_fit.moc"
