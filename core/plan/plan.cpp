#include "plan/plan.h"

#include <algorithm>
#include <chrono>

#include "checks/checks.h"
#include "checks/tier_compatibility.h"
#include "common/error.h"
#include "plan/invariants.h"
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
    clock.run("layout", [&] { p.layout = layout::place(spec, p.fabric, p.hardware); });
    clock.run("media", [&] { p.media = media::select(spec, p.fabric, p.layout, catalog, p.hardware); });
    clock.run("checks", [&] { p.findings = checks::run(spec, p.fabric, p.layout, p.media, catalog, p.hardware); });
    clock.run("bom", [&] {
        p.bom = bom::collect(spec, p.fabric, p.media, catalog, p.hardware);
        // The hardware invariants need the BOM and the cable plan, so they run here, after both.
        const std::vector<Finding> broken = checks::invariants(p);
        p.findings.insert(p.findings.begin(), broken.begin(), broken.end());
    });
    if (options.findingsOnly) {
        p.estimates.capex = estimate::capexOf(p.bom, spec.gpus);
        return p;
    }
    finishPlan(p, catalog, options);
    return p;
}

void finishPlan(Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    StageClock clock(p, options);
    clock.run("estimate", [&] {
        EstimateOptions estimateOptions = options.estimate;
        if (p.hardware.platform) estimateOptions.platform = *p.hardware.platform;
        p.estimates = estimate::run(p.spec, p.fabric, p.layout, p.media, p.bom, catalog, p.hardware, estimateOptions);
        p.resilience = resilience::analyse(p.spec, p.fabric, p.media, p.bom, catalog);
    });
    requireFiniteFigures(p);
}

} // namespace fp
