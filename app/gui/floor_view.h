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

// A long hall (100,000 GPUs: 586 m of rows) drawn as side-by-side runs of rows, so its overview has a
// window's shape; runs beyond the first are shifted left and up to the first row's height.
struct FloorSections {
    int rowsPerSection = 0;  // 0: drawn as one run
    double stridePx = 0;     // x shift per run
    double rowPitchPx = 0;
    double topPx = 0;        // top of row 1
    int lastRow = 0;         // index of the last row
    int count() const { return rowsPerSection > 0 ? 1 + lastRow / rowsPerSection : 1; }
    QPointF shift(int row) const
    {
        if (rowsPerSection <= 0 || row < 0) return {};
        const int run = row / rowsPerSection;
        return QPointF(run * stridePx, -run * rowsPerSection * rowPitchPx);
    }
    static FloorSections forLayout(const Layout&, const FloorSpec&);
};
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
    const FloorSections& sections() const { return m_sections; }

protected:
    void wheelEvent(QWheelEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
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
    FloorSections m_sections;
    QString m_totals;
    QLabel* m_legend = nullptr;
};

} // namespace fp::gui
