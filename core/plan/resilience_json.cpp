#include "plan/resilience_json.h"

namespace fp {
using nlohmann::json;

namespace {
json bounds(double low, double central, double high) { return {{"low", low}, {"central", central}, {"high", high}}; }
json bounds(const std::array<double, kRateBoundCount>& v) { return bounds(v[0], v[1], v[2]); }
} // namespace

json partFailuresToJson(const Resilience& r)
{
    json perMonth = json::object();
    json rates = json::object();
    for (const ClassFailures& e : r.expected) {
        perMonth[toString(e.cls)] = e.perMonth;
        rates[toString(e.cls)] = {{"installed", e.installed}, {"afr_pct", e.afrPct}, {"estimated", e.estimated}};
    }
    json spares = json::array();
    for (const SpareSizing& s : r.spares)
        spares.push_back({{"part", s.part}, {"class", toString(s.cls)}, {"installed", s.installed},
                          {"afr_pct", s.afrPct}, {"replacement_share", s.replacementShare},
                          {"reorder_days", s.reorderDays}, {"reorder_days_assumed", s.reorderDaysAssumed},
                          {"mean_demand", s.meanDemand}, {"spares", s.spares}, {"stockout_pct", s.stockoutPct},
                          {"spares_percent_rule", s.sparesPercentRule},
                          {"stockout_pct_percent_rule", s.stockoutPctPercentRule}, {"arithmetic", s.arithmetic}});
    return {{"expected_failures_per_month", perMonth},
            {"failures_per_month_total", r.failuresPerMonth},
            {"failure_rates", rates},
            {"stockout_target_pct", r.stockoutTargetPct},
            {"default_reorder_days", r.defaultReorderDays},
            {"spares", spares},
            {"notes", r.notes}};
}

json resilienceToJson(const Resilience& r, const FailureRangeReport& ranges)
{
    json domains = json::array();
    for (std::size_t i = 0; i < r.domains.size(); ++i) {
        const FailureDomain& d = r.domains[i];
        domains.push_back({{"component", d.component}, {"description", d.description}, {"count", d.count},
                           {"gpus_disconnected", d.gpusDisconnected}, {"gpus_degraded", d.gpusDegraded},
                           {"bandwidth_left_pct", d.bandwidthLeftPct}, {"bisection_lost_pct", d.bisectionLostPct},
                           {"job_survives", d.jobSurvives}, {"failures_per_year", d.eventsPerYear},
                           {"throughput_kept_pct", i < ranges.keptPct.size() ? ranges.keptPct[i] : 100.0}});
    }
    json classes = json::array();
    for (const ClassRange& c : ranges.classes)
        classes.push_back({{"class", c.rate->key}, {"label", c.label}, {"units", c.units},
                           {"afr_pct", bounds(c.rate->lowPct, c.rate->centralPct, c.rate->highPct)},
                           {"failures_per_month", bounds(c.perMonth)}, {"stops_job", c.stopsJob},
                           {"throughput_kept_pct", c.keptPct},
                           {"sources", {{"low", c.rate->lowSource}, {"central", c.rate->centralRule},
                                        {"high", c.rate->highSource}}}});
    json out = partFailuresToJson(r);
    out["failure_domains"] = std::move(domains);
    out["job_interruptions_per_day"] = r.jobInterruptionsPerDay;
    out["job_interruptions_per_day_range"] = bounds(ranges.interruptionsPerDay);
    out["job_stopping_classes"] = std::move(classes);
    return out;
}

} // namespace fp
