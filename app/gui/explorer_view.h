#pragma once
// The Explorer tab (issue 41): many variants of the current design at once. The user lists values for
// a few design keys (switch, oversubscription, planes, SU size, dual-ToR, fabric); every combination is
// planned off the UI thread by the sweep's own code path (app/cli/sweep_plan.h, as `fabricplan-cli
// sweep` and `plan` plan it), with progress and cancel. A scatter of any two figures draws the Pareto
// front (core/plan/pareto.h) apart from the other variants; variants that cannot be built are listed
// beside it. Hovering a point shows its figures; double-clicking it (or "Open as new design") opens
// that variant as a new untitled design.
#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <map>
#include <memory>
#include <vector>

#include "plan/pareto.h"
#include "spec/cluster_spec.h"
#include "sweep_rows.h"

class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QScatterSeries;

#include "catalog/catalog.h"

namespace fp::gui {

class Document;

class ExplorerView : public QWidget {
    Q_OBJECT
public:
    explicit ExplorerView(Document* document, QWidget* parent = nullptr);
    ~ExplorerView() override;

    // The keys the tab varies, as `sweep --vary` names them.
    static QStringList keys();
    QLineEdit* valuesField(const QString& key) const { return m_fields.value(key); }
    QComboBox* xFigure() const { return m_x; }
    QComboBox* yFigure() const { return m_y; }
    bool isRunning() const { return m_watcher.isRunning(); }
    // The last finished sweep: its rows (input order) and each row's varied keys.
    const std::vector<cli::SweepRow>& rows() const { return m_rows; }
    const std::vector<cli::Variant>& variants() const { return m_variants; }
    // The rows drawn as the front, and as the other variants; the rows listed as unbuildable.
    const std::vector<std::size_t>& drawnFront() const { return m_frontRows; }
    const std::vector<std::size_t>& drawnOthers() const { return m_otherRows; }
    QListWidget* unbuildableList() const { return m_unbuildable; }
    QChartView* chartView() const { return m_chart; }
    // The variant of row `index` as the design it stands for (parts fitted as planned).
    ClusterSpec variantSpec(std::size_t index) const;

public slots:
    void run();
    void cancel();
    // Fills the value fields from the current design (its own value first, a few neighbours after).
    void fillFromDesign();

signals:
    void sweepFinished();
    // The user asked to open a variant as a new design.
    void openVariant(const ClusterSpec& spec);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Outcome {
        std::vector<cli::SweepRow> rows;
        bool cancelled = false;
    };
    void onFinished();
    void redraw();
    void select(std::size_t row);
    QString variantText(std::size_t row) const;
    QString figuresText(std::size_t row) const;
    std::size_t rowAt(const QScatterSeries* series, const QPointF& point) const;
    double shown(std::size_t row, pareto::Figure f) const;

    Document* m_document;
    QMap<QString, QLineEdit*> m_fields;
    QCheckBox* m_dualTorBoth = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_open = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_selection = nullptr;
    QChartView* m_chart = nullptr;
    QListWidget* m_unbuildable = nullptr;
    QFutureWatcher<std::shared_ptr<Outcome>> m_watcher;
    QTimer m_progressTimer;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    std::shared_ptr<std::atomic<std::size_t>> m_done;
    std::size_t m_total = 0;
    // What the finished sweep planned from: the design then, its catalog and the rows' variants.
    ClusterSpec m_base;
    std::shared_ptr<const Catalog> m_catalog;
    std::vector<cli::Variant> m_variants;
    std::vector<cli::SweepRow> m_rows;
    std::vector<std::size_t> m_frontRows, m_otherRows;
    std::size_t m_selected = std::size_t(-1);
    bool m_stale = false;
    bool m_userEdited = false;
    QMap<QString, QString> m_designValue;  // what fillFromDesign put first: the design's own value
};

} // namespace fp::gui
