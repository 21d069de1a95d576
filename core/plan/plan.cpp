#include "plan/plan.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "checks/checks.h"
#include "checks/tier_compatibility.h"
#include "common/error.h"
#include "estimate/opex.h"
#include "estimate/throughput.h"
#include "layout/layout.h"
#include "layout/rack_power.h"
#include "media/cage_grouping.h"
#include "plan/before_planning.h"
#include "plan/invariants.h"
#include "plan/overrides.h"
#include "plan/parallel.h"
#include "plan/plan_figures.h"
#include "plan/plan_stages.h"
#include "plan/resolve.h"
#include "spec/validate.h"
#include "topology/builder.h"

namespace fp {
namespace {

// Runs one stage, records its wall time, and honours cancellation between stages.
class StageClock {
public:
    StageClock(std::vector<StageTiming>& timings, const PlanOptions& options) : timings_(timings), options_(options) {}
    template <typename F>
    void run(const char* stage, F&& body)
    {
        if (options_.cancelled && options_.cancelled()) throw PlanCancelled{};
        const auto start = std::chrono::steady_clock::now();
        body();
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        timings_.push_back({stage, elapsed.count()});
    }

private:
    std::vector<StageTiming>& timings_;
    const PlanOptions& options_;
};

constexpr std::size_t kLinksWorthAThread = 20000;  // below this a thread costs more than it saves

bool inParallel(const Fabric& fabric) { return fabric.links.size() >= kLinksWorthAThread; }

// Stages that read only what is finished and each write their own result: side by side on the worker
// pool for a large plan (the longest first), else one after the other, in order.
void runSideBySide(bool inParallel, const std::vector<std::function<void()>>& tasks)
{
    if (!inParallel) {
        for (const auto& task : tasks) task();
        return;
    }
    plan::runInParallel(tasks.size(), [&](std::size_t k) { tasks[k](); });
}

// The options the estimates run with: the plan's platform, whatever the caller's say.
EstimateOptions estimateOptionsOf(const Plan& p, const PlanOptions& options)
{
    EstimateOptions estimateOptions = options.estimate;
    if (p.hardware.platform) estimateOptions.platform = *p.hardware.platform;
    return estimateOptions;
}

// The floor's switch ends for the PFC headroom (FloorMemo::switchEnds), when a plan of the same solution
// numbers came before; null for the first (its walk over the links costs less than gathering them).
const lossless::SwitchEnds* memoSwitchEnds(const Plan& p, plan::FloorMemo& memo)
{
    if (lossless::flowControlOf(p.spec.fabric) != lossless::FlowControl::PfcEcn) return nullptr;
    if (memo.switchEnds.holdsFor(p.media, p.hardware)) return &memo.switchEnds;
    if (memo.losslessSolutions != p.media.solutionOfLink) {
        memo.losslessSolutions = p.media.solutionOfLink;
        return nullptr;
    }
    memo.switchEnds = lossless::switchEndsOf(p.fabric, p.layout, p.media, p.hardware);
    return &memo.switchEnds;
}

// The "estimate" stage: the estimates and the resilience analysis (side by side on a large plan).
// `ecmp`: the ring's ECMP collisions computed beforehand (estimate::ringEcmpOf), or null.
void runEstimates(Plan& p, const Catalog& catalog, const PlanOptions& options, bool inParallel,
                  const estimate::EcmpResult* ecmp = nullptr)
{
    const EstimateOptions estimateOptions = estimateOptionsOf(p, options);
    StageClock clock(p.timings, options);
    clock.run("estimate", [&] {
        runSideBySide(inParallel, {[&] {
                                       p.estimates = estimate::run(p.spec, p.fabric, p.layout, p.media, p.bom, catalog,
                                                                   p.hardware, estimateOptions, ecmp);
                                   },
                                   [&] { p.resilience = resilience::analyse(p.spec, p.fabric, p.media, p.bom, catalog); }});
    });
}

} // namespace

int Plan::errorCount() const
{
    return static_cast<int>(std::count_if(findings.begin(), findings.end(),
                                          [](const Finding& f) { return f.severity == Severity::Error; }));
}

int Plan::warningCount() const
{
    return static_cast<int>(std::count_if(findings.begin(), findings.end(),
                                          [](const Finding& f) { return f.severity == Severity::Warning; }));
}

namespace plan {

Resolved resolveStage(const ClusterSpec& typedSpec, const Catalog& catalog, const PlanOptions& options)
{
    requireDesignFits(typedSpec, catalog);  // switch names, fields, platform rules (plan/before_planning.h)
    Resolved r;
    r.spec = canonicalParts(typedSpec, catalog);  // "QM9700" -> MQM9700-NS2F
    ClusterSpec& spec = r.spec;
    StageClock clock(r.timings, options);
    clock.run("resolve", [&] {
        NicModel nic = resolveNic(spec, catalog);
        r.linkGbps = resolveLinkGbps(spec, nic);
        // Each tier's switch (its own, or the fabric's); tiers that cannot talk are refused here, before
        // the topology wires ports they do not have.
        // Links per NIC: one per plane (rail planes: one), twice that with dual-ToR (FabricShape::linksPerNic).
        const auto linksPerNic = [&] { return (spec.railPlanes ? 1 : spec.planes) * (spec.dualTor ? 2 : 1); };
        r.hardware = resolveHardware(spec, catalog, nic, r.linkGbps, linksPerNic());
        for (const Finding& f : checks::tierCompatibility(spec, r.hardware, catalog))
            if (f.severity == Severity::Error) throw UserError(f.message, f.where, f.fix);
        // Too big for three tiers at this speed: more planes at a lower speed (resolve.h).
        const PlaneChoice planes = planesThatConnect(spec, nic, r.hardware, r.linkGbps);
        if (planes.changed) {
            const int designGbps = r.linkGbps;  // the design's speed, or the NIC's when it names none
            spec.planes = planes.planes;
            spec.railPlanes = planes.railPlanes;
            spec.linkGbps = r.linkGbps = planes.linkGbps;
            r.planesNote = planes.note;
            r.hardware.linkGbps = r.linkGbps;
            r.hardware.planes = linksPerNic();
            r.overrides = overrideFindings(typedSpec, spec, designGbps, planes.note);
        }
        requireDualHoming(spec, nic, r.linkGbps);
        if (!planes.connects) requireConnects(spec, r.hardware, r.linkGbps, catalog);
        if (!spec.platform.empty()) {
            const PlatformModel* platform = catalog.findPlatform(spec.platform);
            if (!platform)
                throw UserError("unknown platform '" + spec.platform + "'", "/compute/platform",
                                "pick one of: fabricplan-cli catalog list platforms (or leave it empty)");
            r.hardware.platform = *platform;
        }
    });
    return r;
}

topology::TierPorts tierPortsOf(const Resolved& r) { return tierPortsAt(r.hardware, r.linkGbps); }

HostCages hostCagesOf(const Resolved& r)
{
    // Host ports are named by the platform's cages (core/topology/README.md, "Port names") when the nodes'
    // NICs are the platform's own and fit its cages; otherwise by NIC (nic1, nic2, ...): no HostCages.
    const auto& platform = r.hardware.platform;
    if (!platform || platform->hostCages <= 0 || platform->cageType.empty() || platform->nicPart != r.hardware.nic.partNumber)
        return {};
    const int share = r.hardware.nicPortsPerHostCage();
    if (r.spec.nicsPerNode > platform->hostCages * share) return {};
    std::string type = platform->cageType;
    std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return {type, share};
}

Floor buildFloor(const Resolved& r, const PlanOptions& options, const topology::LeafOrder* sharedFloorOrder)
{
    Floor f;
    StageClock clock(f.timings, options);
    const bool layOut = sharedFloorOrder == nullptr;
    clock.run("topology", [&] {
        const auto wire = [](std::size_t links, const auto& wiring) { runSideBySide(links >= kLinksWorthAThread, wiring); };
        static const topology::LeafOrder kInTurn;  // the nodes in turn
        f.fabric = topology::build(r.spec, tierPortsOf(r), r.linkGbps, wire, layOut ? kInTurn : *sharedFloorOrder);
        if (!r.planesNote.empty()) f.fabric.notes.insert(f.fabric.notes.begin(), r.planesNote);
        f.fabric.hostCages = hostCagesOf(r);
    });
    // On a large plan two pairs of stages run side by side, each reading only what is finished. Here
    // the floor layout and the cage groups (fabric only, media/cage_grouping.h); planOnFloor the others.
    clock.run("layout", [&] {
        if (!layOut) return;  // the shared floor places it; its caller groups its cages (plan_stages.h)
        runSideBySide(inParallel(f.fabric), {[&] { f.layout = layout::place(r.spec, f.fabric, r.hardware); },
                                             [&] { f.grouping = media::groupByCage(f.fabric, r.hardware); }});
    });
    return f;
}

void groupCages(Floor& f, const Resolved& r)
{
    const auto start = std::chrono::steady_clock::now();
    f.grouping = media::groupByCage(f.fabric, r.hardware);
    const std::chrono::duration<double, std::milli> grouped = std::chrono::steady_clock::now() - start;
    for (StageTiming& t : f.timings)
        if (t.stage == "layout") t.ms += grouped.count();
}

Plan planOnFloor(const Resolved& r, Floor floor, const Catalog& catalog, const PlanOptions& options,
                 const media::CageGrouping* sharedGrouping, FloorMemo* memo)
{
    const ClusterSpec& spec = r.spec;
    Plan p;
    p.spec = spec;
    p.hardware = r.hardware;
    p.timings = r.timings;
    p.timings.insert(p.timings.end(), floor.timings.begin(), floor.timings.end());
    p.fabric = std::move(floor.fabric);
    p.layout = std::move(floor.layout);
    layout::setRackPower(p.layout, spec, p.fabric, p.hardware);  // the floor may be another switch's (sameFloor)
    StageClock clock(p.timings, options);
    // A large plan that is estimated runs stages side by side: beside media the ring's ECMP walk (its
    // estimate; it reads the fabric alone), then the invariant check's walk over the links and the
    // design-rule checks (they read the fabric and media, not the BOM) beside the BOM and the estimates.
    // The cable plan is compared with the BOM once both are done. Findings-only plans (the comparison's
    // candidates, on the worker pool already) run the stages one after the other, a cluster's networks
    // excepted (PlanOptions::checksBesideBom).
    const bool estimating = !options.findingsOnly;
    const bool sideBySide = (estimating || options.checksBesideBom) && inParallel(p.fabric);
    std::optional<estimate::EcmpResult> ecmp;
    // The ring's ECMP collisions read the fabric and the ring alone: a floor's plans with the same ring
    // share them (the switch model, NIC and fabric kind do not enter).
    const bool needsEcmp = estimating && !estimate::balancesFlows(spec.fabric, p.hardware);
    const estimate::EcmpQuery ecmpQuery = estimate::ringEcmpQueryOf(spec, estimateOptionsOf(p, options));
    if (needsEcmp && memo && memo->ecmp && memo->ecmp->first == ecmpQuery) ecmp = memo->ecmp->second;
    // select takes the grouping's cages; its cage of each end stays here for the BOM.
    const media::CageGrouping& grouping = sharedGrouping ? *sharedGrouping : floor.grouping;
    clock.run("media", [&] {
        const auto selectMedia = [&] {
            if (memo) {
                p.media = media::select(spec, p.fabric, p.layout, catalog, p.hardware, grouping, memo->keys);
                if (memo->tallyOfKeys != memo->keys.version) {  // the links' solutions changed
                    memo->tally = {};
                    memo->tallyOfKeys = memo->keys.version;
                }
                if (memo->portsUsed.empty()) memo->portsUsed = checks::portsInUse(p.fabric);
                return;
            }
            p.media = sharedGrouping ? media::select(spec, p.fabric, p.layout, catalog, p.hardware, *sharedGrouping)
                                     : media::select(spec, p.fabric, p.layout, catalog, p.hardware, std::move(floor.grouping));
        };
        if (!sideBySide || !needsEcmp || ecmp) return selectMedia();  // no ECMP walk to run here
        runSideBySide(true, {selectMedia, [&] { ecmp = estimate::ringEcmpOf(spec, p.fabric, estimateOptionsOf(p, options)); }});
    });
    // The groups are solved. Their per-link arrays (2 MB at 100,000 GPUs) go back to the heap for the
    // stages below, which would otherwise take fresh pages; the BOM still reads each end's cage.
    if (!sharedGrouping && !memo) media::releaseGroups(floor.grouping);  // no other plan reads them
    std::optional<checks::InvariantCheck> invariantCheck;
    double invariantsMs = 0;  // counted as the "checks" stage's
    const auto timed = [&](auto&& body) {
        const auto start = std::chrono::steady_clock::now();
        body();
        invariantsMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    const bool invariantsNow = !(options.findingsOnly && options.invariantsLater);
    // The invariant walk and the design-rule checks (both read the fabric, media and layout, never the
    // BOM) beside the BOM and the estimates: at 100,000 GPUs about 3.5 ms against 2.7 ms. The checks
    // keep a clock of their own (one writer per timings list); their timing goes before the BOM's.
    std::vector<StageTiming> checksTiming;
    const auto invariantsAndChecks = [&] {
        if (invariantsNow) timed([&] {
            // The floor's own grouping numbered media's cages: its table of end cages is the one
            // checks::freshEndCages would make again from them (cages as bom::cagesOf reads them).
            media::CageGrouping& own = floor.grouping;
            const bool ownEnds = !sharedGrouping && !memo && own.ends && !p.media.cages.empty() &&
                                 p.media.cages.firstCage.size() == p.fabric.devices.size() + 1;
            if (ownEnds) invariantCheck.emplace(p, std::move(*own.ends).of(p.fabric), true, nullptr);
            else invariantCheck.emplace(p, memo ? &memo->invariants : nullptr);
        });
        StageClock checksClock(checksTiming, options);
        // Once per plan: the checks read its findings, the estimate its verdict (after both branches).
        if (options.carriesRdma) {
            checksClock.run("lossless", [&] {
                p.lossless = lossless::analyse(spec, p.fabric, p.layout, p.media, p.hardware,
                                              lossless::optionsOf(spec.lossless), lossless::Detail::Tiers,
                                              memo ? memoSwitchEnds(p, *memo) : nullptr);
            });
        } else {
            p.lossless.fabric = spec.fabric;  // no tiers, no findings: nothing to tune
            p.lossless.flowControl = lossless::flowControlOf(spec.fabric);
            p.lossless.options = lossless::optionsOf(spec.lossless);
        }
        checksClock.run("checks", [&] {
            p.findings = checks::run(spec, p.fabric, p.layout, p.media, catalog, p.hardware, p.lossless,
                                     memo ? &memo->portsUsed : nullptr);
        });
    };
    const auto bomAndEstimates = [&] {
        clock.run("bom", [&] {
            p.bom = bom::collect(spec, p.fabric, p.media, catalog, p.hardware, &grouping.cageOfEnd, memo ? &memo->tally : nullptr);
        });
        if (estimating && sideBySide) runEstimates(p, catalog, options, false, ecmp ? &*ecmp : nullptr);
    };
    // On one thread the BOM goes first: its per-cage tally is freed before the invariant walk's cable
    // groups are allocated, so they share the same memory.
    runSideBySide(sideBySide, {bomAndEstimates, invariantsAndChecks});
    const auto bomTiming = std::find_if(p.timings.begin(), p.timings.end(),
                                        [](const StageTiming& t) { return t.stage == std::string_view("bom"); });
    p.timings.insert(bomTiming, checksTiming.begin(), checksTiming.end());
    std::vector<Finding> broken;
    if (invariantsNow) timed([&] { broken = invariantCheck->findings(p); });
    p.invariantsPending = !invariantsNow;
    if (needsEcmp && memo && !ecmp) ecmp = estimate::ringEcmpOf(spec, p.fabric, estimateOptionsOf(p, options));
    if (needsEcmp && memo) memo->ecmp.emplace(ecmpQuery, *ecmp);
    if (estimating && !sideBySide) runEstimates(p, catalog, options, false, ecmp ? &*ecmp : nullptr);
    if (estimating) estimate::creditCheckedLossless(p.estimates, spec, p.lossless);
    p.findings.insert(p.findings.begin(), broken.begin(), broken.end());  // the invariants' findings first
    addBySeverity(p.findings, r.overrides);  // after the checks' warnings, before their info
    for (StageTiming& t : p.timings)
        if (t.stage == std::string_view("checks")) t.ms += invariantsMs;
    if (options.findingsOnly) {
        // Capex and the running costs: candidates are ranked by what they cost to own (plan/ranking.h).
        p.estimates.capex = estimate::capexOf(p.bom, spec.gpus);
        p.estimates.opex = estimate::opexOf(spec, p.fabric, p.bom, p.hardware.nic);
        return p;
    }
    requireFiniteFigures(p);
    return p;
}

bool sameFloor(const Resolved& a, const Resolved& b)
{
    ClusterSpec asA = b.spec;
    asA.nicModel = a.spec.nicModel;
    asA.fabric = a.spec.fabric;
    asA.switchModel = a.spec.switchModel;
    asA.leafSwitchModel = a.spec.leafSwitchModel;
    asA.spineSwitchModel = a.spec.spineSwitchModel;
    asA.coreSwitchModel = a.spec.coreSwitchModel;
    // All buildFloor reads of a switch: topology::build its ports and ports per cage at the link speed,
    // layout::place its rack units (and its power, which planOnFloor sets again for its own switches).
    const auto sameShape = [&](const SwitchModel& x, const SwitchModel& y) {
        const int fabric = a.hardware.fabricSpeed();
        return x.portsAt(a.linkGbps) == y.portsAt(a.linkGbps) &&
               x.portsPerCageAt(a.linkGbps) == y.portsPerCageAt(a.linkGbps) && x.portsAt(fabric) == y.portsAt(fabric) &&
               x.portsPerCageAt(fabric) == y.portsPerCageAt(fabric) &&
               std::max(1, x.rackUnits) == std::max(1, y.rackUnits);
    };
    const Hardware &ha = a.hardware, &hb = b.hardware;
    return asA == a.spec && a.linkGbps == b.linkGbps && a.planesNote == b.planesNote &&
           std::equal(ha.switches.begin(), ha.switches.end(), hb.switches.begin(), hb.switches.end(), sameShape) &&
           ha.modelOfTier == hb.modelOfTier && ha.linkGbps == hb.linkGbps && ha.fabricGbps == hb.fabricGbps &&
           ha.planes == hb.planes &&
           ha.nic.ports == hb.nic.ports && ha.nicPortsPerHostCage() == hb.nicPortsPerHostCage() &&
           hostCagesOf(a) == hostCagesOf(b);  // the host ports' names (a NIC not the platform's is named by NIC)
}

} // namespace plan

Plan makePlan(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options)
{
    const plan::Resolved resolved = plan::resolveStage(spec, catalog, options);
    return plan::planOnFloor(resolved, plan::buildFloor(resolved, options), catalog, options);
}

void finishPlan(Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    if (p.invariantsPending) {
        const std::vector<Finding> broken = checks::invariants(p);
        p.findings.insert(p.findings.begin(), broken.begin(), broken.end());
        p.invariantsPending = false;
    }
    runEstimates(p, catalog, options, false);  // comparePlans finishes its winners in parallel already
    estimate::creditCheckedLossless(p.estimates, p.spec, p.lossless);
    requireFiniteFigures(p);
}

} // namespace fp
