#pragma once
// Topology tab: tiers top to bottom (core, spine, leaf, nodes), devices grouped into boxes by plane,
// pod, scalable unit and rail, and links drawn as bundles between boxes coloured by media. Level of
// detail: a tier never has more than kMaxBoxesPerTier boxes and a bundle stands for all links between
// two boxes, so a 3 M-link fabric draws a few hundred items. Wheel zooms, drag pans.
#include <QGraphicsView>
#include <QPen>

#include <memory>
#include <vector>

#include "plan/plan.h"

class QGraphicsRectItem;

namespace fp::gui {

// Eight boxes a tier fill a 1400-pixel window at a scale where labels stay readable (kMinReadableScale).
constexpr int kMaxBoxesPerTier = 8;
constexpr double kMinReadableScale = 0.78;

class TopologyView : public QGraphicsView {
    Q_OBJECT
public:
    explicit TopologyView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>);
    // Selects and centres the box that holds `device`; false if there is none.
    bool selectDevice(std::int64_t device);
    int boxCount() const { return int(m_boxes.size()); }
    int bundleCount() const { return m_bundleCount; }
    void fitAll();

protected:
    void wheelEvent(QWheelEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void showEvent(QShowEvent*) override;

private:
    void rebuild();

    std::shared_ptr<const Plan> m_plan;
    std::vector<QGraphicsRectItem*> m_boxes;
    std::vector<std::int32_t> m_boxOfDevice;
    int m_bundleCount = 0;
    int m_highlighted = -1;  // box drawn highlighted by selectDevice, and its own pen
    QPen m_highlightedPen;
    bool m_userZoomed = false;
};

QColor mediaColor(MediaClass);

} // namespace fp::gui
