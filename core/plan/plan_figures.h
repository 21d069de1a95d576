#pragma once
// The last stage of every plan: each figure it reports (every number of its JSON, which the CSV, the
// workbook, the report and the screens show too) must be a finite number. Huge but finite inputs (a
// 1e308 price imported into the catalog) would otherwise print "inf", "null" or "$inf B" with exit 0.
#include "plan/plan.h"

namespace fp {

// Throws UserError naming the first figure that is not finite (its JSON path) and, when a BOM line
// caused it, the part and its unit price.
void requireFiniteFigures(const Plan&);

} // namespace fp
