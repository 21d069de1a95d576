#pragma once
// MainWindow: the design panel (dock) beside the result tabs (Summary, Topology, Floor, Bill of
// materials, Prices, Cable plan, Compare, Checks), a status bar with the key figures, and the File / Edit /
// Export / Tools menus. The window only shows things and forwards edits; Document does the work.
#include <QMainWindow>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "catalog/catalog.h"
#include "plan/plan.h"

class QLabel;
class QLineEdit;
class QComboBox;
class QMenu;
class QTabWidget;
class QTableView;
class QToolButton;
class QStackedWidget;
template <typename T>
class QFutureWatcher;

namespace fp::io {
class Exporter;
}

namespace fp::gui {

class Document;
struct DiskConflict;
enum class DiskConflictChoice;
class DesignPanel;
class SummaryView;
class TopologyView;
class FloorView;
class CompareView;
class ResilienceView;
class ExplorerView;
class BomModel;
class BomProxyModel;
class CablePlanModel;
struct CableFilterResult;
class ChecksModel;
class PriceComparisonModel;
class Session;
class StartPage;
class DesignComparisonWindow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `userCatalogPath`: the editable catalog copy (empty when read-only); `session` may be null.
    MainWindow(std::shared_ptr<const Catalog>, QString userCatalogPath, Session* session = nullptr,
               QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    DesignPanel* designPanel() const { return m_designPanel; }
    SummaryView* summaryView() const { return m_summary; }
    TopologyView* topologyView() const { return m_topology; }
    FloorView* floorView() const { return m_floor; }
    CompareView* compareView() const { return m_compare; }
    ExplorerView* explorerView() const { return m_explorer; }
    BomModel* bomModel() const { return m_bomModel; }
    BomProxyModel* bomProxy() const { return m_bomProxy; }
    CablePlanModel* cableModel() const { return m_cableModel; }
    ChecksModel* checksModel() const { return m_checksModel; }
    PriceComparisonModel* priceComparisonModel() const { return m_pricesModel; }
    QTableView* cableTable() const { return m_cableTable; }
    QTabWidget* tabs() const { return m_tabs; }

    // The start page (first run, or no design given): templates, open, recent, a two-line explanation.
    // It gives way to the tabs as soon as a design is opened or edited.
    void showStartPage();
    bool isStartPageShown() const;
    StartPage* startPage() const { return m_start; }

    static QStringList tabNames();  // "summary", "topology", "floor", "bom", "prices", "cables", "compare", "checks"
    bool showTab(const QString& name);

    bool openFile(const QString& path);
    // Saves; when the file was changed elsewhere since it was opened or saved here, asks first
    // (askDiskConflict: Overwrite / Reload / Save as / Cancel).
    bool saveTo(const QString& path);
    // Writes the current plan with `exporter` (the core's formats or report::reportExporters()) on a worker
    // thread while the UI stays live, with a progress dialog after 400 ms. False + *error on failure;
    // false with an empty *error when cancelled. Either way no partial file is left.
    bool exportTo(const io::Exporter&, const QString& path, QString* error);
    // What the progress dialog's Cancel does: the running export stops at its next progress step.
    void cancelExport();
    // Where the export file dialog starts: "<design>-<what>.<ext>" (design-floor.png, design-bom.csv;
    // just design.pdf when the format says it all) in the design's folder, else the last export's.
    QString suggestedExportPath(const io::Exporter&) const;
    // Selects what the finding in `row` of the checks table points at (topology box or cable row).
    void activateFinding(int row);
    void autosaveNow();
    // True once every view shows the current plan: the summary, topology and floor are refreshed one
    // event each after Document::planReady (see onPlanReady).
    bool viewsUpToDate() const { return m_viewRefreshes.empty(); }
    // A message from start-up (e.g. the catalog copy was repaired): on the start page and the status
    // bar, never a modal dialog in front of a first run.
    void showNotice(const QString& text);
    // File › Compare designs (issue 41): a window comparing the open design (the baseline; saved or not)
    // with `paths`, planned off the UI thread. One window, reused; shown and returned.
    DesignComparisonWindow* compareDesigns(const QStringList& paths);

signals:
    // Emitted by exportTo before the worker starts (tests cancel from here).
    void exportStarted(const QString& path);

protected:
    void changeEvent(QEvent*) override;
    void closeEvent(QCloseEvent*) override;
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;

private:
    void buildTabs();
    void buildNetworkPicker();
    void updateNetworkPicker();
    void buildMenus();
    void buildStatusBar();
    void onPlanReady();
    void refreshNextView();
    void updateTitle();
    void updateStatus();
    QWidget* makeBomTab();
    QWidget* makeCablesTab();
    void filterCables();  // the filter the cable tab's fields ask for, computed on a worker
    void showCableCount();
    QWidget* makeChecksTab();
    QWidget* makePricesTab();

    // File actions.
    bool maybeSave();
    void newDesign();
    void newFromTemplate(const QString& path);
    void open();
    void chooseDesignsToCompare();
    bool save();
    bool saveAs();
    void addRecentFile(const QString& path);
    DiskConflictChoice askDiskConflict(const DiskConflict&);
    void showDiskNotice();
    void onDiskNoticeLink(const QString& link);
    void rebuildRecentMenu();
    void exportWithDialog(const io::Exporter&);
    void showCatalog();
    void about();

    Document* m_document;
    QString m_userCatalogPath;
    Session* m_session;
    DesignPanel* m_designPanel = nullptr;
    QTabWidget* m_tabs = nullptr;
    QStackedWidget* m_stack = nullptr;
    StartPage* m_start = nullptr;
    SummaryView* m_summary = nullptr;
    TopologyView* m_topology = nullptr;
    FloorView* m_floor = nullptr;
    CompareView* m_compare = nullptr;
    ResilienceView* m_resilience = nullptr;
    ExplorerView* m_explorer = nullptr;
    BomModel* m_bomModel = nullptr;
    BomProxyModel* m_bomProxy = nullptr;
    QLabel* m_bomTotals = nullptr;
    CablePlanModel* m_cableModel = nullptr;
    QTableView* m_cableTable = nullptr;
    QLabel* m_cableCount = nullptr;
    QLineEdit* m_cableFilterText = nullptr;
    QComboBox* m_cableFilterMedia = nullptr;
    QComboBox* m_networkPicker = nullptr;
    QWidget* m_tabsPage = nullptr;         // the network bar over the tabs: the stack's page beside the start page
    QWidget* m_networkBar = nullptr;       // the picker, its label and the viewed network's role, above the tabs
    QLabel* m_networkRole = nullptr;
    QFutureWatcher<CableFilterResult>* m_cableFilterWatcher = nullptr;
    ChecksModel* m_checksModel = nullptr;
    QTableView* m_checksTable = nullptr;
    QLabel* m_checksHeader = nullptr;
    QToolButton* m_mediumRatiosFold = nullptr;  // folds m_mediumRatios on a short page
    QWidget* m_checksPage = nullptr;
    PriceComparisonModel* m_pricesModel = nullptr;
    QLabel* m_pricesSummary = nullptr;
    QLabel* m_mediumRatios = nullptr;  // multimode / single-mode module prices (medium_ratio_text.h)
    QLabel* m_diskNotice = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_statusFigures = nullptr;
    QLabel* m_statusFindings = nullptr;
    QLabel* m_statusBusy = nullptr;
    QTimer m_autosave;
    bool m_repaletteQueued = false;
    std::vector<std::function<void()>> m_viewRefreshes;  // pending, the next first
    // Plans the views showed before: freed off the UI thread once every view has let go of them.
    std::shared_ptr<const Plan> m_shownPlan;
    std::vector<std::shared_ptr<const Plan>> m_retiredPlans;
    bool m_viewRefreshQueued = false;
    // Set while an export runs: its cancel flag, shared with the worker.
    std::shared_ptr<std::atomic<bool>> m_exportCancel;
    DesignComparisonWindow* m_designComparison = nullptr;  // made on first use
};

} // namespace fp::gui
