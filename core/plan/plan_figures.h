#pragma once
// The last stage of every plan: each figure it reports (every number of its JSON, which the CSV, the
// workbook, the report and the screens show too) must be a finite number. Huge but finite inputs (a
// 1e308 price imported into the catalog) would otherwise print "inf", "null" or "$inf B" with exit 0.
#include <functional>

#include "plan/plan.h"

namespace fp {

// Throws UserError naming the first figure that is not finite (its JSON path) and, when a BOM line
// caused it, the part and its unit price.
void requireFiniteFigures(const Plan&);

// Calls `figure` with every non-integer number planToJson writes, read from the Plan itself (building
// the JSON only to check it was 15 % of a small plan's instructions). test_plan_figures holds it to the
// JSON: the same values, as many times, for plans that reach every section.
void forEachExportedFigure(const Plan&, const std::function<void(double)>& figure);

} // namespace fp
