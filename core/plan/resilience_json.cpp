#include "plan/resilience_json.h"

namespace fp {
using nlohmann::json;

json resilienceToJson(const Resilience& r)
{
    json domains = json::array();
    for (const FailureDomain& d : r.domains)
        domains.push_back({{"component", d.component}, {"description", d.description}, {"count", d.count},
                           {"gpus_disconnected", d.gpusDisconnected}, {"gpus_degraded", d.gpusDegraded},
                           {"bandwidth_left_pct", d.bandwidthLeftPct}, {"bisection_lost_pct", d.bisectionLostPct},
                           {"job_survives", d.jobSurvives}, {"failures_per_year", d.eventsPerYear}});
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
    return {{"failure_domains", domains},
            {"expected_failures_per_month", perMonth},
            {"failures_per_month_total", r.failuresPerMonth},
            {"failure_rates", rates},
            {"job_interruptions_per_day", r.jobInterruptionsPerDay},
            {"stockout_target_pct", r.stockoutTargetPct},
            {"default_reorder_days", r.defaultReorderDays},
            {"spares", spares},
            {"notes", r.notes}};
}

} // namespace fp
