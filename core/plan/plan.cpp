#include "plan/plan.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "checks/checks.h"
#include "common/error.h"
#include "common/format.h"
#include "estimate/advisor.h"
#include "plan/resolve.h"
#include "spec/validate.h"
#include "topology/builder.h"

namespace fp {
namespace {

// How many switch models a comparison tries per fabric before it settles for one with findings.
constexpr int kMaxCompareCandidates = 4;

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
        p.nicModel = plan::resolveNic(spec, catalog);
        linkGbps = plan::resolveLinkGbps(spec, p.nicModel);
        p.switchModel = plan::resolveSwitch(spec, catalog, linkGbps);
        // Too big for three tiers at this speed: more planes at a lower speed (resolve.h).
        const plan::PlaneChoice planes = plan::planesThatConnect(spec, p.nicModel, p.switchModel, linkGbps);
        if (planes.changed) {
            spec.planes = planes.planes;
            spec.railPlanes = planes.railPlanes;
            spec.linkGbps = linkGbps = planes.linkGbps;
            planesNote = planes.note;
        }
    });
    p.spec = spec;
    clock.run("topology", [&] {
        const topology::SwitchPorts ports{p.switchModel.portsAt(linkGbps), p.switchModel.portsPerCageAt(linkGbps)};
        p.fabric = topology::build(spec, ports, linkGbps);
        if (!planesNote.empty()) p.fabric.notes.insert(p.fabric.notes.begin(), planesNote);
    });
    clock.run("layout", [&] { p.layout = layout::place(spec, p.fabric, p.switchModel.powerW, p.switchModel.rackUnits); });
    clock.run("media", [&] {
        p.media = media::select(spec, p.fabric, p.layout, catalog, p.switchModel, p.nicModel);
    });
    clock.run("checks", [&] {
        p.findings = checks::run(spec, p.fabric, p.layout, p.media, catalog, p.switchModel, p.nicModel);
    });
    clock.run("bom", [&] { p.bom = bom::collect(spec, p.fabric, p.media, catalog, p.switchModel, p.nicModel); });
    clock.run("estimate", [&] {
        p.estimates = estimate::run(spec, p.fabric, p.layout, p.media, p.bom, catalog, p.switchModel, p.nicModel,
                                    options.estimate);
    });
    return p;
}

Comparison comparePlans(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options)
{
    Comparison c;
    std::vector<std::pair<FabricKind, Estimates>> estimates;
    // The best-ranked parts whose plan has no design-rule errors; failing that, the best-ranked plan;
    // nothing when no candidate can build the cluster at all.
    auto bestOf = [&](const std::vector<ClusterSpec>& candidates) {
        std::optional<Plan> chosen;
        int tried = 0;
        for (const ClusterSpec& candidate : candidates) {
            if (tried++ == kMaxCompareCandidates) break;
            try {
                Plan p = makePlan(candidate, catalog, options);
                const bool clean = p.errorCount() == 0;
                if (!chosen || (clean && chosen->errorCount() > 0)) chosen = std::move(p);
                if (clean) break;
            } catch (const UserError&) {
                // This switch cannot build the spec (too small, wrong speed): try the next one.
            }
        }
        return chosen;
    };
    std::vector<std::string> splitNotes;
    for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
        const std::vector<ClusterSpec> native = plan::retargetCandidates(spec, kind, catalog);
        std::optional<Plan> chosen = bestOf(native);
        // No switch connects this many NIC ports in three tiers at the NIC's speed (e.g. 1,000,000 GPUs at
        // 800G): compare this fabric with its switch ports split to half the speed, and say so, rather than
        // not at all. The lower per-GPU bandwidth shows in the figures.
        const NicModel* nic = catalog.findNic(native.front().nicModel);
        const int nativeGbps = spec.linkGbps > 0 ? spec.linkGbps : nic ? nic->portGbps : 0;
        for (int gbps = nativeGbps / 2; !chosen && gbps >= 100; gbps /= 2) {
            ClusterSpec split = spec;
            split.linkGbps = gbps;
            chosen = bestOf(plan::retargetCandidates(split, kind, catalog));
            if (chosen) {
                splitNotes.push_back("No " + std::string(displayName(kind)) + " switch in the catalog connects " +
                                     withThousands(spec.gpus) + " GPUs in three tiers at " +
                                     std::to_string(nativeGbps) + "G: compared at " + std::to_string(gbps) +
                                     "G per link, with less bandwidth per GPU.");
                chosen->fabric.notes.push_back(splitNotes.back());
            }
        }
        if (!chosen) chosen = makePlan(native.front(), catalog, options);  // throws the reason
        c.plans.push_back(std::move(*chosen));
        estimates.emplace_back(kind, c.plans.back().estimates);
    }
    c.advice = advise(estimates, spec);
    c.advice.reasons.insert(c.advice.reasons.end(), splitNotes.begin(), splitNotes.end());
    return c;
}

} // namespace fp
