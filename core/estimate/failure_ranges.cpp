#include "estimate/failure_ranges.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "common/format.h"
#include "estimate/link_ranges.h"

namespace fp {
namespace {

constexpr double kDaysPerYear = 365.25;

// Meta, Llama 3 405B pre-training (Dubey et al., "The Llama 3 Herd of Models", arXiv 2407.21783, 2024,
// Table 5): 54 days on 16,384 H100 GPUs, one 400G RoCE NIC per GPU and so 16,384 server links; of 419
// unexpected interruptions 35 "Network Switch/Cable" (8.4 %) and 7 "NIC" (1.7 %).
constexpr double kMetaUnits = 16384, kMetaDays = 54;
constexpr double metaAfrPct(double events) { return events / kMetaUnits / kMetaDays * kDaysPerYear * 100.0; }
// Exact Poisson 90 % interval of a count of 7: 3.285 .. 13.148 (chi-square 5 % / 95 % points over 2).
constexpr double kNicEventsLow = 3.2853, kNicEventsHigh = 13.1481;

// Alibaba HPN (Qian et al., "Alibaba HPN: A Data Center Network for Large Language Model Training",
// SIGCOMM 2024, section 2): in production 0.057 % of NIC-ToR links and 0.051 % of ToR switches fail per
// month, and a 3K-GPU job sees 1-2 crashes a month from them.
constexpr double kHpnLinkPctPerMonth = 0.057, kHpnTorPctPerMonth = 0.051;

// Microsoft (Singh et al., "Surviving switch failures in cloud datacenters", ACM SIGCOMM CCR 51(2), 2021;
// 180,000+ switches): 98 % run 3 months without a failure (AFR = -4 ln 0.98 = 8.08 %), 32 % of the
// failures are hardware faults, the rest unplanned power losses and software (17 % vendor-OS bugs).
constexpr double kMsftSwitchAfrPct = 8.08, kMsftHardwareShare = 0.32;

double geometricMean(double a, double b) { return std::sqrt(a * b); }

const std::array<FailureClassRate, 4> kRates = {{
    {"server_link", "server links (NIC to leaf, with their optics, cables and ports)",
     kHpnLinkPctPerMonth * 12, geometricMean(kHpnLinkPctPerMonth * 12, metaAfrPct(35)), metaAfrPct(35), true,
     "Alibaba HPN (SIGCOMM 2024): 0.057 % of NIC-ToR links fail per month",
     "geometric mean of the two production figures",
     "Meta Llama 3 (2024, Table 5): 35 switch/cable interruptions in 54 days on 16,384 server links, all taken "
     "as links (an upper bound: it includes switches)"},
    {"switch_hardware", "switch hardware faults and crashes (out until repaired)",
     kHpnTorPctPerMonth * 12, geometricMean(kHpnTorPctPerMonth * 12, kMsftSwitchAfrPct * kMsftHardwareShare),
     kMsftSwitchAfrPct * kMsftHardwareShare, true,
     "Alibaba HPN (SIGCOMM 2024): 0.051 % of ToR switches fail critically per month",
     "geometric mean of the two figures",
     "Microsoft (Singh et al., SIGCOMM CCR 2021): 8.08 %/yr of switches fail, 32 % of them hardware faults"},
    {"switch_reboot", "switch reboots (software, unplanned power loss)",
     kMsftSwitchAfrPct * (1 - kMsftHardwareShare), kMsftSwitchAfrPct * (1 - kMsftHardwareShare),
     kMsftSwitchAfrPct * (1 - kMsftHardwareShare), false,
     "Microsoft (Singh et al., SIGCOMM CCR 2021): the 68 % of 8.08 %/yr that are not hardware faults",
     "one published figure",
     "not counted as stopping a job: AI fabrics' measured job-stopping ToR rate (HPN, 0.61 %/yr) is below "
     "Microsoft's hardware share alone, so a cloud fleet's reboots do not reach jobs at their fleet rate"},
    {"nic", "NICs", metaAfrPct(kNicEventsLow), 0.289, metaAfrPct(kNicEventsHigh), true,
     "Meta Llama 3 (2024, Table 5): 7 NIC interruptions in 54 days on 16,384 NICs, lower end of the "
     "Poisson 90 % interval (3.3 events)",
     "the count itself: 7 / 16,384 / 54 d x 365.25 d = 0.289 %/yr (the catalog's NIC rate)",
     "upper end of the Poisson 90 % interval of the same count (13.1 events)"},
}};

bool is(const FailureDomain& d, const char* c) { return d.component == c; }

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// Decimals that show a small figure with two significant digits (0.057, 0.0026), at least `minimum`.
int decimalsFor(double v, int minimum)
{
    int d = minimum;
    while (v > 0 && v < std::pow(10.0, 1 - d) && d < 6) ++d;
    return d;
}

// Host links the busiest leaf (most host links, the failure-domain table's "leaf" row) takes from one node.
int worstLeafLinksPerNode(const Fabric& f)
{
    const estimate::LinkRange hosts = estimate::classRanges(f)[int(LinkClass::HostLeaf)];
    if (hosts.size() == 0) return 0;
    std::vector<std::uint32_t> perLeaf(f.devices.size(), 0);
    for (std::size_t i = hosts.begin; i < hosts.end; ++i) ++perLeaf[f.links[i].b];
    const DeviceId leaf = DeviceId(std::max_element(perLeaf.begin(), perLeaf.end()) - perLeaf.begin());
    std::vector<std::uint32_t> perNode(f.nodeCount, 0);
    std::uint32_t worst = 0;
    for (std::size_t i = hosts.begin; i < hosts.end; ++i)
        if (f.links[i].b == leaf && f.links[i].a < f.nodeCount) worst = std::max(worst, ++perNode[f.links[i].a]);
    return int(worst);
}

} // namespace

const std::array<FailureClassRate, 4>& failureClassRates() { return kRates; }

const FailureClassRate& failureClassRate(const char* key)
{
    for (const FailureClassRate& r : kRates)
        if (std::strcmp(r.key, key) == 0) return r;
    throw std::logic_error(std::string("no failure class ") + key);
}

RowRate rowRate(const FailureDomain& d)
{
    if (is(d, "host_module") || is(d, "host_cable") || is(d, "leaf_module")) return RowRate::InNicPortRow;
    if (is(d, "plane")) return RowRate::NoPart;
    return RowRate::Own;
}

double domainEventsPerYear(const FailureDomain& d, RateBound b)
{
    if (rowRate(d) != RowRate::Own) return 0.0;
    const char* cls = nullptr;
    if (is(d, "nic_port") || is(d, "fabric_link")) cls = "server_link";
    else if (is(d, "nic")) cls = "nic";
    else if (is(d, "leaf") || is(d, "spine") || is(d, "core")) cls = "switch_hardware";
    if (!cls) return 0.0;  // host_module, host_cable, leaf_module: inside the server link's rate; plane: no part
    return double(d.count) * failureClassRate(cls).pct(b) / 100.0;
}

double interruptionsPerDay(const Resilience& r, RateBound b)
{
    double perDay = 0;
    for (const FailureDomain& d : r.domains)
        if (!d.jobSurvives) perDay += domainEventsPerYear(d, b) / kDaysPerYear;
    return perDay;
}

double keptPct(const FailureDomain& d, int gpusPerNode, int hostLinksPerNode, int worstLeafLinks)
{
    if (!d.jobSurvives) return 0.0;
    const double lost = 1.0 - d.bandwidthLeftPct / 100.0;
    if (is(d, "nic_port") || is(d, "host_module") || is(d, "host_cable") || is(d, "leaf_module") || is(d, "nic")) {
        // All the slowed GPUs of these rows sit on one node: the node loses their lost share.
        const double gpus = double(std::max(1, gpusPerNode));
        return 100.0 * (1.0 - lost * std::min(double(d.gpusDegraded), gpus) / gpus);
    }
    if (is(d, "leaf") && hostLinksPerNode > 0)
        return 100.0 * double(hostLinksPerNode - std::min(worstLeafLinks, hostLinksPerNode)) / double(hostLinksPerNode);
    return d.bandwidthLeftPct;  // plane: (planes-1)/planes; fabric link, spine, core: the leaf's cross-leaf share
}

namespace {

// "spine hardware faults", "spine and core hardware faults": the tiers above the leaf that have switches.
std::string aboveLeafLabel(const Resilience& r)
{
    std::vector<std::string> tiers;
    for (const char* tier : {"spine", "core"})
        for (const FailureDomain& d : r.domains)
            if (is(d, tier) && d.count > 0) {
                tiers.emplace_back(tier);
                break;
            }
    std::string label;
    for (std::size_t i = 0; i < tiers.size(); ++i) label += (i ? " and " : "") + tiers[i];
    return label + " hardware faults";
}

} // namespace

FailureRangeReport failureRangeReport(const ClusterSpec& spec, const Fabric& f, const Resilience& r)
{
    FailureRangeReport out;
    // A storage or management network has no failure domains: nothing to range, and no need to walk its
    // links for the busiest leaf (the window, the JSON writer and the PDF each ask).
    if (!r.describesJobs) return out;
    const int hostLinksPerNode = f.nicsPerNode * std::max(1, f.shape.linksPerNic());
    const int leafLinks = worstLeafLinksPerNode(f);
    for (const FailureDomain& d : r.domains) out.keptPct.push_back(keptPct(d, spec.gpusPerNode, hostLinksPerNode, leafLinks));
    for (int b = 0; b < kRateBoundCount; ++b) out.interruptionsPerDay[b] = interruptionsPerDay(r, RateBound(b));

    auto add = [&](const char* cls, std::string label, std::initializer_list<const char*> rows) {
        ClassRange c;
        c.rate = &failureClassRate(cls);
        c.label = std::move(label);
        bool any = false;
        for (std::size_t i = 0; i < r.domains.size(); ++i)
            for (const char* row : rows)
                if (is(r.domains[i], row)) {
                    any = true;
                    c.units += r.domains[i].count;
                    c.stopsJob = c.stopsJob || (c.rate->canStopJob && !r.domains[i].jobSurvives);
                    c.keptPct = std::min(c.keptPct, out.keptPct[i]);
                }
        if (!any || c.units == 0) return;
        for (int b = 0; b < kRateBoundCount; ++b) c.perMonth[b] = double(c.units) * c.rate->pct(RateBound(b)) / 100.0 / 12.0;
        out.classes.push_back(std::move(c));
    };
    add("server_link", "server links", {"nic_port"});
    add("nic", "NICs", {"nic"});
    add("switch_hardware", "leaf switch hardware faults", {"leaf"});
    add("switch_reboot", "switch reboots", {"leaf", "spine", "core"});
    // Named after the tiers the design has: a 2-tier fabric has no core to fail (it read "spine and core"
    // on every design), and a single switch has neither.
    add("switch_hardware", aboveLeafLabel(r), {"spine", "core"});
    add("server_link", "switch-to-switch links", {"fabric_link"});
    return out;
}

std::string rangeText(const std::array<double, kRateBoundCount>& v, int decimals)
{
    const int d = decimalsFor(v[0], decimals);
    if (v[0] == v[2]) return fixed(v[1], d);
    return fixed(v[1], d) + " (" + fixed(v[0], d) + "-" + fixed(v[2], d) + ")";
}

std::vector<std::string> failureRangeLines(const FailureRangeReport& rep, const Resilience& res)
{
    std::vector<std::string> lines;
    if (!res.describesJobs) return lines;  // a storage or management network: no job to interrupt
    const auto& perDay = rep.interruptionsPerDay;
    constexpr double kDaysPerMonth = kDaysPerYear / 12;
    lines.push_back("job on all " + withThousands(res.clusterGpus) + " GPUs: " +
                    rangeText({perDay[0] * kDaysPerMonth, perDay[1] * kDaysPerMonth, perDay[2] * kDaysPerMonth}, 2) +
                    " network interruptions a month, central (low-high)");
    for (const ClassRange& c : rep.classes) {
        const FailureClassRate& r = *c.rate;
        std::string s = c.label + " " + rangeText({r.lowPct / 12, r.centralPct / 12, r.highPct / 12}, 3) +
                        " %/month each: " + rangeText(c.perMonth, 2) + " a month here; ";
        if (c.stopsJob) s += "each stops the job";
        else if (!r.canStopJob) s += "not counted as stopping a job";
        else s += "the job keeps " + fixed(c.keptPct, 2) + " % of its bandwidth";
        lines.push_back(s);
    }
    // Named as the Resilience table names its rows (people read it; the JSON keeps the stable keys).
    std::string kept = "throughput a job keeps after one failure:";
    for (std::size_t i = 0; i < res.domains.size() && i < rep.keptPct.size(); ++i)
        kept += (i ? "; " : " ") + res.domains[i].description + ": " +
                (rep.keptPct[i] <= 0 ? std::string("stops") : fixed(rep.keptPct[i], 2) + " %");
    lines.push_back(kept);
    return lines;
}

} // namespace fp
