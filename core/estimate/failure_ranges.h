#pragma once
// Job-stopping failure rates as low / central / high, each bound with its published source, and what
// they mean for one design: failures per month of each class, network-caused interruptions of a job
// on the whole cluster as a range, and the throughput a job keeps after each kind of failure.
//
// These rates, not the catalog's per-part rates, decide how often a job stops: the catalog's rates
// (failure_rates.h) count every part that needs replacing and only size spares and the "expected failures
// per class" table. Sources and the rule for each bound: README.md, "Failure rates with ranges".
#include <array>
#include <string>
#include <vector>

#include "estimate/resilience.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

enum class RateBound { Low, Central, High };
constexpr int kRateBoundCount = 3;

// A class of failure events with its rate per unit per year (%), the three bounds and where each comes from.
struct FailureClassRate {
    const char* key;           // stable JSON key: "server_link", "switch_hardware", "switch_reboot", "nic"
    const char* name;          // for people
    double lowPct, centralPct, highPct;  // events per 100 units per year
    bool canStopJob;           // false: the model says this class never stops a job (switch reboots)
    const char* lowSource;
    const char* centralRule;
    const char* highSource;
    double pct(RateBound b) const { return b == RateBound::Low ? lowPct : b == RateBound::High ? highPct : centralPct; }
};

// The table, in this order: server link (NIC to leaf, with its optics, cable and ports), switch hardware
// faults and crashes, switch reboots (software, power), NIC. Sources in failure_ranges.cpp and the README.
const std::array<FailureClassRate, 4>& failureClassRates();
const FailureClassRate& failureClassRate(const char* key);

// Expected failures per year of one failure-domain row at a bound: the row's count x the rate of the
// class it belongs to (nic_port: server links; nic: NICs; leaf, spine, core: switch hardware faults;
// fabric_link: switch-to-switch links at the server-link rate). Rows whose parts sit inside another
// row's rate (host_module, host_cable, leaf_module: inside the server link's) and planes give 0.
double domainEventsPerYear(const FailureDomain&, RateBound);

// Why a row's expected failures are 0 by construction, for the tables people read (a bare "0.00" beside a
// transceiver reads as "transceivers never fail"): the server link's rate counts its NIC port, optics and
// cable together, so host_module, host_cable and leaf_module give theirs in the nic_port row (InNicPortRow); a plane
// is not a part and has no rate (NoPart). Every other row has its own rate (Own).
enum class RowRate { Own, InNicPortRow, NoPart };
RowRate rowRate(const FailureDomain&);

// Interruptions per day of a job on the whole cluster at a bound: the rows that stop a job.
double interruptionsPerDay(const Resilience&, RateBound);

// One class's figures in a design.
struct ClassRange {
    const FailureClassRate* rate = nullptr;
    std::string label;                    // "server links", "leaf switch hardware faults", "spine hardware faults" (2 tiers), ...
    long long units = 0;                  // links, switches or NICs of that class in the design
    std::array<double, kRateBoundCount> perMonth{};  // units x rate / 12, low / central / high
    bool stopsJob = false;                // a failure of this class stops a job on the whole cluster
    double keptPct = 100;                 // throughput such a job keeps after one failure (0 when it stops)
};

struct FailureRangeReport {
    std::vector<ClassRange> classes;                 // server links, switch hardware (leaves; spines and cores), reboots, NICs
    std::array<double, kRateBoundCount> interruptionsPerDay{};  // job on all GPUs, low / central / high
    std::vector<double> keptPct;                     // per Resilience::domains row: throughput a job keeps, %
};

// Throughput a job on the whole cluster keeps after one failure of a domain row, % of its network
// bandwidth: 0 when the failure stops it; a host-side failure on a host that keeps a path costs the
// host the share of its links it lost (HPN measured 6.25 % for 1 of a dual-ToR host's 16 links: NCCL
// moves the slowed rail's traffic over NVLink to the host's other NICs); planes keep (planes-1)/planes;
// switch-to-switch failures keep the row's bandwidth left (the affected leaf's cross-leaf share).
// `worstLeafLinksPerNode`: host links the busiest leaf takes from one node (failureRangeReport works it out).
double keptPct(const FailureDomain&, int gpusPerNode, int hostLinksPerNode, int worstLeafLinksPerNode);

// Empty for a Resilience without jobs (describesJobs false: a storage or management network).
FailureRangeReport failureRangeReport(const ClusterSpec&, const Fabric&, const Resilience&);

// Text shared by the CLI summary, the workbook, the PDF and the window (all say the same):
// "server links 0.057-0.120 %/month each (central 0.083): 1.8-3.7 failures a month here, each stops the job"
// The last line names the throughput a job keeps after one failure of each domain row.
std::vector<std::string> failureRangeLines(const FailureRangeReport&, const Resilience&);
// "0.063 (0.041-0.092)"-style range of a figure.
std::string rangeText(const std::array<double, kRateBoundCount>&, int decimals);

} // namespace fp
