#include "document.h"

#include <QFileInfo>
#include <algorithm>
#include <QtConcurrent/QtConcurrentRun>

#include "common/error.h"
#include "release_off_ui_thread.h"
#include "spec/spec_json.h"

namespace fp::gui {

namespace {

QString userMessage(const UserError& e) { return QString::fromStdString(e.oneLine()); }

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
    m_undoStack.clear();
    m_undoStack.setClean();
    if (m_fileName != fileName) {
        m_fileName = fileName;
        emit fileNameChanged();
    }
    emit specChanged();
    emit modifiedChanged(false);
    scheduleRecompute();
}

bool Document::load(const QString& path, QString* error, QStringList* warnings)
{
    try {
        SpecReadResult result = loadSpecFile(path.toStdString());
        if (warnings)
            for (const auto& w : result.warnings) warnings->append(QString::fromStdString(w));
        reset(result.spec, QFileInfo(path).absoluteFilePath());
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

bool Document::save(const QString& path, QString* error)
{
    if (!writeCopy(path, error)) return false;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (m_fileName != absolute) {
        m_fileName = absolute;
        emit fileNameChanged();
    }
    m_undoStack.setClean();
    return true;
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
            out.plan = std::make_shared<const Plan>(makePlan(spec, *catalog, options));
            if (options.cancelled()) throw PlanCancelled{};
            out.topology = std::make_shared<const TopologyGeometry>(buildTopologyGeometry(*out.plan));
            if (options.cancelled()) throw PlanCancelled{};
            out.floor = std::make_shared<const FloorGeometry>(buildFloorGeometry(*out.plan));
            out.tallies = std::make_shared<const LinkTallies>(tallyLinks(*out.plan));
        } catch (const UserError& e) {
            out.error = userMessage(e);
        } catch (const PlanCancelled&) {
            out = PlanOutcome{generation, {}, {}, {}, {}};
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
    if (out.plan) m_lastPlanMs = m_planClock.elapsed();  // cancelled runs say nothing about the cost
    if (out.generation != m_generation->load()) {  // an edit came in meanwhile: drop it
        releaseOffUiThread(std::move(out.plan));
        if (!m_planPending && !m_debounce.isActive()) startPlan();
        return;
    }
    std::shared_ptr<const Plan> previous = std::move(m_plan);
    m_plan = out.plan;
    m_topologyGeometry = out.topology;
    m_floorGeometry = out.floor;
    m_linkTallies = out.tallies;
    m_planGeneration = out.generation;
    m_planError = out.error;
    emit planReady();
    // Views still refreshing hold it until they have (MainWindow then frees it off the UI thread too).
    releaseOffUiThread(std::move(previous));
    if (m_plan && m_comparisonEnabled) {
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
        if (m_plan && m_planGeneration == current && !m_planPending && !m_planRunning &&
            m_comparisonEnabled)
            startComparison(current);
        return;
    }
    std::shared_ptr<const Comparison> previous = std::move(m_comparison);
    m_comparison = out.comparison;
    m_comparisonError = out.error;
    emit comparisonReady();
    releaseOffUiThread(std::move(previous));
    emit computingChanged(isComputing());
}

} // namespace fp::gui
