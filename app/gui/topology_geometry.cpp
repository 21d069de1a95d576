#include "topology_geometry.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

#include "cable_model.h"

namespace fp::gui {

namespace {

constexpr double kGapX = 18, kMinTierGapY = 150;

// The texts keep the Topology tab's translation context.
QString tr(const char* text) { return QCoreApplication::translate("fp::gui::TopologyView", text); }

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
    std::array<long long, kTopologyMediaCount> byMedia{};
    float minLengthM = 1e9f, maxLengthM = 0;
};

} // namespace

QString tierPlural(Tier t)
{
    switch (t) {
    case Tier::Node: return tr("nodes");
    case Tier::Leaf: return tr("leaves");
    case Tier::Spine: return tr("spines");
    case Tier::Core: return tr("cores");
    }
    return {};
}

TopologyGeometry buildTopologyGeometry(const Plan& plan, const QString& endpoints)
{
    TopologyGeometry out;
    out.plan = &plan;
    const Fabric& fabric = plan.fabric;
    const QLocale en(QLocale::English);

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
    out.boxOfDevice.resize(fabric.devices.size());
    for (std::size_t d = 0; d < fabric.devices.size(); ++d)
        out.boxOfDevice[d] = boxOfGroup[std::size_t(groupOfDevice[d])];

    // 3. Links into bundles between boxes (links come grouped, so cache the last bundle).
    std::unordered_map<std::uint64_t, Bundle> bundles;
    std::uint64_t lastKey = ~0ull;
    Bundle* last = nullptr;
    const auto& media = plan.media;
    const auto& lengths = plan.layout.linkLengthM;
    for (std::size_t i = 0; i < fabric.links.size(); ++i) {
        const Link& l = fabric.links[i];
        const std::uint64_t key =
            (std::uint64_t(std::uint32_t(out.boxOfDevice[l.a])) << 32) | std::uint32_t(out.boxOfDevice[l.b]);
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
    const double totalW = double(widest) * (kTopologyBoxW + kGapX) - kGapX;
    // Wide fabrics get taller tier gaps, so the drawing keeps a screen-like aspect and bundles fan out.
    const double tierGapY = std::max(kMinTierGapY, totalW * 0.16);
    out.boxes.resize(boxes.size());
    int row = 0;
    for (int t = 3; t >= 0; --t) {
        const auto& list = boxesOfTier[std::size_t(t)];
        if (list.empty()) continue;
        const double w = double(list.size()) * (kTopologyBoxW + kGapX) - kGapX;
        const double x0 = (totalW - w) / 2.0;
        for (std::size_t i = 0; i < list.size(); ++i)
            out.boxes[std::size_t(list[i])].topLeft =
                QPointF(x0 + double(i) * (kTopologyBoxW + kGapX), row * (kTopologyBoxH + tierGapY));
        out.tierLabels.push_back({tierPlural(Tier(t)).toUpper(), row * (kTopologyBoxH + tierGapY) + kTopologyBoxH / 2 - 8});
        ++row;
    }

    // 5. Bundles, in the map's order (the order the view stacks them), coloured by the dominant medium.
    out.bundles.reserve(bundles.size());
    for (const auto& [key, b] : bundles) {
        TopologyBundle bundle;
        bundle.lowerBox = int(key >> 32);
        bundle.upperBox = int(key & 0xffffffffu);
        bundle.links = b.links;
        int dominant = 0;
        QStringList mix;
        for (int m = 0; m < kTopologyMediaCount; ++m) {
            if (b.byMedia[std::size_t(m)] > b.byMedia[std::size_t(dominant)]) dominant = m;
            if (b.byMedia[std::size_t(m)])
                mix << QStringLiteral("%1 %2").arg(mediaName(MediaClass(m)), en.toString(b.byMedia[std::size_t(m)]));
            out.mediaPresent[std::size_t(m)] = out.mediaPresent[std::size_t(m)] || b.byMedia[std::size_t(m)];
        }
        bundle.dominant = MediaClass(dominant);
        bundle.tooltip = tr("<b>%1</b>: %2 links<br>%3<br>routed length %4 – %5 m")
                             .arg(linkClassName(b.cls), en.toString(b.links), mix.join(QStringLiteral(", ")))
                             .arg(double(b.minLengthM), 0, 'f', 1)
                             .arg(double(b.maxLengthM), 0, 'f', 1);
        out.bundles.push_back(std::move(bundle));
    }

    // 6. Box titles and tooltips.
    const QString switchPart = QString::fromStdString(plan.hardware.switchesText(plan.fabric.shape.tiers));
    const QString nicPart = QString::fromStdString(plan.hardware.nic.partNumber);
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
        if (box.tier == Tier::Node && !endpoints.isEmpty())
            title = endpoints;
        else if (box.tier == Tier::Node)
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
        if (box.tier == Tier::Node && !endpoints.isEmpty()) subtitle = tr("%1 ports").arg(en.toString(devices));
        else if (box.tier == Tier::Node) subtitle += tr(" · %1 GPUs").arg(en.toString(devices * plan.spec.gpusPerNode));

        TopologyBox& drawn = out.boxes[bi];
        drawn.tier = box.tier;
        drawn.tooltip = tr("<b>%1</b><br>%2 %3 (%4 … %5)<br>part: %6%7")
                            .arg(title, en.toString(devices), tierPlural(box.tier),
                                 QString::fromStdString(fabric.deviceName(first.first)),
                                 QString::fromStdString(fabric.deviceName(lastG.last)),
                                 box.tier == Tier::Node ? nicPart + tr(" × %1 per node").arg(fabric.nicsPerNode) : switchPart,
                                 box.tier == Tier::Node ? QString() : tr("<br>ports used: %1").arg(en.toString(portsUsed)));
        drawn.title = std::move(title);
        drawn.subtitle = std::move(subtitle);
    }

    // 7. Legend line under the lowest tier.
    out.legendY = row * (kTopologyBoxH + tierGapY) - tierGapY + 40;
    out.note = tr("%1 switches · %2 links · one box per group, one line per bundle")
                   .arg(en.toString(fabric.switchCount()), en.toString(qlonglong(fabric.links.size())));
    return out;
}

} // namespace fp::gui
