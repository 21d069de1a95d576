// The Resilience sheet: failure domains, expected failures per month by part class (live formulas
// installed x AFR / 100 / 12), the job interruption rate (a SUMIF over the domains that stop a job),
// and spares by service level with the Poisson stock-out chance as a live formula next to the
// percentage rule's. Figures and sources: core/estimate/README.md, "Resilience".
#include "estimate/failure_ranges.h"
#include "estimate/resilience_text.h"
#include "io/xlsx_sheets.h"

namespace fp::io::xlsx {

void writeResilienceSheet(XlsxBook& book, const ExportContext& ctx)
{
    const Resilience& r = ctx.plan.resilience;
    const FailureRangeReport ranges = failureRangeReport(ctx.plan.spec, ctx.plan.fabric, r);
    const XlsxFormats& fmt = book.formats();
    XlsxSheet s = book.addSheet(kResilienceSheet);
    s.width(0, 0, 26);
    s.width(1, 1, 44);
    s.width(2, 11, 14);
    s.width(12, 12, 90);
    int row = 0;
    s.text(row++, 0, "Resilience: " + resilienceSummary(r), fmt.title);
    ++row;

    // Failure domains.
    s.text(row++, 0, "Failure domains: one failure of each kind (the worst instance)", fmt.bold);
    s.header(row++, {"Component", "What fails", "Count", "GPUs cut off", "GPUs degraded", "Bandwidth left (%)",
                     "Bisection lost (%)", "Job survives", "Failures per year", "Throughput kept (%)"},
             fmt.header);
    const int firstDomain = row;
    for (std::size_t i = 0; i < r.domains.size(); ++i) {
        const FailureDomain& d = r.domains[i];
        s.text(row, 0, d.component);
        s.text(row, 1, d.description);
        s.number(row, 2, double(d.count), fmt.integer);
        s.number(row, 3, double(d.gpusDisconnected), fmt.integer);
        s.number(row, 4, double(d.gpusDegraded), fmt.integer);
        s.number(row, 5, d.bandwidthLeftPct, fmt.decimal);
        s.number(row, 6, d.bisectionLostPct, fmt.decimal);
        s.text(row, 7, d.jobSurvives ? "yes" : "no");
        // A row counted in another's rate says so (a "0.0" beside a transceiver reads "never fails"); the
        // SUMIF below skips the text.
        if (rowRate(d) == RowRate::Own) s.number(row, 8, d.eventsPerYear, fmt.rate);  // "10.18", as the window
        else s.text(row, 8, failuresPerYearText(d));
        s.number(row, 9, ranges.keptPct[i], fmt.decimal);
        ++row;
    }
    const int lastDomain = row - 1;
    ++row;
    s.text(row, 0, "Network interruptions per day, job on all GPUs", fmt.bold);
    if (lastDomain >= firstDomain)
        s.formula(row, 8,
                  "SUMIF(" + cellRef(firstDomain, 7) + ":" + cellRef(lastDomain, 7) + ",\"no\"," +
                      cellRef(firstDomain, 8) + ":" + cellRef(lastDomain, 8) + ")/365.25",
                  r.jobInterruptionsPerDay, fmt.perDayBold);  // "#,##0.0" showed 0.037 as 0.0
    ++row;
    s.text(row, 0, "The same, central (low-high)", fmt.bold);
    s.text(row, 1, rangeText(ranges.interruptionsPerDay, 3) + " a day: the rates in the table below");
    row += 2;

    // Job-stopping rates with ranges (core/estimate/failure_ranges.h): they, not the per-part rates
    // further down, decide the interruptions; the per-part rates size spares.
    s.text(row++, 0, "Failure classes: rates low / central / high (events per 100 units per year) and what they do here", fmt.bold);
    s.header(row++, {"Class", "What", "Units", "Low %/yr", "Central %/yr", "High %/yr", "Per month (low)",
                     "Per month (central)", "Per month (high)", "Stops the job", "Throughput kept (%)", "",
                     "Sources (low; central; high)"},
             fmt.header);
    for (const ClassRange& c : ranges.classes) {
        s.text(row, 0, c.rate->key);
        s.text(row, 1, c.label);
        s.number(row, 2, double(c.units), fmt.integer);
        s.number(row, 3, c.rate->lowPct);
        s.number(row, 4, c.rate->centralPct);
        s.number(row, 5, c.rate->highPct);
        for (int b = 0; b < kRateBoundCount; ++b)
            s.formula(row, 6 + b, cellRef(row, 2) + "*" + cellRef(row, 3 + b) + "/100/12", c.perMonth[std::size_t(b)]);
        s.text(row, 9, c.stopsJob ? "yes" : "no");
        s.number(row, 10, c.keptPct, fmt.decimal);
        s.text(row, 12, std::string(c.rate->lowSource) + "; " + c.rate->centralRule + "; " + c.rate->highSource);
        ++row;
    }
    ++row;

    // Expected failures per class.
    s.text(row++, 0, "Expected failures per month (installed x AFR / 100 / 12; catalog per-part rates, for spares)", fmt.bold);
    s.header(row++, {"Class", "Rate source", "Installed", "AFR (%/yr)", "Estimated", "Failures per month"}, fmt.header);
    const int firstClass = row;
    for (const ClassFailures& e : r.expected) {
        s.text(row, 0, displayName(e.cls));
        s.text(row, 1, e.source);
        s.number(row, 2, double(e.installed), fmt.integer);
        s.number(row, 3, e.afrPct, fmt.decimal);
        s.text(row, 4, e.estimated ? "estimate" : "published");
        s.formula(row, 5, cellRef(row, 2) + "*" + cellRef(row, 3) + "/100/12", e.perMonth, fmt.decimal);
        ++row;
    }
    if (row > firstClass) {
        s.text(row, 0, "Total", fmt.bold);
        s.formula(row, 5, "SUM(" + cellRef(firstClass, 5) + ":" + cellRef(row - 1, 5) + ")", r.failuresPerMonth,
                  fmt.decimalBold);
        ++row;
    }
    ++row;

    // Spares by service level.
    s.text(row++, 0, sparesSummary(r), fmt.bold);
    s.header(row++, {"Part", "Class", "Installed", "AFR (%/yr)", "Share needing a part", "Reorder days",
                     "Reorder assumed", "Expected in a reorder time", "Spares (service level)", "P(run out) %",
                     "Spares (percentage rule)", "P(run out) % (percentage rule)", "Arithmetic"},
             fmt.header);
    for (const SpareSizing& sp : r.spares) {
        s.text(row, 0, sp.part);
        s.text(row, 1, toString(sp.cls));
        s.number(row, 2, double(sp.installed), fmt.integer);
        s.number(row, 3, sp.afrPct, fmt.decimal);
        s.number(row, 4, sp.replacementShare);
        s.number(row, 5, double(sp.reorderDays), fmt.integer);
        s.text(row, 6, sp.reorderDaysAssumed ? "yes" : "no");
        s.formula(row, 7,
                  cellRef(row, 2) + "*" + cellRef(row, 3) + "/100*" + cellRef(row, 4) + "*" + cellRef(row, 5) +
                      "/365.25",
                  sp.meanDemand);
        s.number(row, 8, double(sp.spares), fmt.integer);
        s.formula(row, 9, "100*(1-POISSON(" + cellRef(row, 8) + "," + cellRef(row, 7) + ",TRUE))", sp.stockoutPct);
        s.number(row, 10, double(sp.sparesPercentRule), fmt.integer);
        s.formula(row, 11, "100*(1-POISSON(" + cellRef(row, 10) + "," + cellRef(row, 7) + ",TRUE))",
                  sp.stockoutPctPercentRule);
        s.text(row, 12, sp.arithmetic);
        ++row;
    }
    ++row;
    for (const std::string& note : r.notes) s.text(row++, 0, note, fmt.note);
}

} // namespace fp::io::xlsx
