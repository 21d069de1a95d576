#pragma once
// Floor tab: rows of compute racks coloured by power against the rack budget, network racks and the
// spine room. Dragging the spine room changes the spine-room distance; dragging a network rack along
// its row moves leaves between end of row and middle of row. Both go through undo commands.
// Each kind of rack is painted by one item, and so are the row labels: a few dozen items at any size
// (1,000,000 GPUs: 36,000 racks, 1,700 rows). The racks' rectangles and colours (floor_geometry.h) are
// built by the plan worker.
#include <QGraphicsView>

class QGraphicsSimpleTextItem;
class QLabel;

#include <memory>
#include <vector>

#include "floor_geometry.h"
#include "plan/plan.h"

namespace fp::gui {

class Document;

constexpr int kLegendHeightPx = 48;
// The smallest text drawn on the floor, in screen pixels: below it a label is a smudge, not a word.
// Row labels smaller than this at the current zoom are hidden and come back as the user zooms in; the
// spine room's and the tray's labels keep their font size at any zoom.
constexpr double kMinLabelPx = 8.0;

class FloorView : public QGraphicsView {
    Q_OBJECT
public:
    explicit FloorView(Document* document, QWidget* parent = nullptr);
    // `geometry`: built off the UI thread for this plan (Document::floorGeometry()); without it, or when
    // it was built for another plan (a superseded one), the view lays out the plan itself.
    void setPlan(std::shared_ptr<const Plan>, std::shared_ptr<const FloorGeometry> geometry = {});
    // Set before setPlan: the plan's layout is the cluster's one floor of several networks
    // (layout/shared_floor.h): the totals count its service racks apart and the legend says "Server rack".
    void setClusterFloor(bool shared) { m_clusterFloor = shared; }
    const FloorGeometry* geometry() const { return m_geometry.get(); }

    // What a drag ends in (also called by tests): a spine room moved by `deltaM` on the floor, or a
    // network rack of `row` dropped at `xM`.
    void spineRoomDropped(QPointF deltaM);
    void networkRackDropped(int row, double xM);
    QGraphicsItem* spineRoomItem() const { return m_spineRoom; }
    const FloorSections& sections() const { return m_sections; }
    // The line under the legend: rows, racks, compute power and floor size.
    const QString& totals() const { return m_totals; }
    // Whether the "Row N" labels are drawn at the current zoom (at least kMinLabelPx high on screen).
    bool rowLabelsShown() const;
    // The labels drawn over the floor (spine or core room, tray, run titles) that are shown, and where
    // each is on the viewport: placeLabels keeps them from overlapping at any zoom (issue 41).
    std::vector<QRectF> shownLabelRects() const;

protected:
    void wheelEvent(QWheelEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void showEvent(QShowEvent*) override;

private:
    void rebuild();
    void fitIfNotZoomed();
    void updateLegend();
    // The tray's label above its line, else below it, else hidden: never over the room's label. Run after
    // every change of zoom (the two keep their font size on screen, so they meet as the floor shrinks).
    void placeLabels();
    QRectF onViewport(const QGraphicsItem*) const;

    Document* m_document;
    std::shared_ptr<const Plan> m_plan;
    std::shared_ptr<const FloorGeometry> m_geometry;
    QGraphicsItem* m_spineRoom = nullptr;
    QGraphicsSimpleTextItem* m_roomLabel = nullptr;
    QGraphicsSimpleTextItem* m_trayLabel = nullptr;
    std::vector<QGraphicsSimpleTextItem*> m_titles;  // "Rows 1-40" over each run of a long hall
    bool m_userZoomed = false;
    FloorSections m_sections;
    QString m_totals;
    bool m_clusterFloor = false;
    QLabel* m_legend = nullptr;
    double m_rowLabelHeight = 0;  // scene units, at zoom 1
};

} // namespace fp::gui
