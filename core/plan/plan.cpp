#include "plan/plan.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "checks/checks.h"
#include "checks/tier_compatibility.h"
#include "common/error.h"
#include "media/cage_grouping.h"
#include "plan/invariants.h"
#include "plan/parallel.h"
#include "plan/plan_figures.h"
#include "plan/resolve.h"
#include "spec/validate.h"
#include "topology/builder.h"

namespace fp {
namespace {

// Runs one stage, records its wall time, and honours cancellation between stages.
class StageClock {
public:
    StageClock(Plan& plan, const PlanOptions& options) : plan_(plan), options_(options) {}
    template <typename F>
    void run(const char* stage, F&& body)
    {
        if (options_.cancelled && options_.cancelled()) throw PlanCancelled{};
        const auto start = std::chrono::steady_clock::now();
        body();
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        plan_.timings.push_back({stage, elapsed.count()});
    }

private:
    Plan& plan_;
    const PlanOptions& options_;
};

constexpr std::size_t kLinksWorthAThread = 20000;  // below this a thread costs more than it saves
void afterBom(Plan&, const Catalog&, const PlanOptions&, bool inParallel, std::optional<std::vector<Finding>> cageDone,
              const std::vector<std::uint32_t>& endCages);

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

Plan makePlan(const ClusterSpec& typedSpec, const Catalog& catalog, const PlanOptions& options)
{
    requireValid(typedSpec);
    ClusterSpec spec = plan::canonicalParts(typedSpec, catalog);  // "QM9700" -> MQM9700-NS2F
    Plan p;
    StageClock clock(p, options);
    int linkGbps = 0;
    std::string planesNote;
    clock.run("resolve", [&] {
        NicModel nic = plan::resolveNic(spec, catalog);
        linkGbps = plan::resolveLinkGbps(spec, nic);
        // Each tier's switch (its own, or the fabric's); tiers that cannot talk are refused here, before
        // the topology wires ports they do not have.
        // Links per NIC: one per plane (rail planes: one), twice that with dual-ToR (FabricShape::linksPerNic).
        const auto linksPerNic = [&] { return (spec.railPlanes ? 1 : spec.planes) * (spec.dualTor ? 2 : 1); };
        p.hardware = plan::resolveHardware(spec, catalog, nic, linkGbps, linksPerNic());
        for (const Finding& f : checks::tierCompatibility(spec, p.hardware, catalog))
            if (f.severity == Severity::Error) throw UserError(f.message, f.where, f.fix);
        // Too big for three tiers at this speed: more planes at a lower speed (resolve.h).
        const plan::PlaneChoice planes = plan::planesThatConnect(spec, nic, p.hardware, linkGbps);
        if (planes.changed) {
            spec.planes = planes.planes;
            spec.railPlanes = planes.railPlanes;
            spec.linkGbps = linkGbps = planes.linkGbps;
            planesNote = planes.note;
            p.hardware.linkGbps = linkGbps;
            p.hardware.planes = linksPerNic();
        }
        plan::requireDualHoming(spec, nic, linkGbps);
        if (!spec.platform.empty()) {
            const PlatformModel* platform = catalog.findPlatform(spec.platform);
            if (!platform)
                throw UserError("unknown platform '" + spec.platform + "'", "/compute/platform",
                                "pick one of: fabricplan-cli catalog list platforms (or leave it empty)");
            p.hardware.platform = *platform;
        }
    });
    p.spec = spec;
    clock.run("topology", [&] {
        topology::TierPorts ports;
        for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
            const SwitchModel& sw = p.hardware.switchOf(t);
            ports.tier[std::size_t(switchTierIndex(t))] = {sw.portsAt(linkGbps), sw.portsPerCageAt(linkGbps),
                                                           p.hardware.modelOf(t)};
        }
        p.fabric = topology::build(spec, ports, linkGbps);
        if (!planesNote.empty()) p.fabric.notes.insert(p.fabric.notes.begin(), planesNote);
    });
    // Two pairs of stages run side by side on a large plan, each pair reading what is finished and
    // writing apart: the floor layout and the cage groups (fabric only, media/cage_grouping.h), and the
    // BOM and the cage half of the invariant check (fabric and media only). A stage's clock covers its pair.
    const bool inParallel = p.fabric.links.size() >= kLinksWorthAThread;
    std::optional<media::CageGrouping> grouping;
    clock.run("layout", [&] {
        if (!inParallel) {
            p.layout = layout::place(spec, p.fabric, p.hardware);
            return;
        }
        plan::runInParallel(2, [&](std::size_t k) {
            if (k == 0) p.layout = layout::place(spec, p.fabric, p.hardware);
            else grouping = media::groupByCage(p.fabric, p.hardware);
        });
    });
    clock.run("media", [&] {
        p.media = grouping ? media::select(spec, p.fabric, p.layout, catalog, p.hardware, std::move(*grouping))
                           : media::select(spec, p.fabric, p.layout, catalog, p.hardware);
    });
    clock.run("checks", [&] { p.findings = checks::run(spec, p.fabric, p.layout, p.media, catalog, p.hardware); });
    std::optional<std::vector<Finding>> cageFindings;
    std::vector<std::uint32_t> endCages;  // the invariants' own, from the fabric as it stands
    clock.run("bom", [&] {
        if (!inParallel) {
            p.bom = bom::collect(spec, p.fabric, p.media, catalog, p.hardware);
            return;
        }
        plan::runInParallel(2, [&](std::size_t k) {
            if (k == 0) p.bom = bom::collect(spec, p.fabric, p.media, catalog, p.hardware);
            else {
                endCages = checks::freshEndCages(p);
                cageFindings = checks::cageInvariants(p, endCages);
            }
        });
    });
    if (!cageFindings) endCages = checks::freshEndCages(p);
    if (options.findingsOnly) {
        if (!cageFindings) cageFindings = checks::cageInvariants(p, endCages);
        std::vector<Finding> broken = std::move(*cageFindings);
        const std::vector<Finding> cables = checks::cableInvariants(p, endCages);
        broken.insert(broken.end(), cables.begin(), cables.end());
        p.findings.insert(p.findings.begin(), broken.begin(), broken.end());
        p.estimates.capex = estimate::capexOf(p.bom, spec.gpus);
        return p;
    }
    afterBom(p, catalog, options, inParallel, std::move(cageFindings), endCages);
    requireFiniteFigures(p);
    return p;
}

namespace {

// The work after the BOM: the hardware invariants' cable half (it needs the BOM and the cable plan)
// and their cage half unless it ran beside the BOM, the estimates and the resilience analysis. Each
// reads the finished plan and writes only its own result, so on a large plan they run side by side on
// the worker pool, the longest first (the invariants recount every link: about a third of a
// 100,000-GPU plan). Findings come out in the order of a sequential run; the invariants' time counts
// as the "checks" stage's, the rest as "estimate".
void afterBom(Plan& p, const Catalog& catalog, const PlanOptions& options, bool inParallel,
              std::optional<std::vector<Finding>> cageDone, const std::vector<std::uint32_t>& endCages)
{
    if (options.cancelled && options.cancelled()) throw PlanCancelled{};
    EstimateOptions estimateOptions = options.estimate;
    if (p.hardware.platform) estimateOptions.platform = *p.hardware.platform;
    std::vector<Finding> cableFindings, cageFindings;
    double ms[4] = {};
    const auto task = [&](std::size_t k) {
        const auto start = std::chrono::steady_clock::now();
        switch (k) {
        case 0: cableFindings = checks::cableInvariants(p, endCages); break;
        case 1: p.estimates = estimate::run(p.spec, p.fabric, p.layout, p.media, p.bom, catalog, p.hardware, estimateOptions); break;
        case 2:
            if (!cageDone) cageFindings = checks::cageInvariants(p, endCages);
            break;
        default: p.resilience = resilience::analyse(p.spec, p.fabric, p.media, p.bom, catalog); break;
        }
        ms[k] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    if (inParallel) {
        plan::runInParallel(4, task);
    } else {
        for (std::size_t k = 0; k < 4; ++k) task(k);
    }
    if (cageDone) cageFindings = std::move(*cageDone);
    cageFindings.insert(cageFindings.end(), cableFindings.begin(), cableFindings.end());
    p.findings.insert(p.findings.begin(), cageFindings.begin(), cageFindings.end());
    for (StageTiming& t : p.timings)
        if (t.stage == std::string_view("checks")) t.ms += ms[0] + ms[2];
    p.timings.push_back({"estimate", ms[1] + ms[3]});
}

void runEstimates(Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    StageClock clock(p, options);
    clock.run("estimate", [&] {
        EstimateOptions estimateOptions = options.estimate;
        if (p.hardware.platform) estimateOptions.platform = *p.hardware.platform;
        p.estimates = estimate::run(p.spec, p.fabric, p.layout, p.media, p.bom, catalog, p.hardware, estimateOptions);
        p.resilience = resilience::analyse(p.spec, p.fabric, p.media, p.bom, catalog);
    });
}

} // namespace

void finishPlan(Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    runEstimates(p, catalog, options);
    requireFiniteFigures(p);
}

} // namespace fp
