#pragma once
// What the Topology tab draws, computed from a Plan without a widget or a scene: devices grouped into
// boxes (at most kMaxBoxesPerTier a tier), links summed into bundles between boxes, positions, labels
// and tooltips. Grouping walks every device and every link (1,000,000 GPUs: 3 M links, ~30 ms), so the
// plan worker builds it (document.cpp) and the UI thread only turns a few hundred boxes into items.
#include <QPointF>
#include <QString>

#include <array>
#include <cstdint>
#include <vector>

#include "plan/plan.h"

namespace fp::gui {

// Eight boxes a tier fill a 1400-pixel window at a scale where labels stay readable (kMinReadableScale).
constexpr int kMaxBoxesPerTier = 8;
constexpr double kMinReadableScale = 0.78;
constexpr double kTopologyBoxW = 150, kTopologyBoxH = 54;
constexpr int kTopologyMediaCount = int(MediaClass::None) + 1;

struct TopologyBox {
    Tier tier = Tier::Node;
    QPointF topLeft;
    QString title, subtitle, tooltip;
};

// All links between two boxes, drawn as one curve from the lower box's top to the upper box's bottom.
struct TopologyBundle {
    int lowerBox = 0, upperBox = 0;
    long long links = 0;
    MediaClass dominant = MediaClass::None;  // the curve's colour
    QString tooltip;
};

struct TopologyTierLabel {
    QString text;  // "SPINES"
    double y = 0;
};

struct TopologyGeometry {
    const Plan* plan = nullptr;  // the plan it was built from: a view drops geometry of another plan
    std::vector<TopologyBox> boxes;
    std::vector<TopologyBundle> bundles;
    std::vector<TopologyTierLabel> tierLabels;
    std::array<bool, kTopologyMediaCount> mediaPresent{};  // the legend names these
    double legendY = 0;
    QString note;  // "26,064 switches · 3,006,208 links · …"
    std::vector<std::int32_t> boxOfDevice;
};

// `endpoints`: what a network other than the compute fabric connects (plan/cluster_plan.h: its
// endpoint ports are one-port nodes), e.g. "Endpoints": its node boxes then count ports, not GPUs.
TopologyGeometry buildTopologyGeometry(const Plan&, const QString& endpoints = QString());

QString tierPlural(Tier);

} // namespace fp::gui
