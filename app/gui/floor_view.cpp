#include "floor_view.h"
#include "floor_frames_item.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSceneHoverEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <functional>

#include "bom_model.h"
#include "common/format.h"
#include "commands.h"
#include "document.h"
#include "fit_button.h"
#include "status_colours.h"

namespace fp::gui {

namespace {

// Many racks in one item: painting culls to the exposed rectangle, hovering finds the rack's tooltip.
// Compute racks are filled by power; network and spine-room racks in the network racks' blue. One item
// per kind keeps the scene at a few dozen items at 1,000,000 GPUs (36,000 racks), where an item per
// network rack and row label (~5,000) cost 30-45 ms to build and as much to paint on the UI thread.
// Network racks stay draggable along their row: the item drags the rack pressed and reports the drop.
class RacksItem : public QGraphicsItem {
public:
    enum class Kind { Compute, Network, SpineRoom };
    using Dropped = std::function<void(const FloorRack&, double dxPx)>;
    RacksItem(std::shared_ptr<const Plan> plan, std::shared_ptr<const FloorGeometry> geometry, Kind kind,
              QGraphicsItem* parent = nullptr)
        : QGraphicsItem(parent), m_plan(std::move(plan)), m_geometry(std::move(geometry)), m_kind(kind)
    {
        // Its own bounds: with several halls the spine-room racks lie beyond the core room's frame.
        for (const FloorRack& r : racks()) m_bounds |= r.rect;
        setAcceptHoverEvents(true);
        if (m_kind == Kind::Network) {
            setCursor(Qt::OpenHandCursor);
            setZValue(2);
        }
    }
    void onDropped(Dropped dropped) { m_dropped = std::move(dropped); }
    QRectF boundingRect() const override
    {
        QRectF r = m_bounds;
        if (m_dragged >= 0) r |= racks()[std::size_t(m_dragged)].rect.translated(m_dragDx, 0);
        return r.adjusted(-1, -1, 1, 1);
    }
    // Network and spine-room racks are hit only on a rack: the floor between them pans the view (and
    // shows the spine room's own tooltip) as it did when each rack was an item.
    bool contains(const QPointF& p) const override
    {
        return m_kind == Kind::Compute ? boundingRect().contains(p) : rackAt(p) >= 0;
    }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) override
    {
        if (m_kind != Kind::Compute) {
            const bool dark = isDarkPalette();
            p->setBrush(networkRackFill(dark));
            p->setPen(QPen(networkRackOutline(dark), 0.8));
        } else {
            const double lod = option->levelOfDetailFromTransform(p->worldTransform());
            p->setPen(lod > 0.4 ? QPen(QColor(0x55, 0x55, 0x55), 0.6) : Qt::NoPen);
        }
        const std::vector<FloorRack>& all = racks();
        for (std::size_t i = 0; i < all.size(); ++i) {
            const FloorRack& r = all[i];
            const QRectF rect = int(i) == m_dragged ? r.rect.translated(m_dragDx, 0) : r.rect;
            if (!option->exposedRect.intersects(rect)) continue;
            if (m_kind == Kind::Compute) p->setBrush(r.fill);
            p->drawRect(rect);
        }
    }

protected:
    void hoverMoveEvent(QGraphicsSceneHoverEvent* e) override
    {
        const int i = rackAt(e->pos());
        if (i < 0) {
            setToolTip({});
            return;
        }
        const FloorRack& r = racks()[std::size_t(i)];
        setToolTip(m_kind == Kind::Compute ? rackTip(m_plan->layout.racks[r.rack], m_plan->spec.floor.rackPowerBudgetKw)
                                           : r.tooltip);
    }
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override
    {
        const int i = m_kind == Kind::Network && m_dropped && e->button() == Qt::LeftButton ? rackAt(e->pos()) : -1;
        if (i < 0) {
            e->ignore();  // the view pans
            return;
        }
        prepareGeometryChange();
        m_dragged = i;
        m_dragDx = 0;
        m_pressX = e->scenePos().x();
        setCursor(Qt::ClosedHandCursor);
    }
    void mouseMoveEvent(QGraphicsSceneMouseEvent* e) override
    {
        if (m_dragged < 0) return;
        prepareGeometryChange();
        m_dragDx = e->scenePos().x() - m_pressX;  // along its row only
        update();
    }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent*) override
    {
        if (m_dragged < 0) return;
        const FloorRack rack = racks()[std::size_t(m_dragged)];
        const double dx = m_dragDx;
        prepareGeometryChange();
        m_dragged = -1;
        m_dragDx = 0;
        setCursor(Qt::OpenHandCursor);
        update();
        if (dx != 0) m_dropped(rack, dx);  // last: it may replan and rebuild the scene
    }

private:
    const std::vector<FloorRack>& racks() const
    {
        return m_kind == Kind::Compute ? m_geometry->compute : m_kind == Kind::Network ? m_geometry->network : m_geometry->spineRoom;
    }
    int rackAt(const QPointF& p) const
    {
        const std::vector<FloorRack>& all = racks();
        for (std::size_t i = 0; i < all.size(); ++i)
            if ((int(i) == m_dragged ? all[i].rect.translated(m_dragDx, 0) : all[i].rect).contains(p)) return int(i);
        return -1;
    }

    std::shared_ptr<const Plan> m_plan;
    std::shared_ptr<const FloorGeometry> m_geometry;
    Kind m_kind;
    QRectF m_bounds;
    Dropped m_dropped;
    int m_dragged = -1;  // the rack being dragged, its offset along the row
    double m_dragDx = 0, m_pressX = 0;
};

// Every row's "Row N" label in one item, right-aligned before the row's first rack. Labels too small
// to read at the current zoom (below kMinLabelPx: any overview of a few thousand racks) are not drawn.
class RowLabelsItem : public QGraphicsItem {
public:
    RowLabelsItem(std::shared_ptr<const FloorGeometry> geometry, const QFont& font, const QColor& colour)
        : m_geometry(std::move(geometry)), m_font(font), m_colour(colour)
    {
        const QFontMetricsF fm(m_font);
        m_textHeight = fm.height();
        int widest = 0;
        for (const FloorRowLabel& l : m_geometry->rowLabels) widest = std::max(widest, l.row + 1);
        m_textWidth = fm.horizontalAdvance(text(widest)) + 2;
        for (const FloorRowLabel& l : m_geometry->rowLabels) m_bounds |= labelRect(l);
    }
    static QString text(int row) { return QCoreApplication::translate("fp::gui::FloorView", "Row %1").arg(row); }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) override
    {
        if (m_textHeight * option->levelOfDetailFromTransform(p->worldTransform()) < kMinLabelPx) return;
        p->setFont(m_font);
        p->setPen(m_colour);
        for (const FloorRowLabel& l : m_geometry->rowLabels) {
            const QRectF r = labelRect(l);
            if (option->exposedRect.intersects(r)) p->drawText(r, Qt::AlignRight | Qt::AlignVCenter, text(l.row + 1));
        }
    }

private:
    QRectF labelRect(const FloorRowLabel& l) const
    {
        return QRectF(l.rightPx - m_textWidth, l.centreYPx - m_textHeight / 2, m_textWidth, m_textHeight);
    }

    std::shared_ptr<const FloorGeometry> m_geometry;
    QFont m_font;
    QColor m_colour;
    double m_textHeight = 0, m_textWidth = 0;
    QRectF m_bounds;
};

// A label that keeps its font size on screen at any zoom, centred above `anchor` (a scene point, or a
// point of `parent`): a fit-to-window overview of a large floor shrinks the scene far below legible.
QGraphicsSimpleTextItem* addLabelAbove(QGraphicsScene* scene, QGraphicsItem* parent, const QString& text,
                                       const QFont& font, const QColor& colour, QPointF anchor, double gapPx)
{
    auto* label = new QGraphicsSimpleTextItem(text, parent);
    if (!parent) scene->addItem(label);
    label->setFont(font);
    label->setBrush(colour);
    label->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    label->setPos(anchor);
    // The item's own transform still applies: it shifts the text in screen pixels.
    const QRectF r = label->boundingRect();
    label->setTransform(QTransform::fromTranslate(-r.width() / 2, -r.height() - gapPx));
    return label;
}

// A draggable rectangle that reports where it was dropped.
class DraggableRect : public QGraphicsRectItem {
public:
    DraggableRect(const QRectF& r, bool horizontalOnly, std::function<void(QPointF)> dropped)
        : QGraphicsRectItem(r), m_horizontalOnly(horizontalOnly), m_dropped(std::move(dropped))
    {
        setFlag(ItemIsMovable);
        setFlag(ItemSendsGeometryChanges);
        setCursor(Qt::OpenHandCursor);
        setZValue(2);
    }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override
    {
        if (change == ItemPositionChange && m_horizontalOnly) return QPointF(value.toPointF().x(), 0);
        return QGraphicsRectItem::itemChange(change, value);
    }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* e) override
    {
        QGraphicsRectItem::mouseReleaseEvent(e);
        if (pos() != QPointF()) m_dropped(pos());
    }

private:
    bool m_horizontalOnly;
    std::function<void(QPointF)> m_dropped;
};

} // namespace

FloorView::FloorView(Document* document, QWidget* parent) : QGraphicsView(parent), m_document(document)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setFrameShape(QFrame::NoFrame);
    setDragMode(QGraphicsView::ScrollHandDrag);
    m_legend = new QLabel(this);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setContentsMargins(10, 0, 10, 0);
    setViewportMargins(0, 0, 0, kLegendHeightPx);
    updateLegend();
    addFitButton(this, [this] {
        m_userZoomed = false;
        fitIfNotZoomed();
    });
}

void FloorView::setPlan(std::shared_ptr<const Plan> plan, std::shared_ptr<const FloorGeometry> geometry)
{
    m_plan = std::move(plan);
    m_geometry.reset();
    if (m_plan)
        m_geometry = geometry && geometry->plan == m_plan.get()
                         ? std::move(geometry)
                         : std::make_shared<const FloorGeometry>(buildFloorGeometry(*m_plan));
    rebuild();
}

void FloorView::rebuild()
{
    scene()->clear();
    m_spineRoom = nullptr;
    m_roomLabel = m_trayLabel = nullptr;
    m_titles.clear();
    if (!m_plan || !m_geometry) return;
    const FloorGeometry& g = *m_geometry;
    const Layout& layout = m_plan->layout;
    const FloorSpec& f = m_plan->spec.floor;
    const QPalette pal = palette();
    m_sections = g.sections;
    scene()->addItem(new RacksItem(m_plan, m_geometry, RacksItem::Kind::Compute));

    // Network racks: draggable along their row.
    const int networkRacks = int(g.network.size());
    auto* network = new RacksItem(m_plan, m_geometry, RacksItem::Kind::Network);
    network->onDropped([this, plan = m_plan.get()](const FloorRack& r, double dxPx) {
        const Rack& rack = plan->layout.racks[r.rack];
        networkRackDropped(rack.row, rack.xM + dxPx / kFloorPxPerM);
    });
    scene()->addItem(network);

    // Row labels.
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    m_rowLabelHeight = QFontMetricsF(small).height();
    if (!g.rowLabels.empty()) scene()->addItem(new RowLabelsItem(m_geometry, small, pal.color(QPalette::PlaceholderText)));
    // Section titles: a long hall is drawn as side-by-side runs of rows, each named, so the overview
    // reads as a floor rather than a sliver (it is still one hall: cable lengths are the hall's).
    if (m_sections.count() > 1) {
        QFont title = font();
        title.setBold(true);
        // Sized to the run (a tenth of its width), so the titles read at the overview's zoom.
        title.setPixelSize(std::max(12, int(-m_sections.stridePx * 0.1)));
        for (int sct = 0; sct < m_sections.count(); ++sct) {
            const int first = sct * m_sections.rowsPerSection + 1;
            const int last = std::min(layout.rows, first + m_sections.rowsPerSection - 1);
            auto* t = scene()->addSimpleText(tr("Rows %1–%2").arg(first).arg(last));
            t->setFont(title);
            t->setBrush(pal.color(QPalette::Text));
            const QPointF origin = m_sections.shift(first - 1);
            t->setPos(origin.x(), m_sections.topPx - t->boundingRect().height() - 24);
            m_titles.push_back(t);
        }
    }

    // Halls and buildings of a site (layout/README.md "Halls", "Sites"): frames behind the racks.
    if (!g.hallFrames.empty()) scene()->addItem(new FloorFramesItem(m_geometry));

    // The spine room: one draggable block holding all spine-room racks. On a floor of several halls the
    // block is the core room at the site's centre (layout README "Halls", "Sites"): it stands where the
    // halls put it, not spineRoomDistanceM from a row end, so it is not dragged.
    const QRectF spineBounds = g.spineRoomBounds;
    if (spineBounds.isValid()) {
        QRectF room = spineBounds.adjusted(-12, -12, 12, 12);
        if (room.width() < 60) room.adjust(-(60 - room.width()) / 2, 0, (60 - room.width()) / 2, 0);
        const bool centreRoom = layout.halls > 1;
        // The room at the site's centre holds the cores, or a two-tier design's spines (layout README "Sites").
        const QString roomName = g.plan && g.plan->fabric.shape.tiers < 3 ? tr("Spine room") : tr("Core room");
        QGraphicsRectItem* item = nullptr;
        if (centreRoom) {
            item = scene()->addRect(room);
            item->setZValue(2);
            item->setToolTip(tr("<b>%1</b><br>At the centre of the site: every hall's cables to it run along the "
                                "trays to this room (and between buildings along their routes)<br>Each hall's own "
                                "spine room stands %2 m beyond its rows (Floor settings)")
                                 .arg(roomName).arg(f.spineRoomDistanceM, 0, 'f', 1));
        } else {
            item = new DraggableRect(room, false, [this](QPointF moved) { spineRoomDropped(moved / kFloorPxPerM); });
            scene()->addItem(item);
            item->setToolTip(tr("<b>Spine room</b><br>%1 m from the end of row 1 along the tray<br><i>Drag to move it</i>")
                                 .arg(f.spineRoomDistanceM, 0, 'f', 1));
        }
        QColor roomFill = networkRackFill(isDarkPalette(pal));
        roomFill.setAlpha(40);
        item->setBrush(roomFill);
        item->setPen(QPen(networkRackFill(isDarkPalette(pal)), 1.5, Qt::DashLine));
        if (!g.spineRoom.empty()) new RacksItem(m_plan, m_geometry, RacksItem::Kind::SpineRoom, item);
        m_roomLabel = addLabelAbove(scene(), item,
                      g.plan && g.plan->layout.site.buildings() > 1
                          ? tr("%1 · building %2").arg(roomName, QString::fromStdString(
                                g.plan->layout.site.buildingNames[std::size_t(g.plan->layout.site.coreBuilding)]))
                      : g.plan && g.plan->layout.halls > 1 ? tr("%1 · %2 halls around it").arg(roomName).arg(g.plan->layout.halls)
                                                         : tr("Spine room · %1 m").arg(f.spineRoomDistanceM, 0, 'f', 0),
                      small, pal.color(QPalette::Text), QPointF(room.center().x(), room.top()), 3);
        m_spineRoom = item;
    }

    // The tray run from the end of row 1 to the spine room, labelled with its length.
    if (g.hasTray) {
        const double rowEndPx = g.trayStartPx, y = g.trayYPx;
        auto* tray = scene()->addLine(QLineF(rowEndPx + 4, y, spineBounds.left() - 14, y),
                                      QPen([&pal] {
                                          QColor c = networkRackFill(isDarkPalette(pal));
                                          c.setAlpha(150);
                                          return c;
                                      }(), 2, Qt::DashLine));
        tray->setZValue(-1);
        m_trayLabel = addLabelAbove(scene(), nullptr, tr("tray %1 m").arg(f.spineRoomDistanceM, 0, 'f', 0), small,
                      pal.color(QPalette::PlaceholderText), QPointF((rowEndPx + spineBounds.left()) / 2, y), 4);
    }

    // Service racks (storage, management servers) are drawn as compute racks are (floor_geometry.cpp).
    const int serviceRacks = int(std::count_if(layout.racks.begin(), layout.racks.end(),
                                               [](const Rack& r) { return r.kind == RackKind::Service; }));
    const int computeRacks = int(g.compute.size()) - serviceRacks;
    const QLocale en(QLocale::English);  // "1,024 compute racks", as every other count
    if (m_clusterFloor)
        // The cluster's one floor (layout/shared_floor.h): every network's ports in the nodes' racks, their
        // servers in service racks, their switches in network racks of their own.
        m_totals = tr("%1 · %2 · %3 · %4 · floor %5 × %6 m (the cluster's)")
                       .arg(layout.rows == 1 ? tr("1 row") : tr("%1 rows").arg(en.toString(layout.rows)),
                            computeRacks == 1 ? tr("1 compute rack") : tr("%1 compute racks").arg(en.toString(computeRacks)),
                            serviceRacks == 1 ? tr("1 service rack") : tr("%1 service racks").arg(en.toString(serviceRacks)),
                            networkRacks == 1 ? tr("1 network rack") : tr("%1 network racks").arg(en.toString(networkRacks)))
                       .arg(QString::fromStdString(formatMetres(layout.floorWidthM)), QString::fromStdString(formatMetres(layout.floorDepthM)));
    else
        m_totals = tr("%1 · %2 · %3 · compute %4 · floor %5 × %6 m")
                       .arg(layout.rows == 1 ? tr("1 row") : tr("%1 rows").arg(en.toString(layout.rows)),
                            computeRacks == 1 ? tr("1 compute rack") : tr("%1 compute racks").arg(en.toString(computeRacks)),
                            networkRacks == 1 ? tr("1 network rack") : tr("%1 network racks").arg(en.toString(networkRacks)),
                            formatPowerW(g.computePowerW))
                       .arg(QString::fromStdString(formatMetres(layout.floorWidthM)), QString::fromStdString(formatMetres(layout.floorDepthM)));
    if (layout.halls > 1)
        m_totals += layout.site.buildings() > 1 ? tr(" · %1 halls in %2 buildings").arg(layout.halls).arg(layout.site.buildings())
                                                : tr(" · %1 halls").arg(layout.halls);
    if (m_sections.count() > 1)
        m_totals += tr(" · one hall in %1 runs of %2 rows · double-click fits")
                        .arg(m_sections.count()).arg(m_sections.rowsPerSection);

    updateLegend();
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-40, -40, 40, 40));
    fitIfNotZoomed();
}

bool FloorView::rowLabelsShown() const
{
    return m_geometry && !m_geometry->rowLabels.empty() && m_rowLabelHeight * transform().m11() >= kMinLabelPx;
}

void FloorView::fitIfNotZoomed()
{
    if (m_userZoomed || !scene()) return placeLabels();
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 2.5) setTransform(QTransform::fromScale(2.5, 2.5));
    placeLabels();
}

QRectF FloorView::onViewport(const QGraphicsItem* item) const
{
    // deviceTransform honours ItemIgnoresTransformations (the labels keep their size on screen).
    return item->deviceTransform(viewportTransform()).mapRect(item->boundingRect());
}

void FloorView::placeLabels()
{
    if (!m_trayLabel) return;
    const QRectF r = m_trayLabel->boundingRect();
    const auto clashes = [this] {
        const QRectF tray = onViewport(m_trayLabel);
        if (m_roomLabel && tray.intersects(onViewport(m_roomLabel))) return true;
        for (const QGraphicsSimpleTextItem* t : m_titles)
            if (tray.intersects(onViewport(t))) return true;
        return false;
    };
    m_trayLabel->setVisible(true);
    m_trayLabel->setTransform(QTransform::fromTranslate(-r.width() / 2, -r.height() - 4));  // above the line
    if (!clashes()) return;
    m_trayLabel->setTransform(QTransform::fromTranslate(-r.width() / 2, 4));  // below it
    if (!clashes()) return;
    m_trayLabel->setVisible(false);  // the room's label and tooltip still give the distance
}

std::vector<QRectF> FloorView::shownLabelRects() const
{
    std::vector<QRectF> out;
    const auto add = [&](const QGraphicsItem* item) {
        if (item && item->isVisible()) out.push_back(onViewport(item));
    };
    add(m_roomLabel);
    add(m_trayLabel);
    for (const QGraphicsSimpleTextItem* t : m_titles) add(t);
    return out;
}

void FloorView::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    fitIfNotZoomed();
}

void FloorView::updateLegend()
{
    // Coloured squares and totals in the reserved strip under the viewport: never over the racks.
    auto swatch = [](const QColor& c, const QString& text) {
        return QStringLiteral("<span style='color:%1; font-size:14pt'>&#9632;</span>&nbsp;%2").arg(c.name(), text);
    };
    const QString sep = QStringLiteral(" &nbsp;&nbsp; ");
    // Short enough for one line in a 1024-pixel window; the spine room is named on the floor itself.
    const bool dark = isDarkPalette();
    QString html = swatch(rackPowerColor(0.5, dark), m_clusterFloor ? tr("Server rack") : tr("Compute rack")) + sep + swatch(rackPowerColor(0.95, dark), tr("> 90 % of power budget")) +
                   sep + swatch(rackPowerColor(1.2, dark), tr("Over budget")) + sep +
                   swatch(networkRackFill(dark), tr("Network rack (drag to move)"));
    if (!m_totals.isEmpty())
        html += QStringLiteral("<br><span style='color:%1'>%2</span>")
                    .arg(palette().color(QPalette::PlaceholderText).name(), m_totals.toHtmlEscaped());
    m_legend->setText(html);
}

void FloorView::spineRoomDropped(QPointF deltaM)
{
    // The spine room sits beyond the end of row 1; moving it away along either axis lengthens the
    // tray run by the Manhattan distance moved (trays run along and across rows).
    const double current = m_document->spec().floor.spineRoomDistanceM;
    double sign = 1.0;
    if (m_spineRoom && m_plan) {
        double rowEndX = 0;
        for (const Rack& r : m_plan->layout.racks)
            if (r.kind != RackKind::SpineRoom && r.row == 0) rowEndX = std::max(rowEndX, r.xM);
        const double roomX = m_spineRoom->sceneBoundingRect().center().x() / kFloorPxPerM;
        sign = roomX >= rowEndX ? 1.0 : -1.0;
    }
    const double delta = sign * deltaM.x() + std::abs(deltaM.y());
    const double next = std::max(0.0, std::round((current + delta) * 2.0) / 2.0);  // half-metre steps
    Command::setField(m_document, fields::spineRoomDistanceM, next, tr("Move spine room"));
    if (next == current) QMetaObject::invokeMethod(this, &FloorView::rebuild, Qt::QueuedConnection);  // snap back
}

void FloorView::networkRackDropped(int row, double xM)
{
    if (!m_plan) return;
    double minX = 1e18, maxX = -1e18;
    for (const Rack& r : m_plan->layout.racks)
        if (r.row == row && r.kind == RackKind::Compute) minX = std::min(minX, r.xM), maxX = std::max(maxX, r.xM);
    if (minX > maxX) return;
    // The middle third of the row means middle of row; anything else end of row.
    const double fraction = (xM - minX) / std::max(1e-9, maxX - minX);
    const LeafPlacement next =
        fraction > 1.0 / 3.0 && fraction < 2.0 / 3.0 ? LeafPlacement::MiddleOfRow : LeafPlacement::EndOfRow;
    const LeafPlacement current = m_document->spec().floor.leafPlacement;
    Command::setField(m_document, fields::leafPlacement, next, tr("Move network racks"));
    if (next == current) QMetaObject::invokeMethod(this, &FloorView::rebuild, Qt::QueuedConnection);
}

void FloorView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
    m_userZoomed = true;
    placeLabels();
}

void FloorView::mouseDoubleClickEvent(QMouseEvent* event)
{
    // Back to the overview from any zoom.
    m_userZoomed = false;
    fitIfNotZoomed();
    QGraphicsView::mouseDoubleClickEvent(event);
}

void FloorView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    const QRect vp = viewport()->geometry();
    m_legend->setGeometry(vp.left(), vp.bottom() + 1, vp.width(), kLegendHeightPx);
    fitIfNotZoomed();
}

} // namespace fp::gui
