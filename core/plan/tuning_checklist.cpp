#include "plan/tuning_checklist.h"

#include <cstdio>

#include "common/format.h"
#include "lossless/lossless.h"

namespace fp {
namespace {

std::string tierName(Tier t) { return toString(t); }

template <typename... A>
std::string printed(const char* format, A... values)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, format, values...);
    return buf;
}

// "64 ports on each of 32 SN5600 leaf switches; 64 on each of 16 spine" : every tier the profile covers.
std::string portsText(const lossless::Analysis& a)
{
    std::string out;
    for (const lossless::TierLossless& t : a.tiers) {
        if (!out.empty()) out += "; ";
        out += counted(t.portsConfigured, "port") + " on each of " + withThousands(t.switches) + " " + t.part + " " +
               tierName(t.tier) + " " + nounFor(t.switches, "switch", "switches");
    }
    return out.empty() ? "no switch port (no fabric tier)" : out;
}

std::string fitText(const lossless::Analysis& a)
{
    std::string out;
    for (const std::string& line : lossless::summaryLines(a)) out += (out.empty() ? "" : "; ") + line;
    return out.empty() ? "no tier analysed" : out;
}

long long switchesOver(const lossless::Analysis& a)
{
    long long n = 0;
    for (const lossless::TierLossless& t : a.tiers) n += t.switchesOver;
    return n;
}

std::string nicsText(const Plan& p)
{
    const long long nics = static_cast<long long>(p.spec.nodes()) * p.spec.nicsPerNode;
    return counted(nics, "NIC") + " " + p.hardware.nic.partNumber + " on " + counted(p.spec.nodes(), "node");
}

std::string effortText(const Plan& p)
{
    const Opex& o = p.estimates.opex;
    return printed("%.1f engineer-weeks, %.1f months to a stable cluster (estimate; core/estimate/README.md)",
                   o.tuningWeeks, o.monthsToStable);
}

std::string validateFigure(const Plan& p)
{
    return printed("all-reduce bus bandwidth about %.0f GB/s (the plan's estimate)",
                   p.estimates.performance.allreduceBusbwGBps);
}

void addPfcSteps(const Plan& p, std::vector<TuningStep>& steps)
{
    const lossless::Analysis& a = p.lossless;
    const lossless::Options& o = a.options;
    const std::string exports = "export sonic-lossless (SONiC config_db); nvue-lossless (Cumulus NVUE, Spectrum tiers)";
    steps.push_back({"Switches",
                     "Trust DSCP; map DSCP " + std::to_string(o.roceDscp) + " (RoCE) to priority " +
                         std::to_string(o.losslessPriority) + " and DSCP " + std::to_string(o.cnpDscp) +
                         " (CNP) to priority " + std::to_string(o.cnpPriority) + " (strict); everything else priority 0",
                     portsText(a), exports});
    steps.push_back({"Switches",
                     "Enable PFC on priority " + std::to_string(o.losslessPriority) +
                         " only, on every fabric port; port MTU " + withThousands(o.portMtu) + " bytes",
                     portsText(a), exports});
    steps.push_back({"Switches",
                     "Apply each port's PFC headroom profile (xoff, xon, size) for its speed and cable length, " +
                         std::to_string(o.losslessPriorities) + " lossless " +
                         nounFor(o.losslessPriorities, "priority", "priorities") + " per port",
                     fitText(a), exports + "; formula core/lossless/README.md"});
    const long long over = switchesOver(a);
    steps.push_back({"Switches",
                     over ? "Buffer fit FAILS: fix before applying (shorter routes, a shared headroom pool, one lossless "
                            "priority, or a deeper-buffer switch)"
                          : "Buffer fit: headroom and reserved buffers within each switch's packet buffer",
                     over ? counted(over, "switch", "switches") + " over their buffer (Checks: lossless.buffer-fit)"
                          : fitText(a),
                     "Checks sheet / lossless.buffer-fit"});
    steps.push_back({"Switches",
                     "ECN/WRED on the lossless queue: mark from " + lossless::megabytes(lossless::kEcnMinBytes) + " to " +
                         lossless::megabytes(lossless::kEcnMaxBytes) + printed(", %d %% at the maximum", lossless::kEcnProbabilityPercent),
                     "one profile for every speed; sources differ: SONiC AZURE_LOSSLESS marks from " +
                         lossless::megabytes(lossless::kEcnMinBytes) + ", NVIDIA Cumulus's RoCE default at " +
                         lossless::megabytes(lossless::kCumulusEcnAbsoluteBytes) +
                         " (absolute); no per-speed table is published",
                     exports});
    steps.push_back({"Switches",
                     "Enable the PFC watchdog on the lossless queue, so a port stuck in pause is detected and its "
                     "queue drained instead of spreading the pause",
                     portsText(a), "switch OS (SONiC pfcwd); not in FabricPlan's exports"});
    steps.push_back({"NICs",
                     "Trust DSCP; PFC on priority " + std::to_string(o.losslessPriority) + "; DCQCN on (reaction and notification point) on priority " +
                         std::to_string(o.losslessPriority) + "; CNPs on DSCP " + std::to_string(o.cnpDscp) + " / priority " +
                         std::to_string(o.cnpPriority) + "; RoCE traffic class DSCP " + std::to_string(o.roceDscp) + " with ECT",
                     nicsText(p), "export nic-lossless (mlnx_qos, mlx5 ECN sysfs, cma_roce_tos)"});
    steps.push_back({"NICs", "RoCE MTU 4,096 (the port MTU must carry it with headers: 4,156 bytes or more)",
                     "port MTU " + withThousands(o.portMtu) + " bytes", "NIC driver / NCCL_IB_* settings"});
}

void addSpectrumXSteps(const Plan& p, std::vector<TuningStep>& steps)
{
    const bool superNic = p.hardware.nic.superNic;
    steps.push_back({"Switches and NICs",
                     "Enable Spectrum-X adaptive routing on the Spectrum-4 switches and the SuperNICs' congestion "
                     "control, on top of the RoCE profile above",
                     superNic ? nicsText(p) + " (SuperNICs)"
                              : nicsText(p) + ": NOT a SuperNIC; adaptive routing and Spectrum-X congestion control need one",
                     "NVIDIA Spectrum-X / DGX SuperPOD Spectrum-X reference architecture; not in FabricPlan's exports"});
}

void addUecSteps(const Plan& p, std::vector<TuningStep>& steps)
{
    steps.push_back({"Switches",
                     "No PFC: configure ECN marking on the RoCE/UET queue only, from " +
                         lossless::megabytes(lossless::kEcnMinBytes) + " to " + lossless::megabytes(lossless::kEcnMaxBytes),
                     "every switch of the fabric", "export sonic-lossless (ECN only); nvue-lossless (ECN lines)"});
    steps.push_back({"NICs",
                     "Enable the UEC transport: packet spraying over every path, selective retransmit, its congestion control",
                     nicsText(p) + (p.hardware.nic.packetSpraying ? " (packet spraying)" : ": this NIC does no packet spraying"),
                     "NIC vendor firmware and driver; not in FabricPlan's exports"});
}

void addInfiniBandSteps(const Plan& p, std::vector<TuningStep>& steps)
{
    steps.push_back({"Flow control", "Nothing to set: credit-based link-level flow control keeps InfiniBand lossless",
                     "no PFC headroom, ECN threshold or DCQCN setting exists to derive",
                     "every lossless export says so (sonic-lossless, nvue-lossless, nic-lossless)"});
    steps.push_back({"Subnet manager",
                     "Run one subnet manager (UFM or OpenSM) with a routing engine for the topology (fat-tree: ftree or up/down)",
                     std::to_string(p.fabric.shape.tiers) + "-tier fabric of " +
                         counted(p.fabric.switchCount(), "switch", "switches"),
                     "OpenSM routing engines (opensm.conf routing_engine); topology file: export ibdm-topology"});
}

} // namespace

TuningChecklist tuningChecklistOf(const Plan& p)
{
    TuningChecklist c;
    c.fabric = p.spec.fabric;
    c.flowControl = lossless::flowControlText(p.spec.fabric, p.lossless.options);
    switch (p.lossless.flowControl) {
    case lossless::FlowControl::PfcEcn:
        addPfcSteps(p, c.steps);
        if (p.spec.fabric == FabricKind::SpectrumX) addSpectrumXSteps(p, c.steps);
        break;
    case lossless::FlowControl::EcnOnly: addUecSteps(p, c.steps); break;
    case lossless::FlowControl::CreditBased: addInfiniBandSteps(p, c.steps); break;
    }
    c.steps.push_back({"Validate",
                       p.lossless.flowControl == lossless::FlowControl::CreditBased
                           ? "ibdiagnet for link errors and speeds; nccl-tests all-reduce over the whole fabric"
                           : "nccl-tests all-reduce over the whole fabric and an incast test: pause frames only under "
                             "incast, no drops on the lossless priority, ECN marks and CNPs counted",
                       validateFigure(p), "nccl-tests; switch and NIC counters"});
    c.steps.push_back({"Effort", "Bring-up and tuning effort this checklist stands for", effortText(p),
                       "core/estimate/README.md \"Tuning effort\""});
    return c;
}

} // namespace fp
