#include "io/lossless_config.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/error.h"
#include "io/name_safety.h"

namespace fp::io {
namespace {

// Text from the design (its name) or the catalog inside a comment line of a script or command file:
// a line break or other control character would end the comment and run the rest as a command, so
// they are written as \xNN (io/name_safety.h, the rule of every text export).
std::string commentText(const std::string& s) { return escapeControlChars(s); }

using nlohmann::json;
using lossless::Analysis;
using lossless::FlowControl;
using lossless::PortSetting;
using lossless::TierLossless;

const char* kMapName = "ROCE";
const char* kWredName = "ROCE_LOSSLESS";

// The analysis, refused when its settings break the lossless class. An InfiniBand plan passes: its files
// say why it needs no settings.
Analysis checkedLossless(const Plan& plan)
{
    Analysis a = losslessOf(plan);
    for (const Finding& f : a.findings)
        if (f.rule == "lossless.settings") throw UserError(f.message, f.where, f.fix);
    return a;
}

bool isNvidiaSpectrum(const TierLossless& t) { return t.asic.rfind("Spectrum", 0) == 0; }

json identityMap(int from, int to)
{
    json m = json::object();
    for (int i = from; i <= to; ++i) m[std::to_string(i)] = std::to_string(i);
    return m;
}

json wredProfile()
{
    const std::string lo = std::to_string(std::llround(lossless::kEcnMinBytes));
    const std::string hi = std::to_string(std::llround(lossless::kEcnMaxBytes));
    const std::string p = std::to_string(lossless::kEcnProbabilityPercent);
    return {{"wred_green_enable", "true"}, {"wred_yellow_enable", "true"}, {"wred_red_enable", "true"},
            {"ecn", "ecn_all"},
            {"green_min_threshold", lo}, {"green_max_threshold", hi},
            {"yellow_min_threshold", lo}, {"yellow_max_threshold", hi},
            {"red_min_threshold", lo}, {"red_max_threshold", hi},
            {"green_drop_probability", p}, {"yellow_drop_probability", p}, {"red_drop_probability", p}};
}

json tierConfigDb(const Analysis& a, const TierLossless& t)
{
    const lossless::Options& o = a.options;
    const bool pfc = a.flowControl == FlowControl::PfcEcn;
    const std::string lp = std::to_string(o.losslessPriority), cnp = std::to_string(o.cnpPriority);
    json db = json::object();
    json dscp = json::object();
    for (int d = 0; d <= 63; ++d)
        dscp[std::to_string(d)] = d == o.roceDscp ? lp : d == o.cnpDscp ? cnp : "0";
    db["DSCP_TO_TC_MAP"] = {{kMapName, dscp}};
    json tcToPg = json::object();
    for (int tc = 0; tc <= 7; ++tc) tcToPg[std::to_string(tc)] = tc == o.losslessPriority ? lp : "0";
    db["TC_TO_PRIORITY_GROUP_MAP"] = {{kMapName, tcToPg}};
    db["TC_TO_QUEUE_MAP"] = {{kMapName, identityMap(0, 7)}};
    db["MAP_PFC_PRIORITY_TO_QUEUE"] = {{kMapName, identityMap(0, 7)}};
    if (pfc) db["PFC_PRIORITY_TO_PRIORITY_GROUP_MAP"] = {{kMapName, {{lp, lp}}}};
    db["WRED_PROFILE"] = {{kWredName, wredProfile()}};
    // ETS as NVIDIA's RoCE default: CNP class strict, RoCE and the rest 50/50 (fabric-facts §4.1).
    db["SCHEDULER"] = {{"scheduler.0", {{"type", "DWRR"}, {"weight", "50"}}},
                       {"scheduler.1", {{"type", "DWRR"}, {"weight", "50"}}},
                       {"scheduler.2", {{"type", "STRICT"}}}};
    json qos = json::object(), cable = json::object(), profiles = json::object(), pgs = json::object(),
         queues = json::object();
    qos["global"] = {{"dscp_to_tc_map", kMapName}};
    for (const PortSetting& p : t.ports) {
        const std::string name = sonicPortName(t, p);
        json q = {{"dscp_to_tc_map", kMapName}, {"tc_to_queue_map", kMapName}, {"tc_to_pg_map", kMapName}};
        if (pfc) {
            q["pfc_to_queue_map"] = kMapName;
            q["pfc_to_pg_map"] = kMapName;
            q["pfc_enable"] = lp;
            q["pfcwd_sw_enable"] = lp;
            const std::string profile = sonicProfileName(p.gbps > 0 ? p.gbps : t.gbps, p.cableM);
            cable[name] = std::to_string(p.cableM) + "m";
            profiles[profile] = {{"pool", "ingress_lossless_pool"},
                                 {"xon", std::to_string(p.headroom.xon)},
                                 {"xoff", std::to_string(p.headroom.xoff)},
                                 {"size", std::to_string(p.headroom.size)},
                                 {"dynamic_th", "0"}};
            pgs[name + "|" + lp] = {{"profile", profile}};
        }
        qos[name] = std::move(q);
        queues[name + "|0"] = {{"scheduler", "scheduler.0"}};
        queues[name + "|" + lp] = {{"scheduler", "scheduler.1"}, {"wred_profile", kWredName}};
        queues[name + "|" + cnp] = {{"scheduler", "scheduler.2"}};
    }
    db["PORT_QOS_MAP"] = std::move(qos);
    db["QUEUE"] = std::move(queues);
    if (pfc) {
        db["CABLE_LENGTH"] = {{"AZURE", std::move(cable)}};
        db["BUFFER_PROFILE"] = std::move(profiles);
        db["BUFFER_PG"] = std::move(pgs);
    }
    return db;
}

std::string number(long long n) { return std::to_string(n); }

} // namespace

lossless::Analysis losslessOf(const Plan& p)
{
    return lossless::analyse(p.spec, p.fabric, p.layout, p.media, p.hardware, lossless::optionsOf(p.spec.lossless));
}

std::string sonicPortName(const TierLossless& t, const PortSetting& p)
{
    const int lanesPerPort = std::max(1, t.lanesPerCage / std::max(1, t.portsPerCage));
    return "Ethernet" + std::to_string(p.cage * t.lanesPerCage + p.sub * lanesPerPort);
}

std::string cumulusPortName(const TierLossless& t, const PortSetting& p)
{
    // A leaf's uplink at k x the host speed is split sub-port sub / k of a cage run as portsPerCage / k ports
    // (2 x 400G: swp33s0, swp33s1), not the 200G sub-port it starts at.
    const int k = p.gbps > t.gbps && t.gbps > 0 ? p.gbps / t.gbps : 1;
    std::string n = "swp" + std::to_string(p.cage + 1);
    if (t.portsPerCage / k > 1) n += "s" + std::to_string(p.sub / k);
    return n;
}

std::string sonicProfileName(int gbps, int cableM)
{
    return "pg_lossless_" + std::to_string(gbps * 1000) + "_" + std::to_string(cableM) + "m_profile";
}

json sonicLosslessConfig(const Plan& plan)
{
    const Analysis a = checkedLossless(plan);
    json switches = json::array();
    for (const TierLossless& t : a.tiers) {
        if (t.ports.empty()) continue;
        switches.push_back({{"tier", toString(t.tier)}, {"part", t.part}, {"asic", t.asic}, {"switches", t.switches},
                            {"port_gbps", t.gbps}, {"ports", t.ports.size()}, {"config_db", tierConfigDb(a, t)}});
    }
    // UEC has no PFC tiers in the analysis: one ECN-only config for every switch.
    if (a.flowControl == FlowControl::EcnOnly) {
        TierLossless none;
        switches.push_back({{"tier", "all"}, {"part", plan.hardware.switchesText(plan.fabric.shape.tiers)},
                            {"config_db", tierConfigDb(a, none)}});
    }
    return {{"generator", "FabricPlan lossless RoCE profile (core/lossless/README.md)"},
            {"design", plan.spec.name},
            {"fabric", toString(plan.spec.fabric)},
            {"flow_control", toString(a.flowControl)},
            {"why", lossless::flowControlText(plan.spec.fabric, a.options)},
            {"apply", "one config_db per switch tier: load the tier's config_db on every switch of that tier "
                      "(sonic-cfggen -j FILE --write-to-db, or config load); pools are the HWSKU's"},
            {"switches", switches}};
}

std::vector<std::string> nvueLosslessLines(const Plan& plan)
{
    const Analysis a = checkedLossless(plan);
    const lossless::Options& o = a.options;
    std::vector<std::string> out;
    out.push_back("# FabricPlan lossless RoCE configuration for NVIDIA Cumulus Linux (NVUE): " + commentText(plan.spec.name));
    out.push_back("# " + lossless::flowControlText(plan.spec.fabric, a.options));
    out.push_back("# Apply each tier's section on every switch of that tier; grammar: core/lossless/README.md.");
    const std::string lp = std::to_string(o.losslessPriority);
    const auto ecnLines = [&](const std::vector<std::string>& ports) {
        const std::string cc = "nv set qos congestion-control roce-ecn traffic-class " + lp;
        out.push_back(cc + " min-threshold " + number(std::llround(lossless::kEcnMinBytes)));
        out.push_back(cc + " max-threshold " + number(std::llround(lossless::kEcnMaxBytes)));
        out.push_back(cc + " probability " + std::to_string(lossless::kEcnProbabilityPercent));
        out.push_back(cc + " ecn enable");
        for (const std::string& swp : ports) out.push_back("nv set interface " + swp + " qos congestion-control profile roce-ecn");
    };
    if (a.flowControl == FlowControl::CreditBased) {
        out.push_back("# Nothing to configure: no PFC, ECN or buffer profile applies to InfiniBand switches.");
        return out;
    }
    if (a.flowControl == FlowControl::EcnOnly) {
        out.push_back("# UEC: no PFC; ECN marking on the data class only (set the interfaces yourself)");
        ecnLines({});
        out.push_back("nv config apply");
        return out;
    }
    for (const TierLossless& t : a.tiers) {
        if (t.ports.empty()) continue;
        out.push_back("");
        out.push_back("# --- " + std::string(toString(t.tier)) + ": " + t.part + " x " + number(t.switches) + " ---");
        if (!isNvidiaSpectrum(t)) {
            out.push_back("# " + t.part + " (" + t.asic + ") does not run Cumulus Linux: use the sonic-lossless "
                          "export or the vendor's own RoCE profile for this tier");
            continue;
        }
        out.push_back("nv set qos roce mode lossless");
        // A profile per speed and length: a leaf's uplinks may run faster than its host ports.
        const auto profileOf = [&](const PortSetting& p) {
            return "pfc-" + std::to_string(p.gbps > 0 ? p.gbps : t.gbps) + "g-" + std::to_string(p.cableM) + "m";
        };
        std::map<std::string, const PortSetting*> profiles;
        for (const PortSetting& p : t.ports) profiles.emplace(profileOf(p), &p);
        for (const auto& [name, p] : profiles) {
            const std::string base = "nv set qos pfc " + name;
            out.push_back(base + " switch-priority " + lp);
            out.push_back(base + " cable-length " + std::to_string(p->cableM));
            out.push_back(base + " xoff-threshold " + number(p->headroom.xoff));
            out.push_back(base + " xon-threshold " + number(p->headroom.xon));
            out.push_back(base + " port-buffer " + number(p->headroom.size));
            out.push_back(base + " tx enable");
            out.push_back(base + " rx enable");
        }
        std::vector<std::string> ports;
        for (const PortSetting& p : t.ports) {
            const std::string swp = cumulusPortName(t, p);
            out.push_back("nv set interface " + swp + " qos pfc profile " + profileOf(p));
            ports.push_back(swp);
        }
        ecnLines(ports);
        out.push_back("nv config apply");
    }
    return out;
}

std::vector<std::string> nicLosslessLines(const Plan& plan)
{
    const Analysis a = checkedLossless(plan);
    const lossless::Options& o = a.options;
    const NicModel& nic = plan.hardware.nic;
    std::vector<std::string> out;
    out.push_back("#!/bin/sh");
    out.push_back("# FabricPlan RoCE NIC settings for " + commentText(nic.partNumber + " (" + nic.vendor + "): " + plan.spec.name));
    out.push_back("# " + lossless::flowControlText(plan.spec.fabric, a.options));
    const bool mlx5 = nic.vendor == "NVIDIA";
    if (!mlx5 || a.flowControl != FlowControl::PfcEcn) {
        if (a.flowControl == FlowControl::CreditBased) {
            out.push_back("# Nothing to configure on the NICs for InfiniBand.");
            return out;
        }
        out.push_back("# " + nic.partNumber + (mlx5 ? " on a UEC fabric" : " is not a ConnectX/BlueField NIC") +
                      ": mlnx_qos and the mlx5 ECN sysfs do not apply; use the NIC vendor's tools with DSCP " +
                      std::to_string(o.roceDscp) + " for data and " + std::to_string(o.cnpDscp) + " for CNPs");
        return out;
    }
    std::string pfc;
    for (int prio = 0; prio <= 7; ++prio) pfc += std::string(prio ? "," : "") + (prio == o.losslessPriority ? "1" : "0");
    const std::string lp = std::to_string(o.losslessPriority);
    out.push_back("# Run on every server as root. IFACES: the RoCE netdevs; RDMA_DEVS: their RDMA devices.");
    out.push_back("# Host MTU: at least " + std::to_string(lossless::kRoceMtu + lossless::kRoceHeaderBytes) +
                  " (4,096-byte RoCE MTU) and at most the switch port MTU " + std::to_string(o.portMtu) + ".");
    out.push_back("# DCQCN reaction/notification timers (rpg_*, min_time_between_cnps): the firmware defaults; no");
    out.push_back("# vendor table of other values was found, so FabricPlan leaves them as shipped.");
    out.push_back("set -eu");
    out.push_back(": \"${IFACES:?set IFACES to the RoCE interfaces}\"");
    out.push_back(": \"${RDMA_DEVS:?set RDMA_DEVS to their RDMA devices}\"");
    out.push_back("for IF in $IFACES; do");
    out.push_back("  mlnx_qos -i \"$IF\" --trust dscp");
    out.push_back("  mlnx_qos -i \"$IF\" --pfc " + pfc);
    out.push_back("  echo 1 > \"/sys/class/net/$IF/ecn/roce_np/enable/" + lp + "\"");
    out.push_back("  echo 1 > \"/sys/class/net/$IF/ecn/roce_rp/enable/" + lp + "\"");
    out.push_back("  echo " + std::to_string(o.cnpDscp) + " > \"/sys/class/net/$IF/ecn/roce_np/cnp_dscp\"");
    out.push_back("  echo " + std::to_string(o.cnpPriority) + " > \"/sys/class/net/$IF/ecn/roce_np/cnp_802p_prio\"");
    out.push_back("done");
    // ToS = DSCP << 2 | ECT(0) (2): RDMA-CM connections mark their packets DSCP 26, ECN-capable.
    out.push_back("for DEV in $RDMA_DEVS; do");
    out.push_back("  cma_roce_tos -d \"$DEV\" -t " + std::to_string(o.roceDscp * 4 + 2));
    out.push_back("done");
    return out;
}

} // namespace fp::io
