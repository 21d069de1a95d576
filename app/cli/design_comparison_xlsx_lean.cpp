// The lean fabricplan-cli's stand-in for the "Designs side by side" workbook writer: like the BOM
// workbook (xlsx_exporter_lean.cpp), `diff --xlsx` goes to fabricplan-cli-report (report_helper.h),
// which links libxlsxwriter; this definition keeps the core's writer, and the library, out of this one.
#include "common/error.h"
#include "io/design_comparison_export.h"

namespace fp::io {

void writeDesignComparisonXlsx(const DesignComparison&, const std::string& path)
{
    // Not reached: needsReportHelper hands every `diff --xlsx` to the helper first.
    throw UserError("the comparison workbook is written by fabricplan-cli-report", path,
                    "run the command again through fabricplan-cli, which starts the helper");
}

} // namespace fp::io
