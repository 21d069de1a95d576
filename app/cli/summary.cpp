#include "summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "common/format.h"
#include "estimate/throughput.h"
#include "estimate/failure_ranges.h"
#include "estimate/resilience_text.h"
#include "lossless/lossless.h"
#include "plan/compare_text.h"

namespace fp::cli {
namespace {

std::string num(long long n) { return withThousands(n); }

// printf-style text of any length (a fixed buffer cut long part numbers and sums).
template <typename... A>
std::string formatted(const char* format, A... args)
{
    const int n = std::snprintf(nullptr, 0, format, args...);
    if (n <= 0) return {};
    std::string s(std::size_t(n) + 1, '\0');
    std::snprintf(s.data(), s.size(), format, args...);
    s.resize(std::size_t(n));
    return s;
}

std::string money(double usd) { return formatUsdShort(usd); }  // the shared rule (common/format.h)

} // namespace

void printSummary(const Plan& p, std::ostream& out, const std::string& catalogPath)
{
    const auto& f = p.fabric;
    const auto& s = f.shape;
    out << p.spec.name << " — " << displayName(p.spec.fabric) << ", " << counted(p.spec.gpus, "GPU") << " in "
        << counted(s.nodes, "node") << "\n";
    out << "  switch " << p.hardware.switchesText(p.fabric.shape.tiers) << " (" << s.switchPorts << " x " << s.linkGbps << "G";
    if (s.fabricGbps > 0) out << " to hosts, uplinks and spines at " << s.fabricGbps << "G";
    out << "), NIC " << p.hardware.nic.partNumber << "\n";
    if (!p.hardware.oneSwitchOnEveryTier(s.tiers)) {  // per-tier models: each tier's by name
        out << "  tier switches:";
        for (const auto& u : f.usage()) {
            const SwitchModel& sw = p.hardware.switchOf(u.tier);
            out << (u.tier == Tier::Leaf ? " " : "; ") << toString(u.tier) << " " << sw.partNumber << " (" << modelNameOf(sw) << ")";
        }
        out << "\n";
    }
    out << "  topology: " << counted(s.tiers, "tier") << ", " << counted(s.planes, "plane");
    if (s.sus) out << ", " << counted(s.sus, "SU") << " rail-optimized";
    if (s.dualTor) out << ", dual-ToR (leaf pairs)";
    if (s.tiers == 3) out << ", " << counted(s.pods, "pod");
    out << "\n  switches: leaf " << num(f.switchCount(Tier::Leaf)) << ", spine " << num(f.switchCount(Tier::Spine))
        << ", core " << num(f.switchCount(Tier::Core)) << ", total " << num(f.switchCount()) << "\n";
    const auto links = estimate::linkCountsByClass(f);
    out << "  links: host-leaf " << num(links[std::size_t(LinkClass::HostLeaf)]) << ", leaf-spine "
        << num(links[std::size_t(LinkClass::LeafSpine)]) << ", spine-core "
        << num(links[std::size_t(LinkClass::SpineCore)]) << "\n";
    if (const Layout& l = p.layout; l.halls > 1) {  // core/layout/README.md "Halls", "Sites"
        const SitePlacement& site = l.site;
        out << "  site: " << counted(l.halls, "hall");
        if (site.buildings() > 1) out << " in " << counted(static_cast<long long>(site.buildings()), "building");
        out << ", " << formatMetres(l.floorWidthM) << " x " << formatMetres(l.floorDepthM) << " m";
        constexpr int kHallsListed = 8;
        for (int h = 0; h < l.halls && h < kHallsListed; ++h) {
            out << (h == 0 ? " (" : ", ") << site.hallName(h);
            if (site.buildings() > 1) out << " in " << site.buildingNames[std::size_t(site.hallBuilding[std::size_t(h)])];
            out << ": " << num(site.hallRowsUsed[std::size_t(h)]);
            if (site.hallRowsCapacity[std::size_t(h)] > 0) out << " of " << num(site.hallRowsCapacity[std::size_t(h)]);
            out << " rows";
            if (site.hallPods[std::size_t(h)] > 0) out << ", " << counted(site.hallPods[std::size_t(h)], "pod");
        }
        out << (l.halls > kHallsListed ? ", ...)" : ")") << "\n";
    }
    for (const auto& u : f.usage())
        out << "  " << toString(u.tier) << " ports: " << num(u.portsUsed) << " of " << num(u.portsTotal) << " used, "
            << num(u.portsSpare()) << " spare"
            << (s.fabricGbps > 0 ? " (at " + std::to_string(s.gbpsOf(u.tier == Tier::Leaf ? LinkClass::HostLeaf : LinkClass::LeafSpine)) + "G)" : std::string())
            << "\n";
    const auto& c = p.estimates.capex;
    out << "  capex: " << money(c.totalUsd) << " (" << money(c.perGpuUsd) << " per GPU)"
        << (c.estimated ? "  [prices are estimates]" : "") << "\n";
    // Energy is paid on the typical draw; the facility and the racks must hold the full load.
    out << formatted("  network power: %s typical, %s at full load (switches at their maximum); energy %s/year; "
                     "TCO over %d years %s\n",
                     formatKw(p.estimates.opex.powerKw).c_str(), formatKw(p.estimates.opex.powerMaxKw).c_str(),
                     money(p.estimates.opex.energyUsdPerYear).c_str(), p.spec.economics.horizonYears,
                     money(p.estimates.tcoUsd).c_str());
    // The window's Summary, the workbook and the PDF figures, in the window's rounding (estimate/tuning_effort.h).
    out << "  bring-up: " << formatOneDecimal(p.estimates.opex.tuningWeeks) << " engineer-weeks ("
        << money(p.estimates.opex.tuningUsd) << "), " << formatOneDecimal(p.estimates.opex.monthsToStable)
        << " months to a stable cluster  [estimates, scaled with the fabric]\n";
    out << "  switch power (typical / max):";
    for (const auto& u : f.usage()) {
        const SwitchModel& sw = p.hardware.switchOf(u.tier);
        out << (u.tier == Tier::Leaf ? " " : "; ") << toString(u.tier) << " " << sw.partNumber << " "
            << num(std::llround(sw.powerW)) << " / " << num(std::llround(sw.maxPowerW())) << " W"
            << (sw.powerMaxEstimated ? " (max estimated)" : "");
    }
    out << "\n";
    const auto& perf = p.estimates.performance;
    out << "  latency " << num(std::llround(perf.latencyMinNs)) << "-" << num(std::llround(perf.latencyMaxNs)) << " ns"
        << "; bisection " << formatOneDecimal(perf.bisectionTbps) << " Tb/s; all-reduce bus bw "
        << formatOneDecimal(perf.allreduceBusbwGBps) << " GB/s\n";
    // Which NCCL algorithm that figure is (8 GiB), and what the others would do (collectives.h).
    if (const auto* ar = perf.collectives.find(estimate::Collective::AllReduce); ar && !ar->picked.empty()) {
        std::string others;
        for (const auto& a : ar->algorithms)
            if (!a.points.empty() && a.points.back().busbwGBps > 0 && a.points.back().algorithm != ar->picked.back().algorithm)
                others += formatted("%s%s %.0f%s", others.empty() ? "" : ", ", estimate::toString(a.algorithm),
                                    a.points.back().busbwGBps, a.picked ? "" : " (with --sharp)");
        const estimate::CollectiveSystem& system = perf.collectives.system;
        out << formatted("  collectives (8 GiB, %s): NCCL picks %s%s%s\n", estimate::scaleUpText(system).c_str(),
                         ar->picked.back().algorithm.c_str(), others.empty() ? "" : "; others: ", others.c_str());
        // No NVLink is an assumption the user can lift: say so, and how.
        if (const std::string why = estimate::noNvlinkReason(system, p.spec.platform); !why.empty())
            out << "    assumed: " << why << ", so NVLink inside a node is not counted; "
                << "--platform ID names the server (catalog list platforms)\n";
    }
    if (p.bom.linesWithoutLeadTime() == static_cast<int>(p.bom.lines.size()))
        out << "  lead times: none in the catalog (import quotes with lead times to see the critical path)\n";
    else
        out << "  longest lead time: " << counted(p.bom.longestLeadTimeDays(), "day") << " ("
            << counted(p.bom.linesWithoutLeadTime(), "BOM line") << " without one)\n";
    if (!catalogPath.empty()) {
        out << "  catalog: " << catalogPath << " (price policy " << toString(p.spec.economics.pricePolicy);
        if (p.spec.economics.pricePolicy == PricePolicy::NamedSource) out << " '" << p.spec.economics.priceSource << "'";
        out << ")\n";
    }
    out << "  resilience: " << resilienceSummary(p.resilience) << (p.resilience.anyRateEstimated ? "  [optics rates are estimates]" : "") << "\n";
    // Job-stopping rates as low-high ranges and the throughput a job keeps (core/estimate/failure_ranges.h).
    for (const std::string& line : failureRangeLines(failureRangeReport(p.spec, p.fabric, p.resilience), p.resilience))
        out << "    " << line << "\n";
    out << "  " << sparesSummary(p.resilience) << "\n";
    // Lossless Ethernet: each tier's worst switch against its buffer, or why the fabric needs none.
    for (const std::string& line : lossless::summaryLines(p.lossless))
        out << "  lossless: " << line << "\n";
    out << "  checks: " << counted(p.errorCount(), "error") << ", " << counted(p.warningCount(), "warning") << "\n";
    for (const auto& fd : p.findings)
        if (fd.severity != Severity::Info)
            out << "    " << toString(fd.severity) << " [" << fd.rule << "] " << fd.where << ": " << fd.message << "\n";
    for (const auto& note : f.notes) out << "  note: " << note << "\n";
}

void printComparison(const Comparison& c, std::ostream& out)
{
    out << formatted("%-14s %-22s %9s %14s %12s %12s %10s %10s\n", "fabric", "switch", "switches", "capex", "$/GPU",
                     "TCO", "busbw GB/s", "stops/day");
    for (const auto& p : c.plans) {
        out << formatted("%-14s %-22s %9lld %14s %12s %12s %10s %10s\n", displayName(p.spec.fabric),
                         p.hardware.switchesText(p.fabric.shape.tiers).c_str(), p.fabric.switchCount(),
                         money(p.estimates.capex.totalUsd).c_str(), money(p.estimates.capex.perGpuUsd).c_str(),
                         money(p.estimates.tcoUsd).c_str(), formatOneDecimal(p.estimates.performance.allreduceBusbwGBps).c_str(),
                         formatPerDay(p.resilience.jobInterruptionsPerDay).c_str());
        if (p.errorCount() > 0)
            out << "  not buildable: " << counted(p.errorCount(), "design-rule error") << " with " << p.hardware.switchesText(p.fabric.shape.tiers)
                << " and " << p.hardware.nic.partNumber << "\n";
    }
    out << "stops/day: expected network-caused interruptions per day of a job on the whole cluster\n";
    if (c.advice.recommendedBuildable)
        out << "Recommended: " << displayName(c.advice.recommended) << "\n";
    else
        out << "Recommended: none buildable (the rule would pick " << displayName(c.advice.recommended) << ")\n";
    for (const auto& r : c.advice.reasons) out << "  - " << r << "\n";
    // Why each fabric runs on its switch: every candidate weighed and what became of it.
    out << "Switches weighed:\n";
    std::size_t width = 0;  // the parts in one column, the verdicts beside them
    for (const FabricAlternative& a : c.alternatives)
        for (const CompareCandidate& x : a.candidates) width = std::max(width, plan::candidateParts(x).size());
    for (std::size_t k = 0; k < c.alternatives.size() && k < c.plans.size(); ++k) {
        const CompareCandidate* chosen = plan::chosenCandidate(c.alternatives[k]);
        out << "  " << displayName(c.alternatives[k].fabric) << "\n";
        for (const CompareCandidate& x : c.alternatives[k].candidates) {
            const std::string parts = plan::candidateParts(x);
            out << "    " << parts << std::string(width - parts.size(), ' ') << "  "
                << plan::candidateVerdict(x, chosen) << "\n";
        }
    }
}

} // namespace fp::cli
