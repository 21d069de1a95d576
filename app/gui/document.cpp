#include "document.h"

#include <QFileInfo>
#include <QUndoCommand>
#include <algorithm>
#include <QtConcurrent/QtConcurrentRun>

#include "common/atomic_file.h"
#include "common/error.h"
#include "release_off_ui_thread.h"
#include "spec/spec_json.h"

namespace fp::gui {

namespace {

// Frees a superseded run's plans and views on a worker (a 1,000,000-GPU cluster plan takes tens of ms
// to free); a view still showing one of its networks keeps it alive and MainWindow frees it later.
void releaseOutcomeOffUiThread(PlanOutcome out)
{
    if (!out.cluster && out.networks.empty()) return;
    (void)QtConcurrent::run([out = std::move(out)]() mutable {
        out.networks.clear();
        out.cluster.reset();
    });
}

// The index in `now` of the network shown from `before`, found by name (an edit may add or remove
// networks before it); the compute fabric when it is gone.
int sameNetworkIn(const ClusterPlan* before, const ClusterPlan* now, int index)
{
    if (!before || !now || index <= 0 || index >= int(before->networks.size())) return 0;
    const std::string& name = before->networks[std::size_t(index)].name;
    for (std::size_t i = 0; i < now->networks.size(); ++i)
        if (now->networks[i].name == name) return int(i);
    return 0;
}

QString userMessage(const UserError& e) { return QString::fromStdString(e.oneLine()); }

// The whole design replaced by another (a reload from disk), as one undo step.
class ReplaceSpec : public QUndoCommand {
public:
    ReplaceSpec(Document* document, ClusterSpec replacement, const QString& text)
        : QUndoCommand(text), m_document(document), m_old(document->spec()), m_new(std::move(replacement))
    {
    }
    void redo() override { m_document->applySpecFromCommand(m_new); }
    void undo() override { m_document->applySpecFromCommand(m_old); }

private:
    Document* m_document;
    ClusterSpec m_old, m_new;
};

} // namespace

Document::Document(std::shared_ptr<const Catalog> catalog, QObject* parent)
    : QObject(parent), m_catalog(std::move(catalog))
{
    m_debounce.setSingleShot(true);
    connect(&m_debounce, &QTimer::timeout, this, &Document::startPlan);
    connect(&m_planWatcher, &QFutureWatcher<std::shared_ptr<PlanOutcome>>::finished, this, &Document::onPlanFinished);
    connect(&m_comparisonWatcher, &QFutureWatcher<std::shared_ptr<ComparisonOutcome>>::finished, this,
            &Document::onComparisonFinished);
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &Document::checkDisk);
}

Document::~Document()
{
    // Abandon running work and wait, so no worker outlives the catalog it reads.
    m_generation->fetch_add(1);
    m_planWatcher.waitForFinished();
    m_comparisonWatcher.waitForFinished();
    // The undo stack announces cleanChanged while it is destroyed; by then our parent window is gone,
    // so nobody may hear it (UBSan caught a call into the destroyed MainWindow).
    m_undoStack.disconnect(this);
    blockSignals(true);
}

QString Document::displayName() const
{
    return m_fileName.isEmpty() ? tr("Untitled") : QFileInfo(m_fileName).fileName();
}

void Document::applySpecFromCommand(const ClusterSpec& spec)
{
    if (spec == m_spec) return;
    m_spec = spec;
    emit specChanged();
    scheduleRecompute();
}

void Document::reset(const ClusterSpec& spec, const QString& fileName)
{
    m_spec = spec;
    m_nicChosen = false;
    m_undoStack.clear();
    m_undoStack.setClean();
    if (m_fileName != fileName) {
        m_fileName = fileName;
        setDiskIdentity(FileIdentity{});  // load() and save() set it for the new file
        emit fileNameChanged();
    }
    emit specChanged();
    emit modifiedChanged(false);
    scheduleRecompute();
}

bool Document::load(const QString& path, QString* error, QStringList* warnings)
{
    try {
        // Taken before reading: a write in between then looks like a change at save (a question too
        // many), never like our own content (a silent overwrite).
        const FileIdentity identity = FileIdentity::ofFile(path);
        SpecReadResult result = loadSpecFile(path.toStdString());
        if (warnings)
            for (const auto& w : result.warnings) warnings->append(QString::fromStdString(w));
        reset(result.spec, QFileInfo(path).absoluteFilePath());
        setDiskIdentity(identity);
        return true;
    } catch (const UserError& e) {
        if (error) *error = userMessage(e);
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: %2").arg(path, QString::fromLocal8Bit(e.what()));
    }
    return false;
}

bool Document::writeCopy(const QString& path, QString* error) const
{
    try {
        saveSpecFile(m_spec, path.toStdString());
        return true;
    } catch (const UserError& e) {
        if (error) *error = userMessage(e);
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: %2").arg(path, QString::fromLocal8Bit(e.what()));
    }
    return false;
}

bool Document::save(const QString& path, QString* error, SaveStatus* status)
{
    const auto finish = [status](SaveStatus what) {
        if (status) *status = what;
        return what == SaveStatus::Written;
    };
    const QString absolute = QFileInfo(path).absoluteFilePath();
    FileIdentity onDisk;
    // Only our own file can have been changed under us; a removed file loses nothing when written again.
    if (absolute == m_fileName && m_diskIdentity.exists && fileChangedOnDisk(&onDisk) && onDisk.exists) {
        if (!m_conflictChooser) {
            if (error)
                *error = tr("%1 was changed on disk since it was opened or saved here (by another window or "
                            "program); nothing was written. Reload it, or save under another name.").arg(absolute);
            return finish(SaveStatus::Failed);
        }
        switch (m_conflictChooser(DiskConflict{absolute, m_diskIdentity, onDisk})) {
        case DiskConflictChoice::Overwrite: break;
        case DiskConflictChoice::Reload:
            return finish(reloadFromDisk(error) ? SaveStatus::Reloaded : SaveStatus::Failed);
        case DiskConflictChoice::SaveAs: return finish(SaveStatus::SaveAsChosen);
        case DiskConflictChoice::Cancel: return finish(SaveStatus::Cancelled);
        }
    }
    const std::string text = specToText(m_spec);
    try {
        writeFileAtomically(path.toStdString(), [&text](std::ostream& out) { out << text; });
    } catch (const UserError& e) {
        if (error) *error = userMessage(e);
        return finish(SaveStatus::Failed);
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: %2").arg(path, QString::fromLocal8Bit(e.what()));
        return finish(SaveStatus::Failed);
    }
    if (m_fileName != absolute) {
        m_fileName = absolute;
        emit fileNameChanged();
    }
    // Of the bytes we wrote, not of a re-read: a write by someone else right after ours must not pass
    // for our own content.
    setDiskIdentity(FileIdentity::ofWritten(absolute, QByteArray::fromStdString(text)));
    m_undoStack.setClean();
    return finish(SaveStatus::Written);
}

bool Document::fileChangedOnDisk(FileIdentity* now) const
{
    if (m_fileName.isEmpty() || !m_diskIdentity.exists) return false;
    const FileIdentity current = FileIdentity::ofFile(m_fileName);
    if (now) *now = current;
    return !current.sameContent(m_diskIdentity);
}

bool Document::reloadFromDisk(QString* error)
{
    if (m_fileName.isEmpty()) return false;
    try {
        const FileIdentity identity = FileIdentity::ofFile(m_fileName);
        SpecReadResult result = loadSpecFile(m_fileName.toStdString());
        if (!(result.spec == m_spec)) m_undoStack.push(new ReplaceSpec(this, std::move(result.spec), tr("Reload from disk")));
        m_undoStack.setClean();
        setDiskIdentity(identity);
        return true;
    } catch (const UserError& e) {
        if (error) *error = userMessage(e);
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: %2").arg(m_fileName, QString::fromLocal8Bit(e.what()));
    }
    return false;
}

void Document::checkDisk()
{
    // A replaced file (an atomic save renames over it) drops out of the watcher: watch the new one.
    if (!m_fileName.isEmpty() && !m_watcher.files().contains(m_fileName) && QFileInfo::exists(m_fileName))
        m_watcher.addPath(m_fileName);
    FileIdentity now;
    if (!fileChangedOnDisk(&now)) return;
    if (m_noticedIdentity && now.sameContent(*m_noticedIdentity)) return;  // already said
    m_noticedIdentity = now;
    emit changedOnDisk();
}

void Document::setDiskIdentity(const FileIdentity& identity)
{
    m_diskIdentity = identity;
    m_noticedIdentity.reset();
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!m_fileName.isEmpty() && identity.exists) m_watcher.addPath(m_fileName);
}

void Document::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_catalog = std::move(catalog);
    emit specChanged();  // part lists in the design panel depend on it
    scheduleRecompute();
}

int Document::debounceMs() const
{
    if (m_fixedDebounceMs >= 0) return m_fixedDebounceMs;
    // Wait about as long as a plan takes, between 30 and 150 ms: a cheap plan (32,768 GPUs: ~15 ms) shows
    // its totals within ~60 ms of the edit, and a superseded one is cancelled at its next stage anyway; an
    // expensive plan (1,000,000 GPUs: ~0.5 s) waits for the user to pause typing instead.
    return int(std::clamp<qint64>(m_lastPlanMs, 30, 150));
}

bool Document::isComputing() const
{
    return m_planPending || m_planRunning || m_comparisonRunning;
}

void Document::scheduleRecompute()
{
    m_generation->fetch_add(1);  // whatever is running now is stale
    const bool wasComputing = isComputing();
    m_planPending = true;
    m_debounce.start(debounceMs());
    if (!wasComputing) emit computingChanged(true);
}

void Document::recomputeNow()
{
    if (!m_planPending) m_generation->fetch_add(1);
    m_planPending = true;
    m_debounce.stop();
    startPlan();
}

void Document::startPlan()
{
    if (m_planRunning) {
        // The running job sees the bumped generation and stops at its next stage; start after it.
        m_debounce.start(20);
        return;
    }
    m_planPending = false;
    m_planRunning = true;
    m_planClock.start();
    const quint64 generation = m_generation->load();
    auto counter = m_generation;
    auto catalog = m_catalog;
    const ClusterSpec spec = m_spec;
    m_planWatcher.setFuture(QtConcurrent::run([spec, catalog, counter, generation]() {
        PlanOutcome out;
        out.generation = generation;
        if (!catalog) {
            out.error = QObject::tr("No parts catalog is loaded.");
            return std::make_shared<PlanOutcome>(std::move(out));
        }
        PlanOptions options;
        options.cancelled = [counter, generation] { return counter->load() != generation; };
        try {
            out.cluster = std::make_shared<const ClusterPlan>(makeClusterPlan(spec, *catalog, options));
            if (options.cancelled()) throw PlanCancelled{};
            for (const NetworkPlan& n : out.cluster->networks) {
                if (options.cancelled()) throw PlanCancelled{};
                NetworkView v;
                v.plan = std::shared_ptr<const Plan>(out.cluster, &n.plan);
                const bool endpoints = n.role != NetworkRole::Compute;
                v.topology = std::make_shared<const TopologyGeometry>(
                    buildTopologyGeometry(*v.plan, endpoints ? QObject::tr("Endpoints") : QString()));
                if (options.cancelled()) throw PlanCancelled{};
                v.floorPlan = v.plan;
                if (n.role == NetworkRole::Compute && out.cluster->networks.size() > 1) {
                    // The cluster's floor with the compute fabric's spec: its racks only (the views read
                    // racks, rows, halls and the tier count), not a copy of the compute plan.
                    auto floor = std::make_shared<Plan>();
                    floor->spec = n.plan.spec;
                    floor->fabric.shape = n.plan.fabric.shape;
                    floor->layout = out.cluster->floor();
                    v.floorPlan = std::move(floor);
                }
                v.floor = std::make_shared<const FloorGeometry>(buildFloorGeometry(*v.floorPlan));
                v.tallies = std::make_shared<const LinkTallies>(tallyLinks(*v.plan));
                // The Prices tab's aggregation: O(quotes) but 10-40 ms with 200,000 price sources.
                v.opticsPrices = std::make_shared<const OpticsPriceComparison>(compareOpticsPrices(*v.plan, *catalog));
                out.networks.push_back(std::move(v));
            }
        } catch (const UserError& e) {
            out.error = userMessage(e);
        } catch (const PlanCancelled&) {
            out = PlanOutcome{generation, {}, {}, {}};
        } catch (const std::exception& e) {
            out.error = QObject::tr("Planning failed: %1").arg(QString::fromLocal8Bit(e.what()));
        }
        return std::make_shared<PlanOutcome>(std::move(out));
    }));
}

void Document::onPlanFinished()
{
    m_planRunning = false;
    // Moved out of the future, so the next run's setFuture does not free it here.
    PlanOutcome out = std::move(*m_planWatcher.result());
    if (out.cluster) m_lastPlanMs = m_planClock.elapsed();  // cancelled runs say nothing about the cost
    if (out.generation != m_generation->load()) {  // an edit came in meanwhile: drop it
        releaseOutcomeOffUiThread(std::move(out));
        if (!m_planPending && !m_debounce.isActive()) startPlan();
        return;
    }
    PlanOutcome previous{0, std::exchange(m_cluster, out.cluster), std::exchange(m_networks, std::move(out.networks)), {}};
    m_viewed = sameNetworkIn(previous.cluster.get(), m_cluster.get(), m_viewed);
    m_planGeneration = out.generation;
    m_planError = out.error;
    emit planReady();
    // Views still refreshing hold it until they have (MainWindow then frees it off the UI thread too).
    releaseOutcomeOffUiThread(std::move(previous));
    if (m_cluster && m_comparisonEnabled) {
        startComparison(out.generation);
    } else {
        std::shared_ptr<const Comparison> previousComparison = std::move(m_comparison);
        m_comparisonError = m_planError;
        emit comparisonReady();
        releaseOffUiThread(std::move(previousComparison));
        emit computingChanged(isComputing());
    }
}

void Document::startComparison(quint64 generation)
{
    if (m_comparisonRunning) {
        // Its generation is older, so it is being abandoned; its finish handler starts ours.
        return;
    }
    m_comparisonRunning = true;
    auto counter = m_generation;
    auto catalog = m_catalog;
    const ClusterSpec spec = m_spec;
    m_comparisonWatcher.setFuture(QtConcurrent::run([spec, catalog, counter, generation]() {
        ComparisonOutcome out;
        out.generation = generation;
        PlanOptions options;
        options.cancelled = [counter, generation] { return counter->load() != generation; };
        try {
            out.comparison = std::make_shared<const Comparison>(comparePlans(spec, *catalog, options));
            // Each alternative with the design's other networks, as `compare` prints it (issue 38).
            out.clusterTotals = clusterTotalsOf(*out.comparison, *catalog, options);
        } catch (const UserError& e) {
            out.error = userMessage(e);
        } catch (const PlanCancelled&) {
        } catch (const std::exception& e) {
            out.error = QObject::tr("Comparison failed: %1").arg(QString::fromLocal8Bit(e.what()));
        }
        return std::make_shared<ComparisonOutcome>(std::move(out));
    }));
}

void Document::onComparisonFinished()
{
    m_comparisonRunning = false;
    ComparisonOutcome out = std::move(*m_comparisonWatcher.result());
    const quint64 current = m_generation->load();
    if (out.generation != current) {
        releaseOffUiThread(std::move(out.comparison));
        // Stale. If the plan for the current generation is already in, its comparison is still owed.
        if (m_cluster && m_planGeneration == current && !m_planPending && !m_planRunning &&
            m_comparisonEnabled)
            startComparison(current);
        return;
    }
    std::shared_ptr<const Comparison> previous = std::move(m_comparison);
    m_comparison = out.comparison;
    m_clusterTotals = std::move(out.clusterTotals);
    m_comparisonError = out.error;
    emit comparisonReady();
    releaseOffUiThread(std::move(previous));
    emit computingChanged(isComputing());
}

const NetworkView& Document::viewOf(int index) const
{
    static const NetworkView none;
    return index >= 0 && index < int(m_networks.size()) ? m_networks[std::size_t(index)] : none;
}

void Document::setViewedNetwork(int index)
{
    if (index < 0 || index >= int(m_networks.size()) || index == m_viewed) return;
    m_viewed = index;
    emit planReady();
}

} // namespace fp::gui
