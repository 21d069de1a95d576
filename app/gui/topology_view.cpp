#include "topology_view.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPainterPath>
#include <QWheelEvent>

#include <cmath>

#include "cable_model.h"
#include "fit_button.h"

namespace fp::gui {

namespace {
// The smallest scale the automatic fit shrinks to (see fitAll): 0.68 keeps the bold group labels at 9 px or
// more (test_first_hour, 100,000 GPUs) and still fits the 4-SU example (0.72) at 1024 x 700 (test_view_fit).
constexpr double kMinFitScale = 0.68;
}

QColor mediaColor(MediaClass m)
{
    // Jacket colours where a convention exists: aqua multimode (OM3/OM4), yellow single-mode (OS2).
    switch (m) {
    case MediaClass::DAC: return QColor(0x8d, 0x5a, 0x3b);
    case MediaClass::ACC: return QColor(0xb8, 0x86, 0x5b);
    case MediaClass::AOC: return QColor(0x7b, 0x4f, 0xc4);
    case MediaClass::Multimode: return QColor(0x00, 0x9c, 0xb0);
    case MediaClass::SingleMode: return QColor(0xe0, 0xa8, 0x00);
    case MediaClass::None: return QColor(0xd3, 0x2f, 0x2f);
    }
    return Qt::gray;
}

TopologyView::TopologyView(QWidget* parent) : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setFrameShape(QFrame::NoFrame);
    addFitButton(this, [this] {
        m_userZoomed = false;
        fitAll(true);
    });
}

void TopologyView::setPlan(std::shared_ptr<const Plan> plan, std::shared_ptr<const TopologyGeometry> geometry)
{
    m_plan = std::move(plan);
    m_geometry.reset();
    if (m_plan)
        m_geometry = geometry && geometry->plan == m_plan.get()
                         ? std::move(geometry)
                         : std::make_shared<const TopologyGeometry>(buildTopologyGeometry(*m_plan));
    rebuild();
}

void TopologyView::rebuild()
{
    scene()->clear();
    m_boxes.clear();
    m_highlighted = -1;
    m_bundleCount = 0;
    if (!m_plan || !m_geometry) return;
    const TopologyGeometry& g = *m_geometry;
    const QPalette pal = palette();

    for (const TopologyTierLabel& tier : g.tierLabels) {
        auto* label = scene()->addSimpleText(tier.text);
        QFont bold = font();
        bold.setBold(true);
        bold.setLetterSpacing(QFont::AbsoluteSpacing, 1.5);
        label->setFont(bold);
        label->setBrush(pal.color(QPalette::PlaceholderText));
        label->setPos(-150, tier.y);
    }

    // Bundles below boxes: one path per bundle, width by log(links), colour by the dominant medium.
    const QLocale en(QLocale::English);
    for (const TopologyBundle& b : g.bundles) {
        const QPointF a = g.boxes[std::size_t(b.lowerBox)].topLeft + QPointF(kTopologyBoxW / 2, 0);
        const QPointF z = g.boxes[std::size_t(b.upperBox)].topLeft + QPointF(kTopologyBoxW / 2, kTopologyBoxH);
        QColor c = mediaColor(b.dominant);
        c.setAlphaF(g.bundles.size() > 200 ? 0.35 : 0.7);
        QPainterPath path(a);
        const double midY = (a.y() + z.y()) / 2;
        path.cubicTo(QPointF(a.x(), midY), QPointF(z.x(), midY), z);
        auto* item = scene()->addPath(path, QPen(c, 1.0 + std::log2(double(b.links)) * 0.6, Qt::SolidLine, Qt::RoundCap));
        item->setZValue(-1);
        item->setToolTip(b.tooltip);
        ++m_bundleCount;
        if (g.bundles.size() <= 48) {
            // Few bundles: label each with its link count where it leaves the lower box.
            auto* count = scene()->addSimpleText(en.toString(b.links));
            QFont f = font();
            f.setPointSizeF(font().pointSizeF() * 0.85);
            count->setFont(f);
            count->setBrush(pal.color(QPalette::PlaceholderText));
            const QPointF at = path.pointAtPercent(0.12);
            count->setPos(at + QPointF(6, -count->boundingRect().height() / 2));
            count->setZValue(1);
        }
    }

    // Boxes with their labels and tooltips.
    for (std::size_t bi = 0; bi < g.boxes.size(); ++bi) {
        const TopologyBox& box = g.boxes[bi];
        auto* rect = scene()->addRect(QRectF(box.topLeft, QSizeF(kTopologyBoxW, kTopologyBoxH)));
        // Compute in a soft green, switches in blues that darken towards the core.
        const QColor fill = box.tier == Tier::Node    ? QColor(0xe3, 0xf0, 0xd3)
                            : box.tier == Tier::Leaf  ? QColor(0xd6, 0xe6, 0xf7)
                            : box.tier == Tier::Spine ? QColor(0xc3, 0xd7, 0xef)
                                                      : QColor(0xb0, 0xc8, 0xe8);
        const QColor border = box.tier == Tier::Node ? QColor(0x5b, 0x8c, 0x2a) : QColor(0x2b, 0x5c, 0x94);
        rect->setBrush(fill);
        rect->setPen(QPen(border, 1.2));
        rect->setFlag(QGraphicsItem::ItemIsSelectable);
        rect->setData(0, int(bi));
        rect->setToolTip(box.tooltip);
        auto* t1 = new QGraphicsSimpleTextItem(box.title, rect);
        QFont bold = font();
        bold.setBold(true);
        t1->setFont(bold);
        t1->setBrush(QColor(0x1d, 0x1d, 0x1d));
        // Long labels shrink to the box rather than spill over the neighbours.
        auto fit = [](QGraphicsSimpleTextItem* t) {
            const double w = t->boundingRect().width();
            if (w > kTopologyBoxW - 10) t->setScale((kTopologyBoxW - 10) / w);
            return w * t->scale();
        };
        t1->setPos(box.topLeft + QPointF((kTopologyBoxW - fit(t1)) / 2, 8));
        auto* t2 = new QGraphicsSimpleTextItem(box.subtitle, rect);
        t2->setBrush(QColor(0x33, 0x33, 0x33));
        t2->setPos(box.topLeft + QPointF((kTopologyBoxW - fit(t2)) / 2, 29));
        m_boxes.push_back(rect);
    }

    // Legend: only the media present.
    double lx = 0;
    for (int m = 0; m < kTopologyMediaCount; ++m) {
        if (!g.mediaPresent[std::size_t(m)]) continue;
        scene()->addRect(QRectF(lx, g.legendY + 4, 22, 6), Qt::NoPen, mediaColor(MediaClass(m)));
        auto* t = scene()->addSimpleText(mediaName(MediaClass(m)));
        t->setBrush(pal.color(QPalette::Text));
        t->setPos(lx + 28, g.legendY - 2);
        lx += 48 + t->boundingRect().width();
    }
    auto* note = scene()->addSimpleText(g.note);
    note->setBrush(pal.color(QPalette::PlaceholderText));
    note->setPos(lx + 20, g.legendY - 2);

    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30));
    if (!m_userZoomed) fitAll();
}

void TopologyView::fitAll(bool whole)
{
    if (!scene()) return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    // Never blow small fabrics up beyond natural size, nor shrink big ones until box labels are
    // unreadable (below ~7 px, kMinFitScale): then the drawing is panned instead, starting at its top.
    // A 4-SU fabric in a 1024 x 700 window fits at about 0.72 (issue 41: an SU was cut off at 0.78).
    if (transform().m11() > 1.2) setTransform(QTransform::fromScale(1.2, 1.2));
    if (!whole && transform().m11() < kMinFitScale) {
        setTransform(QTransform::fromScale(kMinFitScale, kMinFitScale));
        centerOn(scene()->sceneRect().center().x(), scene()->sceneRect().top());
    }
}

bool TopologyView::selectDevice(std::int64_t device)
{
    if (!m_geometry || device < 0 || std::size_t(device) >= m_geometry->boxOfDevice.size()) return false;
    const int box = m_geometry->boxOfDevice[std::size_t(device)];
    scene()->clearSelection();
    if (m_highlighted >= 0) m_boxes[std::size_t(m_highlighted)]->setPen(m_highlightedPen);
    m_highlighted = box;
    m_highlightedPen = m_boxes[std::size_t(box)]->pen();
    m_boxes[std::size_t(box)]->setSelected(true);
    m_boxes[std::size_t(box)]->setPen(QPen(palette().color(QPalette::Highlight), 3));
    centerOn(m_boxes[std::size_t(box)]);
    return true;
}

void TopologyView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
    m_userZoomed = true;
}

void TopologyView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    if (!m_userZoomed) fitAll();
}

void TopologyView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (!m_userZoomed) fitAll();
}

} // namespace fp::gui
