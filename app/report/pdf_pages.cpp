// Pages 2 to 5: topology and floor pictures, BOM totals and top lines, fabric comparison, checks.
#include <algorithm>
#include <numeric>

#include "plan/compare_text.h"
#include "report/comparison_charts.h"
#include "report/floor_picture.h"
#include "report/pdf_pages.h"
#include "report/report_support.h"
#include "report/topology_picture.h"

namespace fp::report {
namespace {
constexpr std::size_t kTopBomLines = 25;     // the rest is in the workbook / CSV export
constexpr std::size_t kMaxPrintedFindings = 300;
} // namespace

void writeTopologyPage(PdfDocument& doc, const Plan& plan)
{
    doc.newPage(QStringLiteral("Topology and floor"));
    const QByteArray svg = topologySvg(plan);
    // The topology gets up to half the page; the floor picture the rest.
    const double half = (doc.bottom() - doc.y()) * 0.5;
    const QRectF used = paintSvgFitted(doc.painter(), svg, QRectF(doc.left(), doc.y(), doc.width(), half));
    doc.setY(doc.y() + std::max(used.height(), 40.0) + 4);
    doc.paragraph(QStringLiteral("One box per group of devices (nodes per scalable unit, leaves per plane and SU, spines "
                                 "per pod, cores per group); lines are link bundles, labelled with their link count."),
                  7.5, QColor(0x55, 0x55, 0x55));
    doc.section(QStringLiteral("Floor"));
    const double room = doc.bottom() - doc.y();
    double width = doc.width();
    double height = floorPictureHeight(plan, width);
    if (height > room) {  // a deep floor: shrink to fit the page, keeping the aspect
        width *= room / height;
        height = room;
    }
    paintFloor(doc.painter(), QRectF(doc.left(), doc.y(), width, height), plan);
    doc.setY(doc.y() + height);
}

void writeBomPage(PdfDocument& doc, const Plan& plan)
{
    const Bom& bom = plan.bom;
    doc.newPage(QStringLiteral("Bill of materials"));
    doc.section(QStringLiteral("Totals by category"));
    static const std::vector<TableColumn> totals = {
        {QStringLiteral("Category"), 118}, {QStringLiteral("Lines"), 50, Qt::AlignRight},
        {QStringLiteral("Quantity"), 70, Qt::AlignRight}, {QStringLiteral("Extended (USD)"), 100, Qt::AlignRight},
        {QStringLiteral("Share"), 45, Qt::AlignRight}, {QStringLiteral("Power (kW)"), 62, Qt::AlignRight},
        {QStringLiteral("Max (kW)"), 62, Qt::AlignRight}};  // typical (energy); switches at their maximum
    doc.tableHeader(totals);
    for (BomCategory c : kBomCategories) {
        long long lines = 0, qty = 0;
        for (const BomLine& l : bom.lines)
            if (l.category == c) ++lines, qty += l.qty;
        if (lines == 0) continue;
        const double usdTotal = bom.subtotalUsd(c);
        doc.tableRow(totals, {QString::fromUtf8(displayName(c)), QString::number(lines), groupedNumber(double(qty)),
                              usd(usdTotal),
                              bom.totalUsd > 0 ? groupedNumber(100.0 * usdTotal / bom.totalUsd, 1) + QLatin1Char('%') : QString(),
                              kilowatts(bom.subtotalPowerW(c) / 1000.0), kilowatts(bom.subtotalPowerMaxW(c) / 1000.0)});
    }
    doc.tableRow(totals, {QStringLiteral("Total"), QString::number(bom.lines.size()), QString(), usd(bom.totalUsd),
                          QStringLiteral("100%"), kilowatts(bom.totalPowerW / 1000.0), kilowatts(bom.totalPowerMaxW / 1000.0)},
                 true);

    std::vector<const BomLine*> top;
    for (const BomLine& l : bom.lines) top.push_back(&l);
    std::stable_sort(top.begin(), top.end(), [](auto* a, auto* b) { return a->extendedUsd > b->extendedUsd; });
    const std::size_t shown = std::min(top.size(), kTopBomLines);
    doc.section(shown < top.size() ? QStringLiteral("Top %1 of %2 lines by extended price").arg(shown).arg(top.size())
                                   : QStringLiteral("All %1 lines by extended price").arg(top.size()));
    static const std::vector<TableColumn> lines = {
        {QStringLiteral("Part"), 92, Qt::AlignLeft, false}, {QStringLiteral("Description"), 178, Qt::AlignLeft, false}, {QStringLiteral("Category"), 62, Qt::AlignLeft, false},
        {QStringLiteral("Qty"), 44, Qt::AlignRight}, {QStringLiteral("Unit (USD)"), 68, Qt::AlignRight},
        {QStringLiteral("Extended (USD)"), 67, Qt::AlignRight}};
    doc.tableHeader(lines);
    for (std::size_t i = 0; i < shown; ++i) {
        const BomLine& l = *top[i];
        const QString star = l.priceEstimated ? QStringLiteral(" *") : QString();
        doc.tableRow(lines, {qs(l.part), qs(l.description), QString::fromUtf8(displayName(l.category)),
                             groupedNumber(double(l.qty)), usd(l.unitPriceUsd) + star, usd(l.extendedUsd) + star});
    }
    doc.setY(doc.y() + 6);
    const QString note = estimatedPricesNote(plan);
    if (!note.isEmpty()) doc.paragraph(note, 8, QColor(0x9a, 0x5b, 0x00));
}

void writeComparisonPage(PdfDocument& doc, const Comparison* cmp)
{
    doc.newPage(QStringLiteral("Fabric comparison"));
    if (!cmp || cmp->plans.empty()) {
        doc.paragraph(QStringLiteral("No fabric comparison was computed for this report. Compare fabrics in the "
                                     "Compare tab (or use fabricplan-cli plan --pdf) to get capex, TCO, latency and "
                                     "all-reduce charts for InfiniBand, RoCEv2, Spectrum-X and UEC Ethernet side by side."),
                      9);
        return;
    }
    doc.paragraph(QStringLiteral("The same cluster planned once per fabric technology, each with the parts the catalog "
                                 "recommends for it. The recommended fabric is outlined and marked ★."),
                  8.5, QColor(0x33, 0x33, 0x33));
    const double chartsH = 400;
    paintComparisonCharts(doc.painter(), QRectF(doc.left(), doc.y() + 4, doc.width(), chartsH), *cmp,
                          [&doc](double size, bool bold) { return doc.font(size, bold); });
    doc.setY(doc.y() + chartsH + 10);

    static const std::vector<TableColumn> columns = {
        {QStringLiteral("Fabric"), 80},          {QStringLiteral("Switch"), 92},
        {QStringLiteral("Switches"), 50, Qt::AlignRight}, {QStringLiteral("Capex (USD)"), 78, Qt::AlignRight},
        {QStringLiteral("TCO (USD)"), 78, Qt::AlignRight}, {QStringLiteral("Power (kW)"), 52, Qt::AlignRight},
        {QStringLiteral("Tuning (eng-weeks)"), 60, Qt::AlignRight}};
    doc.tableHeader(columns);
    for (const Plan& p : cmp->plans) {
        const Estimates& e = p.estimates;
        const bool best = p.spec.fabric == cmp->advice.recommended;
        doc.tableRow(columns, {QString::fromLatin1(displayName(p.spec.fabric)) + (best ? QStringLiteral(" ★") : QString()),
                               qs(p.hardware.switchesText(p.fabric.shape.tiers)), groupedNumber(double(p.fabric.switchCount())),
                               usd(e.capex.totalUsd), usd(e.tcoUsd), kilowatts(e.opex.powerKw),
                               groupedNumber(e.opex.tuningWeeks, 1)},
                     best);
    }
    doc.section(QStringLiteral("Advice: ") + QString::fromLatin1(displayName(cmp->advice.recommended)));
    for (const std::string& reason : cmp->advice.reasons) doc.paragraph(QStringLiteral("• ") + qs(reason), 8.5);

    // Why each fabric runs on its switch: every candidate weighed, in the CLI's words (plan/compare_text.h).
    doc.ensureSpace(90);  // the heading with the table header and a few rows, not alone at a page's foot
    doc.section(QStringLiteral("Switches weighed"));
    static const std::vector<TableColumn> weighed = {
        {QStringLiteral("Fabric"), 66}, {QStringLiteral("Switch"), 90}, {QStringLiteral("NIC, link"), 126},
        {QStringLiteral("Outcome"), 208}};
    doc.tableHeader(weighed);
    for (std::size_t k = 0; k < cmp->alternatives.size() && k < cmp->plans.size(); ++k) {
        const CompareCandidate* chosen = plan::chosenCandidate(cmp->alternatives[k]);
        for (const CompareCandidate& x : cmp->alternatives[k].candidates)
            doc.tableRow(weighed,
                         {QString::fromLatin1(displayName(cmp->alternatives[k].fabric)), qs(x.switchModel),
                          qs(x.nicModel) + QStringLiteral(", %1G").arg(x.linkGbps), qs(plan::candidateVerdict(x, chosen))},
                         x.outcome == CompareCandidate::Outcome::Chosen);
    }
}

void writeChecksPage(PdfDocument& doc, const Plan& plan)
{
    doc.newPage(QStringLiteral("Design-rule checks"));
    const auto count = [&](Severity s) {
        return std::count_if(plan.findings.begin(), plan.findings.end(), [s](const Finding& f) { return f.severity == s; });
    };
    doc.paragraph(QStringLiteral("%1 errors, %2 warnings, %3 notes. Rule ids are documented in core/checks/README.md.")
                      .arg(count(Severity::Error)).arg(count(Severity::Warning)).arg(count(Severity::Info)),
                  9);
    if (plan.findings.empty()) {
        doc.paragraph(QStringLiteral("No findings: every design rule passed."), 9);
        return;
    }
    static const std::vector<TableColumn> columns = {
        {QStringLiteral("Severity"), 44}, {QStringLiteral("Rule"), 86}, {QStringLiteral("Where"), 86},
        {QStringLiteral("Message"), 150}, {QStringLiteral("Fix"), 145}};
    doc.tableHeader(columns);
    const std::size_t shown = std::min(plan.findings.size(), kMaxPrintedFindings);
    for (std::size_t i = 0; i < shown; ++i) {
        const Finding& f = plan.findings[i];
        const QColor colour = f.severity == Severity::Error     ? QColor(0xc0, 0x39, 0x2b)
                              : f.severity == Severity::Warning ? QColor(0x9a, 0x5b, 0x00)
                                                                : QColor(0x33, 0x33, 0x33);
        doc.tableRow(columns, {QString::fromLatin1(toString(f.severity)), qs(f.rule), qs(f.where), qs(f.message), qs(f.fix)},
                     false, {colour});
    }
    if (shown < plan.findings.size())
        doc.paragraph(QStringLiteral("%1 more findings are not printed; export the design as JSON or open it in "
                                     "FabricPlan to see them all.").arg(plan.findings.size() - shown), 8.5);
}

} // namespace fp::report
