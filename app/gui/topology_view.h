#pragma once
// Topology tab: tiers top to bottom (core, spine, leaf, nodes), devices grouped into boxes by plane,
// pod, scalable unit and rail, and links drawn as bundles between boxes coloured by media. Level of
// detail: a tier never has more than kMaxBoxesPerTier boxes and a bundle stands for all links between
// two boxes, so a 3 M-link fabric draws a few hundred items. Wheel zooms, drag pans; the drawing fits the
// window on first show and on resize until the user zooms, and the Fit button (Ctrl+0) fits it again.
// The grouping itself (topology_geometry.h) is built by the plan worker; the view only places items.
#include <QGraphicsView>
#include <QPen>

#include <memory>
#include <vector>

#include "plan/plan.h"
#include "topology_geometry.h"

class QGraphicsRectItem;

namespace fp::gui {

class TopologyView : public QGraphicsView {
    Q_OBJECT
public:
    explicit TopologyView(QWidget* parent = nullptr);
    // `geometry`: built off the UI thread for this plan (Document::topologyGeometry()); without it, or
    // when it was built for another plan (a superseded one), the view groups the plan itself.
    void setPlan(std::shared_ptr<const Plan>, std::shared_ptr<const TopologyGeometry> geometry = {});
    // Selects and centres the box that holds `device`; false if there is none.
    bool selectDevice(std::int64_t device);
    int boxCount() const { return int(m_boxes.size()); }
    int bundleCount() const { return m_bundleCount; }
    const TopologyGeometry* geometry() const { return m_geometry.get(); }
    // The whole drawing in the window, down to kMinFitScale (below it, the top of the drawing at that
    // scale, panned); `whole`: at any scale (the Fit button and Ctrl+0, which also end the user's zoom).
    void fitAll(bool whole = false);

protected:
    void wheelEvent(QWheelEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void showEvent(QShowEvent*) override;

private:
    void rebuild();

    std::shared_ptr<const Plan> m_plan;
    std::shared_ptr<const TopologyGeometry> m_geometry;
    std::vector<QGraphicsRectItem*> m_boxes;
    int m_bundleCount = 0;
    int m_highlighted = -1;  // box drawn highlighted by selectDevice, and its own pen
    QPen m_highlightedPen;
    bool m_userZoomed = false;
};

QColor mediaColor(MediaClass);

} // namespace fp::gui
