// The Resilience page: failure domains, expected failures per month by part class, and spares by
// service level beside the percentage rule. Figures and sources: core/estimate/README.md, "Resilience".
#include <QLocale>

#include "estimate/failure_ranges.h"
#include "estimate/resilience_text.h"
#include "report/pdf_pages.h"
#include "report/report_support.h"

namespace fp::report {
namespace {
constexpr std::size_t kMaxSpareLines = 40;  // the rest is in the workbook's Resilience sheet
QString n(double v, int decimals) { return QLocale(QLocale::English).toString(v, 'f', decimals); }
QString c(long long v) { return QLocale(QLocale::English).toString(v); }
} // namespace

void writeResiliencePage(PdfDocument& doc, const Plan& plan)
{
    const Resilience& r = plan.resilience;
    doc.newPage(QStringLiteral("Resilience"));
    doc.paragraph(qs(resilienceSummary(r)), 9);
    // Job-stopping rates as ranges and the throughput a job keeps: the CLI's and the window's lines.
    for (const std::string& line : failureRangeLines(failureRangeReport(plan.spec, plan.fabric, r), r)) doc.paragraph(qs(line), 8);
    for (const std::string& note : r.notes) doc.paragraph(qs(note), 7.5, QColor(0x55, 0x55, 0x55));

    doc.section(QStringLiteral("Failure domains: one failure of each kind (the worst instance)"));
    static const std::vector<TableColumn> domains = {
        {QStringLiteral("Failure of"), 140}, {QStringLiteral("Count"), 50, Qt::AlignRight},
        {QStringLiteral("GPUs cut off"), 55, Qt::AlignRight}, {QStringLiteral("GPUs slowed"), 55, Qt::AlignRight},
        {QStringLiteral("Bandwidth left"), 60, Qt::AlignRight}, {QStringLiteral("Bisection lost"), 50, Qt::AlignRight},
        {QStringLiteral("Job"), 50}, {QStringLiteral("Failures / yr"), 51, Qt::AlignRight}};
    doc.tableHeader(domains);
    for (const FailureDomain& d : r.domains)
        doc.tableRow(domains, {qs(d.description), c(d.count), c(d.gpusDisconnected), c(d.gpusDegraded),
                               qs(bandwidthLeftText(d)), n(d.bisectionLostPct, 2) + QStringLiteral(" %"),
                               d.jobSurvives ? QStringLiteral("keeps running") : QStringLiteral("stops"),
                               qs(failuresPerYearText(d))},
                     false, {QColor(0x33, 0x33, 0x33)});

    doc.section(QStringLiteral("Expected failures per month (installed x AFR / 100 / 12)"));
    static const std::vector<TableColumn> classes = {
        {QStringLiteral("Class"), 120}, {QStringLiteral("Installed"), 60, Qt::AlignRight},
        {QStringLiteral("AFR %/yr"), 50, Qt::AlignRight}, {QStringLiteral("Per month"), 55, Qt::AlignRight},
        {QStringLiteral("Rate source"), 226}};
    doc.tableHeader(classes);
    for (const ClassFailures& e : r.expected)
        doc.tableRow(classes, {QString::fromUtf8(displayName(e.cls)), c(e.installed), n(e.afrPct, 2), n(e.perMonth, 3),
                               qs(e.source)});
    doc.tableRow(classes, {QStringLiteral("Total"), QString(), QString(), n(r.failuresPerMonth, 3), QString()}, true);

    doc.section(qs(sparesSummary(r)));
    static const std::vector<TableColumn> spares = {
        {QStringLiteral("Part"), 110}, {QStringLiteral("Installed"), 50, Qt::AlignRight},
        {QStringLiteral("Spares"), 40, Qt::AlignRight}, {QStringLiteral("% rule"), 40, Qt::AlignRight},
        {QStringLiteral("Arithmetic"), 271}};
    doc.tableHeader(spares);
    for (std::size_t i = 0; i < r.spares.size() && i < kMaxSpareLines; ++i) {
        const SpareSizing& s = r.spares[i];
        doc.tableRow(spares, {qs(s.part), c(s.installed), c(s.spares), c(s.sparesPercentRule), qs(s.arithmetic)});
    }
}

} // namespace fp::report
