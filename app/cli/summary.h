#pragma once
// Human-readable plan summary for the terminal.
#include <iosfwd>

#include "plan/plan.h"

namespace fp::cli {

// `catalogPath`: the catalog the plan was priced from, named with the price policy (the GUI says the same).
void printSummary(const Plan&, std::ostream&, const std::string& catalogPath = {});
void printComparison(const Comparison&, std::ostream&);

} // namespace fp::cli
