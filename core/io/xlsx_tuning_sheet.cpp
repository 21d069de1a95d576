// The Tuning checklist sheet: what to set and check to bring the fabric's flow control up, each step
// with the plan's figure and the export that writes the setting (plan/tuning_checklist.h, the same list
// the PDF prints). InfiniBand's sheet says why it needs none of the lossless settings.
#include "io/xlsx_sheets.h"
#include "plan/tuning_checklist.h"

namespace fp::io::xlsx {

void writeTuningSheet(XlsxBook& book, const ExportContext& ctx)
{
    const TuningChecklist c = tuningChecklistOf(ctx.plan);
    const XlsxFormats& fmt = book.formats();
    XlsxSheet s = book.addSheet(kTuningSheet);
    s.width(0, 0, 5);
    s.width(1, 1, 16);
    s.width(2, 2, 90);
    s.width(3, 3, 90);
    s.width(4, 4, 60);
    int row = 0;
    s.text(row++, 0, std::string("Tuning checklist: ") + displayName(c.fabric), fmt.title);
    s.text(row++, 0, c.flowControl, fmt.note);
    ++row;
    s.header(row++, {"Step", "Stage", "Set or check", "Plan figure", "Where the setting comes from"}, fmt.header);
    int step = 1;
    for (const TuningStep& t : c.steps) {
        s.number(row, 0, step++, fmt.integer);
        s.text(row, 1, t.stage);
        s.text(row, 2, t.action);
        s.text(row, 3, t.figure);
        s.text(row, 4, t.where);
        ++row;
    }
}

} // namespace fp::io::xlsx
