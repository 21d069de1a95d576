#include "network_summary.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "common/format.h"
#include "estimate/resilience_text.h"
#include "io/network_text.h"

namespace fp::cli {
namespace {

// printf into a string of exactly the length it needs (a long network or switch name widens its row
// rather than being cut at a fixed buffer).
template <typename... Args>
std::string printed(const char* format, Args... args)
{
    const int n = std::snprintf(nullptr, 0, format, args...);
    if (n <= 0) return {};
    std::string out(std::size_t(n) + 1, '\0');
    std::snprintf(out.data(), out.size(), format, args...);
    out.pop_back();
    return out;
}

// `nameWidth`: the longest network name's (at least the heading's 12), so "storage_inband" keeps the
// columns aligned.
std::string row(int nameWidth, const std::string& name, const std::string& role, const std::string& ports,
                const NetworkFigures& f)
{
    return printed("  %-*s %-32s %9s %9s %12s %9s %14s %10s %10s %6d\n", nameWidth, name.c_str(), role.c_str(),
                   ports.c_str(), withThousands(f.switches).c_str(), withThousands(f.transceivers).c_str(),
                   withThousands(f.cables).c_str(), formatUsdShort(f.capexUsd).c_str(), formatKilowatts(f.powerKw()).c_str(),
                   formatKilowatts(f.powerMaxKw()).c_str(), f.errors);
}

} // namespace

void printNetworks(const ClusterPlan& c, std::ostream& out)
{
    if (c.networks.size() < 2) return;
    out << "Networks (" << c.networks.size() << "; the total is their sum):\n";
    int nameWidth = 12;
    for (const NetworkPlan& n : c.networks) nameWidth = std::max(nameWidth, int(n.name.size()));
    // Power typical (energy) and at full load (switches at their maximum: the facility's supply).
    out << printed("  %-*s %-32s %9s %9s %12s %9s %14s %10s %10s %6s\n", nameWidth, "network", "role", "ports",
                   "switches", "transceivers", "cables", "capex", "power kW", "max kW", "errors");
    for (std::size_t i = 0; i < c.networks.size(); ++i) {
        const NetworkPlan& net = c.networks[i];
        out << row(nameWidth, net.name, displayName(net.role), withThousands(net.endpointPorts), c.figures[i]);
    }
    out << row(nameWidth, "total", "", "", c.total);
    out << "  parts of all " << c.networks.size() << " networks: " << clusterPartsSummary(c.partFailures()) << "\n";
    for (std::size_t i = 1; i < c.networks.size(); ++i) {
        const NetworkPlan& n = c.networks[i];
        const Plan& p = n.plan;
        out << "  " << n.name << ": " << io::networkTopologyText(n) << "\n";
        // Its parts fail and need spares like the compute fabric's (the window's Resilience tab, the JSON's
        // part_failures): the same lines the compute summary prints.
        out << "    parts: " << partFailuresSummary(p.resilience) << "; " << sparesSummary(p.resilience) << "\n";
        for (const Finding& f : p.findings)
            if (f.severity != Severity::Info)
                out << "    " << toString(f.severity) << " [" << f.rule << "] " << f.where << ": " << f.message << "\n";
        for (const std::string& note : p.fabric.notes) out << "    note: " << note << "\n";
    }
}

void printClusterTotals(const Comparison& c, const std::vector<NetworkFigures>& totals, std::ostream& out)
{
    if (totals.empty()) return;
    std::string others;
    for (const NetworkSpec& n : c.plans.front().spec.networks) others += (others.empty() ? "" : ", ") + n.name;
    out << "With the other networks (" << others << "), each planned around the fabric:\n";
    out << printed("  %-14s %-22s %9s %12s %9s %14s %10s %10s %6s\n", "fabric", "switch", "switches", "transceivers",
                   "cables", "capex", "power kW", "max kW", "errors");
    for (std::size_t i = 0; i < totals.size() && i < c.plans.size(); ++i) {
        const Plan& p = c.plans[i];
        const NetworkFigures& f = totals[i];
        out << printed("  %-14s %-22s %9s %12s %9s %14s %10s %10s %6d\n", displayName(p.spec.fabric),
                       p.hardware.switchesText(p.fabric.shape.tiers).c_str(), withThousands(f.switches).c_str(),
                       withThousands(f.transceivers).c_str(), withThousands(f.cables).c_str(),
                       formatUsdShort(f.capexUsd).c_str(), formatKilowatts(f.powerKw()).c_str(),
                       formatKilowatts(f.powerMaxKw()).c_str(), f.errors);
    }
}

} // namespace fp::cli
