#pragma once
// Saved designs side by side (plan/design_diff.h) as a workbook and as CSV, for `fabricplan-cli diff`
// and the window's Compare designs export.
//
// Workbook (design_comparison_xlsx.cpp), two sheets:
//   "Designs side by side": one row per figure (plan/design_diff.h figureCells), one column per design,
//     the baseline first; below them each design's BOM total over every network and its BOM change
//     against the baseline, a live SUMIF over the "BOM differences" sheet.
//   "BOM differences": one row per part whose quantity or cost differs from the baseline's, for each
//     design after the first: design, network, category, part, description, change, the baseline's and
//     the design's quantity and cost, and the changes as live formulas.
// CSV (design_comparison_csv.cpp): the BOM differences rows, one header line, RFC 4180 with the
//   spreadsheet-safe cell rule (io/name_safety.h).
#include <iosfwd>
#include <string>

#include "plan/design_diff.h"

namespace fp::io {

inline const std::string kDesignsSheet = "Designs side by side";
inline const std::string kDesignDifferencesSheet = "BOM differences";

// Atomic (common/atomic_file.h): the previous file is kept on any failure. Throws UserError.
// Its own translation unit: the lean CLI, which links no libxlsxwriter, defines a stand-in.
void writeDesignComparisonXlsx(const DesignComparison&, const std::string& path);
void writeDesignComparisonCsv(const DesignComparison&, std::ostream&);

} // namespace fp::io
