#pragma once
// Human-readable plan summary for the terminal.
#include <iosfwd>

#include "plan/plan.h"

namespace fp::cli {

void printSummary(const Plan&, std::ostream&);
void printComparison(const Comparison&, std::ostream&);

} // namespace fp::cli
