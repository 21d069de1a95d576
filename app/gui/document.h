#pragma once
// Document: owns the ClusterSpec being edited, its QUndoStack, file name and modified flag (as Tiled's
// Document), and the latest Plan. Every edit goes through an undo command (commands.h); after each
// edit the plan is recomputed off the UI thread, debounced, and results of superseded edits are dropped.
#include <QElapsedTimer>
#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUndoStack>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "catalog/catalog.h"
#include "file_identity.h"
#include "floor_geometry.h"
#include "link_tallies.h"
#include "plan/cluster_plan.h"
#include "plan/optics_prices.h"
#include "plan/plan.h"
#include "spec/cluster_spec.h"
#include "topology_geometry.h"

namespace fp::gui {

// One network's plan and what the views draw of it (built on the worker too: at 1,000,000 GPUs the
// topology and floor walk 3 M links and 36,000 racks, which blocked the UI thread for ~80 ms).
struct NetworkView {
    std::shared_ptr<const Plan> plan;  // shares ownership of the ClusterPlan it points into
    std::shared_ptr<const TopologyGeometry> topology;
    // What the Floor tab draws: the plan, or for the compute fabric of several networks the cluster's one
    // floor (its racks, every network's; core/layout/shared_floor.h), as the other networks' tabs show it.
    std::shared_ptr<const Plan> floorPlan;
    std::shared_ptr<const FloorGeometry> floor;  // of floorPlan
    std::shared_ptr<const LinkTallies> tallies;
    std::shared_ptr<const OpticsPriceComparison> opticsPrices;  // the Prices tab's aggregation
};

// What one background run produced: the cluster's plan (every network, the compute fabric first) and
// each network's views, or the user-facing reason there is none.
struct PlanOutcome {
    quint64 generation = 0;
    std::shared_ptr<const ClusterPlan> cluster;
    std::vector<NetworkView> networks;  // one per cluster->networks, same order
    QString error;
};

struct ComparisonOutcome {
    quint64 generation = 0;
    std::shared_ptr<const Comparison> comparison;
    std::vector<NetworkFigures> clusterTotals;  // per compared plan, with the other networks (or none)
    QString error;
};

// Saving to a file that something else replaced since this document read or wrote it (a second window
// on the same design, an editor): the user chooses; nothing is written before they have.
enum class DiskConflictChoice {
    Overwrite,  // write ours over theirs
    Reload,     // take theirs: our version stays one Undo away
    SaveAs,     // keep both: the caller asks for another name
    Cancel,     // write nothing
};
struct DiskConflict {
    QString path;
    FileIdentity ours;    // the file as we last read or wrote it
    FileIdentity onDisk;  // the file now
};
using DiskConflictChooser = std::function<DiskConflictChoice(const DiskConflict&)>;
// What save() did: Written is the only one that wrote the file.
enum class SaveStatus { Written, Failed, Reloaded, SaveAsChosen, Cancelled };

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(std::shared_ptr<const Catalog> catalog, QObject* parent = nullptr);
    ~Document() override;

    const ClusterSpec& spec() const { return m_spec; }
    QUndoStack* undoStack() { return &m_undoStack; }
    const QString& fileName() const { return m_fileName; }
    bool isModified() const { return !m_undoStack.isClean(); }
    QString displayName() const;  // file base name or "Untitled"

    // Replaces the spec without an undo command: the undo commands call this, nothing else should.
    void applySpecFromCommand(const ClusterSpec&);
    // The user chose the NIC in this session (Command::chooseNic): a switch chosen later keeps it, as the
    // CLI keeps an explicit --nic. Set and unset by undo commands only; a fresh content clears it.
    bool nicChosen() const { return m_nicChosen; }
    void setNicChosenFromCommand(bool chosen) { m_nicChosen = chosen; }
    // A sentence for the user about parts an edit changed beside the one they set (the NIC a switch
    // needs); the window shows it in the status bar.
    void announce(const QString& text) { emit partsNote(text); }

    // A fresh document content (New, Open, recovery): clears the undo history.
    void reset(const ClusterSpec&, const QString& fileName);
    // Load/save a .fabricplan; on failure return false and put the user-facing reason in *error.
    bool load(const QString& path, QString* error, QStringList* warnings = nullptr);
    // Saving over our own file after something else changed it asks the chooser (without one it writes
    // nothing and says why). True only when the file was written; *status says what happened instead.
    bool save(const QString& path, QString* error, SaveStatus* status = nullptr);
    void setDiskConflictChooser(DiskConflictChooser chooser) { m_conflictChooser = std::move(chooser); }
    // The file's content now differs from what we last read or wrote (or it is gone); *now: what is there.
    bool fileChangedOnDisk(FileIdentity* now = nullptr) const;
    // Replaces the design with the file's content as one undoable step ("Reload from disk") and marks it
    // clean: Undo brings back the version that was here. False + *error when the file cannot be read.
    bool reloadFromDisk(QString* error);
    // Compares the file with what we last read or wrote and emits changedOnDisk once per new content
    // (the window calls it when it is activated; a file watcher calls it too).
    void checkDisk();
    // Writes the spec without touching the file name or the clean state (autosave).
    bool writeCopy(const QString& path, QString* error) const;

    std::shared_ptr<const Catalog> catalog() const { return m_catalog; }
    void setCatalog(std::shared_ptr<const Catalog>);

    // Every network of the design planned (null without a plan): the totals the summary prints.
    std::shared_ptr<const ClusterPlan> clusterPlan() const { return m_cluster; }
    // The network the views show (0, the compute fabric, unless the user picked another): plan() and
    // its geometry, tallies and prices are that network's.
    int viewedNetwork() const { return m_viewed; }
    void setViewedNetwork(int index);  // emits planReady when it changes what the views show
    std::shared_ptr<const Plan> computePlan() const { return viewOf(0).plan; }
    std::shared_ptr<const Plan> plan() const { return viewOf(m_viewed).plan; }
    // The views' geometry of plan() (null without a plan).
    std::shared_ptr<const TopologyGeometry> topologyGeometry() const { return viewOf(m_viewed).topology; }
    std::shared_ptr<const Plan> floorPlan() const { return viewOf(m_viewed).floorPlan; }
    std::shared_ptr<const FloorGeometry> floorGeometry() const { return viewOf(m_viewed).floor; }
    // plan()'s links per class, counted on the worker too (null without a plan).
    std::shared_ptr<const LinkTallies> linkTallies() const { return viewOf(m_viewed).tallies; }
    QString planError() const { return m_planError; }
    std::shared_ptr<const Comparison> comparison() const { return m_comparison; }
    QString comparisonError() const { return m_comparisonError; }
    // Each plan of comparison() with the design's other networks (clusterTotalsOf); empty without them.
    const std::vector<NetworkFigures>& clusterTotals() const { return m_clusterTotals; }
    // The Prices tab's per-source aggregation of plan() (null without a plan), built on the plan worker.
    std::shared_ptr<const OpticsPriceComparison> opticsPrices() const { return viewOf(m_viewed).opticsPrices; }
    bool isComputing() const;

    // Fixes the debounce (tests); by default it adapts to how long the last plan took (debounceMs()).
    void setDebounceMs(int ms) { m_fixedDebounceMs = ms; }
    int debounceMs() const;
    void setComparisonEnabled(bool on) { m_comparisonEnabled = on; }
    // Starts the recompute at once (skips the debounce); tests and --screenshot use it.
    void recomputeNow();

signals:
    void specChanged();
    void fileNameChanged();
    void modifiedChanged(bool modified);
    void computingChanged(bool computing);
    void planReady();                 // plan() or planError() changed
    void comparisonReady();           // comparison() or comparisonError() changed
    void changedOnDisk();             // the file was replaced or removed by something else (checkDisk)
    void partsNote(const QString& text);  // announce()

private:
    void setDiskIdentity(const FileIdentity&);
    void scheduleRecompute();
    void startPlan();
    void startComparison(quint64 generation);
    void onPlanFinished();
    void onComparisonFinished();
    const NetworkView& viewOf(int index) const;

    std::shared_ptr<const Catalog> m_catalog;
    ClusterSpec m_spec;
    bool m_nicChosen = false;
    QUndoStack m_undoStack;
    QString m_fileName;
    FileIdentity m_diskIdentity;     // m_fileName as we last read or wrote it
    std::optional<FileIdentity> m_noticedIdentity;  // the other content changedOnDisk was last emitted for
    QFileSystemWatcher m_watcher;
    DiskConflictChooser m_conflictChooser;
    QTimer m_debounce;
    QElapsedTimer m_planClock;       // how long the running plan has taken
    qint64 m_lastPlanMs = 0;
    int m_fixedDebounceMs = -1;

    // Bumped on every edit; a background run whose generation is older is abandoned and ignored.
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
    // The outcome sits behind a pointer so the finished handler can move it out: a result left in the
    // future would be freed on the UI thread when the next run replaces the future.
    QFutureWatcher<std::shared_ptr<PlanOutcome>> m_planWatcher;
    QFutureWatcher<std::shared_ptr<ComparisonOutcome>> m_comparisonWatcher;
    bool m_planPending = false;
    // Set from start until the finished handler ran: a future stops "running" before its finished
    // signal is delivered, and the result is not ours until then.
    bool m_planRunning = false;
    bool m_comparisonRunning = false;
    bool m_comparisonEnabled = true;

    std::shared_ptr<const ClusterPlan> m_cluster;
    std::vector<NetworkView> m_networks;
    int m_viewed = 0;
    quint64 m_planGeneration = 0;
    QString m_planError;
    std::shared_ptr<const Comparison> m_comparison;
    QString m_comparisonError;
    std::vector<NetworkFigures> m_clusterTotals;
};

} // namespace fp::gui
