#pragma once
// Floor tab: rows of compute racks coloured by power against the rack budget, network racks and the
// spine room. Dragging the spine room changes the spine-room distance; dragging a network rack along
// its row moves leaves between end of row and middle of row. Both go through undo commands.
// Compute racks are painted by one item (tens of thousands of racks stay cheap).
#include <QGraphicsView>

class QLabel;

#include <memory>

#include "plan/plan.h"

namespace fp::gui {

class Document;

constexpr double kFloorPxPerM = 24.0;
constexpr int kLegendHeightPx = 48;

class FloorView : public QGraphicsView {
    Q_OBJECT
public:
    explicit FloorView(Document* document, QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>);

    // What a drag ends in (also called by tests): a spine room moved by `deltaM` on the floor, or a
    // network rack of `row` dropped at `xM`.
    void spineRoomDropped(QPointF deltaM);
    void networkRackDropped(int row, double xM);
    QGraphicsItem* spineRoomItem() const { return m_spineRoom; }

protected:
    void wheelEvent(QWheelEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void showEvent(QShowEvent*) override;

private:
    void rebuild();
    void fitIfNotZoomed();
    void updateLegend();

    Document* m_document;
    std::shared_ptr<const Plan> m_plan;
    QGraphicsItem* m_spineRoom = nullptr;
    bool m_userZoomed = false;
    QString m_totals;
    QLabel* m_legend = nullptr;
};

} // namespace fp::gui
