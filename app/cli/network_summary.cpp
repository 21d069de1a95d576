#include "network_summary.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "common/format.h"
#include "io/network_text.h"

namespace fp::cli {
namespace {

// `nameWidth`: the longest network name's (at least the heading's 12), so "storage_inband" keeps the
// columns aligned.
std::string row(int nameWidth, const std::string& name, const std::string& role, const std::string& ports,
                const NetworkFigures& f)
{
    std::string line(std::size_t(nameWidth) + 160, '\0');
    const int n = std::snprintf(line.data(), line.size(), "  %-*s %-32s %9s %9s %12s %9s %14s %10.1f %10.1f %6d\n",
                                nameWidth, name.c_str(), role.c_str(), ports.c_str(), withThousands(f.switches).c_str(),
                                withThousands(f.transceivers).c_str(), withThousands(f.cables).c_str(),
                                formatUsdShort(f.capexUsd).c_str(), f.powerW / 1000.0, f.powerMaxW / 1000.0, f.errors);
    line.resize(std::size_t(std::clamp(n, 0, int(line.size()) - 1)));
    return line;
}

} // namespace

void printNetworks(const ClusterPlan& c, std::ostream& out)
{
    if (c.networks.size() < 2) return;
    out << "Networks (" << c.networks.size() << "; the total is their sum):\n";
    int nameWidth = 12;
    for (const NetworkPlan& n : c.networks) nameWidth = std::max(nameWidth, int(n.name.size()));
    std::string head(std::size_t(nameWidth) + 160, '\0');
    // Power typical (energy) and at full load (switches at their maximum: the facility's supply).
    const int n = std::snprintf(head.data(), head.size(), "  %-*s %-32s %9s %9s %12s %9s %14s %10s %10s %6s\n", nameWidth,
                                "network", "role", "ports", "switches", "transceivers", "cables", "capex", "power kW",
                                "max kW", "errors");
    head.resize(std::size_t(std::clamp(n, 0, int(head.size()) - 1)));
    out << head;
    for (std::size_t i = 0; i < c.networks.size(); ++i) {
        const NetworkPlan& net = c.networks[i];
        out << row(nameWidth, net.name, displayName(net.role), withThousands(net.endpointPorts), c.figures[i]);
    }
    out << row(nameWidth, "total", "", "", c.total);
    for (std::size_t i = 1; i < c.networks.size(); ++i) {
        const NetworkPlan& n = c.networks[i];
        const Plan& p = n.plan;
        out << "  " << n.name << ": " << io::networkTopologyText(n) << "\n";
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
    char head[256];
    std::snprintf(head, sizeof head, "  %-14s %-22s %9s %12s %9s %14s %10s %10s %6s\n", "fabric", "switch", "switches",
                  "transceivers", "cables", "capex", "power kW", "max kW", "errors");
    out << head;
    for (std::size_t i = 0; i < totals.size() && i < c.plans.size(); ++i) {
        const Plan& p = c.plans[i];
        const NetworkFigures& f = totals[i];
        char line[256];
        std::snprintf(line, sizeof line, "  %-14s %-22s %9s %12s %9s %14s %10.1f %10.1f %6d\n", displayName(p.spec.fabric),
                      p.hardware.switchesText(p.fabric.shape.tiers).c_str(), withThousands(f.switches).c_str(),
                      withThousands(f.transceivers).c_str(), withThousands(f.cables).c_str(),
                      formatUsdShort(f.capexUsd).c_str(), f.powerW / 1000.0, f.powerMaxW / 1000.0, f.errors);
        out << line;
    }
}

} // namespace fp::cli
