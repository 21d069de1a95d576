#include "estimate/resilience.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>

#include "bom/bom_counts.h"
#include "common/format.h"
#include "estimate/failure_ranges.h"
#include "estimate/poisson.h"

namespace fp::resilience {
namespace {

constexpr double kDaysPerYear = 365.25;
constexpr double kMonthsPerYear = 12.0;

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

SpareSizing sizeSpares(const std::string& part, PartClass cls, long long installed, int leadTimeDays,
                       long long percentRule, const FailureRates& rates, const ResilienceOptions& o)
{
    const FailureRate& r = rates.of(cls);
    SpareSizing s;
    s.part = part;
    s.cls = cls;
    s.installed = installed;
    s.afrPct = r.afrPct;
    s.replacementShare = r.replacementShare;
    s.reorderDaysAssumed = leadTimeDays <= 0;
    s.reorderDays = s.reorderDaysAssumed ? o.defaultReorderDays : leadTimeDays;
    s.meanDemand = double(installed) * r.afrPct / 100.0 * r.replacementShare * double(s.reorderDays) / kDaysPerYear;
    const double target = o.stockoutTargetPct / 100.0;
    s.spares = poisson::stockFor(s.meanDemand, target);
    s.stockoutPct = 100.0 * (1.0 - poisson::cdf(s.spares, s.meanDemand));
    s.sparesPercentRule = percentRule;
    s.stockoutPctPercentRule = 100.0 * (1.0 - poisson::cdf(int(percentRule), s.meanDemand));
    s.arithmetic = withThousands(installed) + " x " + fixed(r.afrPct, 2) + " %/yr" +
                   (r.replacementShare < 1.0 ? " x " + fixed(100.0 * r.replacementShare, 0) + " % need a part" : "") +
                   " x " + std::to_string(s.reorderDays) + " d" + (s.reorderDaysAssumed ? " (assumed)" : "") +
                   " / 365.25 d = " + fixed(s.meanDemand, 2) + " expected; P(more than " +
                   std::to_string(s.spares) + ") = " + fixed(s.stockoutPct, 2) + " % <= " +
                   fixed(o.stockoutTargetPct, 2) + " %";
    return s;
}

} // namespace

Resilience partFailures(const Bom& bom, const Catalog& catalog, const ResilienceOptions& o)
{
    const FailureRates rates = o.rates ? *o.rates : failureRatesOf(catalog);
    Resilience r;
    r.stockoutTargetPct = o.stockoutTargetPct;
    r.defaultReorderDays = o.defaultReorderDays;

    // Installed parts per class and per part number, from the BOM's lines.
    std::array<long long, kPartClassCount> installed{};
    struct PartTotal { PartClass cls; long long qty = 0; int leadTimeDays = 0; long long spares = 0; };
    std::map<std::string, PartTotal> parts;
    std::vector<std::string> order;  // BOM order
    for (const BomLine& line : bom.lines) {
        PartClass cls;
        if (!classify(line, catalog, cls)) continue;
        installed[std::size_t(cls)] += line.qty;
        auto [it, inserted] = parts.try_emplace(line.part, PartTotal{cls});
        if (inserted) order.push_back(line.part);
        it->second.qty += line.qty;
        it->second.leadTimeDays = std::max(it->second.leadTimeDays, line.leadTimeDays);
    }
    for (const BomLine& line : bom.lines)
        if (line.category == BomCategory::Spares)
            if (auto it = parts.find(line.part); it != parts.end()) it->second.spares += line.qty;

    for (int c = 0; c < kPartClassCount; ++c) {
        if (installed[c] == 0) continue;
        const FailureRate& rate = rates.byClass[c];
        ClassFailures e{PartClass(c), installed[c], rate.afrPct, rate.estimated, rate.source,
                        double(installed[c]) * rate.afrPct / 100.0 / kMonthsPerYear};
        r.failuresPerMonth += e.perMonth;
        r.anyRateEstimated = r.anyRateEstimated || rate.estimated;
        r.expected.push_back(e);
    }

    for (const std::string& part : order) {
        const PartTotal& t = parts[part];
        r.spares.push_back(sizeSpares(part, t.cls, t.qty, t.leadTimeDays, t.spares, rates, o));
    }

    if (r.anyRateEstimated) {
        std::string estimated;
        for (const ClassFailures& e : r.expected)
            if (e.estimated) estimated += (estimated.empty() ? "" : ", ") + std::string(displayName(e.cls));
        r.notes.push_back("Failure rates marked as estimates in the catalog: " + estimated +
                          " (no operator has published per-part field rates we could find; set your own with "
                          "fabricplan-cli catalog set-failure-rate). The catalog's per-part rates size spares and "
                          "the expected failures per class only.");
    }
    bool assumed = false;
    for (const SpareSizing& s : r.spares) assumed = assumed || s.reorderDaysAssumed;
    if (assumed)
        r.notes.push_back("Parts without a catalog lead time are sized for a reorder time of " +
                          std::to_string(o.defaultReorderDays) + " days (an assumption; set lead times in the catalog).");
    return r;
}

Resilience analyse(const ClusterSpec& spec, const Fabric& fabric, const MediaAssignment& media, const Bom& bom,
                   const Catalog& catalog, const ResilienceOptions& o)
{
    Resilience r = partFailures(bom, catalog, o);
    r.describesJobs = true;
    r.clusterGpus = spec.gpus;
    // A Bom made by bom::collect carries its per-solution counts; a hand-made one is counted here.
    const std::vector<bom::SolutionCounts> counted =
        bom.perSolution.size() == media.solutions.size() ? std::vector<bom::SolutionCounts>{} : bom::countPerSolution(fabric, media);
    const std::vector<bom::SolutionCounts>& counts = counted.empty() ? bom.perSolution : counted;
    r.domains = failureDomains(spec, fabric, media, &counts);

    // Failures per year of each failure-domain kind and the interruptions they cause: the job-stopping
    // rates with ranges (failure_ranges.h, central bound), not the catalog's per-part rates, which count
    // every part that needs replacing and so size spares only.
    for (FailureDomain& d : r.domains) {
        d.eventsPerYear = domainEventsPerYear(d, RateBound::Central);
        if (!d.jobSurvives) r.jobInterruptionsPerDay += d.eventsPerYear / kDaysPerYear;
    }
    r.notes.push_back("Interruptions count failures that cut GPUs off (single-homed server links, NICs, leaves) at "
                      "job-stopping rates with a low-high range from production reports (Alibaba HPN 2024, Meta "
                      "Llama 3 2024, Microsoft 2021); switch reboots are not counted as stopping a job; failures "
                      "inside the fabric are assumed to be routed around at reduced bandwidth.");
    return r;
}

long long pooledSpares(const std::vector<const Resilience*>& networks)
{
    if (networks.empty()) return 0;
    std::map<std::string, double> demand;  // per part number: mean demand over its reorder time
    for (const Resilience* r : networks)
        for (const SpareSizing& s : r->spares) demand[s.part] += s.meanDemand;
    const double target = networks.front()->stockoutTargetPct / 100.0;
    long long spares = 0;
    for (const auto& [part, mean] : demand) spares += poisson::stockFor(mean, target);
    return spares;
}

SpareTotals spareTotals(const Resilience& r)
{
    SpareTotals t;
    for (const SpareSizing& s : r.spares) {
        t.byServiceLevel += s.spares;
        t.byPercentRule += s.sparesPercentRule;
    }
    return t;
}

double jobInterruptionsPerDay(const Resilience& r, long long jobGpus)
{
    if (r.clusterGpus <= 0) return 0.0;
    const double share = double(std::min(jobGpus, r.clusterGpus)) / double(r.clusterGpus);
    return r.jobInterruptionsPerDay * share;
}

} // namespace fp::resilience
