#pragma once
// Whole-process benchmarks of fabricplan-cli (README, "Performance"): what a script pays per call.
#include <string>

namespace fp::bench {

// Prints four tables: the process floor (--version, a tiny plan), end-to-end links/s (RoCE on SN5600,
// whole process minus the tiny plan), compare against the slowest of its own plans planned alone, and
// a 1,000-variant sweep of `example` against separate plan runs. Medians of `reps` runs. Returns 0.
int runCliBenchmarks(const std::string& cli, const std::string& example, int reps);

} // namespace fp::bench
