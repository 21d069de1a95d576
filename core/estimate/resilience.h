#pragma once
// Resilience of a planned fabric: failure domains (failure_domains.h), expected failures per month by
// part class, expected network-caused interruptions of a training job, and spares sized so that the
// chance of running out before a reorder arrives stays under a target (Poisson). Quantities come from
// the BOM's lines, so they follow however the BOM counts physical parts. README.md, "Resilience".
#include <optional>
#include <string>
#include <vector>

#include "bom/bom.h"
#include "catalog/catalog.h"
#include "estimate/failure_domains.h"
#include "estimate/failure_rates.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

// Reorder time used for a part whose catalog lead time is 0 (unknown; true of every bundled part).
// ESTIMATE: 30 days, a policy default for the user to replace, not a published figure.
constexpr int kDefaultReorderDays = 30;
// Chance of running out of a part before its reorder arrives that the spares rule accepts: a 99 %
// service level per reorder cycle. A policy default, not a published figure.
constexpr double kDefaultStockoutTargetPct = 1.0;

struct ResilienceOptions {
    std::optional<FailureRates> rates;  // empty: the catalog's (failureRatesOf)
    double stockoutTargetPct = kDefaultStockoutTargetPct;
    int defaultReorderDays = kDefaultReorderDays;
};

struct ClassFailures {
    PartClass cls = PartClass::Switch;
    long long installed = 0;
    double afrPct = 0;
    bool estimated = true;
    std::string source;            // of the rate
    double perMonth = 0;           // installed x AFR / 100 / 12
};

// Spares for one installed part, by the service-level rule, beside today's percentage rule.
struct SpareSizing {
    std::string part;
    PartClass cls = PartClass::Switch;
    long long installed = 0;
    double afrPct = 0;
    double replacementShare = 1.0;
    int reorderDays = 0;
    bool reorderDaysAssumed = false;  // the catalog has no lead time: kDefaultReorderDays (or the option)
    double meanDemand = 0;            // installed x AFR/100 x share x reorderDays / 365.25
    int spares = 0;                   // smallest s with P(demand > s) <= target
    double stockoutPct = 0;           // P(demand > spares), %
    long long sparesPercentRule = 0;  // what the BOM's percentage / one-per-N rule stocks
    double stockoutPctPercentRule = 0;
    std::string arithmetic;           // the sum, for people
};

struct Resilience {
    std::vector<FailureDomain> domains;
    std::vector<ClassFailures> expected;   // classes present in the BOM, in PartClass order
    double failuresPerMonth = 0;           // all classes
    double jobInterruptionsPerDay = 0;     // for a job spanning the whole cluster
    long long clusterGpus = 0;
    std::vector<SpareSizing> spares;       // one per installed part line
    double stockoutTargetPct = kDefaultStockoutTargetPct;
    int defaultReorderDays = kDefaultReorderDays;
    bool anyRateEstimated = false;
    std::vector<std::string> notes;        // estimates and assumptions behind the figures
    // Failure domains and a job's interruptions were worked out (the compute fabric). False for a storage
    // or management network (partFailures): it carries no compute job, so only its parts' failures and
    // spares are figures, and nothing may print its empty domains as "0 interruptions".
    bool describesJobs = false;
};

namespace resilience {
Resilience analyse(const ClusterSpec&, const Fabric&, const MediaAssignment&, const Bom&, const Catalog&,
                   const ResilienceOptions& = {});
// The part of analyse() that any network has: expected failures per part class and spares, from its BOM
// (a storage or management network: describesJobs false, no domains).
Resilience partFailures(const Bom&, const Catalog&, const ResilienceOptions& = {});
// Spares for several networks kept in one pool per part number (one spares cabinet for the building): each
// part's mean demand over its reorder time summed across the networks, then the service level's Poisson
// stock of that sum (at the first network's stock-out target). Fewer than the networks' own spares added up,
// since demand pools: two networks of mean 2 need 6 + 6 alone and 9 together at 1 %.
long long pooledSpares(const std::vector<const Resilience*>&);
// A network's spares added up over its parts: by the service level and by the BOM's percentage rule.
struct SpareTotals {
    long long byServiceLevel = 0;
    long long byPercentRule = 0;
};
SpareTotals spareTotals(const Resilience&);
// Expected network-caused interruptions per day of a job on `jobGpus` GPUs: the whole-cluster rate
// scaled by the job's share of the GPUs (every failure that stops a job cuts off GPUs, and those GPUs
// are spread evenly over the cluster's parts).
double jobInterruptionsPerDay(const Resilience&, long long jobGpus);
} // namespace resilience

} // namespace fp
