#pragma once
// The Explorer tab (issue 41): many variants of the current design at once. The user lists values for
// the sweep's axes (app/cli/sweep_axes.h: switch per tier, tiers, oversubscription, planes, SU size, link
// speed, fabric, dual-ToR, optics policy); every combination is planned off the UI thread by the sweep's
// own code path (app/cli/sweep_plan.h, as `fabricplan-cli sweep` and `plan` plan it), with progress and
// cancel. A scatter of any two figures draws the Pareto front (core/plan/pareto.h) apart from the other
// variants; variants that cannot be built are listed beside it. Filters (budget, power, bus bandwidth)
// grey out the variants outside them and the front is recomputed over those that pass. Variants can be
// pinned into a side-by-side table; the front exports as the sweep's CSV. Hovering a point shows its
// figures; double-clicking it (or "Open as new design") opens that variant as a new untitled design.
#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "io/report_table.h"
#include "plan/pareto.h"
#include "spec/cluster_spec.h"
#include "sweep_filter.h"
#include "sweep_rows.h"

class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QToolButton;
class QPushButton;
class QScatterSeries;

#include "catalog/catalog.h"

namespace fp::gui {

class Document;
class PinnedVariantsTable;

class ExplorerView : public QWidget {
    Q_OBJECT
public:
    explicit ExplorerView(Document* document, QWidget* parent = nullptr);
    ~ExplorerView() override;

    // A figure's name for a chart axis; `hint` adds which way is better (the figure pickers).
    static QString figureLabel(pareto::Figure, bool hint = false);
    // The keys the tab varies as values in a field, as `sweep --vary` names them (the sweep's axes that
    // are not on/off switches; those are check boxes "explore-KEY").
    static QStringList keys();
    QLineEdit* valuesField(const QString& key) const { return m_fields.value(key); }
    QCheckBox* bothValuesBox(const QString& key) const { return m_bothValues.value(key); }
    QComboBox* xFigure() const { return m_x; }
    QComboBox* yFigure() const { return m_y; }
    bool isRunning() const { return m_watcher.isRunning(); }
    // The last finished sweep: its rows (input order) and each row's varied keys.
    const std::vector<cli::SweepRow>& rows() const { return m_rows; }
    const std::vector<cli::Variant>& variants() const { return m_variants; }
    // The rows drawn as the front, as the other variants that pass the filters, and greyed as outside
    // them; the rows listed as unbuildable.
    const std::vector<std::size_t>& drawnFront() const { return m_frontRows; }
    const std::vector<std::size_t>& drawnOthers() const { return m_otherRows; }
    const std::vector<std::size_t>& drawnFilteredOut() const { return m_filteredRows; }
    QListWidget* unbuildableList() const { return m_unbuildable; }
    QLabel* sweepStatus() const { return m_status; }
    QLabel* unbuildableTitle() const { return m_unbuildableTitle; }
    QChartView* chartView() const { return m_chart; }
    // The variant of row `index` as the design it stands for (parts fitted as planned).
    ClusterSpec variantSpec(std::size_t index) const;

    // Filters: the fields "explore-max-capex" ($ M), "explore-max-power" (kW), "explore-min-busbw"
    // (GB/s); empty is no limit. filter() is what the fields hold now (a field that is not a number is
    // red and sets no limit).
    QLineEdit* filterField(const QString& objectName) const;
    cli::SweepFilter filter() const;
    QLabel* filterStatus() const { return m_filterStatus; }

    // Pins, in the order pinned.
    const std::vector<std::size_t>& pinned() const { return m_pinned; }
    PinnedVariantsTable* pinTable() const { return m_pinTable; }

    // The CSV the export writes now: `fabricplan-cli sweep --pareto=X,Y` of the variants that pass the
    // filters (X, Y the chart's figures), every column and rule the CLI's, through its writer.
    std::string frontCsv() const;
    // The front drawn as a table for the PDF report (its variants, keys and headline figures, the
    // filters and figures it was weighed on); null before a sweep has finished.
    std::shared_ptr<const io::ReportTable> frontTable() const;

public slots:
    void run();
    void cancel();
    // Fills the value fields from the current design (its own value first, a few neighbours after).
    void fillFromDesign();
    void pin(std::size_t row);
    void unpin(std::size_t row);
    void clearPins();
    // Writes frontCsv() to `path` atomically on a worker; exportFinished says how it went.
    void exportCsv(const QString& path);

signals:
    void sweepFinished();
    // The user asked to open a variant as a new design.
    void openVariant(const ClusterSpec& spec);
    // ok: `message` says what was written where; else why nothing was.
    void exportFinished(bool ok, const QString& message);

public:
    // Below kFoldHeightPx (a 1024 x 700 window) the sweep's value fields fold away once a sweep has
    // results, so the chart gets their height; the Values button shows them again (and keeps the
    // user's choice from then on).
    static constexpr int kFoldHeightPx = 640;
    bool valuesFolded() const;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Outcome {
        std::vector<cli::SweepRow> rows;
        bool cancelled = false;
    };
    QLayout* makeAxesForm();
    QLayout* makeFigureRow();
    QLayout* makeFilterRow();
    void onFinished();
    void redraw();
    void refreshPins();
    void select(std::size_t row);
    void showPointMenu(const QPoint& at);
    void askExportPath();  // explorer_export.cpp, with frontCsv, frontTable, exportCsv
    QString variantText(std::size_t row) const;
    QString figuresText(std::size_t row) const;
    std::size_t rowAt(const QScatterSeries* series, const QPointF& point) const;
    double shown(std::size_t row, pareto::Figure f) const;
    pareto::Figure figureX() const;
    pareto::Figure figureY() const;

    Document* m_document;
    QMap<QString, QLineEdit*> m_fields;
    QMap<QString, QCheckBox*> m_bothValues;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QLineEdit* m_maxCapex = nullptr;
    QLineEdit* m_maxPower = nullptr;
    QLineEdit* m_minBusbw = nullptr;
    QLabel* m_filterStatus = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_pin = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_unbuildableTitle = nullptr;  // "Unbuildable variants", or ": none"
    QLabel* m_selection = nullptr;
    QChartView* m_chart = nullptr;
    QListWidget* m_unbuildable = nullptr;
    PinnedVariantsTable* m_pinTable = nullptr;
    QWidget* m_pinsPanel = nullptr;
    QWidget* m_axesBox = nullptr;      // the value fields, folded at small heights
    QToolButton* m_fold = nullptr;     // "Values": shows or folds them
    std::optional<bool> m_foldChoice;  // the user's, once they pressed Values
    void updateFold();
    QFutureWatcher<std::shared_ptr<Outcome>> m_watcher;
    QFutureWatcher<QString> m_exportWatcher;  // empty: written; else the error
    QString m_exportPath, m_exportSummary;
    QTimer m_progressTimer;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    std::shared_ptr<std::atomic<std::size_t>> m_done;
    std::size_t m_total = 0;
    // What the finished sweep planned from: the design then, its catalog and the rows' variants.
    ClusterSpec m_base;
    std::shared_ptr<const Catalog> m_catalog;
    std::vector<cli::Variant> m_variants;
    std::vector<cli::SweepRow> m_rows;
    std::vector<std::size_t> m_frontRows, m_otherRows, m_filteredRows;
    // Each scatter series drawn and the sweep rows of its points, in points() order.
    std::vector<std::pair<const QScatterSeries*, std::vector<std::size_t>>> m_seriesRows;
    std::vector<std::size_t> m_pinned;
    std::size_t m_selected = std::size_t(-1);
    std::size_t m_hovered = std::size_t(-1);
    bool m_stale = false;
    bool m_userEdited = false;
    QMap<QString, QString> m_designValue;  // what fillFromDesign put first: the design's own value
};

} // namespace fp::gui
