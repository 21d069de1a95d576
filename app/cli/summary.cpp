#include "summary.h"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "common/format.h"
#include "estimate/resilience_text.h"

namespace fp::cli {
namespace {

std::string num(long long n) { return withThousands(n); }

std::string money(double usd)
{
    char buf[64];
    if (usd >= 1e9) {
        std::snprintf(buf, sizeof buf, "$%.2f B", usd / 1e9);
        return buf;
    }
    if (usd >= 1e6) {
        std::snprintf(buf, sizeof buf, "$%.2f M", usd / 1e6);
        return buf;
    }
    return "$" + num(std::llround(usd));
}

} // namespace

void printSummary(const Plan& p, std::ostream& out)
{
    const auto& f = p.fabric;
    const auto& s = f.shape;
    out << p.spec.name << " — " << displayName(p.spec.fabric) << ", " << num(p.spec.gpus) << " GPUs in "
        << num(s.nodes) << " nodes\n";
    out << "  switch " << p.switchModel.partNumber << " (" << s.switchPorts << " x " << s.linkGbps
        << "G), NIC " << p.nicModel.partNumber << "\n";
    out << "  topology: " << s.tiers << " tier(s), " << s.planes << " plane(s)";
    if (s.sus) out << ", " << s.sus << " SU(s) rail-optimized";
    if (s.tiers == 3) out << ", " << s.pods << " pod(s)";
    out << "\n  switches: leaf " << num(f.switchCount(Tier::Leaf)) << ", spine " << num(f.switchCount(Tier::Spine))
        << ", core " << num(f.switchCount(Tier::Core)) << ", total " << num(f.switchCount()) << "\n";
    out << "  links: host-leaf " << num(f.linkCount(LinkClass::HostLeaf)) << ", leaf-spine "
        << num(f.linkCount(LinkClass::LeafSpine)) << ", spine-core " << num(f.linkCount(LinkClass::SpineCore)) << "\n";
    for (const auto& u : f.usage())
        out << "  " << toString(u.tier) << " ports: " << num(u.portsUsed) << " of " << num(u.portsTotal) << " used, "
            << num(u.portsSpare()) << " spare\n";
    const auto& c = p.estimates.capex;
    out << "  capex: " << money(c.totalUsd) << " (" << money(c.perGpuUsd) << " per GPU)"
        << (c.estimated ? "  [prices are estimates]" : "") << "\n";
    char buf[160];
    std::snprintf(buf, sizeof buf, "  network power: %.1f kW; energy %s/year; TCO over %d years %s\n",
                  p.estimates.opex.powerKw, money(p.estimates.opex.energyUsdPerYear).c_str(),
                  p.spec.economics.horizonYears, money(p.estimates.tcoUsd).c_str());
    out << buf;
    const auto& perf = p.estimates.performance;
    std::snprintf(buf, sizeof buf, "  latency %.0f-%.0f ns; bisection %.1f Tb/s; all-reduce bus bw %.1f GB/s\n",
                  perf.latencyMinNs, perf.latencyMaxNs, perf.bisectionTbps, perf.allreduceBusbwGBps);
    out << buf;
    if (p.bom.linesWithoutLeadTime() == static_cast<int>(p.bom.lines.size()))
        out << "  lead times: none in the catalog (import quotes with lead times to see the critical path)\n";
    else
        out << "  longest lead time: " << p.bom.longestLeadTimeDays() << " days (" << p.bom.linesWithoutLeadTime()
            << " BOM line(s) without one)\n";
    out << "  resilience: " << resilienceSummary(p.resilience) << (p.resilience.anyRateEstimated ? "  [optics rates are estimates]" : "") << "\n";
    out << "  " << sparesSummary(p.resilience) << "\n";
    out << "  checks: " << p.errorCount() << " error(s), " << p.warningCount() << " warning(s)\n";
    for (const auto& fd : p.findings)
        if (fd.severity != Severity::Info)
            out << "    " << toString(fd.severity) << " [" << fd.rule << "] " << fd.where << ": " << fd.message << "\n";
    for (const auto& note : f.notes) out << "  note: " << note << "\n";
}

void printComparison(const Comparison& c, std::ostream& out)
{
    char buf[200];
    std::snprintf(buf, sizeof buf, "%-14s %-22s %9s %14s %12s %12s %10s %10s\n", "fabric", "switch", "switches",
                  "capex", "$/GPU", "TCO", "busbw GB/s", "stops/day");
    out << buf;
    for (const auto& p : c.plans) {
        std::snprintf(buf, sizeof buf, "%-14s %-22s %9lld %14s %12s %12s %10.1f %10.3f\n", displayName(p.spec.fabric),
                      p.switchModel.partNumber.c_str(), p.fabric.switchCount(), money(p.estimates.capex.totalUsd).c_str(),
                      money(p.estimates.capex.perGpuUsd).c_str(), money(p.estimates.tcoUsd).c_str(),
                      p.estimates.performance.allreduceBusbwGBps, p.resilience.jobInterruptionsPerDay);
        out << buf;
    }
    out << "stops/day: expected network-caused interruptions per day of a job on the whole cluster\n";
    out << "Recommended: " << displayName(c.advice.recommended) << "\n";
    for (const auto& r : c.advice.reasons) out << "  - " << r << "\n";
}

} // namespace fp::cli
