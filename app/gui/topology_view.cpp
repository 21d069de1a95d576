#include "topology_view.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPainterPath>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

#include "cable_model.h"

namespace fp::gui {

namespace {

constexpr double kBoxW = 150, kBoxH = 54, kGapX = 18, kMinTierGapY = 150;
constexpr int kMediaCount = int(MediaClass::None) + 1;

struct Group {
    Tier tier = Tier::Node;
    int plane = 0, pod = 0, su = 0;
    long long devices = 0;
    DeviceId first = 0, last = 0;
    long long portsUsed = 0;
};

struct Bundle {
    LinkClass cls = LinkClass::HostLeaf;
    long long links = 0;
    std::array<long long, kMediaCount> byMedia{};
    float minLengthM = 1e9f, maxLengthM = 0;
};

QString tierPlural(Tier t)
{
    switch (t) {
    case Tier::Node: return QObject::tr("nodes");
    case Tier::Leaf: return QObject::tr("leaves");
    case Tier::Spine: return QObject::tr("spines");
    case Tier::Core: return QObject::tr("cores");
    }
    return {};
}

} // namespace

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
}

void TopologyView::setPlan(std::shared_ptr<const Plan> plan)
{
    m_plan = std::move(plan);
    rebuild();
}

void TopologyView::rebuild()
{
    scene()->clear();
    m_boxes.clear();
    m_boxOfDevice.clear();
    m_highlighted = -1;
    m_bundleCount = 0;
    if (!m_plan) return;
    const Fabric& fabric = m_plan->fabric;
    const QLocale en(QLocale::English);
    const QPalette pal = palette();

    // 1. Devices into groups: (tier, plane, pod, su) — racks of one SU, one pod's spines, one core group.
    std::map<std::tuple<int, int, int, int>, int> groupIndex;
    std::vector<Group> groups;
    std::vector<std::int32_t> groupOfDevice(fabric.devices.size());
    for (std::size_t d = 0; d < fabric.devices.size(); ++d) {
        const Device& dev = fabric.devices[d];
        const bool node = dev.tier == Tier::Node;
        const auto key = std::make_tuple(int(dev.tier), node ? 0 : int(dev.plane),
                                         dev.tier == Tier::Leaf && fabric.shape.tiers < 3 ? 0 : int(dev.pod),
                                         dev.tier == Tier::Node || dev.tier == Tier::Leaf ? int(dev.su) : 0);
        auto [it, inserted] = groupIndex.emplace(key, int(groups.size()));
        if (inserted) groups.push_back(Group{dev.tier, std::get<1>(key), std::get<2>(key), std::get<3>(key), 0,
                                             DeviceId(d), DeviceId(d), 0});
        Group& g = groups[std::size_t(it->second)];
        ++g.devices;
        g.last = DeviceId(d);
        g.portsUsed += dev.portsUsed;
        groupOfDevice[d] = it->second;
    }

    // 2. Groups into at most kMaxBoxesPerTier boxes per tier (level of detail), in key order.
    std::array<std::vector<int>, 4> groupsOfTier;
    for (const auto& [key, gi] : groupIndex) groupsOfTier[std::size_t(std::get<0>(key))].push_back(gi);
    struct Box {
        Tier tier;
        std::vector<int> groups;
    };
    std::vector<Box> boxes;
    std::vector<std::int32_t> boxOfGroup(groups.size());
    std::array<std::vector<int>, 4> boxesOfTier;
    // A box holds whole units of what its label names (a pod, an SU), so no pod is split over two boxes
    // and the labels' ranges never overlap ("Pod 5–8", "Pod 9–12", not "Pod 5–9", "Pod 9–13").
    const int tiers = fabric.shape.tiers;
    auto unitOf = [tiers](const Group& g) {
        const bool byPod = g.tier == Tier::Core || (tiers >= 3 && (g.tier == Tier::Leaf || g.tier == Tier::Spine));
        const int unit = g.tier == Tier::Spine && tiers < 3 ? 0 : byPod ? g.pod : g.su;
        return std::make_pair(g.tier == Tier::Node ? 0 : g.plane, unit);
    };
    for (int t = 0; t < 4; ++t) {
        const auto& list = groupsOfTier[std::size_t(t)];
        if (list.empty()) continue;
        std::vector<int> unitIndex(list.size());
        int units = 0;
        std::pair<int, int> previous{-1, -1};
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto unit = unitOf(groups[std::size_t(list[i])]);
            if (i > 0 && unit != previous) ++units;
            unitIndex[i] = units;
            previous = unit;
        }
        ++units;
        const int nBoxes = std::min(units, kMaxBoxesPerTier);
        for (int b = 0; b < nBoxes; ++b) {
            boxesOfTier[std::size_t(t)].push_back(int(boxes.size()));
            boxes.push_back(Box{Tier(t), {}});
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const int box = boxesOfTier[std::size_t(t)][std::size_t(unitIndex[i] * nBoxes / units)];
            boxes[std::size_t(box)].groups.push_back(list[i]);
            boxOfGroup[std::size_t(list[i])] = box;
        }
    }
    m_boxOfDevice.resize(fabric.devices.size());
    for (std::size_t d = 0; d < fabric.devices.size(); ++d)
        m_boxOfDevice[d] = boxOfGroup[std::size_t(groupOfDevice[d])];

    // 3. Links into bundles between boxes (links come grouped, so cache the last bundle).
    std::unordered_map<std::uint64_t, Bundle> bundles;
    std::uint64_t lastKey = ~0ull;
    Bundle* last = nullptr;
    const auto& media = m_plan->media;
    const auto& lengths = m_plan->layout.linkLengthM;
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        const std::uint64_t key = (std::uint64_t(std::uint32_t(m_boxOfDevice[l.a])) << 32) | std::uint32_t(m_boxOfDevice[l.b]);
        if (key != lastKey) {
            last = &bundles[key];
            last->cls = l.cls;
            lastKey = key;
        }
        ++last->links;
        MediaClass m = MediaClass::None;
        if (i < media.solutionOfLink.size() && media.solutionOfLink[i] < media.solutions.size())
            m = media.solutions[media.solutionOfLink[i]].media;
        ++last->byMedia[std::size_t(m)];
        if (i < lengths.size()) {
            last->minLengthM = std::min(last->minLengthM, lengths[i]);
            last->maxLengthM = std::max(last->maxLengthM, lengths[i]);
        }
    }

    // 4. Place boxes: core at the top, nodes at the bottom, each tier centred.
    std::size_t widest = 1;
    for (const auto& list : boxesOfTier) widest = std::max(widest, list.size());
    const double totalW = double(widest) * (kBoxW + kGapX) - kGapX;
    // Wide fabrics get taller tier gaps, so the drawing keeps a screen-like aspect and bundles fan out.
    const double kTierGapY = std::max(kMinTierGapY, totalW * 0.16);
    std::vector<QPointF> topLeft(boxes.size());
    int row = 0;
    for (int t = 3; t >= 0; --t) {
        const auto& list = boxesOfTier[std::size_t(t)];
        if (list.empty()) continue;
        const double w = double(list.size()) * (kBoxW + kGapX) - kGapX;
        const double x0 = (totalW - w) / 2.0;
        for (std::size_t i = 0; i < list.size(); ++i)
            topLeft[std::size_t(list[i])] = QPointF(x0 + double(i) * (kBoxW + kGapX), row * (kBoxH + kTierGapY));
        auto* label = scene()->addSimpleText(tierPlural(Tier(t)).toUpper());
        QFont bold = font();
        bold.setBold(true);
        bold.setLetterSpacing(QFont::AbsoluteSpacing, 1.5);
        label->setFont(bold);
        label->setBrush(pal.color(QPalette::PlaceholderText));
        label->setPos(-150, row * (kBoxH + kTierGapY) + kBoxH / 2 - 8);
        ++row;
    }

    // 5. Bundles below boxes: one path per bundle, width by log(links), colour by the dominant medium.
    for (const auto& [key, b] : bundles) {
        const int lower = int(key >> 32), upper = int(key & 0xffffffffu);
        const QPointF a = topLeft[std::size_t(lower)] + QPointF(kBoxW / 2, 0);
        const QPointF z = topLeft[std::size_t(upper)] + QPointF(kBoxW / 2, kBoxH);
        int dominant = 0;
        QStringList mix;
        for (int m = 0; m < kMediaCount; ++m) {
            if (b.byMedia[std::size_t(m)] > b.byMedia[std::size_t(dominant)]) dominant = m;
            if (b.byMedia[std::size_t(m)])
                mix << QStringLiteral("%1 %2").arg(mediaName(MediaClass(m)), en.toString(b.byMedia[std::size_t(m)]));
        }
        QColor c = mediaColor(MediaClass(dominant));
        c.setAlphaF(bundles.size() > 200 ? 0.35 : 0.7);
        QPainterPath path(a);
        const double midY = (a.y() + z.y()) / 2;
        path.cubicTo(QPointF(a.x(), midY), QPointF(z.x(), midY), z);
        auto* item = scene()->addPath(path, QPen(c, 1.0 + std::log2(double(b.links)) * 0.6, Qt::SolidLine, Qt::RoundCap));
        item->setZValue(-1);
        item->setToolTip(tr("<b>%1</b>: %2 links<br>%3<br>routed length %4 – %5 m")
                             .arg(QString::fromUtf8(toString(b.cls)), en.toString(b.links), mix.join(QStringLiteral(", ")))
                             .arg(double(b.minLengthM), 0, 'f', 1)
                             .arg(double(b.maxLengthM), 0, 'f', 1));
        ++m_bundleCount;
        if (bundles.size() <= 48) {
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

    // 6. Boxes with their labels and tooltips.
    const QString switchPart = QString::fromStdString(m_plan->hardware.switchesText());
    const QString nicPart = QString::fromStdString(m_plan->hardware.nic.partNumber);
    for (std::size_t bi = 0; bi < boxes.size(); ++bi) {
        const Box& box = boxes[bi];
        long long devices = 0, portsUsed = 0;
        for (int gi : box.groups) {
            devices += groups[std::size_t(gi)].devices;
            portsUsed += groups[std::size_t(gi)].portsUsed;
        }
        const Group& first = groups[std::size_t(box.groups.front())];
        const Group& lastG = groups[std::size_t(box.groups.back())];
        QString title;
        if (box.tier == Tier::Node)
            title = fabric.shape.sus > 1 ? tr("SU %1").arg(first.su + 1) : tr("Compute");
        else if (box.tier == Tier::Leaf)
            title = fabric.shape.tiers >= 3 ? tr("Pod %1").arg(first.pod + 1)
                    : fabric.shape.sus > 1  ? tr("SU %1").arg(first.su + 1) : tr("Leaves");
        else if (box.tier == Tier::Spine)
            title = fabric.shape.tiers >= 3 ? tr("Pod %1").arg(first.pod + 1) : tr("Spines");
        else
            title = tr("Group %1").arg(first.pod + 1);
        if (box.groups.size() > 1) {
            const QString lastLabel = box.tier == Tier::Node || (box.tier == Tier::Leaf && fabric.shape.tiers < 3)
                                          ? QString::number(lastG.su + 1) : QString::number(lastG.pod + 1);
            if (!title.endsWith(QLatin1Char(' ') + lastLabel)) title += QStringLiteral("–") + lastLabel;  // not "Pod 3–3"
        }
        if (fabric.shape.planes > 1 && box.tier != Tier::Node) {
            title = tr("P%1 · ").arg(first.plane + 1) + title;
            if (lastG.plane != first.plane) title += tr(" … P%1").arg(lastG.plane + 1);
        }
        QString subtitle = QStringLiteral("%1 %2").arg(en.toString(devices), tierPlural(box.tier));
        if (box.tier == Tier::Node) subtitle += tr(" · %1 GPUs").arg(en.toString(devices * m_plan->spec.gpusPerNode));

        auto* rect = scene()->addRect(QRectF(topLeft[bi], QSizeF(kBoxW, kBoxH)));
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
        rect->setToolTip(tr("<b>%1</b><br>%2 %3 (%4 … %5)<br>part: %6%7")
                             .arg(title, en.toString(devices), tierPlural(box.tier),
                                  QString::fromStdString(fabric.deviceName(first.first)),
                                  QString::fromStdString(fabric.deviceName(lastG.last)),
                                  box.tier == Tier::Node ? nicPart + tr(" × %1 per node").arg(fabric.nicsPerNode) : switchPart,
                                  box.tier == Tier::Node ? QString() : tr("<br>ports used: %1").arg(en.toString(portsUsed))));
        auto* t1 = new QGraphicsSimpleTextItem(title, rect);
        QFont bold = font();
        bold.setBold(true);
        t1->setFont(bold);
        t1->setBrush(QColor(0x1d, 0x1d, 0x1d));
        // Long labels shrink to the box rather than spill over the neighbours.
        auto fit = [](QGraphicsSimpleTextItem* t) {
            const double w = t->boundingRect().width();
            if (w > kBoxW - 10) t->setScale((kBoxW - 10) / w);
            return w * t->scale();
        };
        t1->setPos(topLeft[bi] + QPointF((kBoxW - fit(t1)) / 2, 8));
        auto* t2 = new QGraphicsSimpleTextItem(subtitle, rect);
        t2->setBrush(QColor(0x33, 0x33, 0x33));
        t2->setPos(topLeft[bi] + QPointF((kBoxW - fit(t2)) / 2, 29));
        m_boxes.push_back(rect);
    }

    // 7. Legend: only the media present.
    std::array<bool, kMediaCount> present{};
    for (const auto& [key, b] : bundles)
        for (int m = 0; m < kMediaCount; ++m) present[std::size_t(m)] = present[std::size_t(m)] || b.byMedia[std::size_t(m)];
    double lx = 0;
    const double ly = row * (kBoxH + kTierGapY) - kTierGapY + 40;
    for (int m = 0; m < kMediaCount; ++m) {
        if (!present[std::size_t(m)]) continue;
        scene()->addRect(QRectF(lx, ly + 4, 22, 6), Qt::NoPen, mediaColor(MediaClass(m)));
        auto* t = scene()->addSimpleText(mediaName(MediaClass(m)));
        t->setBrush(pal.color(QPalette::Text));
        t->setPos(lx + 28, ly - 2);
        lx += 48 + t->boundingRect().width();
    }
    auto* note = scene()->addSimpleText(tr("%1 switches · %2 links · one box per group, one line per bundle")
                                            .arg(en.toString(fabric.switchCount()), en.toString(qlonglong(fabric.links.size()))));
    note->setBrush(pal.color(QPalette::PlaceholderText));
    note->setPos(lx + 20, ly - 2);

    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30));
    if (!m_userZoomed) fitAll();
}

void TopologyView::fitAll()
{
    if (!scene()) return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    // Never blow small fabrics up beyond natural size, nor shrink big ones until box labels are
    // unreadable (below ~9 px): then the drawing is panned instead, starting at its top.
    if (transform().m11() > 1.2) setTransform(QTransform::fromScale(1.2, 1.2));
    if (transform().m11() < kMinReadableScale) {
        setTransform(QTransform::fromScale(kMinReadableScale, kMinReadableScale));
        centerOn(scene()->sceneRect().center().x(), scene()->sceneRect().top());
    }
}

bool TopologyView::selectDevice(std::int64_t device)
{
    if (device < 0 || std::size_t(device) >= m_boxOfDevice.size()) return false;
    const int box = m_boxOfDevice[std::size_t(device)];
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
