#pragma once
// Saved designs side by side (issue 41): a window comparing several designs, the first the baseline.
// Each is planned on a worker thread exactly as `fabricplan-cli plan FILE` plans it (cli/design_input.h
// planRequest, then makeClusterPlan), and compared by the core (plan/design_diff.h): the headline
// figures in one table (one column per design), the BOM differences from the baseline in another. The
// comparison exports as the same workbook `fabricplan-cli diff --xlsx` writes, atomically.
// A file that cannot be read or planned is named with the reason; the others are still compared.
#include <QString>
#include <QStringList>
#include <QWidget>
#include <QFutureWatcher>

#include <memory>
#include <optional>
#include <vector>

#include "catalog/catalog.h"
#include "plan/design_diff.h"
#include "spec/cluster_spec.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace fp::gui {

// One design to compare: a file, or (the open design) a spec already in memory.
struct DesignToCompare {
    QString name;                     // its column's title: the file name, or the open design's
    QString path;                     // empty for `spec`
    std::optional<ClusterSpec> spec;  // the open design, as the window holds it
};

class DesignComparisonWindow : public QWidget {
    Q_OBJECT
public:
    explicit DesignComparisonWindow(std::shared_ptr<const Catalog>, QWidget* parent = nullptr);
    ~DesignComparisonWindow() override;

    // Replaces the designs compared (the first is the baseline) and plans them on a worker.
    void setDesigns(std::vector<DesignToCompare>);
    // Adds designs after the current ones and plans them all again.
    void addFiles(const QStringList& paths);
    bool isPlanning() const;

    // What is shown (tests): the comparison, and the designs left out with why ("name: reason").
    const DesignComparison& comparison() const { return m_comparison; }
    const QStringList& problems() const { return m_problems; }
    QTableWidget* figuresTable() const { return m_figures; }
    QTableWidget* differencesTable() const { return m_differences; }
    QString statusText() const;

    // Writes the workbook to `path` (atomic); returns the error, empty on success. Shown in the status line.
    QString exportWorkbook(const QString& path);

signals:
    void comparisonReady();

private:
    struct Outcome;
    void plan();
    void onPlanned();
    void fill();
    void chooseFiles();
    void chooseExport();

    std::shared_ptr<const Catalog> m_catalog;
    std::vector<DesignToCompare> m_designs;
    DesignComparison m_comparison;
    QStringList m_problems;
    QFutureWatcher<std::shared_ptr<Outcome>> m_watcher;
    bool m_pending = false;  // designs changed while a plan ran: plan again when it ends
    bool m_planning = false;  // from plan() until its result is shown (the watcher's signal is queued)
    QLabel* m_status = nullptr;
    QPushButton* m_export = nullptr;
    QTableWidget* m_figures = nullptr;
    QTableWidget* m_differences = nullptr;
};

} // namespace fp::gui
