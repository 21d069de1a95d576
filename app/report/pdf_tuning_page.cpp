// The Tuning checklist page: what to set and check to bring the fabric's flow control up, each step with
// the plan's figure and where the setting comes from (plan/tuning_checklist.h; the workbook's "Tuning
// checklist" sheet prints the same list). InfiniBand's page says why it needs none of it.
#include "plan/tuning_checklist.h"
#include "report/pdf_pages.h"
#include "report/report_support.h"

namespace fp::report {

void writeTuningPage(PdfDocument& doc, const Plan& plan)
{
    const TuningChecklist c = tuningChecklistOf(plan);
    doc.newPage(QStringLiteral("Tuning checklist: ") + QString::fromUtf8(displayName(c.fabric)));
    doc.paragraph(qs(c.flowControl), 8.5);
    static const std::vector<TableColumn> columns = {
        {QStringLiteral("#"), 16, Qt::AlignRight, true},
        {QStringLiteral("Stage"), 50, Qt::AlignLeft, true},
        {QStringLiteral("Set or check"), 175, Qt::AlignLeft, true},
        {QStringLiteral("Plan figure"), 160, Qt::AlignLeft, true},
        {QStringLiteral("Where the setting comes from"), 110, Qt::AlignLeft, true}};
    doc.tableHeader(columns);
    int step = 1;
    for (const TuningStep& t : c.steps)
        doc.tableRow(columns, {QString::number(step++), qs(t.stage), qs(t.action), qs(t.figure), qs(t.where)});
}

} // namespace fp::report
